// Keeping followed titles' airing data fresh: one poll per title per refresh period, whoever follows
// it (one process per title and period, by a lease), and ending follows of titles nothing more is
// expected of.

import type { ReminderEnv } from './env.js';
import type { FollowerIndex } from './follower-index.js';
import { windowMs } from './knobs.js';
import { whyInactive } from './plans.js';
import { KEY, titleInfoOf, type TitleInfo } from './records.js';
import type { Settings } from './settings.js';
import type { Titles } from './titles.js';

export class TitleRefresh {
  constructor(
    private readonly env: ReminderEnv,
    private readonly settings: Settings,
    private readonly index: FollowerIndex,
    private readonly titles: Titles,
  ) {}

  /** Polls titles whose data is older than the refresh period, spread over ticks; one process per title. */
  async refresh(now: number, ids: number[]): Promise<void> {
    const { kv, knobs } = this.env;
    const stale = ids.filter((id) => {
      const info = this.titles.known.get(id);
      return !info || now - info.fetchedAt >= knobs.titleRefreshMs;
    });
    const perTick = Math.max(10, Math.ceil((ids.length * knobs.tickMs * 2) / knobs.titleRefreshMs));
    for (const id of stale.slice(0, perTick)) {
      const stored = await this.titles.readStored(id);
      if (stored && now - stored.fetchedAt < knobs.titleRefreshMs) {
        this.titles.known.set(id, stored);
        continue;
      }
      const lease = KEY.titleLease(id, Math.floor(now / knobs.titleRefreshMs));
      if (!(await kv.setIfAbsent(lease, this.env.instance, knobs.titleRefreshMs))) continue;
      try {
        const info = titleInfoOf(await this.env.source.anime(id), now);
        await this.titles.save(info);
        if (whyInactive(info, now - windowMs(knobs))) await this.endTitle(info);
      } catch (error) {
        await kv.delete(lease);
        this.env.log.warn('could not refresh airing data of a followed title', { titleId: id, error });
      }
    }
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
