// The persisted queue of due reminders: each is claimed for a while by the process delivering it, sent
// through `deliver` while its destination still wants it, and retried with backoff, given up, or its
// destination paused (closed DMs, a channel that refuses posts) when the delivery fails.

import PQueue from 'p-queue';
import type { ChannelFollows } from './channel-follows.js';
import type { ReminderEnv } from './env.js';
import type { FollowerIndex } from './follower-index.js';
import { MINUTE } from './knobs.js';
import type { Pacer } from './pacer.js';
import { KEY, parseQueued, type QueuedReminder } from './records.js';
import type { Settings } from './settings.js';
import type { DeliveryResult } from './types.js';

export class DeliveryQueue {
  constructor(
    private readonly env: ReminderEnv,
    private readonly settings: Settings,
    private readonly index: FollowerIndex,
    private readonly channels: Pick<ChannelFollows, 'pause'>,
    private readonly pacer: Pacer,
  ) {}

  /** Delivers every queued reminder whose time has come, a few at once. */
  async drain(now: number): Promise<void> {
    const queue = new PQueue({ concurrency: this.env.knobs.concurrency });
    const keys = await this.env.kv.keys(KEY.queued);
    await Promise.all(
      keys.map((key) =>
        queue.add(async () => {
          await this.deliverOne(key, now);
          await this.pacer.yieldSometimes();
        }),
      ),
    );
  }

  private async deliverOne(key: string, now: number): Promise<void> {
    const { kv } = this.env;
    const raw = await kv.get(key);
    const item = parseQueued(raw);
    if (raw === undefined) return;
    if (!item) {
      await kv.compareAndDelete(key, raw);
      return;
    }
    if (item.nextAttemptMs > now || (item.claimUntil ?? 0) > now) return;
    if (!(await this.stillWanted(item))) {
      // DMs closed (the user is told when they next use the bot), or the channel's follow was removed or paused.
      await kv.compareAndDelete(key, raw);
      return;
    }
    const claimed = JSON.stringify({ ...item, claimUntil: now + this.env.knobs.claimMs });
    if (!(await kv.compareAndSet(key, raw, claimed))) return;
    let result: DeliveryResult;
    try {
      result = await this.env.deliver(item);
    } catch (error) {
      result = { ok: false, reason: 'retry', detail: error instanceof Error ? error.message : String(error) };
    }
    if (result.ok) await kv.compareAndDelete(key, claimed);
    else await this.failed(key, claimed, item, result);
  }

  /** After a failed delivery: pauses the destination, gives the reminder up, or schedules a retry. */
  private async failed(key: string, claimed: string, item: QueuedReminder, result: Extract<DeliveryResult, { ok: false }>): Promise<void> {
    const { kv, log } = this.env;
    const target = item.target;
    if (result.reason === 'closed' && target.kind === 'dm') {
      await this.settings.updateUser(target.userId, (u) => {
        if (u.pausedAt === undefined) {
          u.pausedAt = this.env.now();
          u.pauseUntold = true;
        }
      });
      await kv.compareAndDelete(key, claimed);
      log.info('DMs closed: reminders paused until the user resumes them', { userId: target.userId });
      return;
    }
    if (result.reason === 'gone' && target.kind === 'channel') {
      await this.channels.pause(target.guildId, target.channelId, result.detail ?? 'Discord refused the post');
      await kv.compareAndDelete(key, claimed);
      return;
    }
    const attempts = item.attempts + 1;
    if (result.reason === 'gone' || attempts >= this.env.knobs.maxAttempts) {
      await kv.compareAndDelete(key, claimed);
      log.error('a reminder could not be delivered and was given up', { reminderId: item.id, attempts, reason: result.reason, detail: result.detail });
      return;
    }
    const backoff = Math.min(30 * MINUTE, this.env.knobs.retryBaseMs * 2 ** (attempts - 1));
    const retry: QueuedReminder = { ...item, attempts, nextAttemptMs: this.env.now() + backoff };
    delete retry.claimUntil;
    await kv.compareAndSet(key, claimed, JSON.stringify(retry));
    log.warn('reminder delivery failed; will retry', { reminderId: item.id, attempts, detail: result.detail });
  }

  /** A queued reminder is sent only while its destination still wants it. */
  private async stillWanted(item: QueuedReminder): Promise<boolean> {
    const t = item.target;
    if (t.kind === 'dm') return (this.index.users.get(t.userId) ?? (await this.settings.user(t.userId))).pausedAt === undefined;
    const guild = await this.settings.guild(t.guildId);
    return guild?.follows.some((f) => f.channelId === t.channelId && f.titleId === item.titleId && f.pausedAt === undefined) === true;
  }
}
