// Expected episode air times from what the service gives: `broadcast` (weekday and start time in
// Japan time), `start_date`, `status` and `num_episodes`. Japan has no daylight-saving time, so every
// slot is a fixed UTC instant; viewers see their own local time through Discord timestamps.
// These are expectations: breaks, recaps and delays are not in the data.

import type { Anime, Broadcast } from '../service/work-types.js';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;
/** Japan Standard Time is UTC+9 all year. */
export const JST_OFFSET_MS = 9 * 3_600_000;

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A weekly slot in Japan time: weekday 0 = Monday, minutes after Japan midnight (0-1439). */
export interface WeeklySlot {
  weekday: number;
  minutes: number;
}

/** The fields of a title the computation reads. */
export type AiringFields = Pick<Anime, 'status' | 'broadcast' | 'start_date' | 'num_episodes'>;

/**
 * The weekly slot of a broadcast, or undefined without a known weekday and start time. Times past
 * 24:00 (the late-night "25:30" notation) roll over to the next day, although the service stores them
 * as the next day's 01:30 already.
 */
export function parseBroadcast(broadcast: Broadcast | undefined): WeeklySlot | undefined {
  const day = broadcast?.day_of_the_week?.toLowerCase();
  const time = broadcast?.start_time;
  if (day === undefined || time === undefined) return undefined;
  const weekday = (WEEKDAYS as readonly string[]).indexOf(day);
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (weekday < 0 || !match) return undefined;
  const hours = Number(match[1]);
  const mins = Number(match[2]);
  if (hours > 29 || mins > 59) return undefined;
  const total = hours * 60 + mins;
  return { weekday: (weekday + Math.floor(total / 1440)) % 7, minutes: total % 1440 };
}

/** UTC instant of Japan midnight starting a YYYY-MM-DD date; undefined for year or month precision. */
export function japanMidnightOf(date: string | undefined): number | undefined {
  const match = date === undefined ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(ms) ? undefined : ms - JST_OFFSET_MS;
}

/** Weekday (0 = Monday) in Japan of an instant. */
export function japanWeekday(ms: number): number {
  // 1970-01-01 was a Thursday (index 3).
  return (((Math.floor((ms + JST_OFFSET_MS) / DAY_MS) + 3) % 7) + 7) % 7;
}

/** The first instant at or after `fromMs` that falls on the slot. */
export function slotAtOrAfter(slot: WeeklySlot, fromMs: number): number {
  const japanDayStart = Math.floor((fromMs + JST_OFFSET_MS) / DAY_MS) * DAY_MS - JST_OFFSET_MS;
  const daysAhead = (slot.weekday - japanWeekday(fromMs) + 7) % 7;
  let at = japanDayStart + daysAhead * DAY_MS + slot.minutes * MINUTE_MS;
  if (at < fromMs) at += WEEK_MS;
  return at;
}

/**
 * Expected episodes of a title. `firstMs` is known when the start date has day precision, and then
 * episode numbers are too; `episodes` 0 means the count is unknown (open-ended).
 */
export interface AiringPlan {
  slot: WeeklySlot;
  firstMs?: number;
  episodes: number;
}

export interface ExpectedEpisode {
  /** Undefined when the start date is not precise enough to count episodes. */
  episode?: number;
  atMs: number;
}

/**
 * The plan of a title that airs or will air weekly, or undefined when there is nothing to expect:
 * finished, no slot, or not yet aired without a precise start date.
 */
export function airingPlan(work: AiringFields): AiringPlan | undefined {
  if (work.status !== 'currently_airing' && work.status !== 'not_yet_aired') return undefined;
  const slot = parseBroadcast(work.broadcast);
  if (!slot) return undefined;
  const startMidnight = japanMidnightOf(work.start_date);
  const episodes = work.num_episodes !== undefined && work.num_episodes > 0 ? work.num_episodes : 0;
  if (startMidnight === undefined) return work.status === 'currently_airing' ? { slot, episodes } : undefined;
  return { slot, firstMs: slotAtOrAfter(slot, startMidnight), episodes };
}

/** Instant of episode `n` (1-based) of a plan with a known first episode. */
export function episodeAt(plan: AiringPlan & { firstMs: number }, n: number): number {
  return plan.firstMs + (n - 1) * WEEK_MS;
}

function lastEpisodeMs(plan: AiringPlan): number | undefined {
  return plan.firstMs !== undefined && plan.episodes > 0 ? plan.firstMs + (plan.episodes - 1) * WEEK_MS : undefined;
}

/** Expected episodes with fromMs <= atMs < toMs, in order. */
export function episodesBetween(plan: AiringPlan, fromMs: number, toMs: number): ExpectedEpisode[] {
  const out: ExpectedEpisode[] = [];
  const last = lastEpisodeMs(plan);
  let at = slotAtOrAfter(plan.slot, plan.firstMs !== undefined ? Math.max(fromMs, plan.firstMs) : fromMs);
  for (; at < toMs; at += WEEK_MS) {
    if (last !== undefined && at > last) break;
    if (plan.firstMs === undefined) out.push({ atMs: at });
    else out.push({ episode: Math.round((at - plan.firstMs) / WEEK_MS) + 1, atMs: at });
  }
  return out;
}

/** The next expected episode at or after `fromMs`, or undefined when the plan has run out. */
export function nextEpisode(plan: AiringPlan, fromMs: number): ExpectedEpisode | undefined {
  return episodesBetween(plan, fromMs, fromMs + WEEK_MS)[0];
}

/** Whether a plan has no episodes left at or after `fromMs`. */
export function planEnded(plan: AiringPlan, fromMs: number): boolean {
  const last = lastEpisodeMs(plan);
  return last !== undefined && last < fromMs;
}

/** `<t:UNIX:t>` and `<t:UNIX:R>`: each reader sees their own local time. */
export function discordTime(ms: number, style: 't' | 'R' | 'f' | 'F' | 'd' | 'D' | 'T'): string {
  return `<t:${Math.floor(ms / 1000)}:${style}>`;
}
