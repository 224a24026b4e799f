// /anime schedule: this week's expected episodes by Japan broadcast day. Each entry carries a full
// Discord timestamp (weekday, date and time in the reader's own zone, so a Sunday evening in Europe
// under "Monday (Japan)" reads right) and the Japanese slot after it. `mine` narrows to the
// viewer's Watching and Plan-to-watch titles.

import type { APIEmbed } from 'discord.js';
import { airingPlan, DAY_MS, episodesBetween, JST_OFFSET_MS, WEEKDAYS, type Weekday } from '../airing/air-times.js';
import { watchingAndPlanned } from '../airing/my-list.js';
import type { Anime } from '../service/work-types.js';
import type { BaseContext } from '../interactions/context.js';
import { japanDayStart, scheduleEmbed as renderScheduleEmbed, type ScheduledEpisode, type ScheduleState } from '../render/schedule.js';
import { allowNsfw, isNsfw, maskTitle, nsfwFilteredNote } from './nsfw.js';
import { clipPlain } from '../render/text.js';

export { japanDayStart, japanSlotText, type ScheduledEpisode, type ScheduleState } from '../render/schedule.js';
import type { LoadedPage, PagedView } from './paged-view.js';

const SCHEDULE_PAGE_SIZE = 15;

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

/** The page embed (src/render/schedule.ts), titles masked where the answer is shown. */
export function scheduleEmbed(ctx: Pick<BaseContext, 'where' | 't'>, s: ScheduleState, items: readonly ScheduledEpisode[], emptyText: string): APIEmbed {
  return renderScheduleEmbed(ctx.t, s, items, emptyText, ctx.where.ageRestricted);
}

export const scheduleView: PagedView<ScheduleState> = {
  code: 'sc',
  openPlaceholder: (t) => t.t('works.open.anime'),
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
