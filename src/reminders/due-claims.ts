// Finding due reminders by the follower index (never by scanning the store): for each followed title's
// aired episodes, each follower whose delay has passed gets one delivery job, whose id is the
// reminder's, so the job engine adds it once however many processes find it. Following a title marks
// its past episodes' reminders skipped, so it never reminds of the past.

import { episodesBetween, type ExpectedEpisode } from '../airing/air-times.js';
import type { ReminderEnv } from './env.js';
import type { FollowerIndex } from './follower-index.js';
import { MINUTE, sentTtlMs, windowMs } from './knobs.js';
import type { Pacer } from './pacer.js';
import { reminderPlan } from './plans.js';
import { QUEUE } from './queues.js';
import { KEY, type QueuedReminder, type ReminderTarget, type TitleInfo } from './records.js';
import { reminderId } from './targets.js';
import type { Titles } from './titles.js';

export class DueClaims {
  /** Reminder ids this process already claimed or saw claimed, with their air time (pruned). */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly env: ReminderEnv,
    private readonly index: FollowerIndex,
    private readonly titles: Titles,
    private readonly pacer: Pacer,
  ) {}

  /** Claims the reminders of episodes already aired, so following a title never reminds of the past. */
  async markPast(target: string, info: TitleInfo, delayMinutes: number): Promise<void> {
    const plan = reminderPlan(info);
    if (!plan) return;
    const now = this.env.now();
    for (const e of episodesBetween(plan, now - windowMs(this.env.knobs), now + delayMinutes * MINUTE + 1)) {
      if (e.atMs + delayMinutes * MINUTE > now) continue;
      const id = reminderId(target, info.id, e.atMs);
      await this.env.kv.setIfAbsent(KEY.sent(id), 'skipped', sentTtlMs(this.env.knobs));
      this.seen.set(id, e.atMs);
    }
  }

  /** Queues every reminder that fell due (within the catch-up window) and no process claimed yet. */
  async enqueueDue(now: number, followers: ReadonlyMap<number, ReadonlySet<string>>): Promise<void> {
    const from = now - windowMs(this.env.knobs);
    for (const [id, atMs] of this.seen) if (atMs < from) this.seen.delete(id);
    for (const [titleId, targets] of followers) {
      const info = this.titles.known.get(titleId);
      const plan = info ? reminderPlan(info) : undefined;
      if (!info || !plan) continue;
      let done = this.index.doneEpisodes.get(titleId);
      if (done) for (const atMs of done) if (atMs < from) done.delete(atMs);
      for (const episode of episodesBetween(plan, from, now + 1)) {
        if (done?.has(episode.atMs)) continue;
        const waiting = await this.enqueueEpisode(now, info, episode, targets);
        if (!waiting) {
          if (!done) this.index.doneEpisodes.set(titleId, (done = new Set()));
          done.add(episode.atMs);
        }
      }
    }
  }

  /** Queues one episode's due reminders; true while some follower's delay has not passed yet. */
  private async enqueueEpisode(now: number, info: TitleInfo, episode: ExpectedEpisode, targets: ReadonlySet<string>): Promise<boolean> {
    let waiting = false;
    for (const follower of targets) {
      // Already handled (so not waiting either): skip before looking anything up.
      const id = reminderId(follower, info.id, episode.atMs);
      if (this.seen.has(id)) continue;
      await this.pacer.yieldSometimes();
      const dest = this.index.destination(follower, info.id);
      if (!dest) continue;
      const dueMs = episode.atMs + dest.delayMinutes * MINUTE;
      if (dueMs > now) waiting = true;
      if (dueMs > now || now - dueMs > this.env.knobs.catchUpMs) continue;
      // Marked seen only once the engine has it: a failed enqueue is tried again next pass.
      await this.env.jobs.enqueue(QUEUE.deliveries, id, this.queued(now, id, dest.target, info, episode, dueMs));
      this.seen.set(id, episode.atMs);
    }
    return waiting;
  }

  private queued(now: number, id: string, target: ReminderTarget, info: TitleInfo, episode: ExpectedEpisode, dueMs: number): QueuedReminder {
    return {
      id,
      target,
      titleId: info.id,
      title: info.title,
      ...(info.nsfw !== undefined ? { nsfw: info.nsfw } : {}),
      ...(episode.episode !== undefined ? { episode: episode.episode } : {}),
      atMs: episode.atMs,
      dueMs,
      late: now - dueMs > this.env.knobs.lateAfterMs,
    };
  }
}
