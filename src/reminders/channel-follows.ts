// Server channels' follows: a title followed in a channel posts one reminder per episode there,
// optionally mentioning a role, until removed or paused because the channel refuses posts.

import { nextEpisode } from '../airing/air-times.js';
import { DEFAULT_LOCALE, type Locale } from '../i18n/index.js';
import type { Anime } from '../service/work-types.js';
import type { DueClaims } from './due-claims.js';
import type { ReminderEnv } from './env.js';
import { MAX_CHANNEL_FOLLOWS, MAX_DELAY_MINUTES } from './knobs.js';
import { INACTIVE_KEY, reminderPlan, whyInactive } from './plans.js';
import { emptyGuild, titleInfoOf, type ChannelFollow } from './records.js';
import type { Settings } from './settings.js';
import { channelTarget } from './targets.js';
import type { Titles } from './titles.js';
import { ReminderError, type ChannelFollowView, type FollowedTitle } from './types.js';

export class ChannelFollows {
  constructor(
    private readonly env: ReminderEnv,
    private readonly settings: Settings,
    private readonly titles: Titles,
    private readonly claims: DueClaims,
  ) {}

  /**
   * Follows a title in a server channel (the caller has checked the member may and the bot can post
   * there). Following it again in the same channel replaces the role and delay and lifts a pause.
   */
  async add(guildId: string, follow: Omit<ChannelFollow, 'titleId' | 'pausedAt' | 'pausedReason'>, anime: Anime, locale?: Locale): Promise<FollowedTitle> {
    const now = this.env.now();
    const info = titleInfoOf(anime, now);
    const inactive = whyInactive(info, now);
    if (inactive) throw new ReminderError((t) => t.t('reminders.refused.notExpectedChannel', { title: info.title, reason: t.t(INACTIVE_KEY[inactive]) }));
    if (!Number.isInteger(follow.delayMinutes) || follow.delayMinutes < 0 || follow.delayMinutes > MAX_DELAY_MINUTES) {
      throw new ReminderError((t) => t.t('reminders.refused.delay', { max: MAX_DELAY_MINUTES }));
    }
    await this.titles.save(info);
    const entry: ChannelFollow = { ...follow, titleId: info.id };
    await this.settings.updateGuild(guildId, (g) => {
      const others = g.follows.filter((f) => !(f.titleId === info.id && f.channelId === follow.channelId));
      if (others.length >= MAX_CHANNEL_FOLLOWS) throw new ReminderError((t) => t.t('reminders.refused.tooManyChannel', { max: MAX_CHANNEL_FOLLOWS }));
      g.follows = [...others, entry];
      if (locale !== undefined) g.locale = locale;
    });
    await this.claims.markPast(channelTarget(guildId, follow.channelId), info, follow.delayMinutes);
    const plan = reminderPlan(info);
    const next = plan ? nextEpisode(plan, now) : undefined;
    return { info, fromList: false, ...(next ? { next } : {}) };
  }

  /** Stops a title's posts in a channel. Returns whether it was followed there. */
  async remove(guildId: string, channelId: string, titleId: number): Promise<boolean> {
    const { result } = await this.settings.updateGuild(guildId, (g) => {
      const before = g.follows.length;
      g.follows = g.follows.filter((f) => !(f.titleId === titleId && f.channelId === channelId));
      return g.follows.length < before;
    });
    return result;
  }

  async list(guildId: string): Promise<ChannelFollowView[]> {
    const guild = (await this.settings.guild(guildId)) ?? emptyGuild();
    const now = this.env.now();
    const out: ChannelFollowView[] = [];
    for (const follow of guild.follows) {
      const info = await this.titles.stored(follow.titleId);
      const plan = info ? reminderPlan(info) : undefined;
      const next = plan ? nextEpisode(plan, now) : undefined;
      const inactive = info ? whyInactive(info, now) : undefined;
      out.push({ follow, ...(info ? { info } : {}), ...(next ? { next } : {}), ...(inactive ? { inactive } : {}) });
    }
    return out.sort((a, b) => (a.next?.atMs ?? Infinity) - (b.next?.atMs ?? Infinity) || a.follow.channelId.localeCompare(b.follow.channelId));
  }

  /** Keeps the server's language for its posts; writes only a server with follows, and only when it changed. */
  async noteLocale(guildId: string, locale: Locale): Promise<void> {
    const guild = await this.settings.guild(guildId);
    if (!guild || (guild.locale ?? DEFAULT_LOCALE) === locale) return;
    await this.settings.updateGuild(guildId, (g) => {
      g.locale = locale;
    });
  }

  /** Pauses every follow of a channel that no longer takes the bot's posts (`reason`: what Discord said, if anything). */
  async pause(guildId: string, channelId: string, reason: string | undefined): Promise<void> {
    await this.settings.updateGuild(guildId, (g) => {
      for (const f of g.follows) {
        if (f.channelId !== channelId || f.pausedAt !== undefined) continue;
        f.pausedAt = this.env.now();
        if (reason !== undefined) f.pausedReason = reason.slice(0, 200);
      }
    });
    this.env.log.warn('a reminder channel refused a post: its reminders are paused until set up again', { guildId, channelId, reason });
  }
}
