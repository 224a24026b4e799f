// The activity feed: changes found on joined members' lists become posts in the feed channels of
// the servers they joined. Several changes by one member within the batch window become one post:
// the pending batch lives in the shared store (`feed:pending:<user>`) and one delayed job per batch
// (its id the batch's, so every process that adds to it schedules the same job once) posts it when
// the window ends. When the job runs, membership is read from the store: a member who left a server
// is not posted there, one who left everywhere or was forgotten has the batch dropped. Nothing is
// lost quietly: a batch stays in the store until it is posted or dropped, the sweep (feed-batches.ts)
// queues one whose job is missing, and every drop is counted with its reason.
// Whether a channel is age-restricted is read from Discord before each post (cached minutes), never
// taken from when the channel was set up.
// Each post goes out once across processes: the job engine runs a job once at a time, a renewed send
// lease keeps a second worker from posting meanwhile, a sent marker keeps later runs from posting
// again, and the post's nonce (with enforce_nonce, in the transport) covers a process dying between
// Discord taking the post and the marker being written. A channel that refuses a post is paused.

import { boundedSend } from '../util/bounded-send.js';
import { createHash, randomBytes } from 'node:crypto';
import type { ChannelAgeRestriction } from '../discord-api/channel-state.js';
import type { JobEngine, JobRun, QueueSpec } from '../jobs/job-engine.js';
import { QueueOwner, queueWorker } from '../jobs/queue-owner.js';
import type { Logger } from '../log/log.js';
import { takeSendLease } from '../reminders/send-lease.js';
import { modify } from '../store/compare-and-set.js';
import { BATCH_KEEP_MS, DAY, FEED_KEY, FEED_QUEUE, parseBatch, sweepBatches, SWEEP_PERIOD_MS, type FeedBatch, type FeedDropReason, type SweepResult } from './feed-batches.js';
import { classifyChanges, mergeItems, type FeedItem } from './feed-changes.js';
import { FeedChannels, type FeedChannel, type FeedKv } from './feed-channels.js';
import type { MirrorChange, SocialService } from '../community/types.js';
import type { Locale } from '../i18n/index.js';

export { FEED_KEY, FEED_QUEUE, type FeedBatch, type FeedDropReason } from './feed-batches.js';

const MINUTE = 60_000;
/** At most this many titles are kept in one member's batch (the post shows the first ones). */
export const MAX_BATCH_ITEMS = 25;

/** What the feed reads of the community: the servers a member joined, and every change found on a joined member's list. */
export type FeedCommunity = Pick<SocialService, 'onChanges'> & {
  /** The servers whose community this user joined (one read of their member record). */
  guildsOf(discordUserId: string): Promise<string[]>;
};

/** One post to send: a batch in one channel. */
export interface FeedPost {
  /** Unique per batch and channel: the post's nonce comes from it. */
  postId: string;
  guildId: string;
  /** The channel, its `ageRestricted` as Discord says now (read before the post). */
  channel: FeedChannel;
  /** The server's language (noted by /feed channel commands); none: English. */
  locale?: Locale;
  discordUserId: string;
  serviceUser: string;
  items: FeedItem[];
}

/** `refused`: Discord will not take posts there (403/404, missing permissions): the channel pauses. */
export type FeedPostResult = { ok: true } | { ok: false; reason: 'refused' | 'retry'; detail: string };

export type FeedDeliver = (post: FeedPost, signal: AbortSignal) => Promise<FeedPostResult>;

/** Tells the server's managers, in the server's language (`locale`), that a feed channel was paused and how to fix it (once per pause). */
export type FeedPauseNotice = (guildId: string, channel: FeedChannel, reason: string, locale?: Locale) => Promise<void>;

export type FeedOutcome = 'posted' | 'duplicate' | 'dropped' | 'paused' | 'retried' | 'failed';

