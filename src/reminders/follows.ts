// People's follows, reminded by DM: following and stopping titles, the delay, resuming after a
// closed-DM pause, listing what they follow, and "forget me".

import { episodesBetween, nextEpisode } from '../airing/air-times.js';
import { DEFAULT_LOCALE, type Locale } from '../i18n/index.js';
import type { Anime } from '../service/work-types.js';
import type { DueClaims } from './due-claims.js';
import type { ReminderEnv } from './env.js';
import type { FollowerIndex } from './follower-index.js';
import { MAX_DELAY_MINUTES, MAX_FOLLOWS, sentTtlMs } from './knobs.js';
import { listSyncJobId } from './list-sync.js';
import { INACTIVE_KEY, reminderPlan, whyInactive } from './plans.js';
import { QUEUE } from './queues.js';
import { followedTitles, KEY, parseUser, titleInfoOf, type UserReminders } from './records.js';
import { reminderId } from './targets.js';
import type { Settings } from './settings.js';
import type { Titles } from './titles.js';
import { ReminderError, type FollowedTitle } from './types.js';

export class Follows {
  constructor(
    private readonly env: ReminderEnv,
    private readonly settings: Settings,
    private readonly index: FollowerIndex,
    private readonly titles: Titles,
    private readonly claims: DueClaims,
  ) {}

  /** Follows a title (fetched with airing fields); refuses titles nothing is expected of. */
  async add(userId: string, anime: Anime): Promise<FollowedTitle> {
    const now = this.env.now();
    const info = titleInfoOf(anime, now);
    const inactive = whyInactive(info, now);
    if (inactive) throw new ReminderError((t) => t.t('reminders.refused.notExpected', { title: info.title, reason: t.t(INACTIVE_KEY[inactive]) }));
    await this.titles.save(info);
    const { user } = await this.settings.updateUser(userId, (u) => {
      if (!u.titles.includes(info.id) && u.titles.length >= MAX_FOLLOWS) throw new ReminderError((t) => t.t('reminders.refused.tooMany', { max: MAX_FOLLOWS }));
      if (!u.titles.includes(info.id)) u.titles.push(info.id);
      u.excluded = u.excluded.filter((id) => id !== info.id);
    });
    await this.claims.markPast(userId, info, user.delayMinutes);
    const plan = reminderPlan(info);
    const next = plan ? nextEpisode(plan, now) : undefined;
    return { info, fromList: false, ...(next ? { next } : {}) };
  }

  /** Stops reminders of a title (also one that follow-list adds). Returns whether it was followed. */
  async remove(userId: string, titleId: number): Promise<boolean> {
    const { result } = await this.settings.updateUser(userId, (u) => {
      const was = followedTitles(u).includes(titleId);
      u.titles = u.titles.filter((id) => id !== titleId);
      if (u.listTitles.includes(titleId) && !u.excluded.includes(titleId)) u.excluded.push(titleId);
      return was;
    });
    return result;
  }

  /**
   * "Forget me": deletes the user's settings, sent markers and failed reminders, and their jobs in the
   * job engine (their reminders over the keep window, worked out from what they followed, and their list
   * syncs); returns how many store records. A job already running finds the user gone and sends nothing.
   */
  async forgetUser(userId: string): Promise<number> {
    const { kv, jobs, knobs } = this.env;
    const raw = await kv.get(KEY.user(userId));
    const user = parseUser(raw);
    const keys = (await Promise.all(KEY.ofUser(userId).map((prefix) => kv.keys(prefix)))).flat();
    if (raw !== undefined) keys.push(KEY.user(userId));
    if ((await kv.get(KEY.failed(userId))) !== undefined) keys.push(KEY.failed(userId));
    for (const key of keys) await kv.delete(key);
    this.index.rememberUser(userId, undefined, undefined);
    if (user) {
      const now = this.env.now();
      await jobs.remove(QUEUE.deliveries, await this.reminderIds(userId, user, now));
      const period = knobs.listSyncMs;
      await jobs.remove(QUEUE.listSyncs, [listSyncJobId(userId, now, period), listSyncJobId(userId, now - period, period)]);
    }
    return keys.length;
  }

  /** The ids of every reminder the user could have had over the keep window. */
  private async reminderIds(userId: string, user: UserReminders, now: number): Promise<string[]> {
    const ids: string[] = [];
    for (const titleId of new Set([...user.titles, ...user.listTitles, ...user.excluded])) {
      const info = await this.titles.stored(titleId);
      const plan = info ? reminderPlan(info) : undefined;
      if (!plan) continue;
      for (const e of episodesBetween(plan, now - sentTtlMs(this.env.knobs), now + 1)) ids.push(reminderId(userId, titleId, e.atMs));
    }
    return ids;
  }

  async list(userId: string): Promise<{ user: UserReminders; titles: FollowedTitle[] }> {
    const user = await this.settings.user(userId);
    const now = this.env.now();
    const listSet = new Set(user.followList ? user.listTitles : []);
    const titles: FollowedTitle[] = [];
    for (const id of followedTitles(user)) {
      const info = await this.titles.stored(id);
      if (!info) continue;
      const plan = reminderPlan(info);
      const next = plan ? nextEpisode(plan, now) : undefined;
      const inactive = whyInactive(info, now);
      titles.push({ info, fromList: listSet.has(id) && !user.titles.includes(id), ...(next ? { next } : {}), ...(inactive ? { inactive } : {}) });
    }
    titles.sort((a, b) => (a.next?.atMs ?? Infinity) - (b.next?.atMs ?? Infinity) || a.info.title.localeCompare(b.info.title));
    return { user, titles };
  }

  async setDelay(userId: string, minutes: number): Promise<void> {
    if (!Number.isInteger(minutes) || minutes < 0 || minutes > MAX_DELAY_MINUTES) {
      throw new ReminderError((t) => t.t('reminders.refused.delay', { max: MAX_DELAY_MINUTES }));
    }
    const { user } = await this.settings.updateUser(userId, (u) => {
      u.delayMinutes = minutes;
    });
    for (const id of followedTitles(user)) {
      const info = this.titles.known.get(id);
      if (info) await this.claims.markPast(userId, info, minutes);
    }
  }

  /** Resumes DMs after a closed-DM pause. Returns whether reminders were paused. */
  async resume(userId: string): Promise<boolean> {
    const { result } = await this.settings.updateUser(userId, (u) => {
      const was = u.pausedAt !== undefined;
      delete u.pausedAt;
      delete u.pauseUntold;
      return was;
    });
    return result;
  }

  /**
   * Once after DMs were found closed, the language to tell the user in (theirs as last seen); undefined
   * otherwise. Cheap for everyone else.
   */
  async takePauseNotice(userId: string): Promise<Locale | undefined> {
    if (this.index.users.get(userId)?.pauseUntold !== true) return undefined;
    const { user, result } = await this.settings.updateUser(userId, (u) => {
      const untold = u.pauseUntold === true;
      delete u.pauseUntold;
      return untold;
    });
    return result ? (user.locale ?? DEFAULT_LOCALE) : undefined;
  }

  /** Keeps the user's Discord language for their DMs; writes only a record that exists and only when it changed. */
  async noteLocale(userId: string, locale: Locale): Promise<void> {
    if (((await this.settings.user(userId)).locale ?? DEFAULT_LOCALE) === locale) return;
    await this.settings.updateUserIfPresent(userId, (u) => {
      u.locale = locale;
    });
  }
}
