// What reminders persist, as JSON under string keys, and the checks that read it back.
// A record that does not parse is treated as absent rather than trusted (and counted: src/store/record-decoder.ts).

import { isLocale, type Locale } from '../i18n/index.js';
import type { Anime, Broadcast } from '../service/work-types.js';
import { mainTitleOf } from '../service/title-forms.js';
import { jsonDecoder } from '../store/record-decoder.js';
import { isRecord } from '../util/is-record.js';

export const KEY = {
  user: (userId: string) => `rem:user:${userId}`,
  users: 'rem:user:',
  title: (titleId: number) => `rem:title:${titleId}`,
  /** A reminder delivered (`delivered`) or never to be sent (`skipped`: its episode aired before the follow). */
  sent: (id: string) => `rem:sent:${id}`,
  /** Held, and renewed, by the one process sending a reminder. */
  sending: (id: string) => `rem:sending:${id}`,
  /** Reminders of a user that failed for good, for /remind list. */
  failed: (userId: string) => `rem:failed:${userId}`,
  /** A server's channel reminders that failed for good, for /remind channel list. */
  failedGuild: (guildId: string) => `rem:failed-guild:${guildId}`,
  /** Every key prefix a user's reminders leave besides their settings (reminder ids start with the user id). */
  ofUser: (userId: string) => [`rem:sent:${userId}:`, `rem:queue:${userId}:`],
  /** The queue of earlier versions (taken over into the job engine once). */
  legacyQueued: 'rem:queue:',
  /** Set once the earlier versions' queue was taken over. */
  legacyTakenOver: 'rem:queue-taken-over',
  /** A server's channel reminders. */
  guild: (guildId: string) => `rem:guild:${guildId}`,
  guilds: 'rem:guild:',
} as const;

export interface UserReminders {
  /** Titles added with /remind add. */
  titles: number[];
  /** Titles stopped from a reminder; follow-list does not add them back. */
  excluded: number[];
  followList: boolean;
  /** Airing titles of the Watching and Plan-to-watch lists at the last sync. */
  listTitles: number[];
  listSyncedAt?: number;
  delayMinutes: number;
  /** Set when Discord refused a DM (closed DMs); nothing is sent until /remind resume. */
  pausedAt?: number;
  /** The user has not been told about the pause yet. */
  pauseUntold?: boolean;
  dmChannelId?: string;
  /** The user's Discord language when they last ran /remind: their DMs are in it (none: English). */
  locale?: Locale;
}

export function emptyUser(): UserReminders {
  return { titles: [], excluded: [], followList: false, listTitles: [], delayMinutes: 0 };
}

/** One title followed in one server channel: one post per episode there, optionally mentioning a role. */
export interface ChannelFollow {
  titleId: number;
  channelId: string;
  roleId?: string;
  delayMinutes: number;
  /** The channel was age-restricted when the follow was set up; each post reads the channel's state from Discord instead. */
  ageRestricted: boolean;
  /** Each post opens a thread named after the episode. */
  thread?: boolean;
  /** Set when Discord refused a post there (channel gone, access or permission removed). */
  pausedAt?: number;
  pausedReason?: string;
}

export interface GuildReminders {
  follows: ChannelFollow[];
  /** The server's language (guild_locale) when /remind channel last ran there: its posts are in it (none: English). */
  locale?: Locale;
}

export function emptyGuild(): GuildReminders {
  return { follows: [] };
}

/** Where a reminder goes: a user's DMs or a server channel. */
export type ReminderTarget =
  | { kind: 'dm'; userId: string }
  | { kind: 'channel'; guildId: string; channelId: string; roleId?: string; ageRestricted: boolean; thread?: boolean };

/** Titles a user is reminded of. */
export function followedTitles(u: UserReminders): number[] {
  const excluded = new Set(u.excluded);
  return [...new Set([...u.titles, ...(u.followList ? u.listTitles : [])])].filter((id) => !excluded.has(id));
}

/** Airing data of one title as last fetched, shared by everyone who follows it. */
export interface TitleInfo {
  id: number;
  title: string;
  nsfw?: string;
  status?: string;
  broadcast?: Broadcast;
  start_date?: string;
  num_episodes?: number;
  fetchedAt: number;
}

export function titleInfoOf(anime: Anime, fetchedAt: number): TitleInfo {
  return {
    id: anime.id,
    // Stored for every follower and channel: the main title, never one person's preferred form.
    title: mainTitleOf(anime) ?? `#${anime.id}`,
    ...(anime.nsfw !== undefined ? { nsfw: anime.nsfw } : {}),
    ...(anime.status !== undefined ? { status: anime.status } : {}),
    ...(anime.broadcast !== undefined ? { broadcast: { ...anime.broadcast } } : {}),
    ...(anime.start_date !== undefined ? { start_date: anime.start_date } : {}),
    ...(anime.num_episodes !== undefined ? { num_episodes: anime.num_episodes } : {}),
    fetchedAt,
  };
}

/** One reminder to go out: the data of its job. */
export interface QueuedReminder {
  id: string;
  target: ReminderTarget;
  titleId: number;
  title: string;
  nsfw?: string;
  episode?: number;
  /** Expected air time (Japan broadcast). */
  atMs: number;
  /** Air time plus the user's delay. */
  dueMs: number;
  /** Enqueued well after it was due (the bot was down): the message says so. */
  late: boolean;
  /** The episode's discussion topic on the service's forum, looked up when the reminder is sent. */
  discussion?: { topicId: number; url: string };
  /** The language of the destination (the user's, or the server's), read when the reminder is sent. */
  locale?: Locale;
}