export interface FeedOptions {
  kv: FeedKv;
  jobs: JobEngine;
  /** Set later by a process with a Discord client (until then posts are retried). */
  deliver?: FeedDeliver;
  now: () => number;
  log: Logger;
  /** FEED_BATCH_SECONDS in ms. */
  batchMs: number;
  /** How long a worker owns a feed job (and the send lease's base). */
  leaseMs?: number;
  /** Every outcome of a batch run or a channel post; `dropped` comes with its reason. */
  counted?: (outcome: FeedOutcome, reason?: FeedDropReason) => void;
}

export function feedPostNonceKey(postId: string): string {
  return createHash('sha256').update(`feed:${postId}`).digest('base64url').slice(0, 25);
}

interface FeedJob {
  userId: string;
  batchId: string;
}

export function parseFeedJob(data: unknown): FeedJob | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  return typeof d.userId === 'string' && typeof d.batchId === 'string' ? { userId: d.userId, batchId: d.batchId } : undefined;
}

export class Feed {
  readonly channels: FeedChannels;
  private deliverVia: FeedDeliver | undefined;
  private ageRestricted: ChannelAgeRestriction | undefined;
  private community: FeedCommunity | undefined;
  private pauseNotice: FeedPauseNotice | undefined;
  private readonly queue: QueueOwner;

  constructor(private readonly o: FeedOptions) {
    this.channels = new FeedChannels(o.kv, o.now);
    this.deliverVia = o.deliver;
    this.queue = new QueueOwner(o.jobs, {
      specs: () => [this.spec],
      workers: [queueWorker(FEED_QUEUE, parseFeedJob, (job, run) => this.run(job, run))],
      afterWork: () =>
        o.jobs.every('social-feed-sweep', SWEEP_PERIOD_MS, async () => {
          await this.sweep();
        }),
    });
  }

  private get leaseMs(): number {
    return this.o.leaseMs ?? 2 * MINUTE;
  }

  get spec(): QueueSpec {
    // A done job is kept only briefly: its id never comes again (each batch has a new one), and its data names the member.
    return { name: FEED_QUEUE, attempts: 5, retryBaseMs: 30_000, leaseMs: this.leaseMs, concurrency: 2, keepDoneMs: 60 * MINUTE, keepFailedMs: DAY };
  }

  /** How posts reach Discord; set by a process with a Discord client. */
  setDeliver(deliver: FeedDeliver): void {
    this.deliverVia = deliver;
  }

  /** How a channel's age restriction is read from Discord before each post; set by a process with a Discord client. */
  setChannelState(read: ChannelAgeRestriction): void {
    this.ageRestricted = read;
  }

  /** How a pause is told to the server's managers; set by a process with a Discord client. */
  setPauseNotice(notice: FeedPauseNotice): void {
    this.pauseNotice = notice;
  }

  /** Defines the queue (every process). */
  define(): Promise<void> {
    return this.queue.define();
  }

  /** This process's workers on the feed queue, and the deployment's sweep of batches (once). */
  start(): Promise<void> {
    return this.queue.start();
  }

  /** Reads membership from the community and listens to every change it finds on a joined member's list (once per process). */
  attach(social: FeedCommunity): void {
    if (this.community) throw new Error('the feed is attached to a community already');
    this.community = social;
    social.onChanges((userId, serviceUser, changes) => this.record(userId, serviceUser, changes));
  }

  /** Queues again every batch whose job is missing, and drops (counted) those too old to post. */
  sweep(): Promise<SweepResult> {
    const { kv, jobs, now, log, batchMs } = this.o;
    return sweepBatches({ kv, jobs, now, log, batchMs, dropped: (reason) => this.counted('dropped', reason) });
  }

