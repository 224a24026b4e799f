// The activity feed: changes found on joined members' lists become posts in the feed channels of
// the servers they joined. Several changes by one member within the batch window become one post:
// the pending batch lives in the shared store (`feed:pending:<user>`) and one delayed job per batch
// (its id the batch's, so every process that adds to it schedules the same job once) posts it when
// the window ends. When the job runs, membership is read from the store: a member who left a server
// is not posted there, one who left everywhere or was forgotten has the batch dropped.
// Each post goes out once across processes: the job engine runs a job once at a time, a renewed send
// lease keeps a second worker from posting meanwhile, a sent marker keeps later runs from posting
// again, and the post's nonce (with enforce_nonce, in the transport) covers a process dying between
// Discord taking the post and the marker being written. A channel that refuses a post is paused.

import { boundedSend } from '../util/bounded-send.js';
import { createHash, randomBytes } from 'node:crypto';
import type { JobEngine, JobRun, QueueSpec } from '../jobs/job-engine.js';
import type { Logger } from '../log/log.js';
import { takeSendLease } from '../reminders/send-lease.js';
import { classifyChanges, mergeItems, parseFeedItem, type FeedItem } from './feed-changes.js';
import { FeedChannels, type FeedChannel, type FeedKv } from './feed-channels.js';
import type { MirrorChange, SocialReader, SocialService } from './types.js';
import type { Locale } from '../i18n/index.js';

export const FEED_QUEUE = 'social-feed-posts';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** At most this many titles are kept in one member's batch (the post shows the first ones). */
export const MAX_BATCH_ITEMS = 25;

export const FEED_KEY = {
  pending: (userId: string) => `feed:pending:${userId}`,
  batch: (batchId: string) => `feed:batch:${batchId}`,
  sent: (batchId: string, channelId: string) => `feed:sent:${batchId}:${channelId}`,
  sending: (batchId: string, channelId: string) => `feed:sending:${batchId}:${channelId}`,
};

/** One member's changes waiting for their window to end. */
export interface FeedBatch {
  batchId: string;
  userId: string;
  serviceUser: string;
  startedAt: number;
  items: FeedItem[];
}

/** One post to send: a batch in one channel. */
export interface FeedPost {
  /** Unique per batch and channel: the post's nonce comes from it. */
  postId: string;
  guildId: string;
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
  counted?: (outcome: FeedOutcome) => void;
}

export function feedPostNonceKey(postId: string): string {
  return createHash('sha256').update(`feed:${postId}`).digest('base64url').slice(0, 25);
}

