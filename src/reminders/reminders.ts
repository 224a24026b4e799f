// Episode reminders for people (by DM) and for server channels. This file composes the parts; each
// part is its own file:
//   follows.ts          people's follows (DM reminders)     channel-follows.ts  server channels' follows
//   list-sync.ts        follow-list: users' lists synced     title-refresh.ts    airing data kept fresh
//   follower-index.ts   who follows what, in memory          index-sync.ts       that index kept close to the store
//   due-claims.ts       due reminders found, queued as jobs  deliveries.ts       one reminder job run
//   queues.ts           the job queues and how they run      failures.ts         failed reminders, for their owners
//   settings.ts         settings changed atomically          titles.ts           titles' airing data
//   plans.ts, targets.ts, knobs.ts, types.ts, env.ts, pacer.ts, kv.ts, records.ts, send-lease.ts,
//   legacy-queue.ts: what they share.
// Work runs on the job engine (src/jobs): pg-boss, BullMQ or in-process by store. Each process runs a
// pass every tick that finds due work by its in-memory index and queues it under ids that deduplicate;
// whichever process is free runs each job. Discord is reached only through `deliver` and `channelState`,
// given at construction.

import type { Locale } from '../i18n/index.js';
import type { JobEngine, QueueCounts } from '../jobs/job-engine.js';
import { QueueOwner, queueWorker } from '../jobs/queue-owner.js';
import type { Logger } from '../log/log.js';
import type { Anime } from '../service/work-types.js';
import { ChannelFollows } from './channel-follows.js';
import type { ChannelAgeRestriction } from '../discord-api/channel-state.js';
import { Deliveries } from './deliveries.js';
import { EpisodeDiscussions, type TopicSearch } from './discussion.js';
import { DueClaims } from './due-claims.js';
import type { ReminderEnv } from './env.js';
import { Failures } from './failures.js';
import { FollowerIndex } from './follower-index.js';
import { Follows } from './follows.js';
import { IndexSync } from './index-sync.js';
import { DEFAULT_KNOBS, type ReminderKnobs } from './knobs.js';
import type { AtomicKv } from './kv.js';
import { takeOverLegacyQueue } from './legacy-queue.js';
import { ListSync, parseListSync } from './list-sync.js';
import { Pacer } from './pacer.js';
import { QUEUE, queueSpecs } from './queues.js';
import { parseQueued, type ChannelFollow, type QueuedReminder, type UserReminders } from './records.js';
import { Settings } from './settings.js';
import { parseTitlePoll, TitleRefresh } from './title-refresh.js';
import { Titles } from './titles.js';
import type { ChannelFollowView, DeliveryResult, FailedReminder, FollowedTitle, ReminderOutcome, ReminderSource } from './types.js';

export interface RemindersOptions {
  kv: AtomicKv;
  jobs: JobEngine;
  source: ReminderSource;
  /** Posts a due reminder (src/reminders/discord-delivery.ts over the Discord side). */
  deliver: (reminder: QueuedReminder, signal: AbortSignal) => Promise<DeliveryResult>;
  /** How a channel's age restriction is read from Discord before each channel post; none: each channel reminder is retried. */
  channelState?: ChannelAgeRestriction;
  now: () => number;
  log: Logger;
  knobs?: Partial<ReminderKnobs>;
  /** Counts what became of each reminder job run (metrics). */
  counted?: (outcome: ReminderOutcome) => void;
  /** The forum search and topic links for the episode-discussion button (none: no button). */
  discussions?: { search: TopicSearch; topicUrl: (topicId: number) => string };
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
  private readonly deliveries: Deliveries;
  private readonly failures: Failures;
  private readonly follows: Follows;
  private readonly channels: ChannelFollows;
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly queues: QueueOwner;

