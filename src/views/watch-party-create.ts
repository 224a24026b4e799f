// /watchparty create (and "Plan a watch party" on a poll result): a Discord scheduled event for an
// episode of a title — named after the title and episode, the cover drawn wide as its image, a spoiler-safe
// description, an end after the episode's length — kept as a watch party whose end the bot notices.
// One service request (the title's details; a typed title adds its search), the cover from the cover
// source (COVER_HOSTS only), one Discord request to create the event.

import { PermissionFlagsBits, type PermissionsBitField } from 'discord.js';
import { airingPlan, episodeAt, nextEpisode } from '../airing/air-times.js';
import { EVENT_LOCATION_MAX, ScheduledEventRefusal } from '../discord-api/scheduled-events.js';
import { translator } from '../i18n/index.js';
import type { BaseContext, InServer } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { RenderedMessage } from '../render/limits.js';
import { eventCoverDataUri } from '../render/pictures/event-cover.js';
import { prequelsOf, SPOILER_POLICY_DEFAULT } from '../render/spoilers.js';
import { serverSpoilerPolicy } from '../preferences/title-preferences.js';
import { watchPartyCreatedMessage, watchPartyDescription, watchPartyEventName } from '../render/watch-party.js';
import { animeFields } from '../service/fields.js';
import { mainTitleOf } from '../service/title-forms.js';
import type { Anime } from '../service/work-types.js';
import { isTimeZone, parseLocalDateTime } from '../util/local-time.js';
import { notRatedSafe } from '../known-works/nsfw-ratings.js';
import { storeReadOrFallback } from './store-deadline.js';

/** The length of an episode whose length the service does not know (ms). */
export const DEFAULT_EPISODE_MS = 24 * 60_000;
export const WATCH_PARTY_FIELDS = animeFields(
  'title',
  'main_picture',
  'synopsis',
  'nsfw',
  'status',
  'broadcast',
  'start_date',
  'num_episodes',
  'average_episode_duration',
  'alternative_titles',
  'related_anime',
);

export interface WatchPartyArgs {
  /** The anime's id, already resolved. */
  animeId: number;
  episode?: number;
  start?: string;
  timezone?: string;
  /** A voice or stage channel; undefined: an external event located in the interaction's channel. */
  channel?: { id: string; type: number };
}

type Interaction = {
  memberPermissions: Readonly<PermissionsBitField> | null;
  appPermissions: Readonly<PermissionsBitField>;
  channelId: string | null;
  guildId: string | null;
};
export type PartyContext = InServer<BaseContext> & { interaction: Interaction };

const mayEvents = (p: Readonly<PermissionsBitField> | null): boolean => p !== null && (p.has(PermissionFlagsBits.CreateEvents) || p.has(PermissionFlagsBits.ManageEvents));

/**
 * The member's and the bot's Create Events (or Manage Events), each missing one told by name. The app
 * has no such permission where its bot is not a member of the server: that is told instead (one read of
 * the bot's member, only then).
 */
export async function checkEventPermissions(ctx: { interaction: Interaction; deps: Pick<BaseContext['deps'], 'discord'>; signal?: AbortSignal }): Promise<void> {
  const { interaction } = ctx;
  if (!mayEvents(interaction.memberPermissions)) throw new UserFacingError('watchparty.error.userPermission', { action: 'create' });
  if (mayEvents(interaction.appPermissions)) return;
  const absent = interaction.guildId !== null ? await ctx.deps.discord.botAbsence(interaction.guildId, ctx.signal) : undefined;
  throw absent ?? new UserFacingError('watchparty.error.botPermission');
}

export const eventUrl = (guildId: string, eventId: string): string => `https://discord.com/events/${guildId}/${eventId}`;

/** When the party starts: the given local time, else the expected broadcast of the episode (airing titles). */
function startOf(ctx: BaseContext, work: Anime, episode: number, args: WatchPartyArgs, zone: string): { startMs: number; airingEpisode?: number } {
  const now = ctx.deps.now();
  if (args.start !== undefined) {
    const startMs = parseLocalDateTime(args.start, zone);
    if (startMs === undefined) throw new UserFacingError('watchparty.error.startFormat');
    if (startMs <= now) throw new UserFacingError('watchparty.error.startPast', { time: `<t:${Math.floor(startMs / 1000)}:f>` });
    return { startMs };
  }
  const plan = airingPlan(work);
  const next = plan ? nextEpisode(plan, now + 60_000) : undefined;
  if (!plan || !next) throw new UserFacingError('watchparty.error.startRequired', { title: titleOf(work) });
  if (plan.firstMs !== undefined && args.episode !== undefined && episodeAt({ ...plan, firstMs: plan.firstMs }, episode) > now + 60_000) {
    return { startMs: episodeAt({ ...plan, firstMs: plan.firstMs }, episode), airingEpisode: episode };
  }
  return { startMs: next.atMs, airingEpisode: next.episode ?? episode };
}

