// Keeping followed titles' airing data fresh: one poll job per title and refresh period, whoever
// follows it and however many processes notice it is stale (the job's id is the title and period), and
// ending follows of titles nothing more is expected of.

import type { ReminderEnv } from './env.js';
import type { FollowerIndex } from './follower-index.js';
import { windowMs } from './knobs.js';
import { whyInactive } from './plans.js';
import { QUEUE } from './queues.js';
import { titleInfoOf, type TitleInfo } from './records.js';
import type { Settings } from './settings.js';
import type { Titles } from './titles.js';

/** A title poll job's data. */
export interface TitlePoll {
  titleId: number;
}

export function parseTitlePoll(data: unknown): TitlePoll | undefined {
  const id = typeof data === 'object' && data !== null ? (data as { titleId?: unknown }).titleId : undefined;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? { titleId: id } : undefined;
}

export class TitleRefresh {
  constructor(
    private readonly env: ReminderEnv,
    private readonly settings: Settings,
    private readonly index: FollowerIndex,
    private readonly titles: Titles,
  ) {}

  /** Queues a poll of each title whose data is older than the refresh period, spread over passes. */
  async refresh(now: number, ids: number[]): Promise<void> {
    const { knobs } = this.env;
    const stale = ids.filter((id) => {
      const info = this.titles.known.get(id);
      return !info || now - info.fetchedAt >= knobs.titleRefreshMs;
    });
    const perTick = Math.max(10, Math.ceil((ids.length * knobs.tickMs * 2) / knobs.titleRefreshMs));
    for (const id of stale.slice(0, perTick)) {
      // Another process may have polled it: then this one only reads the stored record.
      const stored = await this.titles.readStored(id);
      if (stored && now - stored.fetchedAt < knobs.titleRefreshMs) {
        this.titles.known.set(id, stored);
        continue;
      }
      const poll: TitlePoll = { titleId: id };
      await this.env.jobs.enqueue(QUEUE.titlePolls, `${id}:${Math.floor(now / knobs.titleRefreshMs)}`, poll);
    }
  }

  /** Runs one poll job (in whichever process takes it); a failure is retried by the engine. */
  async poll({ titleId }: TitlePoll): Promise<void> {
    const { knobs } = this.env;
    const now = this.env.now();
    const stored = await this.titles.readStored(titleId);
    if (stored && now - stored.fetchedAt < knobs.titleRefreshMs) {
      this.titles.known.set(titleId, stored);
      return;
    }
    const info = titleInfoOf(await this.env.source.anime(titleId), now);
    await this.titles.save(info);
    if (whyInactive(info, now - windowMs(knobs))) await this.endTitle(info);
  }

  /** A title with nothing more to expect: explicit and channel follows of it end (list sync drops it on its own). */
  private async endTitle(info: TitleInfo): Promise<void> {
    for (const [userId, u] of [...this.index.users]) {
      if (!u.titles.includes(info.id)) continue;
      await this.settings.updateUser(userId, (r) => {
        r.titles = r.titles.filter((id) => id !== info.id);
      });
    }
    for (const [guildId, g] of [...this.index.guilds]) {
      if (!g.follows.some((f) => f.titleId === info.id)) continue;
      await this.settings.updateGuild(guildId, (r) => {
        r.follows = r.follows.filter((f) => f.titleId !== info.id);
      });
    }
    this.env.log.info('reminders of a title ended', { titleId: info.id, status: info.status });
  }
}
