// A server's weekly recap: once a week, at the local time its managers chose, the bot posts in the
// channel a card and a short text of the server's week (src/server-recaps/week.ts: read from the store
// only, zero service requests).
//
// Exactly once per week and channel, across processes and restarts: every process plans the same job
// ids (`<guild>:<channel>:<week>`, the week named by the slot's local date), so the job engine holds one
// job per week and channel whoever enqueues it; a renewed send lease keeps a second worker from posting
// meanwhile; a sent mark (`srecap:sent:…`, set once the post went out) keeps a later run from posting
// again; and the post's nonce (with enforce_nonce) covers a process dying between Discord taking the
// post and the mark being written. The plan runs every few minutes for the deployment (one runner): it
// enqueues the next week's job (delayed to its slot) and, after downtime, the job of a slot passed less
// than 6 hours ago; an older missed slot is noted as skipped. A quiet week (nothing to say) is skipped
// and noted; a channel that refuses the post pauses until a manager adds it again.

import { createHash } from 'node:crypto';
import type { ChannelAgeRestriction } from '../discord-api/channel-state.js';
import type { Locale } from '../i18n/index.js';
import type { JobEngine, JobRun, QueueSpec } from '../jobs/job-engine.js';
import { QueueOwner, queueWorker } from '../jobs/queue-owner.js';
import type { Logger } from '../log/log.js';
import { takeSendLease } from '../reminders/send-lease.js';
import { RecapChannels, type RecapChannel, type RecapKv, type SkipReason } from './channels.js';
import { postableAt, slotAfter, slotAtOrBefore, type RecapSlot } from './schedule.js';
import { quietWeek, type ServerWeek, type WeekSource } from './week.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const RECAP_QUEUE = 'server-recaps';
/** How often the deployment plans the recaps' jobs (one runner). */
export const PLAN_PERIOD_MS = 10 * MINUTE;
export const RECAP_KEY = {
  sent: (guildId: string, channelId: string, week: string) => `srecap:sent:${guildId}:${channelId}:${week}`,
  sending: (guildId: string, channelId: string, week: string) => `srecap:sending:${guildId}:${channelId}:${week}`,
};
/** A sent mark outlives the week it names and the slot's 6 hours of lateness. */
const SENT_KEEP_MS = 15 * DAY;

/** One recap to post: the week in one channel. */
export interface RecapPost {
  guildId: string;
  channel: RecapChannel;
  /** The server's language (none: English). */
  locale?: Locale;
  /** The channel is age-restricted now (as Discord says, read before the post). */
  ageRestricted: boolean;
  slot: RecapSlot;
  week: ServerWeek;
  /** Unique per week and channel: a resend within Discord's window returns the first message. */
  nonce: string;
}

/** `refused`: Discord will not take posts there (403/404, missing permissions): the channel pauses. */
export type RecapPostResult = { ok: true } | { ok: false; reason: 'refused' | 'retry'; detail: string };
export type RecapDeliver = (post: RecapPost, signal?: AbortSignal) => Promise<RecapPostResult>;

/** What a process with Discord hands the recaps when it starts their workers. */
export interface RecapDiscord {
  deliver: RecapDeliver;
  ageRestricted: ChannelAgeRestriction;
  /** Tells the server's owner that the recap paused in a channel (best effort: a failure is logged). */
  pauseNotice?: (guildId: string, channelId: string, reason: string, locale: Locale | undefined) => Promise<void>;
}

export type RecapOutcome = 'posted' | 'duplicate' | 'quiet' | 'late' | 'paused' | 'stale' | 'retried';

export interface ServerRecapsOptions {
  kv: RecapKv;
  jobs: JobEngine;
  source: WeekSource;
  now: () => number;
  log: Logger;
  leaseMs?: number;
  counted?: (outcome: RecapOutcome) => void;
  /** How posts reach Discord (the process's Discord side, given at construction by the composition root). */
  discord?: RecapDiscord;
}

interface RecapJob {
  guildId: string;
  channelId: string;
  week: string;
}

export function parseRecapJob(data: unknown): RecapJob | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  return typeof d.guildId === 'string' && typeof d.channelId === 'string' && typeof d.week === 'string' ? { guildId: d.guildId, channelId: d.channelId, week: d.week } : undefined;
}

