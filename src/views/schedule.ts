// /anime schedule: this week's expected episodes by Japan broadcast day. Each entry carries a full
// Discord timestamp (weekday, date and time in the reader's own zone, so a Sunday evening in Europe
// under "Monday (Japan)" reads right) and the Japanese slot after it. `mine` narrows to the
// viewer's Watching and Plan-to-watch titles.

import type { APIEmbed } from 'discord.js';
import { airingPlan, DAY_MS, discordTime, episodesBetween, JST_OFFSET_MS, WEEKDAYS, type Weekday } from '../airing/air-times.js';
import { watchingAndPlanned } from '../airing/my-list.js';
import type { Anime } from '../service/work-types.js';
import type { BaseContext } from '../interactions/context.js';
import type { Translator } from '../i18n/index.js';
import { term } from '../render/terms.js';
import { DISCORD_LIMITS } from '../render/limits.js';
import { clipPlain, escapeMarkdown, truncate } from '../render/text.js';
import { COLORS } from '../render/theme.js';
import { allowNsfw, isNsfw, maskTitle, nsfwFilteredNote } from './nsfw.js';
import type { LoadedPage, PagedView } from './paged-view.js';

export interface ScheduleState {
  /** A Japan broadcast day, or undefined for the whole week from today. */
  day: Weekday | undefined;
  mine: boolean;
}

export interface ScheduledEpisode {
  title: Anime;
  episode?: number;
  atMs: number;
}

const SCHEDULE_PAGE_SIZE = 15;

/** UTC instant of the Japan midnight that starts the day containing `ms`. */
export function japanDayStart(ms: number): number {
  return Math.floor((ms + JST_OFFSET_MS) / DAY_MS) * DAY_MS - JST_OFFSET_MS;
}

/** Expected episodes of `titles` in the week starting today (Japan time), optionally one weekday, in time order. */
export function weekSchedule(titles: readonly Anime[], nowMs: number, day: Weekday | undefined): ScheduledEpisode[] {
  const from = japanDayStart(nowMs);
  let start = from;
  let end = from + 7 * DAY_MS;
  if (day !== undefined) {
    const todayIndex = (Math.floor((nowMs + JST_OFFSET_MS) / DAY_MS) + 3) % 7;
    start = from + ((WEEKDAYS.indexOf(day) - todayIndex + 7) % 7) * DAY_MS;
    end = start + DAY_MS;
  }
  const out: ScheduledEpisode[] = [];
  for (const title of titles) {
    const plan = airingPlan(title);
    if (!plan) continue;
    for (const e of episodesBetween(plan, start, end)) out.push({ title, atMs: e.atMs, ...(e.episode !== undefined ? { episode: e.episode } : {}) });
  }
  return out.sort((a, b) => a.atMs - b.atMs || a.title.id - b.title.id);
}

const DATE_PARTS = new Map<string, { month: Intl.DateTimeFormat; weekday: Intl.DateTimeFormat }>();

/** The short month and weekday names of a locale (cached: building a format costs far more than using it). */
function dateParts(locale: string): { month: Intl.DateTimeFormat; weekday: Intl.DateTimeFormat } {
  let parts = DATE_PARTS.get(locale);
  if (!parts) {
    parts = {
      month: new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }),
      weekday: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }),
    };
    DATE_PARTS.set(locale, parts);
  }
  return parts;
}

function dayHeading(t: Translator, ms: number): string {
  const d = new Date(ms + JST_OFFSET_MS);
  const weekday = WEEKDAYS[(d.getUTCDay() + 6) % 7] ?? 'monday';
  return t.t('works.schedule.dayHeading', { weekday: term(t, 'weekday', weekday), day: d.getUTCDate(), month: dateParts(t.locale).month.format(d) });
}

/** The Japanese broadcast slot of an instant: `Mon 23:30 JST` (the weekday in the reader's language). */
export function japanSlotText(t: Translator, ms: number): string {
  const d = new Date(ms + JST_OFFSET_MS);
  return t.t('works.schedule.slot', { weekday: dateParts(t.locale).weekday.format(d), time: d.toISOString().slice(11, 16) });
}

