// /anime schedule's page as the reader sees it: day headings (Japan broadcast days) with one line per
// expected episode, each with a full Discord timestamp (weekday, date and time in the reader's own
// zone) and the Japanese slot after it. Pure: the caller computes the week's episodes.

import type { APIEmbed } from 'discord.js';
import { DAY_MS, discordTime, JST_OFFSET_MS, WEEKDAYS, type Weekday } from '../airing/air-times.js';
import type { Translator } from '../i18n/index.js';
import type { Anime } from '../service/work-types.js';
import { DISCORD_LIMITS } from './limits.js';
import { maskedTitle } from './masked-title.js';
import { term } from './terms.js';
import { clipPlain, escapeMarkdown, truncate } from './text.js';
import { COLORS } from './theme.js';

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

/** UTC instant of the Japan midnight that starts the day containing `ms`. */
export function japanDayStart(ms: number): number {
  return Math.floor((ms + JST_OFFSET_MS) / DAY_MS) * DAY_MS - JST_OFFSET_MS;
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

function episodeLine(t: Translator, e: ScheduledEpisode, ageRestricted: boolean): string {
  const title = truncate(escapeMarkdown(clipPlain(maskedTitle(t, e.title.title, e.title.nsfw, ageRestricted), 120)), 200);
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

/** The page embed (titles not safe for work masked unless the channel is age-restricted): day headings (Japan broadcast days) with one line per expected episode. */
export function scheduleEmbed(t: Translator, s: ScheduleState, items: readonly ScheduledEpisode[], emptyText: string, ageRestricted: boolean): APIEmbed {
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
    lines.push(episodeLine(t, e, ageRestricted));
  }
  return {
    title,
    color: COLORS.brand,
    description: truncate(lines.length > 0 ? lines.join('\n') : emptyText, DISCORD_LIMITS.embedDescription),
    footer: { text: t.t('works.schedule.footer') },
  };
}
