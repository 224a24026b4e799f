// /anime random and /manga random: one title drawn from a pool (src/views/pick-pool.ts), shown as
// /anime info shows it, with Another (a re-roll that never repeats a title this answer showed) and the
// details' list buttons. The pool is read once; a re-roll costs only the new title's details. The
// message: src/render/random-pick.ts; Another's handler: commands/components/works.ts.

import { randomInt } from 'node:crypto';
import type { AutocompleteChoice, AutocompleteContext, BaseContext } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { Translator } from '../i18n/index.js';
import type { RenderedMessage } from '../render/limits.js';
import { completedOfList } from './spoilers.js';
import { anotherPickId, nothingFitsMessage, pickMessage } from '../render/random-pick.js';
import { clipPlain } from '../render/text.js';
import { term } from '../render/terms.js';
import type { WorkKind } from '../service/kinds.js';
import type { PickCandidate, PickSession } from '../store/pick-sessions.js';
import { ConcurrentChangeError } from '../store/compare-and-set.js';
import { renderDetails } from './details.js';
import { applyFilters, loadPool, PICK_SOURCES, valuesInPool, type PickFilters, type PickSource, type PoolSource } from './pick-pool.js';

export interface PickRequest extends PoolSource, PickFilters {}

function drawFrom(ids: readonly number[], shown: readonly number[]): number | undefined {
  const seen = new Set(shown);
  const left = ids.filter((id) => !seen.has(id));
  return left.length === 0 ? undefined : left[randomInt(left.length)];
}

/** The details of `id` with the pick's line above them and Another beside the "+1" buttons. */
async function showPick(ctx: BaseContext, kind: WorkKind, sessionId: string, session: PickSession, id: number): Promise<RenderedMessage> {
  const details = await renderDetails(ctx, kind, id, { completed: completedOfList(kind, session.completed) });
  return pickMessage(ctx.t, details, { anotherId: anotherPickId(ctx.userId, kind, sessionId), shown: session.shown.length, count: session.ids.length });
}

/** The first pick of an answer: the pool (from the store or one read), the filters, a session for Another. */
export async function renderRandomPick(ctx: BaseContext, r: PickRequest): Promise<RenderedMessage> {
  const pool = await loadPool(ctx, r);
  const filtered = applyFilters(r.kind, pool.candidates, r, ctx.where.ageRestricted);
  const ids = filtered.kept.map((c) => c.id);
  const first = drawFrom(ids, []);
  if (first === undefined) return nothingFitsMessage(ctx.t, r, filtered);
  const session: PickSession = { userId: ctx.userId, ids, shown: [first], completed: pool.completed };
  const sessionId = await ctx.deps.picks.open(session);
  return showPick(ctx, r.kind, sessionId, session, first);
}

/** Another: a title this answer has not shown yet, in place of the current one (only for the person who asked). */
export async function anotherPick(ctx: BaseContext, kind: WorkKind, sessionId: string): Promise<RenderedMessage> {
  // Two clicks at once: the one whose note of the shown title loses draws again from what is left.
  const drawn = await ctx.deps.picks.drawNext(ctx.userId, sessionId, (session) => drawFrom(session.ids, session.shown)).catch((error: unknown) => {
    throw error instanceof ConcurrentChangeError ? new UserFacingError('works.error.stillSaving') : error;
  });
  if ('expired' in drawn) throw new UserFacingError('picks.error.expired');
  if ('exhausted' in drawn) throw new UserFacingError('picks.error.exhausted', { count: drawn.exhausted.ids.length });
  return showPick(ctx, kind, sessionId, drawn.session, drawn.next);
}

// ---- autocomplete of the filters --------------------------------------------------------------

type Valued = (c: PickCandidate) => readonly string[];

/** Choices from the values present in the pool the command's other options name, matching what is typed. */
function poolAutocomplete(source: (ctx: AutocompleteContext) => PoolSource, of: Valued, label: (t: Translator, value: string) => string) {
  return async (ctx: AutocompleteContext): Promise<AutocompleteChoice[]> => {
    const s = source(ctx);
    const pool = await loadPool(ctx, s);
    const safe = applyFilters(s.kind, pool.candidates, {}, ctx.where.ageRestricted).kept;
    const typed = ctx.focused.value.trim().toLowerCase();
    return valuesInPool(safe, of)
      .map((v) => ({ ...v, name: label(ctx.t, v.value) }))
      .filter((v) => typed === '' || v.name.toLowerCase().includes(typed) || v.value.toLowerCase().includes(typed))
      .slice(0, 25)
      .map((v) => ({ name: clipPlain(`${v.name} (${v.count})`, 100), value: v.value.slice(0, 100) }));
  };
}

/** The source an autocomplete's other options name (the command's defaults where they are not given). */
export function sourceOfOptions(kind: WorkKind, ctx: AutocompleteContext): PoolSource {
  const options = ctx.interaction.options;
  const given = kind === 'anime' ? options.getString('from') : undefined;
  const from: PickSource = PICK_SOURCES.find((s) => s === given) ?? 'plan_to_watch';
  const user = options.getString('user')?.trim() || undefined;
  return { kind, from, user };
}

export function genreAutocomplete(kind: WorkKind) {
  return poolAutocomplete((ctx) => sourceOfOptions(kind, ctx), (c) => c.genres, (_t, value) => value);
}

export function mediaTypeAutocomplete(kind: WorkKind) {
  return poolAutocomplete((ctx) => sourceOfOptions(kind, ctx), (c) => [c.mediaType], (t, value) => term(t, 'mediaType', value));
}
