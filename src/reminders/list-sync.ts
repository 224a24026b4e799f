// Follow-list: a user's airing Watching and Plan-to-watch titles are followed too, read when it is
// turned on and again once per sync period (one process per user and period, by a lease).

import type { Anime } from '../service/work-types.js';
import type { DueClaims } from './due-claims.js';
import type { ReminderEnv } from './env.js';
import type { FollowerIndex } from './follower-index.js';
import { whyInactive } from './plans.js';
import { KEY, titleInfoOf, type TitleInfo } from './records.js';
import type { Settings } from './settings.js';
import type { Titles } from './titles.js';
import { ReminderError } from './types.js';

export class ListSync {
  constructor(
    private readonly env: ReminderEnv,
    private readonly settings: Settings,
    private readonly index: FollowerIndex,
    private readonly titles: Titles,
    private readonly claims: DueClaims,
  ) {}

  /** Turns follow-list on (syncing the lists now) or off. Returns the number of list titles followed. */
  async setFollowList(userId: string, on: boolean): Promise<number> {
    if (!on) {
      await this.settings.updateUser(userId, (u) => {
        u.followList = false;
        u.listTitles = [];
        delete u.listSyncedAt;
      });
      return 0;
    }
    const list = await this.env.source.airingList(userId);
    if (list === undefined) throw new ReminderError('Follow-list reads your Watching and Plan-to-watch lists: link your account with `/login` first.');
    return (await this.applyList(userId, list, true)).length;
  }

  private async applyList(userId: string, list: Anime[], enable: boolean): Promise<number[]> {
    const now = this.env.now();
    const airing: TitleInfo[] = [];
    for (const anime of list) {
      const info = titleInfoOf(anime, now);
      if (whyInactive(info, now)) continue;
      airing.push(info);
      const known = this.titles.known.get(info.id);
      if (!known || now - known.fetchedAt >= this.env.knobs.titleRefreshMs / 2) await this.titles.save(info);
    }
    const ids = [...new Set(airing.map((i) => i.id))];
    const { user, result: added } = await this.settings.updateUser(userId, (u) => {
      if (!enable && !u.followList) return [];
      const before = new Set(u.followList ? u.listTitles : []);
      u.followList = true;
      u.listTitles = ids;
      u.listSyncedAt = now;
      return ids.filter((id) => !before.has(id));
    });
    for (const id of added) {
      const info = this.titles.known.get(id);
      if (info) await this.claims.markPast(userId, info, user.delayMinutes);
    }
    return ids;
  }

  /** Re-reads follow-list users' lists once per sync period each; spread by when each was last synced. */
  async syncLists(now: number): Promise<void> {
    const { kv, knobs } = this.env;
    const users = this.index.users;
    const due = [...users].filter(([, u]) => u.followList && now - (u.listSyncedAt ?? 0) >= knobs.listSyncMs);
    const listUsers = [...users.values()].filter((u) => u.followList).length;
    const perTick = Math.max(5, Math.ceil((listUsers * knobs.tickMs * 2) / knobs.listSyncMs));
    for (const [userId] of due.slice(0, perTick)) {
      const lease = KEY.syncLease(userId, Math.floor(now / knobs.listSyncMs));
      if (!(await kv.setIfAbsent(lease, this.env.instance, knobs.listSyncMs))) continue;
      try {
        const list = await this.env.source.airingList(userId, { background: true });
        if (list === undefined) {
          // Logged out: follow-list has nothing to read; explicit follows keep working.
          await this.settings.updateUser(userId, (u) => {
            u.listSyncedAt = now;
          });
          continue;
        }
        await this.applyList(userId, list, false);
      } catch (error) {
        await kv.delete(lease);
        this.env.log.warn('could not sync a follow-list user', { userId, error });
      }
    }
  }
}