export function recapNonce(guildId: string, channelId: string, week: string): string {
  return createHash('sha256').update(`srecap:${guildId}:${channelId}:${week}`).digest('base64url').slice(0, 25);
}

export class ServerRecaps {
  readonly channels: RecapChannels;
  private readonly queue: QueueOwner;
  private discord: RecapDiscord | undefined;

  constructor(private readonly o: ServerRecapsOptions) {
    this.channels = new RecapChannels(o.kv, o.now);
    this.discord = o.discord;
    this.queue = new QueueOwner(o.jobs, {
      specs: () => [this.spec],
      workers: [queueWorker(RECAP_QUEUE, parseRecapJob, (job, run) => this.run(job, run))],
      // Once at start (a restart catches up on a slot it missed within minutes), then every period.
      afterWork: async () => {
        await this.plan().catch((error: unknown) => o.log.warn('could not plan the weekly recaps; the next period does', { error }));
        await o.jobs.every('server-recaps-plan', PLAN_PERIOD_MS, () => this.plan());
      },
    });
  }

  get spec(): QueueSpec {
    // A done job is kept past its week: enqueueing its id again (the plan) adds nothing.
    return { name: RECAP_QUEUE, attempts: 6, retryBaseMs: 60_000, leaseMs: this.o.leaseMs ?? 2 * MINUTE, concurrency: 1, keepDoneMs: 8 * DAY, keepFailedMs: 8 * DAY };
  }

  define(): Promise<void> {
    return this.queue.define();
  }

  /** This process's workers, posting through the Discord side it was built with (or `discord`), and the deployment's plan (once). */
  start(discord?: RecapDiscord): Promise<void> {
    this.discord ??= discord;
    return this.queue.start();
  }

  /** Plans every server's channels (the periodic job; also after a channel is added). */
  async plan(): Promise<void> {
    for (const guildId of await this.channels.guilds()) {
      const server = await this.channels.server(guildId);
      for (const channel of server.channels) await this.planChannel(guildId, channel);
    }
  }

  /** The next week's job (delayed to its slot) and, within 6 hours of a slot just passed, that week's. */
  async planChannel(guildId: string, channel: RecapChannel): Promise<void> {
    const now = this.o.now();
    const next = slotAfter(channel, now);
    await this.enqueue(guildId, channel.channelId, next, next.atMs - now);
    const last = slotAtOrBefore(channel, now);
    if (last.atMs < channel.addedAt || this.settled(channel, last.week)) return;
    if (postableAt(last, now)) await this.enqueue(guildId, channel.channelId, last, 0);
    else await this.skip(guildId, channel.channelId, last.week, 'late');
  }

  private settled(channel: RecapChannel, week: string): boolean {
    return (channel.lastPosted !== undefined && channel.lastPosted.week >= week) || (channel.lastSkipped !== undefined && channel.lastSkipped.week >= week);
  }

  private async enqueue(guildId: string, channelId: string, slot: RecapSlot, delayMs: number): Promise<void> {
    await this.o.jobs.enqueue(RECAP_QUEUE, `${guildId}:${channelId}:${slot.week}`, { guildId, channelId, week: slot.week }, { delayMs: Math.max(0, delayMs) });
  }

  private async skip(guildId: string, channelId: string, week: string, reason: SkipReason): Promise<undefined> {
    if (await this.channels.skipped(guildId, channelId, week, reason)) this.o.log.info('a weekly recap was skipped', { guildId, channelId, week, reason });
    return this.counted(reason);
  }

  /** One week's job in one channel. */
  async run(job: RecapJob, run: JobRun): Promise<void> {
    const found = await this.channels.channel(job.guildId, job.channelId);
    if (!found) return this.counted('stale');
    const { channel, locale } = found;
    const now = this.o.now();
    const slot = slotAtOrBefore(channel, now);
    // The schedule changed since the job was planned, or it ran before its slot: the plan has the right one.
    if (slot.week !== job.week) return this.counted('stale');
    if (channel.pausedAt !== undefined) return this.skip(job.guildId, job.channelId, slot.week, 'paused');
    if (!postableAt(slot, now)) return this.skip(job.guildId, job.channelId, slot.week, 'late');
    const failed = await this.postOnce({ guildId: job.guildId, channel, locale, slot }, run);
    if (failed !== undefined && !run.final) {
      this.counted('retried');
      throw new Error(failed);
    }
    if (failed !== undefined) this.o.log.error('a weekly recap could not be posted and was given up', { guildId: job.guildId, channelId: job.channelId, detail: failed });
  }

