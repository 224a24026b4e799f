// The recap's schedule: slots at a local weekday and time in an IANA zone, across a year boundary and
// both daylight-saving changes, with the week they cover and the 6 hours a late post may take.

import { describe, expect, it } from 'vitest';
import { formatTimeOfDay, isTimeZone, LATE_LIMIT_MS, parseTimeOfDay, postableAt, slotAfter, slotAtOrBefore, zonedInstant, type RecapSchedule } from '../../src/server-recaps/schedule.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('recap schedule', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('Europe/Berlin; drop')).toBe(false);
  });

  it('reads times of day', () => {
    expect(parseTimeOfDay('18:30')).toBe(18 * 60 + 30);
    expect(parseTimeOfDay('9:05')).toBe(9 * 60 + 5);
    expect(parseTimeOfDay('24:00')).toBeUndefined();
    expect(parseTimeOfDay('12:60')).toBeUndefined();
    expect(parseTimeOfDay('noon')).toBeUndefined();
    expect(formatTimeOfDay(9 * 60 + 5)).toBe('09:05');
  });

  it('crosses the year boundary: the Sunday after 31 December is in the new year, its week reaches into the old one', () => {
    const s: RecapSchedule = { weekday: 0, minuteOfDay: 20 * 60, timeZone: 'Asia/Tokyo' };
    // Thursday 1 January 2026, noon UTC.
    const now = Date.UTC(2026, 0, 1, 12);
    const last = slotAtOrBefore(s, now);
    expect(last.week).toBe('2025-12-28');
    expect(last.atMs).toBe(Date.UTC(2025, 11, 28, 11));
    const next = slotAfter(s, now);
    expect(next.week).toBe('2026-01-04');
    expect(next.atMs).toBe(Date.UTC(2026, 0, 4, 11));
    expect(next.fromMs).toBe(last.atMs);
    expect(next.atMs - next.fromMs).toBe(7 * DAY);
  });

  it('a slot exactly now is the slot at or before now, the next one a week later', () => {
    const s: RecapSchedule = { weekday: 1, minuteOfDay: 9 * 60, timeZone: 'UTC' };
    const at = Date.UTC(2026, 11, 7, 9);
    expect(slotAtOrBefore(s, at).atMs).toBe(at);
    expect(slotAfter(s, at).atMs).toBe(at + 7 * DAY);
    expect(slotAtOrBefore(s, at - 1).atMs).toBe(at - 7 * DAY);
  });

  it('keeps the local time across the spring change (Europe/Berlin, 29 March 2026): the week is 167 hours', () => {
    const s: RecapSchedule = { weekday: 0, minuteOfDay: 18 * 60, timeZone: 'Europe/Berlin' };
    const slot = slotAtOrBefore(s, Date.UTC(2026, 2, 30, 12));
    expect(slot.week).toBe('2026-03-29');
    expect(slot.atMs).toBe(Date.UTC(2026, 2, 29, 16));
    expect(slot.fromMs).toBe(Date.UTC(2026, 2, 22, 17));
    expect(slot.atMs - slot.fromMs).toBe(167 * HOUR);
  });

  it('keeps the local time across the autumn change (America/New_York, 1 November 2026): the week is 169 hours', () => {
    const s: RecapSchedule = { weekday: 0, minuteOfDay: 10 * 60, timeZone: 'America/New_York' };
    const slot = slotAfter(s, Date.UTC(2026, 9, 28));
    expect(slot.week).toBe('2026-11-01');
    expect(slot.atMs).toBe(Date.UTC(2026, 10, 1, 15));
    expect(slot.atMs - slot.fromMs).toBe(169 * HOUR);
  });

  it('a local time the spring change skips posts right after the change, once; a repeated one at its first occurrence', () => {
    // 02:30 does not exist in Berlin on 29 March 2026 (02:00 → 03:00).
    const skipped = zonedInstant(Date.UTC(2026, 2, 29), 2 * 60 + 30, 'Europe/Berlin');
    expect(skipped).toBe(Date.UTC(2026, 2, 29, 1, 30));
    // 02:30 happens twice on 25 October 2026: the first is 00:30 UTC.
    expect(zonedInstant(Date.UTC(2026, 9, 25), 2 * 60 + 30, 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 25, 0, 30));
    const s: RecapSchedule = { weekday: 0, minuteOfDay: 2 * 60 + 30, timeZone: 'Europe/Berlin' };
    const weeks = new Set<string>();
    for (let t = Date.UTC(2026, 2, 27); t < Date.UTC(2026, 3, 1); t += HOUR / 4) weeks.add(slotAtOrBefore(s, t).week);
    expect([...weeks]).toEqual(['2026-03-22', '2026-03-29']);
  });

  it('every hour of a year has exactly one slot at or before it, a week apart', () => {
    const s: RecapSchedule = { weekday: 5, minuteOfDay: 21 * 60 + 15, timeZone: 'America/Sao_Paulo' };
    let previous = slotAtOrBefore(s, Date.UTC(2025, 11, 1));
    for (let t = Date.UTC(2025, 11, 1); t < Date.UTC(2027, 0, 10); t += HOUR) {
      const slot = slotAtOrBefore(s, t);
      expect(slot.atMs).toBeLessThanOrEqual(t);
      expect(t - slot.atMs).toBeLessThan(7 * DAY + 2 * HOUR);
      if (slot.week !== previous.week) {
        expect(slot.fromMs).toBe(previous.atMs);
        previous = slot;
      }
    }
  });

  it('posts late within 6 hours only', () => {
    const s: RecapSchedule = { weekday: 3, minuteOfDay: 12 * 60, timeZone: 'UTC' };
    const slot = slotAtOrBefore(s, Date.UTC(2026, 11, 9, 13));
    expect(postableAt(slot, slot.atMs)).toBe(true);
    expect(postableAt(slot, slot.atMs + LATE_LIMIT_MS)).toBe(true);
    expect(postableAt(slot, slot.atMs + LATE_LIMIT_MS + 1)).toBe(false);
    expect(postableAt(slot, slot.atMs - 1)).toBe(false);
  });
});
