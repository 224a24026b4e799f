// /anime schedule: this week's expected episodes by Japan broadcast day. Each entry carries a full
// Discord timestamp (weekday, date and time in the reader's own zone, so a Sunday evening in Europe
// under "Monday (Japan)" reads right) and the Japanese slot after it. `mine` narrows to the
// viewer's Watching and Plan-to-watch titles.

import type { APIEmbed } from 'discord.js';
import { airingPlan, DAY_MS, discordTime, episodesBetween, JST_OFFSET_MS, WEEKDAYS, type Weekday } from '../airing/air-times.js';
import { watchingAndPlanned } from '../airing/my-list.js';
import type { Anime } from '../service/work-types.js';
import type { BaseContext } from '../interactions/context.js';
import { humanize } from '../render/format.js';
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

function dayHeading(ms: number): string {
  const d = new Date(ms + JST_OFFSET_MS);
  const weekday = WEEKDAYS[(d.getUTCDay() + 6) % 7] ?? 'monday';
  return `**${humanize(weekday)} ${d.getUTCDate()} ${d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })}** (Japan)`;
}

/** The Japanese broadcast slot of an instant: `Mon 23:30 JST`. */
export function japanSlotText(ms: number): string {
  const d = new Date(ms + JST_OFFSET_MS);
  const weekday = humanize(WEEKDAYS[(d.getUTCDay() + 6) % 7] ?? 'monday').slice(0, 3);
  return `${weekday} ${d.toISOString().slice(11, 16)} JST`;
}

function episodeLine(ctx: Pick<BaseContext, 'where'>, e: ScheduledEpisode): string {
  const title = truncate(escapeMarkdown(clipPlain(maskTitle(e.title.title, e.title.nsfw, ctx.where), 120)), 200);
  const total = e.title.num_episodes !== undefined && e.title.num_episodes > 0 ? `/${e.title.num_episodes}` : '';
  const episode = e.episode !== undefined ? ` · ep ${e.episode}${total}` : '';
  const premiere = e.episode === 1 ? ' · premiere' : '';
  return `${discordTime(e.atMs, 'F')} (${discordTime(e.atMs, 'R')}) ${title}${episode}${premiere} · ${japanSlotText(e.atMs)}`;
}

/** The page embed: day headings (Japan broadcast days) with one line per expected episode. */
export function scheduleEmbed(ctx: Pick<BaseContext, 'where'>, s: ScheduleState, items: readonly ScheduledEpisode[], emptyText: string): APIEmbed {
  const title = `${s.mine ? 'My airing titles' : 'Airing schedule'} · ${s.day ? `${humanize(s.day)} (Japan)` : 'this week'}`;
  const lines: string[] = [];
  let lastDay = -1;
  for (const e of items) {
    const day = japanDayStart(e.atMs);
    if (day !== lastDay) {
      if (lines.length > 0) lines.push('');
      lines.push(dayHeading(e.atMs));
      lastDay = day;
    }
    lines.push(episodeLine(ctx, e));
  }
  return {
    title,
    color: COLORS.brand,
    description: truncate(lines.length > 0 ? lines.join('\n') : emptyText, DISCORD_LIMITS.embedDescription),
    footer: {
      text: 'Grouped by Japanese broadcast day. Each time is shown in your time zone, with the Japanese slot after it. Breaks are not known in advance, and streams often come later.',
    },
  };
}

export const scheduleView: PagedView<ScheduleState> = {
  code: 'sc',
  openPlaceholder: 'Open an anime…',
  pageSize: SCHEDULE_PAGE_SIZE,
  encode: (s) => [s.day, s.mine],
  decode: (r) => ({ day: r.optionalOneOf(WEEKDAYS), mine: r.bool() }),
  async load(ctx, s, offset): Promise<LoadedPage> {
    const now = ctx.deps.now();
    const source = s.mine ? await watchingAndPlanned(ctx.deps.service, await ctx.requireAuth()) : await ctx.deps.airing.titles();
    // A viewer's own list is shown masked; the public schedule leaves NSFW titles out.
    const hidden = !s.mine && !allowNsfw(ctx.where);
    const titles = hidden ? source.filter((t) => !isNsfw(t.nsfw)) : source;
    const all = weekSchedule(titles, now, s.day);
    const page = all.slice(offset, offset + SCHEDULE_PAGE_SIZE);
    const empty = s.mine
      ? 'None of your Watching or Plan-to-watch titles is expected to air in this period.'
      : 'No episode is expected in this period.';
    const note = hidden ? nsfwFilteredNote(ctx.where) : undefined;
    const seen = new Set<number>();
    const open = page
      .filter((e) => !seen.has(e.title.id) && seen.add(e.title.id))
      .map((e) => ({
        label: clipPlain(maskTitle(e.title.title, e.title.nsfw, ctx.where), 100),
        value: `a:${e.title.id}`,
        ...(e.episode !== undefined ? { description: `Episode ${e.episode}` } : {}),
      }));
    return {
      embeds: [scheduleEmbed(ctx, s, page, offset === 0 ? empty : 'No more episodes.')],
      ...(note !== undefined ? { content: note } : {}),
      open,
      hasNext: offset + SCHEDULE_PAGE_SIZE < all.length,
      total: all.length,
    };
  },
};
