// Episode reminders for people (by DM) and for server channels: who follows what, keeping airing data
// fresh (one poll per followed title per refresh period, whoever follows it), syncing follow-list
// users' lists, and a persisted queue that delivers each due reminder once, with retries, catch-up
// after downtime, closed-DM pauses and paused channels. Discord is reached only through `deliver`.

import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Logger } from '../log/log.js';
import PQueue from 'p-queue';
import type { Anime } from '../service/work-types.js';
import { airingPlan, episodesBetween, nextEpisode, planEnded, type AiringPlan, type ExpectedEpisode } from '../airing/air-times.js';
import type { AtomicKv } from './kv.js';
import {
  emptyGuild,
  emptyUser,
  followedTitles,
  KEY,
  parseGuild,
  parseQueued,
  parseTitle,
  parseUser,
  titleInfoOf,
  type ChannelFollow,
  type GuildReminders,
  type QueuedReminder,
  type ReminderTarget,
  type TitleInfo,
  type UserReminders,
} from './records.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A pass gives the event loop back at least this often, so interactions are not held up by a busy pass. */
const SLICE_MS = 10;

export interface ReminderKnobs {
  /** How often the scheduler runs. */
  tickMs: number;
  /** How long fetched airing data of a title is used before it is polled again. */
  titleRefreshMs: number;
  /** How often a follow-list user's Watching and Plan-to-watch lists are read again. */
  listSyncMs: number;
  /** Reminders that fell due while the bot was down are still sent when at most this old. */
  catchUpMs: number;
  /** A reminder sent later than this after it was due says it is late. */
  lateAfterMs: number;
  /** Delivery attempts before a reminder is given up (and logged as an error). */
  maxAttempts: number;
  /** First retry delay; doubles per attempt, capped at 30 minutes. */
  retryBaseMs: number;
  /** How long one process owns a reminder it is delivering. */
  claimMs: number;
  /** Within this time each process re-reads every user's settings, a slice per tick (its own changes apply at once). */
  indexRefreshMs: number;
  /** Deliveries in flight at once. */
  concurrency: number;
}

export const DEFAULT_KNOBS: ReminderKnobs = {
  tickMs: 30_000,
  titleRefreshMs: 6 * HOUR,
  listSyncMs: 6 * HOUR,
  catchUpMs: 6 * HOUR,
  lateAfterMs: 10 * MINUTE,
  maxAttempts: 8,
  retryBaseMs: 30_000,
  claimMs: 2 * MINUTE,
  indexRefreshMs: 5 * MINUTE,
  concurrency: 5,
};

export const MAX_DELAY_MINUTES = 24 * 60;
/** Explicit follows per user. */
export const MAX_FOLLOWS = 100;
/** Channel follows per server. */
export const MAX_CHANNEL_FOLLOWS = 100;

/**
 * `closed`: the user's DMs are closed (their reminders pause); `gone`: the destination no longer
 * takes posts (user unknown, or a channel deleted or no longer writable: that channel's follows
 * pause); `retry`: anything transient.
 */
export type DeliveryResult = { ok: true } | { ok: false; reason: 'closed' | 'gone' | 'retry'; detail?: string };

/** Where airing data and lists come from (the service client in the bot; a counter in the bench). */
export interface ReminderSource {
  anime(id: number): Promise<Anime>;
  /** The user's Watching and Plan-to-watch titles with airing fields; undefined when not logged in. */
  airingList(userId: string): Promise<Anime[] | undefined>;
}

export interface RemindersOptions {
  kv: AtomicKv;
  source: ReminderSource;
  deliver: (reminder: QueuedReminder) => Promise<DeliveryResult>;
  now: () => number;
  log: Logger;
  knobs?: Partial<ReminderKnobs>;
}

export class ReminderError extends Error {}

export interface FollowedTitle {
  info: TitleInfo;
  next?: ExpectedEpisode;
  /** Why no episode is expected, when none is. */
  inactive?: string;
  fromList: boolean;
}

export interface ChannelFollowView {
  follow: ChannelFollow;
  /** Undefined when the title's data is not stored (shown by id). */
  info?: TitleInfo;
  next?: ExpectedEpisode;
  inactive?: string;
}

/** Index entries: a title and who is reminded of it (a user id, or `c:<guild>:<channel>`). */
type Follower = readonly [titleId: number, target: string];

