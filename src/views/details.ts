// Details of one anime or manga, with quick buttons that change the list entry of whoever clicks: what
// the details show and what the buttons do (the buttons: src/render/details-actions.ts; their handlers:
// commands/components/works.ts).

import { ReauthRequiredError, UpstreamUnavailableError } from '../service/errors.js';
import { fields as fieldList } from '../service/fields.js';
import { KINDS, listStatusOf, numberAt, type EntryOf, type UpdateOf, type WorkKind, type WorkOf } from '../service/kinds.js';
import type { TokenSource } from '../service/token-source.js';
import type { BaseContext } from '../interactions/context.js';
import { MalformedCustomIdError } from '../interactions/custom-id.js';
import { detailsMessage, type QuickAction } from '../render/details-actions.js';
import { detailsEmbed } from '../render/details.js';
import { hideSynopsisOf, type CompletedKnowledge } from '../render/spoilers.js';
import { joinKnowledge, spoilerKnowledge } from './spoilers.js';
import type { RenderedMessage } from '../render/limits.js';
import { UserFacingError } from '../interactions/user-errors.js';
import { isNsfw } from './nsfw.js';
import { LOOKUPS_PER_DETAILS, withSafeReferences } from './reference-vetting.js';
import { listEntryMessage } from '../render/entries.js';
import { mirrorListChange } from './mirror-hook.js';
import { NO_SERVER_PART } from '../render/social.js';
import { serverDetailsPart } from './social.js';
import { storeReadOrFallback } from './store-deadline.js';
import { KIND_FIELDS, QUICK_UNITS } from './kind-views.js';

export const ANIME_DETAIL_FIELDS = KIND_FIELDS.anime.details;
export const ANIME_MY_STATUS = KIND_FIELDS.anime.myStatus;
export const MANGA_MY_STATUS = KIND_FIELDS.manga.myStatus;

async function fetchAs<K extends WorkKind>(ctx: BaseContext, kind: K, id: number, auth: TokenSource | undefined): Promise<WorkOf<K>> {
  const own = KIND_FIELDS[kind];
  const fields = auth ? `${own.details},${fieldList(own.myStatus)}` : own.details;
  return ctx.deps.service.getWork(kind, id, { fields }, auth ? { auth } : {});
}

/** The same token source, remembering whether getting or refreshing a token failed. */
function watched(source: TokenSource): { auth: TokenSource; failed: () => boolean } {
  let failed = false;
  const note = <T>(p: Promise<T>): Promise<T> =>
    p.catch((error: unknown) => {
      failed = true;
      throw error;
    });
  return {
    auth: {
      getAccessToken: () => note(source.getAccessToken()),
      refreshAfterRejection: (rejected) => note(source.refreshAfterRejection(rejected)),
    },
    failed: () => failed,
  };
}

/**
 * The viewer's login only adds their list status to a public read: a store too slow to tell within a
 * store step's deadline (or failing) leaves it out, and the work is read anonymously.
 */
function viewerIfQuick(ctx: BaseContext): Promise<TokenSource | undefined> {
  return storeReadOrFallback(ctx, ctx.viewerAuth(), undefined, "the viewer's login");
}

/**
 * A public read: with the viewer's token when they are linked (to show their list status), otherwise — and when
 * their login is broken (refresh revoked, token endpoint down) — with the client header.
 */
export async function fetchWork<K extends WorkKind>(ctx: BaseContext, kind: K, id: number): Promise<WorkOf<K>> {
  const viewer = await viewerIfQuick(ctx);
  if (!viewer) return fetchAs(ctx, kind, id, undefined);
  const { auth, failed } = watched(viewer);
  try {
    return await fetchAs(ctx, kind, id, auth);
  } catch (error) {
    const loginBroken = error instanceof ReauthRequiredError || (error instanceof UpstreamUnavailableError && failed());
    if (!loginBroken) throw error;
    ctx.deps.log.warn('viewer login unusable for a public read; reading anonymously', { userId: ctx.userId, kind, id, error });
    return fetchAs(ctx, kind, id, undefined);
  }
}

