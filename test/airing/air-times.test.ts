import { describe, expect, it } from 'vitest';
import {
  airingPlan,
  discordTime,
  episodeAt,
  episodesBetween,
  japanMidnightOf,
  japanWeekday,
  nextEpisode,
  parseBroadcast,
  planEnded,
  slotAtOrAfter,
  WEEK_MS,
} from '../../src/airing/air-times.js';

const utc = (iso: string): number => Date.parse(iso);

/** Local wall-clock time of an instant in a time zone, e.g. "Fri 19:30". */
function localTime(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
}

describe('parseBroadcast', () => {
  it('reads weekday and Japan start time', () => {
    expect(parseBroadcast({ day_of_the_week: 'friday', start_time: '01:30' })).toEqual({ weekday: 4, minutes: 90 });
    expect(parseBroadcast({ day_of_the_week: 'Sunday', start_time: '09:30' })).toEqual({ weekday: 6, minutes: 570 });
  });

  it('rolls the late-night 25:30 notation to the next day, across the week end too', () => {
    expect(parseBroadcast({ day_of_the_week: 'thursday', start_time: '25:30' })).toEqual({ weekday: 4, minutes: 90 });
    expect(parseBroadcast({ day_of_the_week: 'sunday', start_time: '24:00' })).toEqual({ weekday: 0, minutes: 0 });
  });

  it('gives nothing without a usable day and time', () => {
    expect(parseBroadcast(undefined)).toBeUndefined();
    expect(parseBroadcast({ day_of_the_week: 'friday' })).toBeUndefined();
    expect(parseBroadcast({ start_time: '01:30' })).toBeUndefined();
    expect(parseBroadcast({ day_of_the_week: 'other', start_time: '01:30' })).toBeUndefined();
    expect(parseBroadcast({ day_of_the_week: 'friday', start_time: '1:3' })).toBeUndefined();
    expect(parseBroadcast({ day_of_the_week: 'friday', start_time: '30:00' })).toBeUndefined();
  });
});

describe('Japan calendar', () => {
  it('maps a date to the UTC instant of Japan midnight, only with day precision', () => {
    expect(japanMidnightOf('2026-01-09')).toBe(utc('2026-01-08T15:00:00Z'));
    expect(japanMidnightOf('2026-01')).toBeUndefined();
    expect(japanMidnightOf('2026')).toBeUndefined();
    expect(japanMidnightOf(undefined)).toBeUndefined();
  });

  it('takes the weekday in Japan, which is ahead of UTC', () => {
    // Thursday 16:00 UTC is Friday 01:00 in Japan.
    expect(japanWeekday(utc('2026-01-08T16:00:00Z'))).toBe(4);
    expect(japanWeekday(utc('2026-01-08T14:59:59Z'))).toBe(3);
  });

  it('finds the next slot instant, across day, week and year boundaries', () => {
    const fri0130 = { weekday: 4, minutes: 90 };
    // Friday 01:30 in Japan is Thursday 16:30 UTC.
    expect(slotAtOrAfter(fri0130, utc('2026-01-05T00:00:00Z'))).toBe(utc('2026-01-08T16:30:00Z'));
    expect(slotAtOrAfter(fri0130, utc('2026-01-08T16:30:00Z'))).toBe(utc('2026-01-08T16:30:00Z'));
    expect(slotAtOrAfter(fri0130, utc('2026-01-08T16:30:00.001Z'))).toBe(utc('2026-01-15T16:30:00Z'));
    // From New Year's Eve afternoon UTC (already 1 January in Japan).
    expect(slotAtOrAfter({ weekday: 3, minutes: 0 }, utc('2025-12-31T16:00:00Z'))).toBe(utc('2025-12-31T15:00:00Z') + WEEK_MS);
  });
});