const channelTarget = (guildId: string, channelId: string): string => `c:${guildId}:${channelId}`;

function parseChannelTarget(target: string): { guildId: string; channelId: string } | undefined {
  if (!target.startsWith('c:')) return undefined;
  const [c, guildId, channelId] = target.split(':');
  return c === 'c' && guildId !== undefined && channelId !== undefined ? { guildId, channelId } : undefined;
}

const plans = new WeakMap<object, AiringPlan | null>();

/** The plan reminders use; undefined when nothing more is expected. Worked out once per stored title record. */
export function reminderPlan(info: Pick<TitleInfo, 'status' | 'broadcast' | 'start_date' | 'num_episodes'>): AiringPlan | undefined {
  let plan = plans.get(info);
  if (plan === undefined) plans.set(info, (plan = airingPlan(info) ?? null));
  return plan ?? undefined;
}

function whyInactive(info: TitleInfo, now: number): string | undefined {
  if (info.status === 'finished_airing') return 'finished airing';
  const plan = reminderPlan(info);
  if (!plan) return info.broadcast?.start_time === undefined ? 'no broadcast time known' : 'no start date known yet';
  if (planEnded(plan, now)) return 'all episodes aired';
  return undefined;
}

export class Reminders {
  readonly knobs: ReminderKnobs;
  private readonly kv: AtomicKv;
  private readonly users = new Map<string, UserReminders>();
  /** Stored form of each user's settings as last read, to notice changes made by other processes. */
  private readonly rawUsers = new Map<string, string>();
  private readonly guilds = new Map<string, GuildReminders>();
  private readonly rawGuilds = new Map<string, string>();
  /** Title id → users and channels reminded of it (paused ones left out), kept up to date on every change. */
  private readonly followerIndex = new Map<number, Set<string>>();
  /** Episodes (air instants by title) every current follower has been handled for; dropped when followers change. */
  private readonly doneEpisodes = new Map<number, Set<number>>();
  private reloadCursor = 0;
  private readonly titles = new Map<number, TitleInfo>();
  /** Reminder ids this process already claimed or saw claimed, with their air time (pruned). */
  private readonly seen = new Map<string, number>();
  private indexLoadedAt = -Infinity;
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly instance = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

  constructor(private readonly o: RemindersOptions) {
    this.knobs = { ...DEFAULT_KNOBS, ...o.knobs };
    this.kv = o.kv;
  }