/** What a caller adds to the details: titles it knows the person completed (a list it read for them in this answer). */
export interface DetailsOptions {
  lookups?: number;
  completed?: CompletedKnowledge;
}

export async function renderDetails(ctx: BaseContext, kind: WorkKind, id: number, o: DetailsOptions = {}): Promise<RenderedMessage> {
  const lookups = o.lookups ?? LOOKUPS_PER_DETAILS;
  // "In this server" comes from the store alone (two reads); read it while the service answers, left out
  // when the store takes longer than two store steps (it never throws). So are the spoiler policy and mirror.
  const server = storeReadOrFallback(ctx, serverDetailsPart(ctx, kind, id), NO_SERVER_PART, 'the server view', 2);
  const spoilers = spoilerKnowledge(ctx);
  const fetched = await fetchWork(ctx, kind, id);
  await ctx.deps.nsfwRatings.remember(kind, [fetched]);
  if (isNsfw(fetched.nsfw) && !ctx.where.ageRestricted) {
    throw new UserFacingError('works.error.nsfwDetails');
  }
  const { work, unchecked } = ctx.where.ageRestricted ? { work: fetched, unchecked: 0 } : await withSafeReferences(ctx, kind, fetched, lookups);
  const known = await spoilers;
  const embed = detailsEmbed(ctx.t, kind, work, { hideSynopsis: hideSynopsisOf(known.policy, fetched, joinKnowledge(known.completed, o.completed ?? {})) });
  return detailsMessage(ctx.t, kind, id, embed, unchecked, await server);
}

// ---- quick actions --------------------------------------------------------------------------

async function currentEntry<K extends WorkKind>(ctx: BaseContext, auth: TokenSource, kind: K, id: number) {
  const own = KIND_FIELDS[kind];
  const work = await ctx.deps.service.getWork(kind, id, { fields: `${own.totals},${fieldList(own.myStatus)}` }, { auth });
  return work;
}

/** +1 episode / chapter / volume for whoever clicks; completes the entry when it reaches the total. */
export async function quickAdd<K extends WorkKind>(ctx: BaseContext, auth: TokenSource, kind: K, id: number, action: QuickAction): Promise<RenderedMessage> {
  const spec = KINDS[kind];
  const unit = spec.progress.find((u) => QUICK_UNITS[u.unit].action === action);
  if (!unit) throw new MalformedCustomIdError(`no ${action} for ${kind}`);
  const work = await currentEntry(ctx, auth, kind, id);
  const mine: EntryOf<K> = work.my_list_status ?? {};
  const next = (numberAt(mine, unit.read) ?? 0) + 1;
  const total = numberAt(work, unit.total) ?? 0;
  if (total > 0 && next > total) throw QUICK_UNITS[unit.unit].done(total, work.title);
  const status = total > 0 && next === total ? 'completed' : mine.status === undefined || mine.status === spec.planned ? spec.current : undefined;
  const change = { [unit.write]: next, ...(status ? { status } : {}) } as UpdateOf<K>;
  const updated = await ctx.deps.service.updateListStatus(kind, id, change, { auth });
  await mirrorListChange(ctx, kind, work, updated);
  return listEntryMessage(ctx.t, kind, work, updated, 'updated');
}

/** Sets the status of whoever picks it. */
export async function quickStatus(ctx: BaseContext, kind: WorkKind, id: number, picked: string | undefined, auth: TokenSource): Promise<RenderedMessage> {
  const status = listStatusOf(kind, picked);
  if (!status) throw new MalformedCustomIdError(`unknown status ${picked ?? ''}`);
  const updated = await ctx.deps.service.updateListStatus(kind, id, { status } as UpdateOf<typeof kind>, { auth });
  const work = await ctx.deps.service.getWork(kind, id, { fields: KIND_FIELDS[kind].totals });
  await mirrorListChange(ctx, kind, work, updated);
  return listEntryMessage(ctx.t, kind, work, updated, 'updated');
}
