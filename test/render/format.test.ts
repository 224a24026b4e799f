import { describe, expect, it } from 'vitest';
import {
  discordTimestamp,
  formatCount,
  formatDateRange,
  formatDuration,
  formatEpisodeDuration,
  formatNumber,
  formatPartialDate,
  formatSeason,
  humanize,
  parseCount,
} from '../../src/render/format.js';
import { ENGLISH } from '../../src/i18n/index.js';

describe('humanize', () => {
  it.each([
    ['tv_special', 'TV Special'],
    ['light_novel', 'Light Novel'],
    ['pg_13', 'PG-13'],
    ['r+', 'R+'],
    ['currently_airing', 'Currently Airing'],
    ['ova', 'OVA'],
    ['ona', 'ONA'],
    ['cm', 'CM'],
    ['pv', 'PV'],
    ['tv', 'TV'],
    ['plan_to_watch', 'Plan to Watch'],
    ['on_hold', 'On Hold'],
    ['not_yet_aired', 'Not Yet Aired'],
    ['4_koma_manga', '4-koma Manga'],
    ['one_shot', 'One-shot'],
    ['oel', 'OEL'],
    ['gray', 'Gray'],
    ['saturday', 'Saturday'],
  ])('%s → %s', (input, expected) => {
    expect(humanize(input)).toBe(expected);
  });

  it('renders any unknown value as Title Case, never raw snake_case', () => {
    expect(humanize('brand_new_format')).toBe('Brand New Format');
    expect(humanize('web_novel_of_the_year')).toBe('Web Novel of the Year');
    expect(humanize('mixed-media_thing')).toBe('Mixed-Media Thing');
    expect(humanize('  spaced   out ')).toBe('Spaced Out');
    expect(humanize('')).toBe('');
  });
});

describe('formatPartialDate', () => {
  it('formats year, year-month and full dates', () => {
    expect(formatPartialDate(ENGLISH, '2010')).toBe('2010');
    expect(formatPartialDate(ENGLISH, '2010-01')).toBe('Jan 2010');
    expect(formatPartialDate(ENGLISH, '2010-01-10')).toBe('Jan 10, 2010');
    expect(formatPartialDate(ENGLISH, '2014-03-08')).toBe('Mar 8, 2014');
    expect(formatPartialDate(ENGLISH, '2020-02-29')).toBe('Feb 29, 2020');
  });

  it('shows invalid values as given instead of parsing them', () => {
    for (const bad of ['2010-02-30', '2019-02-29', '2010-13', '2010-00', '20100', 'abc', '2010-1-5', '2015-05-03T11:42:57+00:00', '']) {
      expect(formatPartialDate(ENGLISH, bad)).toBe(bad);
    }
  });

  it('builds ranges with unknown ends', () => {
    expect(formatDateRange(ENGLISH, '2010-01-10', '2014-03-08')).toBe('Jan 10, 2010 – Mar 8, 2014');
    expect(formatDateRange(ENGLISH, '2010', undefined)).toBe('2010 – ?');
    expect(formatDateRange(ENGLISH, '2010', undefined, true)).toBe('2010 – present');
    expect(formatDateRange(ENGLISH, undefined, '2011-05')).toBe('? – May 2011');
    expect(formatDateRange(ENGLISH, '1999-04-03', '1999-04-03')).toBe('Apr 3, 1999');
    expect(formatDateRange(ENGLISH, undefined, undefined)).toBeUndefined();
  });
});

describe('durations and numbers', () => {
  it('formats durations', () => {
    expect(formatEpisodeDuration(ENGLISH, 1440)).toBe('24 min per ep');
    expect(formatEpisodeDuration(ENGLISH, 1500)).toBe('25 min per ep');
    expect(formatDuration(ENGLISH, 5400)).toBe('1 hr 30 min');
    expect(formatDuration(ENGLISH, 7200)).toBe('2 hr');
    expect(formatDuration(ENGLISH, 3599)).toBe('1 hr');
    expect(formatDuration(ENGLISH, 45)).toBe('45 sec');
    expect(formatDuration(ENGLISH, 0)).toBe('?');
    expect(formatDuration(ENGLISH, Number.NaN)).toBe('?');
  });

  it('adds thousands separators', () => {
    expect(formatNumber(ENGLISH, 1234567)).toBe('1,234,567');
    expect(formatNumber(ENGLISH, 8.13)).toBe('8.13');
    expect(formatNumber(ENGLISH, 999)).toBe('999');
  });

  it('treats 0 episodes/volumes/chapters as unknown', () => {
    expect(formatCount(ENGLISH, 0)).toBe('?');
    expect(formatCount(ENGLISH, undefined)).toBe('?');
    expect(formatCount(ENGLISH, 109)).toBe('109');
    expect(formatCount(ENGLISH, 1200)).toBe('1,200');
  });

  it('parses counts that arrive as strings', () => {
    expect(parseCount('1234')).toBe(1234);
    expect(parseCount('1,234')).toBe(1234);
    expect(parseCount(56)).toBe(56);
    expect(parseCount('n/a')).toBeUndefined();
    expect(parseCount(undefined)).toBeUndefined();
  });
});

describe('timestamps and seasons', () => {
  it('renders ISO date-times as Discord timestamps', () => {
    expect(discordTimestamp('2021-02-24T07:05:33+00:00')).toBe('<t:1614150333:R>');
    expect(discordTimestamp('2021-02-24T09:05:33+02:00', 'D')).toBe('<t:1614150333:D>');
  });

  it('refuses partial dates, garbage and the epoch placeholder', () => {
    expect(discordTimestamp('2021-02-24')).toBeUndefined();
    expect(discordTimestamp('yesterday')).toBeUndefined();
    expect(discordTimestamp('1970-01-01T00:00:00+00:00')).toBeUndefined();
    expect(discordTimestamp(undefined)).toBeUndefined();
  });

  it('formats seasons', () => {
    expect(formatSeason(ENGLISH, { year: 2020, season: 'fall' })).toBe('Fall 2020');
    expect(formatSeason(ENGLISH, { year: 1984 })).toBe('1984');
    expect(formatSeason(ENGLISH, { season: 'monsoon' })).toBe('Monsoon');
    expect(formatSeason(ENGLISH, {})).toBeUndefined();
  });
});