  /** Adds the changes worth posting to the member's batch, and schedules the batch's post (once, whichever process adds). */
  async record(userId: string, serviceUser: string, changes: readonly MirrorChange[]): Promise<void> {
    const items = classifyChanges(changes);
    if (items.length === 0) return;
    let batch: FeedBatch;
    try {
      batch = await this.store(userId, serviceUser, items);
    } catch (error) {
      this.counted('dropped', 'unrecorded');
      throw error;
    }
    // Every adder enqueues the same id: if the process that opened the batch died before scheduling it,
    // the next one does, and the sweep does when no change follows. A failure here loses nothing.
    const delayMs = Math.max(0, batch.startedAt + this.o.batchMs - this.o.now());
    await this.o.jobs.enqueue(FEED_QUEUE, batch.batchId, { userId, batchId: batch.batchId }, { delayMs }).catch((error: unknown) => {
      this.o.log.warn('could not queue a feed batch; the sweep queues it', { batchId: batch.batchId, error });
    });
  }

  /** Adds the items to the member's open batch (opening one), in the store until its job takes it or the sweep drops it. */
  private async store(userId: string, serviceUser: string, items: FeedItem[]): Promise<FeedBatch> {
    return modify(
      this.o.kv,
      FEED_KEY.pending(userId),
      (raw) => {
        const prev = parseBatch(raw);
        const batch: FeedBatch = prev
          ? { ...prev, serviceUser, items: mergeItems(prev.items, items).slice(0, MAX_BATCH_ITEMS) }
          : { batchId: randomBytes(12).toString('base64url'), userId, serviceUser, startedAt: this.o.now(), items: items.slice(0, MAX_BATCH_ITEMS) };
        return { value: JSON.stringify(batch), result: batch, rewrite: true };
      },
      BATCH_KEEP_MS,
    );
  }

  /** "Forget me": the member's waiting batch and its job go. Returns how many records went. */
  async forgetUser(userId: string): Promise<number> {
    const pending = parseBatch(await this.o.kv.take(FEED_KEY.pending(userId)));
    if (!pending) return 0;
    await this.o.jobs.remove(FEED_QUEUE, [pending.batchId]);
    return 1;
  }

  /** One batch's job: the batch taken out of the pending slot (or found from an earlier attempt), posted where the member joined. */
  async run(job: FeedJob, run: JobRun): Promise<void> {
    const community = this.community;
    if (!community) throw new Error('the feed is not attached to the community in this process');
    const batch = await this.takeBatch(job);
    if (!batch) return this.counted('duplicate');
    // Only the member's own servers: one read of their record, then each of those servers' feed record.
    const guilds = await community.guildsOf(batch.userId);
    const targets: Array<{ guildId: string; channel: FeedChannel; locale: Locale | undefined }> = [];
    for (const guildId of guilds) {
      const server = await this.channels.server(guildId);
      for (const channel of server.channels) if (channel.pausedAt === undefined) targets.push({ guildId, channel, locale: server.locale });
    }
    if (targets.length === 0) {
      await this.o.kv.delete(FEED_KEY.batch(batch.batchId));
      const reason: FeedDropReason = guilds.length === 0 ? 'not-member' : 'no-channel';
      this.o.log.debug('a feed batch was dropped', { batchId: batch.batchId, reason });
      return this.counted('dropped', reason);
    }
    let retry: string | undefined;
    for (const target of targets) {
      const failed = await this.postOnce(batch, target, run);
      if (failed !== undefined) retry ??= failed;
    }
    if (retry === undefined || run.final) {
      if (retry !== undefined) {
        this.o.log.error('a feed post could not be delivered and was given up', { batchId: batch.batchId, detail: retry });
        this.counted('failed');
      }
      await this.o.kv.delete(FEED_KEY.batch(batch.batchId));
      return;
    }
    throw new Error(retry);
  }

  /** The batch of this job: moved from the member's pending slot to its own record (new changes then open a new batch). */
  private async takeBatch(job: FeedJob): Promise<FeedBatch | undefined> {
    const taken = await modify<FeedBatch | undefined>(this.o.kv, FEED_KEY.pending(job.userId), async (raw) => {
      const pending = parseBatch(raw);
      if (raw === undefined || pending?.batchId !== job.batchId) return { keep: true, result: undefined };
      await this.o.kv.set(FEED_KEY.batch(job.batchId), raw, BATCH_KEEP_MS);
      return { value: undefined, result: pending };
    });
    return taken ?? parseBatch(await this.o.kv.get(FEED_KEY.batch(job.batchId)));
  }

