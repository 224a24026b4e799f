// Running one reminder job: checked against the store when it runs (a removed title, paused
// reminders or a forgotten user send nothing, whichever process queued it), sent by one process at a
// time under a renewed lease, marked sent, and on failure paused at its destination (closed DMs, a
// channel that refuses posts), retried by the job engine, or failed for good and kept for its owner.
// A channel's age restriction is read from Discord before each post (cached minutes), never taken
// from when the follow was set up: a not-safe-for-work title is not posted in a channel that is no
// longer age-restricted.

import { boundedSend } from '../util/bounded-send.js';
import type { ChannelAgeRestriction } from '../discord-api/channel-state.js';
import { DEFAULT_LOCALE, type Locale } from '../i18n/index.js';
import { UnrecoverableJobError, type JobRun } from '../jobs/job-engine.js';
import type { ChannelFollows } from './channel-follows.js';
import type { ReminderEnv } from './env.js';
import type { EpisodeDiscussions } from './discussion.js';
import type { Failures } from './failures.js';
import { sentTtlMs } from './knobs.js';
import { followedTitles, KEY, parseGuild, parseUser, type QueuedReminder } from './records.js';
import { takeSendLease } from './send-lease.js';
import type { Settings } from './settings.js';
import type { DeliveryResult } from './types.js';

/** A sent marker from an earlier version's queue: the reminder was taken over and still has to go out. */
export const TAKEN_OVER = 'taken-over';
/** The marker of a reminder not posted because its channel is not age-restricted (any more) and its title is not safe for work. */
export const WITHHELD = 'withheld';

function notSafeForWork(level: string | undefined): boolean {
  return level !== undefined && level !== 'white';
}

export class Deliveries {
  constructor(
    private readonly env: ReminderEnv,
    private readonly settings: Settings,
    private readonly channels: Pick<ChannelFollows, 'pause'>,
    private readonly failures: Failures,
    /** How a channel's age restriction is read now; none: a channel reminder is retried. */
    private readonly channelState: ChannelAgeRestriction | undefined,
    private readonly discussions?: EpisodeDiscussions,
  ) {}

  /** The send lease lives a fraction of the job's lease and is renewed, so a dead holder frees it soon. */
  private get sendLeaseMs(): number {
    return Math.max(5000, Math.min(30_000, Math.floor(this.env.knobs.leaseMs / 4)));
  }

  async run(item: QueuedReminder, run: JobRun): Promise<void> {
    const { kv, counted } = this.env;
    if (await this.handled(item.id)) return counted('duplicate');
    const locale = await this.wantedIn(item);
    if (locale === undefined) return counted('dropped');
    const lease = await takeSendLease(kv, KEY.sending(item.id), this.sendLeaseMs);
    if (!lease) {
      // Another process is sending it now; if that one dies before marking it sent, a later attempt sends.
      if (run.final) return counted('duplicate');
      counted('retried');
      throw new Error('another process is sending this reminder');
    }
    try {
      if (await this.handled(item.id)) return counted('duplicate');
      const target = await this.targetNow(item);
      if (!target.ok) return await this.failed(item, target, run);
      if (target.target.kind === 'channel' && !target.target.ageRestricted && notSafeForWork(item.nsfw)) {
        await kv.set(KEY.sent(item.id), WITHHELD, sentTtlMs(this.env.knobs));
        this.env.log.info('a reminder was not posted: its title is not safe for work and the channel is not age-restricted', {
          reminderId: item.id,
          reason: 'channel-not-age-restricted',
        });
        return counted('dropped');
      }
      const sendable: QueuedReminder = { ...item, target: target.target, locale };
      const result = await this.attempt(this.discussions ? await this.discussions.attach(sendable) : sendable);
      if (!(await lease.held())) this.env.log.warn('a reminder send outlived its lease', { reminderId: item.id });
      if (result.ok) {
        if (await this.ownerExists(item)) await kv.set(KEY.sent(item.id), 'delivered', sentTtlMs(this.env.knobs));
        return counted('delivered');
      }
      await this.failed(item, result, run);
    } finally {
      await lease.release();
    }
  }