  private async postOnce(target: { guildId: string; channel: RecapChannel; locale: Locale | undefined; slot: RecapSlot }, run: JobRun): Promise<string | undefined> {
    const { kv } = this.o;
    const { guildId, channel, slot } = target;
    const sentKey = RECAP_KEY.sent(guildId, channel.channelId, slot.week);
    if ((await kv.get(sentKey)) !== undefined) return this.counted('duplicate');
    const lease = await takeSendLease(kv, RECAP_KEY.sending(guildId, channel.channelId, slot.week), 60_000);
    if (!lease) {
      this.counted('duplicate');
      return run.final ? undefined : 'another process is posting this weekly recap';
    }
    try {
      if ((await kv.get(sentKey)) !== undefined) return this.counted('duplicate');
      return await this.post(target, sentKey);
    } finally {
      await lease.release();
    }
  }

  private async post(target: { guildId: string; channel: RecapChannel; locale: Locale | undefined; slot: RecapSlot }, sentKey: string): Promise<string | undefined> {
    const { guildId, channel, locale, slot } = target;
    const discord = this.discord;
    if (!discord) return 'no Discord side in this process';
    const week = await this.o.source.week(guildId, channel.kind, slot.fromMs, slot.atMs);
    if (quietWeek(week)) return this.skip(guildId, channel.channelId, slot.week, 'quiet');
    const ageRestricted = await discord.ageRestricted(guildId, channel.channelId);
    const result = await discord.deliver({
      guildId,
      channel,
      ...(locale !== undefined ? { locale } : {}),
      ageRestricted: ageRestricted === true,
      slot,
      week,
      nonce: recapNonce(guildId, channel.channelId, slot.week),
    });
    if (result.ok) {
      await this.o.kv.set(sentKey, String(this.o.now()), SENT_KEEP_MS);
      await this.channels.posted(guildId, channel.channelId, slot.week);
      await this.o.source.noteMembers?.(guildId, this.o.now()).catch((error: unknown) => this.o.log.warn('could not keep the members for the next recap', { guildId, error }));
      this.counted('posted');
      return undefined;
    }
    if (result.reason === 'refused') {
      if (await this.channels.pause(guildId, channel.channelId, result.detail)) {
        this.o.log.warn('a recap channel refused the post: its recap is paused until a manager adds it again', { guildId, channelId: channel.channelId, reason: result.detail });
        await discord
          .pauseNotice?.(guildId, channel.channelId, result.detail, locale)
          .catch((error: unknown) => this.o.log.warn('could not tell the server owner that a recap channel was paused', { guildId, error }));
      }
      return this.skip(guildId, channel.channelId, slot.week, 'paused');
    }
    return `channel ${channel.channelId} of server ${guildId}: ${result.detail}`;
  }

  /** A preview of the week up to now (`/recap now`): the same read, nothing posted or marked. */
  preview(guildId: string, kind: RecapChannel['kind']): Promise<ServerWeek> {
    const now = this.o.now();
    return this.o.source.week(guildId, kind, now - 7 * DAY, now);
  }

  /** "Forget me": what the recaps keep of this member (their id in the servers' member snapshots). */
  async forgetUser(discordUserId: string): Promise<number> {
    return (await this.o.source.forgetUser?.(discordUserId)) ?? 0;
  }

  /** A channel was added: the members now, so its first recap knows who joined since. */
  async noteMembers(guildId: string): Promise<void> {
    await this.o.source.noteMembers?.(guildId, this.o.now());
  }

  /** The next slot of a channel (for the list). */
  nextSlot(channel: RecapChannel): RecapSlot {
    return slotAfter(channel, this.o.now());
  }

  private counted(outcome: RecapOutcome): undefined {
    this.o.counted?.(outcome);
    return undefined;
  }
}