  /** Posts the batch in one channel unless it was posted there already. Returns why to retry, or undefined. */
  private async postOnce(batch: FeedBatch, target: { guildId: string; channel: FeedChannel; locale: Locale | undefined }, run: JobRun): Promise<string | undefined> {
    const { kv, log } = this.o;
    const { guildId, channel, locale } = target;
    const postId = `${batch.batchId}:${channel.channelId}`;
    const sentKey = FEED_KEY.sent(batch.batchId, channel.channelId);
    if ((await kv.get(sentKey)) !== undefined) {
      this.counted('duplicate');
      return undefined;
    }
    const lease = await takeSendLease(kv, FEED_KEY.sending(batch.batchId, channel.channelId), Math.max(5000, Math.min(30_000, Math.floor(this.leaseMs / 4))));
    if (!lease) {
      this.counted('duplicate');
      return run.final ? undefined : 'another process is posting this feed batch';
    }
    try {
      if ((await kv.get(sentKey)) !== undefined) {
        this.counted('duplicate');
        return undefined;
      }
      const ageRestricted = await this.ageRestrictedNow(guildId, channel.channelId);
      if (typeof ageRestricted === 'string') {
        this.counted('retried');
        log.warn('could not read a feed channel from Discord; the job engine retries the post', { guildId, channelId: channel.channelId, detail: ageRestricted });
        return ageRestricted;
      }
      const result = await this.attempt({
        postId,
        guildId,
        channel: { ...channel, ageRestricted },
        ...(locale !== undefined ? { locale } : {}),
        discordUserId: batch.userId,
        serviceUser: batch.serviceUser,
        items: batch.items,
      });
      if (result.ok) {
        await kv.set(sentKey, 'posted', DAY);
        this.counted('posted');
        return undefined;
      }
      if (result.reason === 'refused') {
        // Only the process whose write paused it tells the managers: once per pause.
        if (await this.channels.pause(guildId, channel.channelId, result.detail)) {
          log.warn('a feed channel refused a post: its feed is paused until a manager adds it again', { guildId, channelId: channel.channelId, reason: result.detail });
          await this.pauseNotice?.(guildId, channel, result.detail, locale).catch((error: unknown) => log.warn('could not tell the server owner that a feed channel was paused', { guildId, error }));
        }
        this.counted('paused');
        return undefined;
      }
      this.counted('retried');
      // The job engine reports (logs and counts) the batch's failure once, with this reason.
      return `channel ${channel.channelId} of server ${guildId}: ${result.detail}`;
    } finally {
      await lease.release();
    }
  }

  /**
   * Whether the channel is age-restricted now (a channel Discord does not show the bot counts as not:
   * the post will be refused there); a string says why it could not be read (the post is retried).
   */
  private async ageRestrictedNow(guildId: string, channelId: string): Promise<boolean | string> {
    const read = this.ageRestricted;
    if (!read) return 'no Discord client in this process';
    const answer = await boundedSend(this.leaseMs / 4, async (signal) => ({ ok: true as const, state: await read(guildId, channelId, signal) }));
    return answer.ok ? answer.state === true : answer.detail;
  }

  /** One send, ended by half the job's lease whatever Discord does. */
  private async attempt(post: FeedPost): Promise<FeedPostResult> {
    const deliver = this.deliverVia;
    if (!deliver) return { ok: false, reason: 'retry', detail: 'no Discord client in this process' };
    return boundedSend(this.leaseMs / 2, (signal) => deliver(post, signal));
  }

  private counted(outcome: FeedOutcome, reason?: FeedDropReason): void {
    this.o.counted?.(outcome, reason);
  }
}