  /** Delivered already, or never to be sent (its episode aired before the follow). */
  private async handled(id: string): Promise<boolean> {
    const marker = await this.env.kv.get(KEY.sent(id));
    return marker !== undefined && marker !== TAKEN_OVER;
  }

  /**
   * The reminder's destination as it is now: a channel's age restriction read from Discord (one it does
   * not show the bot counts as not restricted, and the post will be refused there); when it cannot be
   * read, the reminder is retried.
   */
  private async targetNow(item: QueuedReminder): Promise<{ ok: true; target: QueuedReminder['target'] } | Extract<DeliveryResult, { ok: false }>> {
    const target = item.target;
    if (target.kind !== 'channel') return { ok: true, target };
    const read = this.channelState;
    if (!read) return { ok: false, reason: 'retry', detail: 'no channel state reader given to reminders' };
    const answer = await boundedSend(this.env.knobs.leaseMs / 4, async (signal) => ({ ok: true as const, state: await read(target.guildId, target.channelId, signal) }));
    if (!answer.ok) return answer;
    return { ok: true, target: { ...target, ageRestricted: answer.state === true } };
  }

  /** One send, ended by half the job's lease whatever Discord does. */
  private attempt(item: QueuedReminder): Promise<DeliveryResult> {
    return boundedSend(this.env.knobs.leaseMs / 2, (signal) => this.env.deliver(item, signal));
  }

  /** After a failed send: pauses the destination, or leaves the job to be retried or failed for good. */
  private async failed(item: QueuedReminder, result: Extract<DeliveryResult, { ok: false }>, run: JobRun): Promise<void> {
    const { log, counted } = this.env;
    const target = item.target;
    if (result.reason === 'closed' && target.kind === 'dm') {
      // Only a user who still has settings is paused: a forgotten one gets no record back.
      await this.settings.updateUserIfPresent(target.userId, (u) => {
        if (u.pausedAt === undefined) {
          u.pausedAt = this.env.now();
          u.pauseUntold = true;
        }
      });
      log.info('DMs closed: reminders paused until the user resumes them', { userId: target.userId });
      return counted('paused');
    }
    if (result.reason === 'gone' && target.kind === 'channel') {
      await this.channels.pause(target.guildId, target.channelId, result.detail);
      return counted('paused');
    }
    const detail = result.detail ?? result.reason;
    if (result.reason === 'gone' || run.final) {
      if (await this.ownerExists(item)) await this.failures.record(item, detail);
      counted('failed');
      // The job engine reports (logs and counts) the failure once, with this reason.
      throw new UnrecoverableJobError(`reminder ${item.id} could not be delivered (${result.reason}): ${detail}`);
    }
    counted('retried');
    throw new Error(`reminder ${item.id} could not be delivered: ${detail}`);
  }

  /** A DM reminder's user still has settings (not forgotten); a channel's server always counts. */
  private async ownerExists(item: QueuedReminder): Promise<boolean> {
    return item.target.kind === 'channel' || (await this.env.kv.get(KEY.user(item.target.userId))) !== undefined;
  }

  /**
   * The destination's language when the reminder is still wanted, else undefined. Read from the store when
   * the job runs, so a change made in any process since it was queued counts.
   */
  private async wantedIn(item: QueuedReminder): Promise<Locale | undefined> {
    const t = item.target;
    if (t.kind === 'dm') {
      const user = parseUser(await this.env.kv.get(KEY.user(t.userId)));
      const wanted = user !== undefined && user.pausedAt === undefined && followedTitles(user).includes(item.titleId);
      return wanted ? (user.locale ?? DEFAULT_LOCALE) : undefined;
    }
    const guild = parseGuild(await this.env.kv.get(KEY.guild(t.guildId)));
    const wanted = guild?.follows.some((f) => f.channelId === t.channelId && f.titleId === item.titleId && f.pausedAt === undefined) === true;
    return wanted ? (guild?.locale ?? DEFAULT_LOCALE) : undefined;
  }
}