/** The episode: the one given, else the next to air for an airing title, else 1. */
function episodeOf(ctx: BaseContext, work: Anime, given: number | undefined): number {
  const total = work.num_episodes ?? 0;
  if (given !== undefined) {
    if (total > 0 && given > total) throw new UserFacingError('watchparty.error.episode', { title: titleOf(work), count: total });
    return given;
  }
  const plan = airingPlan(work);
  return (plan ? nextEpisode(plan, ctx.deps.now() + 60_000)?.episode : undefined) ?? 1;
}

/** Creates the event and keeps the party; the answer says when, where, in which zone the start was read. */
export async function createWatchParty(ctx: PartyContext, args: WatchPartyArgs): Promise<RenderedMessage> {
  await checkEventPermissions(ctx);
  const zone = args.timezone ?? 'UTC';
  if (!isTimeZone(zone)) throw new UserFacingError('watchparty.error.timezone', { zone: zone.slice(0, 64) });
  // The server's spoiler default for what the bot posts there (read while the service answers; a slow store gives the default).
  const spoilers = storeReadOrFallback(ctx, serverSpoilerPolicy(ctx.deps.preferences, ctx.guildId), SPOILER_POLICY_DEFAULT, "the server's spoiler default", 2);
  const work = await ctx.deps.service.getAnime(args.animeId, { fields: WATCH_PARTY_FIELDS }, { signal: ctx.signal });
  if (notRatedSafe(work.nsfw)) throw new UserFacingError('watchparty.error.nsfw');
  const title = titleOf(work);
  const episode = episodeOf(ctx, work, args.episode);
  const { startMs, airingEpisode } = startOf(ctx, work, episode, args, zone);
  const endMs = startMs + (work.average_episode_duration !== undefined && work.average_episode_duration > 0 ? work.average_episode_duration * 1000 : DEFAULT_EPISODE_MS);
  // What the server reads: its own language (the event is the server's, not the member's).
  const server = translator(ctx.guildLocale);
  const titleUrl = `${ctx.deps.serviceWebUrl}/anime/${work.id}`;
  const picture = work.main_picture?.large ?? work.main_picture?.medium;
  const cover = picture !== undefined ? await ctx.deps.covers.cover(picture, ctx.signal) : undefined;
  // Drawn wide for the event's cover and sent as JPEG: Discord's image data takes no WebP (the covers' format).
  const image = cover ? await eventCoverDataUri(cover) : undefined;
  const name = watchPartyEventName(server, title, episode);
  const channelId = ctx.interaction.channelId ?? '';
  const event = {
    name,
    description: watchPartyDescription(server, { id: work.id, title, ...(work.synopsis !== undefined ? { synopsis: work.synopsis } : {}), hasPrequel: hasPrequel(work) }, episode, titleUrl, await spoilers),
    startMs,
    endMs,
    ...(args.channel ? { channel: args.channel } : {}),
    location: `https://discord.com/channels/${ctx.guildId}/${channelId}`.slice(0, EVENT_LOCATION_MAX),
    ...(image !== undefined ? { image } : {}),
  };
  const party = { guildId: ctx.guildId, channelId, creatorId: ctx.userId, animeId: work.id, episode, title, startMs, endMs, ...(ctx.guildLocale !== undefined ? { locale: ctx.guildLocale } : {}) };
  const eventId = await ctx.deps.watchParties.create(party, event, ctx.signal).catch((error: unknown) => {
    throw told(error);
  });
  return watchPartyCreatedMessage(ctx.t, {
    name,
    startMs,
    endMs,
    ...(args.channel ? { channelId: args.channel.id } : {}),
    zone,
    zoneGiven: args.timezone !== undefined,
    ...(args.start === undefined && airingEpisode !== undefined ? { airingEpisode } : {}),
    eventUrl: eventUrl(ctx.guildId, eventId),
  });
}

const titleOf = (work: Anime): string => mainTitleOf(work) ?? work.title ?? `#${work.id}`;

export function hasPrequel(work: Pick<Anime, 'related_anime' | 'related_manga'>): boolean {
  return prequelsOf(work).length > 0;
}

/** Discord's refusal as the member reads it. */
export function told(error: unknown): unknown {
  if (!(error instanceof ScheduledEventRefusal)) return error;
  if (error.reason === 'too-many') return new UserFacingError('watchparty.error.tooMany');
  if (error.reason === 'permissions') return new UserFacingError('watchparty.error.refused');
  if (error.reason === 'gone') return new UserFacingError('watchparty.error.unknown');
  return new UserFacingError('watchparty.error.invalid', { detail: error.detail.slice(0, 300) });
}