  constructor(private readonly o: RemindersOptions) {
    this.knobs = { ...DEFAULT_KNOBS, ...o.knobs };
    const env: ReminderEnv = {
      kv: o.kv,
      jobs: o.jobs,
      source: o.source,
      deliver: (reminder, signal) => o.deliver(reminder, signal),
      now: () => o.now(),
      log: o.log,
      knobs: this.knobs,
      counted: (outcome) => o.counted?.(outcome),
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
    this.failures = new Failures(o.kv, () => o.now());
    const discussions = o.discussions
      ? new EpisodeDiscussions(o.kv, o.discussions.search, o.discussions.topicUrl, (error) => o.log.warn('could not look up an episode discussion topic', { error }))
      : undefined;
    this.deliveries = new Deliveries(env, settings, this.channels, this.failures, o.channelState, discussions);
    this.queues = new QueueOwner(o.jobs, {
      specs: () => queueSpecs(this.knobs),
      workers: [
        queueWorker(QUEUE.deliveries, parseQueued, (item, run) => this.deliveries.run(item, run)),
        queueWorker(QUEUE.titlePolls, parseTitlePoll, (poll) => this.titleRefresh.poll(poll)),
        queueWorker(QUEUE.listSyncs, parseListSync, (sync) => this.listSync.sync(sync)),
      ],
      afterWork: () =>
        takeOverLegacyQueue(o.kv, o.jobs, this.knobs, o.log).catch((error: unknown) =>
          o.log.error('could not take over the reminders queued by an earlier version', { error }),
        ),
    });
  }

  // ------------------------------------------------------------------ lifecycle

  /** Defines the queues in the job engine (every process, also those that run no jobs). */
  define(): Promise<void> {
    return this.queues.define();
  }

  /** This process's workers on the queues (once), and the earlier versions' queue taken over. */
  private work(): Promise<void> {
    return this.queues.start();
  }

  /** Runs this process's share of the work: the jobs, and a pass every tick that queues due work. */
  async start(): Promise<void> {
    if (this.timer) return;
    await this.work();
    this.timer = setInterval(() => void this.pass().catch((error: unknown) => this.o.log.error('reminder pass failed', { error })), this.knobs.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /**
   * One pass, then the jobs it made run (at once on the in-process engine; on a networked one, as its
   * workers take them): tests and the sandbox call it after moving their clock.
   */
  async tick(): Promise<void> {
    await this.work();
    await this.pass();
    await this.o.jobs.runDue();
    // Polls and syncs that just ran may have made reminders due.
    await this.pass();
    await this.o.jobs.runDue();
  }

  /** One pass, without waiting for the jobs it queues; concurrent calls share the pass in progress. */
  pass(): Promise<void> {
    this.running ??= this.passOnce().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async passOnce(): Promise<void> {
    this.pacer.startSlice();
    const now = this.env.now();
    await this.indexSync.sync(now);
    await this.titleRefresh.refresh(now, [...this.index.followers().keys()]);
    await this.listSync.syncLists(now);
    await this.claims.enqueueDue(now, this.index.followers());
  }

  /** The delivery queue's counts, for metrics and /readyz. */
  deliveryCounts(): Promise<QueueCounts> {
    return this.o.jobs.counts(QUEUE.deliveries);
  }

  /** Reminders of a user that failed for good (kept a week). */
  failedFor(userId: string): Promise<FailedReminder[]> {
    return this.failures.ofUser(userId);
  }

  /** A server's channel reminders that failed for good (kept a week). */
  failedForGuild(guildId: string): Promise<FailedReminder[]> {
    return this.failures.ofGuild(guildId);
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

  /** Once after DMs were found closed, the language to tell the user in; undefined otherwise. Cheap for everyone else. */
  takePauseNotice(userId: string): Promise<Locale | undefined> {
    return this.follows.takePauseNotice(userId);
  }

  /** The user's Discord language as last seen, for their DMs (stored only for a user with reminder settings, when changed). */
  noteLocale(userId: string, locale: Locale): Promise<void> {
    return this.follows.noteLocale(userId, locale);
  }

  // ------------------------------------------------------------------ server channels

  /**
   * Follows a title in a server channel (the caller has checked the member may and the bot can post
   * there). Following it again in the same channel replaces the role and delay and lifts a pause.
   */
  addChannel(guildId: string, follow: Omit<ChannelFollow, 'titleId' | 'pausedAt' | 'pausedReason'>, anime: Anime, locale?: Locale): Promise<FollowedTitle> {
    return this.channels.add(guildId, follow, anime, locale);
  }

  /** The server's language (guild_locale) for its posts (stored only for a server with follows, when changed). */
  noteGuildLocale(guildId: string, locale: Locale): Promise<void> {
    return this.channels.noteLocale(guildId, locale);
  }

  /** Stops a title's posts in a channel. Returns whether it was followed there. */
  removeChannel(guildId: string, channelId: string, titleId: number): Promise<boolean> {
    return this.channels.remove(guildId, channelId, titleId);
  }

  listChannels(guildId: string): Promise<ChannelFollowView[]> {
    return this.channels.list(guildId);
  }
}