function episodeLine(ctx: Pick<BaseContext, 'where' | 't'>, e: ScheduledEpisode): string {
  const t = ctx.t;
  const title = truncate(escapeMarkdown(clipPlain(maskTitle(t, e.title.title, e.title.nsfw, ctx.where), 120)), 200);
  const parts = [`${discordTime(e.atMs, 'F')} (${discordTime(e.atMs, 'R')}) ${title}`];
  if (e.episode !== undefined) {
    const total = e.title.num_episodes;
    parts.push(
      total !== undefined && total > 0
        ? t.t('works.schedule.episodeOf', { episode: e.episode, total })
        : t.t('works.schedule.episode', { episode: e.episode }),
    );
  }
  if (e.episode === 1) parts.push(t.t('works.schedule.premiere'));
  parts.push(japanSlotText(t, e.atMs));
  return parts.join(' · ');
}

/** The page embed: day headings (Japan broadcast days) with one line per expected episode. */
export function scheduleEmbed(ctx: Pick<BaseContext, 'where' | 't'>, s: ScheduleState, items: readonly ScheduledEpisode[], emptyText: string): APIEmbed {
  const t = ctx.t;
  const name = t.t(s.mine ? 'works.schedule.title.mine' : 'works.schedule.title.all');
  const title = s.day ? t.t('works.schedule.title.day', { title: name, day: term(t, 'weekday', s.day) }) : t.t('works.schedule.title.week', { title: name });
  const lines: string[] = [];
  let lastDay = -1;
  for (const e of items) {
    const day = japanDayStart(e.atMs);
    if (day !== lastDay) {
      if (lines.length > 0) lines.push('');
      lines.push(dayHeading(t, e.atMs));
      lastDay = day;
    }
    lines.push(episodeLine(ctx, e));
  }
  return {
    title,
    color: COLORS.brand,
    description: truncate(lines.length > 0 ? lines.join('\n') : emptyText, DISCORD_LIMITS.embedDescription),
    footer: { text: t.t('works.schedule.footer') },
  };
}

export const scheduleView: PagedView<ScheduleState> = {
  code: 'sc',
  openPlaceholder: (t) => t.t('works.open.anime'),
  pageSize: SCHEDULE_PAGE_SIZE,
  encode: (s) => [s.day, s.mine],
  decode: (r) => ({ day: r.optionalOneOf(WEEKDAYS), mine: r.bool() }),
  async load(ctx, s, offset): Promise<LoadedPage> {
    const now = ctx.deps.now();
    // Conditional login (not a declared rule): only `mine` reads the user's own list; the week's schedule needs none.
    const source = s.mine ? await watchingAndPlanned(ctx.deps.service, await ctx.requireAuth()) : await ctx.deps.airing.titles();
    // A viewer's own list is shown masked; the public schedule leaves NSFW titles out.
    const hidden = !s.mine && !allowNsfw(ctx.where);
    const titles = hidden ? source.filter((t) => !isNsfw(t.nsfw)) : source;
    const all = weekSchedule(titles, now, s.day);
    const page = all.slice(offset, offset + SCHEDULE_PAGE_SIZE);
    const empty = ctx.t.t(s.mine ? 'works.schedule.emptyMine' : 'works.schedule.empty');
    const note = hidden ? nsfwFilteredNote(ctx.t, ctx.where) : undefined;
    const seen = new Set<number>();
    const open = page
      .filter((e) => !seen.has(e.title.id) && seen.add(e.title.id))
      .map((e) => ({
        label: clipPlain(maskTitle(ctx.t, e.title.title, e.title.nsfw, ctx.where), 100),
        value: `a:${e.title.id}`,
        ...(e.episode !== undefined ? { description: ctx.t.t('works.schedule.openEpisode', { episode: e.episode }) } : {}),
      }));
    return {
      embeds: [scheduleEmbed(ctx, s, page, offset === 0 ? empty : ctx.t.t('works.schedule.noMore'))],
      ...(note !== undefined ? { content: note } : {}),
      open,
      hasNext: offset + SCHEDULE_PAGE_SIZE < all.length,
      total: all.length,
    };
  },
};