const isIdList = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => Number.isSafeInteger(n) && (n as number) > 0);
const optionalNumber = (v: unknown): boolean => v === undefined || typeof v === 'number';

// Each record's checks are a type guard on the parsed object (its fields, even ones a newer version
// added, are kept as stored); a record that fails them is counted as malformed by its decoder.

function isUserRecord(v: Record<string, unknown>): v is Record<string, unknown> & UserReminders {
  if (!isIdList(v.titles) || !isIdList(v.excluded) || !isIdList(v.listTitles) || typeof v.followList !== 'boolean') return false;
  if (typeof v.delayMinutes !== 'number' || !optionalNumber(v.listSyncedAt) || !optionalNumber(v.pausedAt)) return false;
  return v.dmChannelId === undefined || typeof v.dmChannelId === 'string';
}

const userDecoder = jsonDecoder<UserReminders>('rem:user', (v) => {
  if (!isRecord(v) || !isUserRecord(v)) return undefined;
  // A language this version does not know is dropped (English), not a reason to distrust the record.
  if (v.locale !== undefined && !isLocale(v.locale)) {
    const { locale: _unknown, ...rest } = v;
    return rest;
  }
  return v;
});

export function parseUser(raw: string | undefined): UserReminders | undefined {
  return userDecoder.decode(raw);
}

const isTitleRecord = (v: Record<string, unknown>): v is Record<string, unknown> & TitleInfo => typeof v.id === 'number' && typeof v.title === 'string' && typeof v.fetchedAt === 'number';
const titleDecoder = jsonDecoder<TitleInfo>('rem:title', (v) => (isRecord(v) && isTitleRecord(v) ? v : undefined));

export function parseTitle(raw: string | undefined): TitleInfo | undefined {
  return titleDecoder.decode(raw);
}

const isSnowflake = (v: unknown): v is string => typeof v === 'string' && /^\d{1,21}$/.test(v);

function isFollow(v: unknown): v is Record<string, unknown> & ChannelFollow {
  if (!isRecord(v) || !Number.isSafeInteger(v.titleId) || !isSnowflake(v.channelId)) return false;
  if (v.roleId !== undefined && !isSnowflake(v.roleId)) return false;
  if (typeof v.delayMinutes !== 'number' || typeof v.ageRestricted !== 'boolean' || !optionalNumber(v.pausedAt)) return false;
  if (v.pausedReason !== undefined && typeof v.pausedReason !== 'string') return false;
  return v.thread === undefined || typeof v.thread === 'boolean';
}

const guildDecoder = jsonDecoder<GuildReminders>('rem:guild', (v) => {
  if (!isRecord(v) || !Array.isArray(v.follows)) return undefined;
  const follows: unknown[] = v.follows;
  if (!follows.every(isFollow)) return undefined;
  return isLocale(v.locale) ? { follows, locale: v.locale } : { follows };
});

export function parseGuild(raw: string | undefined): GuildReminders | undefined {
  return guildDecoder.decode(raw);
}

function parseTarget(v: Record<string, unknown>): ReminderTarget | undefined {
  // Reminders queued before channel reminders existed carry only a user id.
  if (v.target === undefined) return isSnowflake(v.userId) ? { kind: 'dm', userId: v.userId } : undefined;
  const t = v.target;
  if (!isRecord(t)) return undefined;
  if (t.kind === 'dm') return isSnowflake(t.userId) ? { kind: 'dm', userId: t.userId } : undefined;
  if (t.kind !== 'channel' || !isSnowflake(t.guildId) || !isSnowflake(t.channelId) || typeof t.ageRestricted !== 'boolean') return undefined;
  if (t.roleId !== undefined && !isSnowflake(t.roleId)) return undefined;
  return {
    kind: 'channel',
    guildId: t.guildId,
    channelId: t.channelId,
    ageRestricted: t.ageRestricted,
    ...(t.roleId !== undefined ? { roleId: t.roleId } : {}),
    ...(t.thread === true ? { thread: true } : {}),
  };
}

function isQueuedRecord(v: Record<string, unknown>): v is Record<string, unknown> & Omit<QueuedReminder, 'target'> {
  if (typeof v.id !== 'string' || typeof v.titleId !== 'number' || typeof v.atMs !== 'number' || typeof v.dueMs !== 'number') return false;
  if (typeof v.title !== 'string' || typeof v.late !== 'boolean' || !optionalNumber(v.episode)) return false;
  return v.nsfw === undefined || typeof v.nsfw === 'string';
}

const queuedDecoder = jsonDecoder<QueuedReminder>('rem:queued', (v) => {
  if (!isRecord(v) || !isQueuedRecord(v)) return undefined;
  const target = parseTarget(v);
  if (!target) return undefined;
  // Earlier versions queued these too (their own queue's bookkeeping, now the job engine's).
  const { userId: _user, attempts: _attempts, nextAttemptMs: _next, claimUntil: _claim, discussion: _looked_up_when_sent, locale: _read_when_sent, ...rest } = v;
  return { ...rest, target };
});

/** A reminder job's data (or an earlier version's queued record, as JSON), checked. */
export function parseQueued(raw: unknown): QueuedReminder | undefined {
  if (raw === undefined) return undefined;
  return typeof raw === 'string' ? queuedDecoder.decode(raw) : queuedDecoder.check(raw);
}
