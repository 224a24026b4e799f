// Local wall-clock times in IANA zones: `YYYY-MM-DD HH:MM` read there (daylight saving included),
// impossible dates refused, zone names known, and the zone suggestions.

import { describe, expect, it } from 'vitest';
import { isTimeZone, parseLocalDateTime, timeZoneChoices } from '../../src/util/local-time.js';

describe('local times', () => {
  it('reads a local time in its zone, winter and summer', () => {
    expect(parseLocalDateTime('2026-12-24 20:30', 'Europe/Berlin')).toBe(Date.UTC(2026, 11, 24, 19, 30));
    expect(parseLocalDateTime('2026-07-24 20:30', 'Europe/Berlin')).toBe(Date.UTC(2026, 6, 24, 18, 30));
    expect(parseLocalDateTime('2026-07-24 20:30', 'UTC')).toBe(Date.UTC(2026, 6, 24, 20, 30));
    expect(parseLocalDateTime('2026-01-10 09:00', 'Asia/Tokyo')).toBe(Date.UTC(2026, 0, 10, 0, 0));
    expect(parseLocalDateTime('2026-03-08 12:00', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 16, 0));
  });

  it('reads a time skipped by daylight saving as the hour after it', () => {
    expect(parseLocalDateTime('2026-03-29 02:30', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 1, 30));
  });

  it('refuses what is not a real date and time', () => {
    for (const text of ['2026-02-30 10:00', '2026-13-01 10:00', '2026-01-01 24:00', '2026-01-01 10:60', '2026-1-1 10:00', 'tomorrow', '']) {
      expect(parseLocalDateTime(text, 'UTC'), text).toBeUndefined();
    }
  });

  it('knows zone names and suggests them', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(timeZoneChoices('berl')).toEqual(['Europe/Berlin']);
    expect(timeZoneChoices('new york')).toContain('America/New_York');
    expect(timeZoneChoices('')[0]).toBe('UTC');
    expect(timeZoneChoices('a').length).toBeLessThanOrEqual(25);
  });
});