function parseBatch(raw: string | undefined): FeedBatch | undefined {
  if (raw === undefined) return undefined;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    if (typeof v.batchId !== 'string' || typeof v.userId !== 'string' || typeof v.serviceUser !== 'string' || typeof v.startedAt !== 'number' || !Array.isArray(v.items)) return undefined;
    const items = v.items.map(parseFeedItem).filter((i): i is FeedItem => i !== undefined);
    return { batchId: v.batchId, userId: v.userId, serviceUser: v.serviceUser, startedAt: v.startedAt, items };
  } catch {
    return undefined;
  }
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
  private reader: SocialReader | undefined;
  private pauseNotice: FeedPauseNotice | undefined;
  private defined: Promise<void> | undefined;
  private working: Promise<void> | undefined;

  constructor(private readonly o: FeedOptions) {
    this.channels = new FeedChannels(o.kv, o.now);
    this.deliverVia = o.deliver;
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

  /** How a pause is told to the server's managers; set by a process with a Discord client. */
  setPauseNotice(notice: FeedPauseNotice): void {
    this.pauseNotice = notice;
  }

  /** Defines the queue (every process). */
  define(): Promise<void> {
    this.defined ??= this.o.jobs.define(this.spec);
    return this.defined;
  }

  /** This process's workers on the feed queue (once). */
  start(): Promise<void> {
    this.working ??= (async () => {
      await this.define();
      await this.o.jobs.work(FEED_QUEUE, parseFeedJob, (job, run) => this.run(job, run));
    })();
    return this.working;
  }

  /** Reads membership from the community and listens to every change it finds on a joined member's list (once per process). */
  attach(social: SocialReader & Pick<SocialService, 'onChanges'>): void {
    if (this.reader) throw new Error('the feed is attached to a community already');
    this.reader = social;
    social.onChanges((userId, serviceUser, changes) => this.record(userId, serviceUser, changes));
  }

  /** Adds the changes worth posting to the member's batch, and schedules the batch's post (once, whichever process adds). */
  async record(userId: string, serviceUser: string, changes: readonly MirrorChange[]): Promise<void> {
    const items = classifyChanges(changes);
    if (items.length === 0) return;
    const key = FEED_KEY.pending(userId);
    const ttl = this.o.batchMs + this.spec.attempts * this.leaseMs + 10 * MINUTE;
    for (let attempt = 0; attempt < 8; attempt++) {
      const raw = await this.o.kv.get(key);
      const prev = parseBatch(raw);
      const now = this.o.now();
      const batch: FeedBatch = prev
        ? { ...prev, serviceUser, items: mergeItems(prev.items, items).slice(0, MAX_BATCH_ITEMS) }
        : { batchId: randomBytes(12).toString('base64url'), userId, serviceUser, startedAt: now, items: items.slice(0, MAX_BATCH_ITEMS) };
      const value = JSON.stringify(batch);
      const stored = raw === undefined ? await this.o.kv.setIfAbsent(key, value, ttl) : await this.o.kv.compareAndSet(key, raw, value, ttl);
      if (!stored) continue;
      // Every adder enqueues the same id: if the process that opened the batch died before scheduling it, the next one does.
      await this.o.jobs.enqueue(FEED_QUEUE, batch.batchId, { userId, batchId: batch.batchId }, { delayMs: Math.max(0, batch.startedAt + this.o.batchMs - now) });
      return;
    }
    throw new Error('a member\'s feed batch changed concurrently too often');
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
    const reader = this.reader;
    if (!reader) throw new Error('the feed is not attached to the community in this process');
    const batch = await this.takeBatch(job);
    if (!batch) return this.counted('duplicate');
    const targets: Array<{ guildId: string; channel: FeedChannel; locale: Locale | undefined }> = [];
    for (const guildId of await this.channels.guilds()) {
      if (!(await reader.isMember(guildId, batch.userId))) continue;
      const server = await this.channels.server(guildId);
      for (const channel of server.channels) if (channel.pausedAt === undefined) targets.push({ guildId, channel, locale: server.locale });
    }
    if (targets.length === 0) {
      await this.o.kv.delete(FEED_KEY.batch(batch.batchId));
      return this.counted('dropped');
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
    const key = FEED_KEY.pending(job.userId);
    for (let attempt = 0; attempt < 8; attempt++) {
      const raw = await this.o.kv.get(key);
      const pending = parseBatch(raw);
      if (raw === undefined || pending?.batchId !== job.batchId) return parseBatch(await this.o.kv.get(FEED_KEY.batch(job.batchId)));
      await this.o.kv.set(FEED_KEY.batch(job.batchId), raw, DAY);
      if (await this.o.kv.compareAndDelete(key, raw)) return pending;
    }
    throw new Error('a member\'s feed batch changed concurrently too often');
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
      const result = await this.attempt({
        postId,
        guildId,
        channel,
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
      log.warn('a feed post failed; the job engine retries it', { guildId, channelId: channel.channelId, attempt: run.attempt, detail: result.detail });
      return result.detail;
    } finally {
      await lease.release();
    }
  }

  /** One send, ended by half the job's lease whatever Discord does. */
  private async attempt(post: FeedPost): Promise<FeedPostResult> {
    const deliver = this.deliverVia;
    if (!deliver) return { ok: false, reason: 'retry', detail: 'no Discord client in this process' };
    return boundedSend(this.leaseMs / 2, (signal) => deliver(post, signal));
  }

  private counted(outcome: FeedOutcome): void {
    this.o.counted?.(outcome);
  }
}
