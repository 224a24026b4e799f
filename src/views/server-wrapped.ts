// `/server wrapped`: the server's year, from its joined members' yearly sums (src/community/tallies.ts),
// the title index's names and covers and the members' kept sums (their service names): store reads
// only, no service request. Two pictures, drawn in src/render/server-wrapped.ts: the year in numbers and
// a grid of the year's most shared titles. Outside age-restricted channels a title not safe for work is
// never named or drawn (its cover never fetched): the next safe one is shown, and the grid says how
// many were left out.

import type { BaseContext, InServer } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { RenderedMessage } from '../render/limits.js';
import { SERVER_WRAPPED_GRID, serverWrappedEmpty, serverWrappedMessage, type ServerWrappedRequest, type ServerWrappedShown, type ShownTitle } from '../render/server-wrapped.js';
import { serverYear, type ServerTitle, type ServerYear } from '../community/server-year.js';
import type { ListKind, TitleName } from '../community/types.js';
import { notSafeForWork } from './social.js';

/** Titles looked at per ranking to find safe ones to name. */
const CANDIDATES = 30;

/** The titles the channel may show: names read once (the index), ratings as the server views read them. */
async function shownTitles(ctx: InServer<BaseContext>, kind: ListKind, y: ServerYear): Promise<ServerWrappedShown> {
  const lists = [y.completed, y.loved, y.dropped, y.shared].map((l) => l.slice(0, CANDIDATES));
  const ids = [...new Set(lists.flat().map((x) => x.id))];
  const names = await ctx.deps.social.titleNames(kind, ids);
  // The ratings read at once (each one store read, or the process's memory).
  const rated = await Promise.all(ids.map(async (id) => ctx.where.ageRestricted || !(await notSafeForWork(ctx, kind, id, names.get(id)?.nsfw))));
  const safe = new Map(ids.map((id, i) => [id, rated[i] === true]));
  const show = (x: ServerTitle, name: TitleName | undefined): ShownTitle => ({ ...x, title: name?.title || `#${x.id}`, ...(name?.picture !== undefined ? { picture: name.picture } : {}) });
  const first = (list: readonly ServerTitle[]): ShownTitle | undefined => {
    const x = list.find((t) => safe.get(t.id) === true);
    return x ? show(x, names.get(x.id)) : undefined;
  };
  const candidates = lists[3] ?? [];
  const grid = candidates.filter((x) => safe.get(x.id) === true).slice(0, SERVER_WRAPPED_GRID);
  const last = grid.at(-1);
  const through = last === undefined ? candidates.length : candidates.indexOf(last) + 1;
  const leftOut = candidates.slice(0, through).filter((x) => safe.get(x.id) !== true).length;
  const scores = new Map(y.completed.map((c) => [c.id, c]));
  const sharedShown = grid.map((x) => show({ ...x, ...(scores.get(x.id)?.meanScore !== undefined ? { meanScore: scores.get(x.id)?.meanScore } : {}) }, names.get(x.id)));
  const out: ServerWrappedShown = { grid: sharedShown, leftOut };
  const most = first(y.completed);
  const loved = first(y.loved);
  const dropped = first(y.dropped);
  return { ...out, ...(most ? { most } : {}), ...(loved ? { loved } : {}), ...(dropped ? { dropped } : {}) };
}

/** The first and last year whose sums are kept (the current UTC year and the one before). */
export function keptYears(nowMs: number): { first: number; last: number } {
  const last = new Date(nowMs).getUTCFullYear();
  return { first: last - 1, last };
}

/** `/server wrapped`: the server's year in two pictures (or a line saying there is nothing yet). */
export async function renderServerWrapped(ctx: InServer<BaseContext>, r: ServerWrappedRequest): Promise<RenderedMessage> {
  const { first, last } = keptYears(ctx.deps.now());
  if (r.year > last || r.year < first) throw new UserFacingError('recaps.server.notKept', { year: String(r.year), first: String(first), last: String(last) });
  const y = serverYear(r.year, await ctx.deps.social.yearSums(ctx.guildId, r.kind, r.year));
  if (y.completions === 0 && y.progress === 0) return serverWrappedEmpty(ctx.t, r, y);
  const shown = await shownTitles(ctx, r.kind, y);
  // Only the covers of the titles the grid shows are fetched.
  const covers = shown.grid.length > 0 ? await ctx.deps.covers.covers(shown.grid.map((x) => x.picture), ctx.signal) : [];
  return serverWrappedMessage(ctx.t, r, y, shown, covers);
}
