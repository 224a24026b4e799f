// Follow-list: a user's airing Watching and Plan-to-watch titles are followed too, read when it is
// turned on and again once per sync period (one job per user and period, whichever process runs it).

import type { Anime } from '../service/work-types.js';
import type { DueClaims } from './due-claims.js';
import type { ReminderEnv } from './env.js';
import type { FollowerIndex } from './follower-index.js';
import { whyInactive } from './plans.js';
import { QUEUE } from './queues.js';
import { titleInfoOf, type TitleInfo, type UserReminders } from './records.js';
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
    if (list === undefined) throw new ReminderError((t) => t.t('reminders.refused.followListLogin'));
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
    const change = (u: UserReminders): number[] => {
      if (!enable && !u.followList) return [];
      const before = new Set(u.followList ? u.listTitles : []);
      u.followList = true;
      u.listTitles = ids;
      u.listSyncedAt = now;
      return ids.filter((id) => !before.has(id));
    };
    // A background sync never brings back the record of a user forgotten meanwhile.
    const changed = enable ? await this.settings.updateUser(userId, change) : await this.settings.updateUserIfPresent(userId, change);
    if (!changed) return [];
    const { user, result: added } = changed;
    for (const id of added) {
      const info = this.titles.known.get(id);
      if (info) await this.claims.markPast(userId, info, user.delayMinutes);
    }
    return ids;
  }

  /** Queues a sync of each follow-list user whose lists are older than the sync period; spread over passes. */
  async syncLists(now: number): Promise<void> {
    const { knobs } = this.env;
    const users = this.index.users;
    const due = [...users].filter(([, u]) => u.followList && now - (u.listSyncedAt ?? 0) >= knobs.listSyncMs);
    const listUsers = [...users.values()].filter((u) => u.followList).length;
    const perTick = Math.max(5, Math.ceil((listUsers * knobs.tickMs * 2) / knobs.listSyncMs));
    for (const [userId] of due.slice(0, perTick)) {
      const sync: ListSyncJob = { userId };
      await this.env.jobs.enqueue(QUEUE.listSyncs, listSyncJobId(userId, now, knobs.listSyncMs), sync);
    }
  }

  /** Runs one sync job; a failure is retried by the engine. */
  async sync({ userId }: ListSyncJob): Promise<void> {
    const now = this.env.now();
    const user = await this.settings.user(userId);
    if (!user.followList || now - (user.listSyncedAt ?? 0) < this.env.knobs.listSyncMs) return;
    const list = await this.env.source.airingList(userId, { background: true });
    if (list === undefined) {
      // Logged out: follow-list has nothing to read; explicit follows keep working.
      await this.settings.updateUserIfPresent(userId, (u) => {
        u.listSyncedAt = now;
      });
      return;
    }
    await this.applyList(userId, list, false);
  }
}

/** A list sync job's data. */
export interface ListSyncJob {
  userId: string;
}

export function parseListSync(data: unknown): ListSyncJob | undefined {
  const id = typeof data === 'object' && data !== null ? (data as { userId?: unknown }).userId : undefined;
  return typeof id === 'string' && /^\d{1,21}$/.test(id) ? { userId: id } : undefined;
}

/** One sync job per user and period. */
export function listSyncJobId(userId: string, now: number, periodMs: number): string {
  return `${userId}:${Math.floor(now / periodMs)}`;
}
