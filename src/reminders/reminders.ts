// Episode reminders for people (by DM) and for server channels. This file composes the parts and runs
// the scheduler; each part is its own file:
//   follows.ts          people's follows (DM reminders)     channel-follows.ts  server channels' follows
//   list-sync.ts        follow-list: users' lists synced     title-refresh.ts    airing data kept fresh
//   follower-index.ts   who follows what, in memory          index-sync.ts       that index kept close to the store
//   due-claims.ts       due reminders claimed once, queued   delivery-queue.ts   queued reminders delivered, retried
//   settings.ts         settings changed atomically          titles.ts           titles' airing data
//   plans.ts, targets.ts, knobs.ts, types.ts, env.ts, pacer.ts, kv.ts, records.ts: what they share.
// Discord is reached only through `deliver`.

import type { Logger } from '../log/log.js';
import type { Anime } from '../service/work-types.js';
import { ChannelFollows } from './channel-follows.js';
import { DeliveryQueue } from './delivery-queue.js';
import { DueClaims } from './due-claims.js';
import type { ReminderEnv } from './env.js';
import { FollowerIndex } from './follower-index.js';
import { Follows } from './follows.js';
import { IndexSync } from './index-sync.js';
import { DEFAULT_KNOBS, type ReminderKnobs } from './knobs.js';
import type { AtomicKv } from './kv.js';
import { ListSync } from './list-sync.js';
import { Pacer } from './pacer.js';
import type { ChannelFollow, QueuedReminder, UserReminders } from './records.js';
import { Settings } from './settings.js';
import { TitleRefresh } from './title-refresh.js';
import { Titles } from './titles.js';
import type { ChannelFollowView, DeliveryResult, FollowedTitle, ReminderSource } from './types.js';


export interface RemindersOptions {
  kv: AtomicKv;
  source: ReminderSource;
  deliver: (reminder: QueuedReminder) => Promise<DeliveryResult>;
  now: () => number;
  log: Logger;
  knobs?: Partial<ReminderKnobs>;
}

export class Reminders {
  readonly knobs: ReminderKnobs;
  private readonly env: ReminderEnv;
  private readonly pacer = new Pacer();
  private readonly index = new FollowerIndex();
  private readonly indexSync: IndexSync;
  private readonly titleRefresh: TitleRefresh;
  private readonly listSync: ListSync;
  private readonly claims: DueClaims;
  private readonly queue: DeliveryQueue;
  private readonly follows: Follows;
  private readonly channels: ChannelFollows;
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly o: RemindersOptions) {
    this.knobs = { ...DEFAULT_KNOBS, ...o.knobs };
    const env: ReminderEnv = {
      kv: o.kv,
      source: o.source,
      deliver: (reminder) => o.deliver(reminder),
      now: () => o.now(),
      log: o.log,
      knobs: this.knobs,
      instance: `${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    };
    this.env = env;
    const titles = new Titles(o.kv);
    const settings = new Settings(o.kv, this.index);
    this.indexSync = new IndexSync(env, this.index, titles, this.pacer);
    this.titleRefresh = new TitleRefresh(env, settings, this.index, titles);
    this.claims = new DueClaims(env, this.index, titles, this.pacer);
    this.listSync = new ListSync(env, settings, this.index, titles, this.claims);
    this.follows = new Follows(env, settings, this.index, titles, this.claims);
    this.channels = new ChannelFollows(env, settings, titles, this.claims);
    this.queue = new DeliveryQueue(env, settings, this.index, this.channels, this.pacer);
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

  private async pass(): Promise<void> {
    this.pacer.startSlice();
    const now = this.env.now();
    await this.indexSync.sync(now);
    await this.titleRefresh.refresh(now, [...this.index.followers().keys()]);
    await this.listSync.syncLists(now);
    await this.claims.enqueueDue(now, this.index.followers());
    await this.queue.drain(now);
  }

  // ------------------------------------------------------------------ people (DMs)

  /** Follows a title (fetched with airing fields); refuses titles nothing is expected of. */
  add(userId: string, anime: Anime): Promise<FollowedTitle> {
    return this.follows.add(userId, anime);
  }

  /** Stops reminders of a title (also one that follow-list adds). Returns whether it was followed. */
  remove(userId: string, titleId: number): Promise<boolean> {
    return this.follows.remove(userId, titleId);
  }

  /** "Forget me": deletes the user's settings, queued reminders and sent markers; returns how many records. */
  forgetUser(userId: string): Promise<number> {
    return this.follows.forgetUser(userId);
  }

  list(userId: string): Promise<{ user: UserReminders; titles: FollowedTitle[] }> {
    return this.follows.list(userId);
  }

  /** Turns follow-list on (syncing the lists now) or off. Returns the number of list titles followed. */
  setFollowList(userId: string, on: boolean): Promise<number> {
    return this.listSync.setFollowList(userId, on);
  }

  setDelay(userId: string, minutes: number): Promise<void> {
    return this.follows.setDelay(userId, minutes);
  }

  /** Resumes DMs after a closed-DM pause. Returns whether reminders were paused. */
  resume(userId: string): Promise<boolean> {
    return this.follows.resume(userId);
  }

  /** True once after DMs were found closed: the caller tells the user. Cheap for everyone else. */
  takePauseNotice(userId: string): Promise<boolean> {
    return this.follows.takePauseNotice(userId);
  }

  // ------------------------------------------------------------------ server channels

  /**
   * Follows a title in a server channel (the caller has checked the member may and the bot can post
   * there). Following it again in the same channel replaces the role and delay and lifts a pause.
   */
  addChannel(guildId: string, follow: Omit<ChannelFollow, 'titleId' | 'pausedAt' | 'pausedReason'>, anime: Anime): Promise<FollowedTitle> {
    return this.channels.add(guildId, follow, anime);
  }

  /** Stops a title's posts in a channel. Returns whether it was followed there. */
  removeChannel(guildId: string, channelId: string, titleId: number): Promise<boolean> {
    return this.channels.remove(guildId, channelId, titleId);
  }

  listChannels(guildId: string): Promise<ChannelFollowView[]> {
    return this.channels.list(guildId);
  }
}
