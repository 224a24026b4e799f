// /watchparty list and cancel, and what the "Plan a watch party" button of a poll result (`wp-plan`)
// and the "+1 on my list" button of the post when a party ends (`wp-watched`) do (their handlers:
// commands/components/watchparty.ts; the messages: src/render/watch-party.ts).

import { airingPlan, nextEpisode } from '../airing/air-times.js';
import { EVENT_STATUS } from '../discord-api/scheduled-events.js';
import type { CreatorCheck } from '../interactions/rules.js';
import type { AutocompleteChoice, AutocompleteContext, BaseContext, ComponentContext, InServer } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { RenderedMessage } from '../render/limits.js';
import { clipPlain } from '../render/text.js';
import { alreadyWatchedMessage, watchPartyCanceledMessage, watchPartyCommandMessage, watchPartyListMessage, type ListedParty } from '../render/watch-party.js';
import { KINDS } from '../service/kinds.js';
import { fields as fieldList } from '../service/fields.js';
import type { WatchParty } from '../watch-parties/watch-parties.js';
import { KIND_FIELDS } from './kind-views.js';
import { listEntryMessage } from '../render/entries.js';
import { mirrorListChange } from './mirror-hook.js';
import { notRatedSafe } from '../known-works/nsfw-ratings.js';
import { createWatchParty, told, WATCH_PARTY_FIELDS, type PartyContext } from './watch-party-create.js';

/** This server's parties Discord still has (scheduled or on now), with how many are interested. */
async function serverParties(ctx: InServer<BaseContext>): Promise<Array<ListedParty & { eventId: string }>> {
  const events = await ctx.deps.watchParties.serverEvents(ctx.guildId, ctx.signal).catch((error: unknown) => {
    throw told(error);
  });
  const parties = await Promise.all(events.map(async (e) => ({ e, party: await ctx.deps.watchParties.get(e.id) })));
  return parties
    .filter((p): p is { e: (typeof events)[number]; party: WatchParty } => p.party !== undefined && p.party.guildId === ctx.guildId)
    .map(({ e, party }) => ({ eventId: e.id, name: e.name, startMs: e.startMs, active: e.status === EVENT_STATUS.active, interested: e.userCount ?? 0, creatorId: party.creatorId }))
    .sort((a, b) => a.startMs - b.startMs);
}

export async function watchPartyList(ctx: InServer): Promise<RenderedMessage> {
  return watchPartyListMessage(ctx.t, await serverParties(ctx));
}

/** Cancel: by the member who planned it or one with Manage Events. */
export async function watchPartyCancel(ctx: InServer & { mayActAs: CreatorCheck }, eventId: string): Promise<RenderedMessage> {
  const party = /^\d{1,20}$/.test(eventId) ? await ctx.deps.watchParties.get(eventId) : undefined;
  if (!party || party.guildId !== ctx.guildId) throw new UserFacingError('watchparty.error.unknown');
  ctx.mayActAs(party.creatorId);
  await ctx.deps.watchParties.cancel(party, ctx.signal).catch((error: unknown) => {
    throw told(error);
  });
  return watchPartyCanceledMessage(ctx.t, party.title, party.episode);
}

/** The server's parties for the cancel option (one Discord request per keystroke's answer). */
export async function watchPartyChoices(ctx: InServer<AutocompleteContext>): Promise<AutocompleteChoice[]> {
  const q = ctx.focused.value.toLowerCase();
  return (await serverParties(ctx))
    .filter((p) => p.name.toLowerCase().includes(q) || p.eventId.startsWith(q))
    .slice(0, 25)
    .map((p) => ({ name: clipPlain(`${p.name} · ${new Date(p.startMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`, 100), value: p.eventId }));
}

/**
 * "Plan a watch party" on a poll result: for a title airing on a schedule the bot knows, the party is
 * created at once with the defaults (the next episode at its expected broadcast, an event in this
 * channel); for any other title the clicker is told the /watchparty create command to run with a start.
 */
export async function planWatchParty(ctx: InServer<ComponentContext>, animeId: number): Promise<RenderedMessage> {
  const work = await ctx.deps.service.getAnime(animeId, { fields: WATCH_PARTY_FIELDS }, { signal: ctx.signal });
  // A title not safe for work gets no event (the server sees its events), nor a command suggesting one.
  if (notRatedSafe(work.nsfw)) throw new UserFacingError('watchparty.error.nsfw');
  const plan = airingPlan(work);
  if (!plan || !nextEpisode(plan, ctx.deps.now() + 60_000)) return watchPartyCommandMessage(ctx.t, work.title ?? `#${animeId}`, animeId);
  return createWatchParty(ctx as PartyContext & ComponentContext, { animeId });
}

/**
 * "+1 on my list" for whoever presses it: their progress on the title becomes episode N where it is
 * lower (completed at the last episode; watching when it was planned or not on the list), through their
 * own login (others are told to /login).
 */
export async function markWatched(ctx: BaseContext, animeId: number, episode: number, auth: Awaited<ReturnType<BaseContext['requireAuth']>>): Promise<RenderedMessage> {
  const spec = KINDS.anime;
  const own = KIND_FIELDS.anime;
  const work = await ctx.deps.service.getWork('anime', animeId, { fields: `${own.totals},nsfw,${fieldList(own.myStatus)}` }, { auth });
  const mine = work.my_list_status ?? {};
  const watched = mine.num_episodes_watched ?? 0;
  if (watched >= episode) return alreadyWatchedMessage(ctx.t, work.title ?? `#${animeId}`, watched);
  const total = work.num_episodes ?? 0;
  const next = total > 0 ? Math.min(episode, total) : episode;
  const status = total > 0 && next === total ? 'completed' : mine.status === undefined || mine.status === spec.planned ? spec.current : undefined;
  const updated = await ctx.deps.service.updateListStatus('anime', animeId, { num_watched_episodes: next, ...(status ? { status } : {}) }, { auth });
  await mirrorListChange(ctx, 'anime', work, updated);
  return listEntryMessage(ctx.t, 'anime', work, updated, 'updated');
}