  // ------------------------------------------------------------------ lifecycle

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick().catch((error: unknown) => this.o.log.error('reminder tick failed', { error })), this.knobs.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One scheduler pass; concurrent calls share the pass in progress. */
  tick(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  // ------------------------------------------------------------------ user actions

  private async user(userId: string): Promise<UserReminders> {
    return parseUser(await this.kv.get(KEY.user(userId))) ?? emptyUser();
  }

  /** Read-modify-write of one stored record, atomic against other processes (compare-and-set, retried). */
  private async readModifyWrite<R, T>(key: string, parse: (raw: string | undefined) => R, change: (r: R) => T): Promise<{ record: R; value: string; result: T }> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const raw = await this.kv.get(key);
      const record = structuredClone(parse(raw));
      const result = change(record);
      const value = JSON.stringify(record);
      const stored = raw === undefined ? await this.kv.setIfAbsent(key, value) : await this.kv.compareAndSet(key, raw, value);
      if (stored) return { record, value, result };
    }
    throw new Error('reminder settings changed concurrently too often');
  }

  private async update<T>(userId: string, change: (u: UserReminders) => T): Promise<{ user: UserReminders; result: T }> {
    const { record, value, result } = await this.readModifyWrite(KEY.user(userId), (raw) => parseUser(raw) ?? emptyUser(), change);
    this.remember(userId, record, value);
    return { user: record, result };
  }

  private async updateGuild<T>(guildId: string, change: (g: GuildReminders) => T): Promise<{ guild: GuildReminders; result: T }> {
    const key = KEY.guild(guildId);
    const { record, value, result } = await this.readModifyWrite(key, (raw) => parseGuild(raw) ?? emptyGuild(), change);
    // A server without follows keeps no record (unless another process changed it meanwhile).
    if (record.follows.length === 0 && (await this.kv.compareAndDelete(key, value))) this.rememberGuild(guildId, undefined, undefined);
    else this.rememberGuild(guildId, record, value);
    return { guild: record, result };
  }

  /** A title's airing data as this process knows it, else as stored. */
  private async storedTitle(id: number): Promise<TitleInfo | undefined> {
    return this.titles.get(id) ?? parseTitle(await this.kv.get(KEY.title(id)));
  }

  private async saveTitle(info: TitleInfo): Promise<void> {
    this.titles.set(info.id, info);
    await this.kv.set(KEY.title(info.id), JSON.stringify(info));
  }

  /** Claims the reminders of episodes already aired, so following a title never reminds of the past. */
  private async markPast(target: string, info: TitleInfo, delayMinutes: number): Promise<void> {
    const plan = reminderPlan(info);
    if (!plan) return;
    const now = this.o.now();
    for (const e of episodesBetween(plan, now - this.windowMs(), now + delayMinutes * MINUTE + 1)) {
      if (e.atMs + delayMinutes * MINUTE > now) continue;
      const id = reminderId(target, info.id, e.atMs);
      await this.kv.setIfAbsent(KEY.sent(id), 'skipped', this.sentTtlMs());
      this.seen.set(id, e.atMs);
    }
  }

  /** Follows a title (fetched with airing fields); refuses titles nothing is expected of. */
  async add(userId: string, anime: Anime): Promise<FollowedTitle> {
    const now = this.o.now();
    const info = titleInfoOf(anime, now);
    const inactive = whyInactive(info, now);
    if (inactive) throw new ReminderError(`No episode of ${info.title} is expected (${inactive}), so there is nothing to remind you of.`);
    await this.saveTitle(info);
    const { user } = await this.update(userId, (u) => {
      if (!u.titles.includes(info.id) && u.titles.length >= MAX_FOLLOWS) throw new ReminderError(`You can follow at most ${MAX_FOLLOWS} titles.`);
      if (!u.titles.includes(info.id)) u.titles.push(info.id);
      u.excluded = u.excluded.filter((id) => id !== info.id);
    });
    await this.markPast(userId, info, user.delayMinutes);
    const plan = reminderPlan(info);
    const next = plan ? nextEpisode(plan, now) : undefined;
    return { info, fromList: false, ...(next ? { next } : {}) };
  }

  /** Stops reminders of a title (also one that follow-list adds). Returns whether it was followed. */
  async remove(userId: string, titleId: number): Promise<boolean> {
    const { result } = await this.update(userId, (u) => {
      const was = followedTitles(u).includes(titleId);
      u.titles = u.titles.filter((id) => id !== titleId);
      if (u.listTitles.includes(titleId) && !u.excluded.includes(titleId)) u.excluded.push(titleId);
      return was;
    });
    return result;
  }

  /** "Forget me": deletes the user's settings, queued reminders and sent markers; returns how many records. */
  async forgetUser(userId: string): Promise<number> {
    const keys = (await Promise.all(KEY.ofUser(userId).map((prefix) => this.kv.keys(prefix)))).flat();
    if ((await this.kv.get(KEY.user(userId))) !== undefined) keys.push(KEY.user(userId));
    for (const key of keys) await this.kv.delete(key);
    this.remember(userId, undefined, undefined);
    return keys.length;
  }

  async list(userId: string): Promise<{ user: UserReminders; titles: FollowedTitle[] }> {
    const user = await this.user(userId);
    const now = this.o.now();
    const listSet = new Set(user.followList ? user.listTitles : []);
    const titles: FollowedTitle[] = [];
    for (const id of followedTitles(user)) {
      const info = await this.storedTitle(id);
      if (!info) continue;
      const plan = reminderPlan(info);
      const next = plan ? nextEpisode(plan, now) : undefined;
      const inactive = whyInactive(info, now);
      titles.push({ info, fromList: listSet.has(id) && !user.titles.includes(id), ...(next ? { next } : {}), ...(inactive ? { inactive } : {}) });
    }
    titles.sort((a, b) => (a.next?.atMs ?? Infinity) - (b.next?.atMs ?? Infinity) || a.info.title.localeCompare(b.info.title));
    return { user, titles };
  }

  // ------------------------------------------------------------------ server channels

  /**
   * Follows a title in a server channel (the caller has checked the member may and the bot can post
   * there). Following it again in the same channel replaces the role and delay and lifts a pause.
   */
  async addChannel(guildId: string, follow: Omit<ChannelFollow, 'titleId' | 'pausedAt' | 'pausedReason'>, anime: Anime): Promise<FollowedTitle> {
    const now = this.o.now();
    const info = titleInfoOf(anime, now);
    const inactive = whyInactive(info, now);
    if (inactive) throw new ReminderError(`No episode of ${info.title} is expected (${inactive}), so there is nothing to post.`);
    if (!Number.isInteger(follow.delayMinutes) || follow.delayMinutes < 0 || follow.delayMinutes > MAX_DELAY_MINUTES) {
      throw new ReminderError(`The delay must be a whole number of minutes from 0 to ${MAX_DELAY_MINUTES}.`);
    }
    await this.saveTitle(info);
    const entry: ChannelFollow = { ...follow, titleId: info.id };
    await this.updateGuild(guildId, (g) => {
      const others = g.follows.filter((f) => !(f.titleId === info.id && f.channelId === follow.channelId));
      if (others.length >= MAX_CHANNEL_FOLLOWS) throw new ReminderError(`A server can follow at most ${MAX_CHANNEL_FOLLOWS} titles across its channels.`);
      g.follows = [...others, entry];
    });
    await this.markPast(channelTarget(guildId, follow.channelId), info, follow.delayMinutes);
    const plan = reminderPlan(info);
    const next = plan ? nextEpisode(plan, now) : undefined;
    return { info, fromList: false, ...(next ? { next } : {}) };
  }

  /** Stops a title's posts in a channel. Returns whether it was followed there. */
  async removeChannel(guildId: string, channelId: string, titleId: number): Promise<boolean> {
    const { result } = await this.updateGuild(guildId, (g) => {
      const before = g.follows.length;
      g.follows = g.follows.filter((f) => !(f.titleId === titleId && f.channelId === channelId));
      return g.follows.length < before;
    });
    return result;
  }

  async listChannels(guildId: string): Promise<ChannelFollowView[]> {
    const guild = parseGuild(await this.kv.get(KEY.guild(guildId))) ?? emptyGuild();
    const now = this.o.now();
    const out: ChannelFollowView[] = [];
    for (const follow of guild.follows) {
      const info = await this.storedTitle(follow.titleId);
      const plan = info ? reminderPlan(info) : undefined;
      const next = plan ? nextEpisode(plan, now) : undefined;
      const inactive = info ? whyInactive(info, now) : undefined;
      out.push({ follow, ...(info ? { info } : {}), ...(next ? { next } : {}), ...(inactive ? { inactive } : {}) });
    }
    return out.sort((a, b) => (a.next?.atMs ?? Infinity) - (b.next?.atMs ?? Infinity) || a.follow.channelId.localeCompare(b.follow.channelId));
  }

  /** Pauses every follow of a channel that no longer takes the bot's posts. */
  private async pauseChannel(guildId: string, channelId: string, reason: string): Promise<void> {
    await this.updateGuild(guildId, (g) => {
      for (const f of g.follows) {
        if (f.channelId !== channelId || f.pausedAt !== undefined) continue;
        f.pausedAt = this.o.now();
        f.pausedReason = reason.slice(0, 200);
      }
    });
    this.o.log.warn('a reminder channel refused a post: its reminders are paused until set up again', { guildId, channelId, reason });
  }

  /** Turns follow-list on (syncing the lists now) or off. Returns the number of list titles followed. */
  async setFollowList(userId: string, on: boolean): Promise<number> {
    if (!on) {
      await this.update(userId, (u) => {
        u.followList = false;
        u.listTitles = [];
        delete u.listSyncedAt;
      });
      return 0;
    }
    const list = await this.o.source.airingList(userId);
    if (list === undefined) throw new ReminderError('Follow-list reads your Watching and Plan-to-watch lists: link your account with `/login` first.');
    return (await this.applyList(userId, list, true)).length;
  }

  async setDelay(userId: string, minutes: number): Promise<void> {
    if (!Number.isInteger(minutes) || minutes < 0 || minutes > MAX_DELAY_MINUTES) {
      throw new ReminderError(`The delay must be a whole number of minutes from 0 to ${MAX_DELAY_MINUTES}.`);
    }
    const { user } = await this.update(userId, (u) => {
      u.delayMinutes = minutes;
    });
    for (const id of followedTitles(user)) {
      const info = this.titles.get(id);
      if (info) await this.markPast(userId, info, minutes);
    }
  }

  /** Resumes DMs after a closed-DM pause. Returns whether reminders were paused. */
  async resume(userId: string): Promise<boolean> {
    const { result } = await this.update(userId, (u) => {
      const was = u.pausedAt !== undefined;
      delete u.pausedAt;
      delete u.pauseUntold;
      return was;
    });
    return result;
  }

  /** True once after DMs were found closed: the caller tells the user. Cheap for everyone else. */
  async takePauseNotice(userId: string): Promise<boolean> {
    if (this.users.get(userId)?.pauseUntold !== true) return false;
    const { result } = await this.update(userId, (u) => {
      const untold = u.pauseUntold === true;
      delete u.pauseUntold;
      return untold;
    });
    return result;
  }

  // ------------------------------------------------------------------ scheduler

  private windowMs(): number {
    return this.knobs.catchUpMs + MAX_DELAY_MINUTES * MINUTE;
  }

  private sentTtlMs(): number {
    return this.windowMs() + 24 * HOUR;
  }

  private sliceStart = 0;

  /**
   * Lets other work (interactions) run when this pass has held the event loop for a slice. With a
   * networked store every await yields anyway; with SQLite or memory a busy pass would not.
   */
  private async yieldSometimes(): Promise<void> {
    if (performance.now() - this.sliceStart < SLICE_MS) return;
    await nextTurn();
    this.sliceStart = performance.now();
  }

  private async pass(): Promise<void> {
    this.sliceStart = performance.now();
    const now = this.o.now();
    await this.syncIndex(now);
    await this.refreshTitles(now, [...this.followers().keys()]);
    await this.syncLists(now);
    await this.enqueueDue(now, this.followers());
    await this.drainQueue(now);
  }

  /** Moves the follower index from one record's follows to its new ones. */
  private reindex(before: readonly Follower[], after: readonly Follower[]): void {
    const key = ([id, target]: Follower): string => `${id}|${target}`;
    const was = new Set(before.map(key));
    const now = new Set(after.map(key));
    for (const f of before) {
      if (now.has(key(f))) continue;
      const [id, target] = f;
      this.doneEpisodes.delete(id);
      const set = this.followerIndex.get(id);
      set?.delete(target);
      if (set?.size === 0) this.followerIndex.delete(id);
    }
    for (const f of after) {
      if (was.has(key(f))) continue;
      const [id, target] = f;
      this.doneEpisodes.delete(id);
      let set = this.followerIndex.get(id);
      if (!set) this.followerIndex.set(id, (set = new Set()));
      set.add(target);
    }
  }

  private rememberGuild(guildId: string, guild: GuildReminders | undefined, raw: string | undefined): void {
    if (raw !== undefined && this.rawGuilds.get(guildId) === raw) return;
    const active = (g: GuildReminders | undefined): Follower[] =>
      (g?.follows ?? []).filter((f) => f.pausedAt === undefined).map((f) => [f.titleId, channelTarget(guildId, f.channelId)] as const);
    this.reindex(active(this.guilds.get(guildId)), active(raw === undefined ? undefined : guild));
    if (guild === undefined || raw === undefined) {
      this.guilds.delete(guildId);
      this.rawGuilds.delete(guildId);
    } else {
      this.guilds.set(guildId, guild);
      this.rawGuilds.set(guildId, raw);
    }
  }

  private remember(userId: string, user: UserReminders | undefined, raw: string | undefined): void {
    if (raw !== undefined && this.rawUsers.get(userId) === raw) return;
    const active = (u: UserReminders | undefined): Follower[] =>
      u === undefined || u.pausedAt !== undefined ? [] : followedTitles(u).map((id) => [id, userId] as const);
    this.reindex(active(this.users.get(userId)), active(raw === undefined ? undefined : user));
    if (user === undefined || raw === undefined) {
      this.users.delete(userId);
      this.rawUsers.delete(userId);
    } else {
      this.users.set(userId, user);
      this.rawUsers.set(userId, raw);
    }
  }

  /** Re-reads one user's (`u…`) or server's (`g…`) record into the index. */
  private async reload(record: string): Promise<void> {
    const id = record.slice(1);
    if (record.startsWith('g')) {
      const raw = await this.kv.get(KEY.guild(id));
      if (raw === undefined || raw !== this.rawGuilds.get(id)) this.rememberGuild(id, parseGuild(raw), raw);
    } else {
      const raw = await this.kv.get(KEY.user(id));
      if (raw === undefined || raw !== this.rawUsers.get(id)) this.remember(id, parseUser(raw), raw);
    }
  }

  /**
   * Keeps the in-memory view of who follows what close to the store: new and removed users and servers
   * are found by a key scan once per refresh period, and a slice of them is re-read every tick so
   * changes made by other processes arrive within that period.
   */
  private async syncIndex(now: number): Promise<void> {
    if (now - this.indexLoadedAt >= this.knobs.indexRefreshMs) {
      const userIds = (await this.kv.keys(KEY.users)).map((k) => k.slice(KEY.users.length));
      const guildIds = (await this.kv.keys(KEY.guilds)).map((k) => k.slice(KEY.guilds.length));
      const liveUsers = new Set(userIds);
      const liveGuilds = new Set(guildIds);
      for (const id of [...this.users.keys()]) if (!liveUsers.has(id)) this.remember(id, undefined, undefined);
      for (const id of [...this.guilds.keys()]) if (!liveGuilds.has(id)) this.rememberGuild(id, undefined, undefined);
      for (const id of userIds) {
        if (this.rawUsers.has(id)) continue;
        await this.reload(`u${id}`);
        await this.yieldSometimes();
      }
      for (const id of guildIds) if (!this.rawGuilds.has(id)) await this.reload(`g${id}`);
      for (const id of this.followerIndex.keys()) {
        if (this.titles.has(id)) continue;
        const stored = parseTitle(await this.kv.get(KEY.title(id)));
        if (stored) this.titles.set(id, stored);
      }
      this.indexLoadedAt = now;
      return;
    }
    const records = [...[...this.rawUsers.keys()].map((id) => `u${id}`), ...[...this.rawGuilds.keys()].map((id) => `g${id}`)];
    const slice = Math.ceil((records.length * this.knobs.tickMs) / Math.max(this.knobs.tickMs, this.knobs.indexRefreshMs));
    for (let i = 0; i < slice && records.length > 0; i++) {
      await this.reload(records[(this.reloadCursor + i) % records.length] ?? '');
      await this.yieldSometimes();
    }
    this.reloadCursor = records.length > 0 ? (this.reloadCursor + slice) % records.length : 0;
  }

  /** Title id → users and channels reminded of it (paused ones excluded). */
  private followers(): ReadonlyMap<number, ReadonlySet<string>> {
    return this.followerIndex;
  }

  /** Polls titles whose data is older than the refresh period, spread over ticks; one process per title. */
  private async refreshTitles(now: number, ids: number[]): Promise<void> {
    const stale = ids.filter((id) => {
      const info = this.titles.get(id);
      return !info || now - info.fetchedAt >= this.knobs.titleRefreshMs;
    });
    const perTick = Math.max(10, Math.ceil((ids.length * this.knobs.tickMs * 2) / this.knobs.titleRefreshMs));
    for (const id of stale.slice(0, perTick)) {
      const stored = parseTitle(await this.kv.get(KEY.title(id)));
      if (stored && now - stored.fetchedAt < this.knobs.titleRefreshMs) {
        this.titles.set(id, stored);
        continue;
      }
      const lease = KEY.titleLease(id, Math.floor(now / this.knobs.titleRefreshMs));
      if (!(await this.kv.setIfAbsent(lease, this.instance, this.knobs.titleRefreshMs))) continue;
      try {
        const info = titleInfoOf(await this.o.source.anime(id), now);
        await this.saveTitle(info);
        if (whyInactive(info, now - this.windowMs())) await this.endTitle(info);
      } catch (error) {
        await this.kv.delete(lease);
        this.o.log.warn('could not refresh airing data of a followed title', { titleId: id, error });
      }
    }
  }

  /** A title with nothing more to expect: explicit and channel follows of it end (list sync drops it on its own). */
  private async endTitle(info: TitleInfo): Promise<void> {
    for (const [userId, u] of [...this.users]) {
      if (!u.titles.includes(info.id)) continue;
      await this.update(userId, (r) => {
        r.titles = r.titles.filter((id) => id !== info.id);
      });
    }
    for (const [guildId, g] of [...this.guilds]) {
      if (!g.follows.some((f) => f.titleId === info.id)) continue;
      await this.updateGuild(guildId, (r) => {
        r.follows = r.follows.filter((f) => f.titleId !== info.id);
      });
    }
    this.o.log.info('reminders of a title ended', { titleId: info.id, status: info.status });
  }

  private async applyList(userId: string, list: Anime[], enable: boolean): Promise<number[]> {
    const now = this.o.now();
    const airing: TitleInfo[] = [];
    for (const anime of list) {
      const info = titleInfoOf(anime, now);
      if (whyInactive(info, now)) continue;
      airing.push(info);
      const known = this.titles.get(info.id);
      if (!known || now - known.fetchedAt >= this.knobs.titleRefreshMs / 2) await this.saveTitle(info);
    }
    const ids = [...new Set(airing.map((i) => i.id))];
    const { user, result: added } = await this.update(userId, (u) => {
      if (!enable && !u.followList) return [];
      const before = new Set(u.followList ? u.listTitles : []);
      u.followList = true;
      u.listTitles = ids;
      u.listSyncedAt = now;
      return ids.filter((id) => !before.has(id));
    });
    for (const id of added) {
      const info = this.titles.get(id);
      if (info) await this.markPast(userId, info, user.delayMinutes);
    }
    return ids;
  }

  /** Re-reads follow-list users' lists once per sync period each; spread by when each was last synced. */
  private async syncLists(now: number): Promise<void> {
    const due = [...this.users].filter(([, u]) => u.followList && now - (u.listSyncedAt ?? 0) >= this.knobs.listSyncMs);
    const listUsers = [...this.users.values()].filter((u) => u.followList).length;
    const perTick = Math.max(5, Math.ceil((listUsers * this.knobs.tickMs * 2) / this.knobs.listSyncMs));
    for (const [userId] of due.slice(0, perTick)) {
      const lease = KEY.syncLease(userId, Math.floor(now / this.knobs.listSyncMs));
      if (!(await this.kv.setIfAbsent(lease, this.instance, this.knobs.listSyncMs))) continue;
      try {
        const list = await this.o.source.airingList(userId);
        if (list === undefined) {
          // Logged out: follow-list has nothing to read; explicit follows keep working.
          await this.update(userId, (u) => {
            u.listSyncedAt = now;
          });
          continue;
        }
        await this.applyList(userId, list, false);
      } catch (error) {
        await this.kv.delete(lease);
        this.o.log.warn('could not sync a follow-list user', { userId, error });
      }
    }
  }

  /** Where a follower's reminder of a title goes, and after what delay; undefined when no longer followed. */
  private destination(follower: string, titleId: number): { target: ReminderTarget; delayMinutes: number } | undefined {
    const channel = parseChannelTarget(follower);
    if (!channel) {
      const user = this.users.get(follower);
      return user ? { target: { kind: 'dm', userId: follower }, delayMinutes: user.delayMinutes } : undefined;
    }
    const follow = this.guilds.get(channel.guildId)?.follows.find((f) => f.titleId === titleId && f.channelId === channel.channelId);
    if (!follow || follow.pausedAt !== undefined) return undefined;
    return {
      target: { kind: 'channel', ...channel, ageRestricted: follow.ageRestricted, ...(follow.roleId !== undefined ? { roleId: follow.roleId } : {}) },
      delayMinutes: follow.delayMinutes,
    };
  }

  private async enqueueDue(now: number, followers: ReadonlyMap<number, ReadonlySet<string>>): Promise<void> {
    const from = now - this.windowMs();
    for (const [id, atMs] of this.seen) if (atMs < from) this.seen.delete(id);
    for (const [titleId, targets] of followers) {
      const info = this.titles.get(titleId);
      const plan = info ? reminderPlan(info) : undefined;
      if (!info || !plan) continue;
      let done = this.doneEpisodes.get(titleId);
      if (done) for (const atMs of done) if (atMs < from) done.delete(atMs);
      for (const episode of episodesBetween(plan, from, now + 1)) {
        if (done?.has(episode.atMs)) continue;
        let waiting = false;
        for (const follower of targets) {
          // Already handled (so not waiting either): skip before looking anything up.
          const id = reminderId(follower, titleId, episode.atMs);
          if (this.seen.has(id)) continue;
          await this.yieldSometimes();
          const dest = this.destination(follower, titleId);
          if (!dest) continue;
          const dueMs = episode.atMs + dest.delayMinutes * MINUTE;
          if (dueMs > now) waiting = true;
          if (dueMs > now || now - dueMs > this.knobs.catchUpMs) continue;
          this.seen.set(id, episode.atMs);
          if (!(await this.kv.setIfAbsent(KEY.sent(id), 'queued', this.sentTtlMs()))) continue;
          const item: QueuedReminder = {
            id,
            target: dest.target,
            titleId,
            title: info.title,
            ...(info.nsfw !== undefined ? { nsfw: info.nsfw } : {}),
            ...(episode.episode !== undefined ? { episode: episode.episode } : {}),
            atMs: episode.atMs,
            dueMs,
            late: now - dueMs > this.knobs.lateAfterMs,
            attempts: 0,
            nextAttemptMs: now,
          };
          await this.kv.set(KEY.queue(id), JSON.stringify(item));
        }
        if (!waiting) {
          if (!done) this.doneEpisodes.set(titleId, (done = new Set()));
          done.add(episode.atMs);
        }
      }
    }
  }

  private async drainQueue(now: number): Promise<void> {
    const queue = new PQueue({ concurrency: this.knobs.concurrency });
    const keys = await this.kv.keys(KEY.queued);
    await Promise.all(
      keys.map((key) =>
        queue.add(async () => {
          await this.deliverOne(key, now);
          await this.yieldSometimes();
        }),
      ),
    );
  }

  private async deliverOne(key: string, now: number): Promise<void> {
    const raw = await this.kv.get(key);
    const item = parseQueued(raw);
    if (raw === undefined) return;
    if (!item) {
      await this.kv.compareAndDelete(key, raw);
      return;
    }
    if (item.nextAttemptMs > now || (item.claimUntil ?? 0) > now) return;
    if (!(await this.stillWanted(item))) {
      // DMs closed (the user is told when they next use the bot), or the channel's follow was removed or paused.
      await this.kv.compareAndDelete(key, raw);
      return;
    }
    const claimed = JSON.stringify({ ...item, claimUntil: now + this.knobs.claimMs });
    if (!(await this.kv.compareAndSet(key, raw, claimed))) return;
    let result: DeliveryResult;
    try {
      result = await this.o.deliver(item);
    } catch (error) {
      result = { ok: false, reason: 'retry', detail: error instanceof Error ? error.message : String(error) };
    }
    if (result.ok) {
      await this.kv.compareAndDelete(key, claimed);
      return;
    }
    const target = item.target;
    if (result.reason === 'closed' && target.kind === 'dm') {
      await this.update(target.userId, (u) => {
        if (u.pausedAt === undefined) {
          u.pausedAt = this.o.now();
          u.pauseUntold = true;
        }
      });
      await this.kv.compareAndDelete(key, claimed);
      this.o.log.info('DMs closed: reminders paused until the user resumes them', { userId: target.userId });
      return;
    }
    if (result.reason === 'gone' && target.kind === 'channel') {
      await this.pauseChannel(target.guildId, target.channelId, result.detail ?? 'Discord refused the post');
      await this.kv.compareAndDelete(key, claimed);
      return;
    }
    const attempts = item.attempts + 1;
    if (result.reason === 'gone' || attempts >= this.knobs.maxAttempts) {
      await this.kv.compareAndDelete(key, claimed);
      this.o.log.error('a reminder could not be delivered and was given up', { reminderId: item.id, attempts, reason: result.reason, detail: result.detail });
      return;
    }
    const backoff = Math.min(30 * MINUTE, this.knobs.retryBaseMs * 2 ** (attempts - 1));
    const retry: QueuedReminder = { ...item, attempts, nextAttemptMs: this.o.now() + backoff };
    delete retry.claimUntil;
    await this.kv.compareAndSet(key, claimed, JSON.stringify(retry));
    this.o.log.warn('reminder delivery failed; will retry', { reminderId: item.id, attempts, detail: result.detail });
  }

  /** A queued reminder is sent only while its destination still wants it. */
  private async stillWanted(item: QueuedReminder): Promise<boolean> {
    const t = item.target;
    if (t.kind === 'dm') return (this.users.get(t.userId) ?? (await this.user(t.userId))).pausedAt === undefined;
    const guild = parseGuild(await this.kv.get(KEY.guild(t.guildId)));
    return guild?.follows.some((f) => f.channelId === t.channelId && f.titleId === item.titleId && f.pausedAt === undefined) === true;
  }
}

/** One reminder per follower (a user id or a channel target), title and episode air time. */
export function reminderId(follower: string, titleId: number, atMs: number): string {
  return `${follower}:${titleId}:${atMs}`;
}