describe('airingPlan and expected episodes', () => {
  it('numbers episodes from the start date, late-night slot on its Japan date', () => {
    const plan = airingPlan({ status: 'currently_airing', broadcast: { day_of_the_week: 'friday', start_time: '01:30' }, start_date: '2026-01-09', num_episodes: 12 });
    expect(plan?.firstMs).toBe(utc('2026-01-08T16:30:00Z'));
    if (plan?.firstMs === undefined) throw new Error('no plan');
    expect(episodeAt({ ...plan, firstMs: plan.firstMs }, 3)).toBe(utc('2026-01-22T16:30:00Z'));
    expect(nextEpisode(plan, utc('2026-01-20T00:00:00Z'))).toEqual({ episode: 3, atMs: utc('2026-01-22T16:30:00Z') });
  });

  it('accepts a start date given as the TV day before a late-night slot', () => {
    // "Thursday 25:30" listed with start date Thursday 2026-01-08: the first episode is still Friday 01:30 Japan time.
    const plan = airingPlan({ status: 'not_yet_aired', broadcast: { day_of_the_week: 'friday', start_time: '01:30' }, start_date: '2026-01-08', num_episodes: 0 });
    expect(plan?.firstMs).toBe(utc('2026-01-08T16:30:00Z'));
  });

  it('stops after the last episode and says the plan ended', () => {
    const plan = airingPlan({ status: 'currently_airing', broadcast: { day_of_the_week: 'sunday', start_time: '23:00' }, start_date: '2026-01-04', num_episodes: 2 });
    if (!plan) throw new Error('no plan');
    const all = episodesBetween(plan, 0, utc('2027-01-01T00:00:00Z'));
    expect(all).toEqual([
      { episode: 1, atMs: utc('2026-01-04T14:00:00Z') },
      { episode: 2, atMs: utc('2026-01-11T14:00:00Z') },
    ]);
    expect(nextEpisode(plan, utc('2026-01-11T14:00:01Z'))).toBeUndefined();
    expect(planEnded(plan, utc('2026-01-11T14:00:01Z'))).toBe(true);
    expect(planEnded(plan, utc('2026-01-11T14:00:00Z'))).toBe(false);
  });

  it('keeps open-ended titles going and leaves episodes unnumbered without a precise start date', () => {
    const open = airingPlan({ status: 'currently_airing', broadcast: { day_of_the_week: 'sunday', start_time: '09:30' }, start_date: '1999-10-20', num_episodes: 0 });
    if (!open) throw new Error('no plan');
    expect(planEnded(open, utc('2040-01-01T00:00:00Z'))).toBe(false);
    expect(nextEpisode(open, utc('2026-01-05T00:00:00Z'))?.atMs).toBe(utc('2026-01-11T00:30:00Z'));
    const vague = airingPlan({ status: 'currently_airing', broadcast: { day_of_the_week: 'sunday', start_time: '09:30' }, start_date: '2025-10', num_episodes: 12 });
    expect(vague && nextEpisode(vague, utc('2026-01-05T00:00:00Z'))).toEqual({ atMs: utc('2026-01-11T00:30:00Z') });
  });

  it('expects nothing of finished titles, titles without broadcast time, or unscheduled premieres', () => {
    expect(airingPlan({ status: 'finished_airing', broadcast: { day_of_the_week: 'sunday', start_time: '09:30' }, start_date: '2020-01-05' })).toBeUndefined();
    expect(airingPlan({ status: 'currently_airing', start_date: '2026-01-04' })).toBeUndefined();
    expect(airingPlan({ status: 'currently_airing', broadcast: { day_of_the_week: 'sunday' }, start_date: '2026-01-04' })).toBeUndefined();
    expect(airingPlan({ status: 'not_yet_aired', broadcast: { day_of_the_week: 'sunday', start_time: '09:30' }, start_date: '2026-04' })).toBeUndefined();
    expect(airingPlan({ status: 'hiatus', broadcast: { day_of_the_week: 'sunday', start_time: '09:30' }, start_date: '2026-01-04' })).toBeUndefined();
  });
});

describe('viewers in other time zones', () => {
  it('crosses the date line for the Americas: a Sunday morning slot in Japan is Saturday evening in New York', () => {
    const plan = airingPlan({ status: 'currently_airing', broadcast: { day_of_the_week: 'sunday', start_time: '09:30' }, start_date: '2026-01-04', num_episodes: 0 });
    if (!plan) throw new Error('no plan');
    const first = nextEpisode(plan, utc('2026-01-04T00:00:00Z'));
    expect(first).toEqual({ episode: 1, atMs: utc('2026-01-04T00:30:00Z') });
    expect(localTime(first?.atMs ?? 0, 'America/New_York')).toBe('Sat 19:30');
    expect(localTime(first?.atMs ?? 0, 'Asia/Tokyo')).toBe('Sun 09:30');
  });

  it('keeps one UTC instant per week across the viewer\'s daylight-saving changes', () => {
    const plan = airingPlan({ status: 'currently_airing', broadcast: { day_of_the_week: 'sunday', start_time: '09:30' }, start_date: '2026-02-22', num_episodes: 0 });
    if (!plan) throw new Error('no plan');
    // The United States moves to summer time on 2026-03-08, Europe on 2026-03-29.
    const eps = episodesBetween(plan, utc('2026-02-28T00:00:00Z'), utc('2026-04-06T00:00:00Z'));
    expect(eps.map((e) => e.atMs)).toEqual([
      utc('2026-03-01T00:30:00Z'),
      utc('2026-03-08T00:30:00Z'),
      utc('2026-03-15T00:30:00Z'),
      utc('2026-03-22T00:30:00Z'),
      utc('2026-03-29T00:30:00Z'),
      utc('2026-04-05T00:30:00Z'),
    ]);
    expect(eps.map((e) => e.episode)).toEqual([2, 3, 4, 5, 6, 7]);
    // The instants are fixed; only a viewer's wall clock moves, which Discord renders for them.
    expect(localTime(eps[1]?.atMs ?? 0, 'America/New_York')).toBe('Sat 19:30');
    expect(localTime(eps[2]?.atMs ?? 0, 'America/New_York')).toBe('Sat 20:30');
    expect(localTime(eps[4]?.atMs ?? 0, 'Europe/Berlin')).toBe('Sun 01:30');
    expect(localTime(eps[5]?.atMs ?? 0, 'Europe/Berlin')).toBe('Sun 02:30');
    expect(eps.every((e) => localTime(e.atMs, 'Asia/Tokyo') === 'Sun 09:30')).toBe(true);
  });

  it('renders Discord timestamps in whole seconds', () => {
    expect(discordTime(utc('2026-01-04T00:30:00.900Z'), 't')).toBe(`<t:${utc('2026-01-04T00:30:00Z') / 1000}:t>`);
    expect(discordTime(utc('2026-01-04T00:30:00Z'), 'R')).toBe(`<t:${utc('2026-01-04T00:30:00Z') / 1000}:R>`);
  });
});
