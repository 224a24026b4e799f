import { describe, expect, it } from 'vitest';
import type { ListItem } from '../../src/service/kinds.js';
import { addToYearRead, completionDate, defaultRecapYear, emptyYearRead, partialDate, shownTitles, verdictOf, wrappedYear } from '../../src/community/wrapped-year.js';

type Anime = ListItem<'anime'>;

function anime(id: number, status: string, o: { score?: number; finish?: string; start?: string; updated?: string; mean?: number; popularity?: number; episodes?: number; seconds?: number; /** null: no rating given. */ nsfw?: string | null; genres?: string[]; studios?: string[]; season?: [string, number] } = {}): Anime {
  return {
    node: {
      id,
      title: `Title ${id}`,
      main_picture: { medium: `https://cdn.example.test/${id}.jpg` },
      ...(o.mean !== undefined ? { mean: o.mean } : {}),
      ...(o.popularity !== undefined ? { popularity: o.popularity } : {}),
      num_episodes: o.episodes ?? 12,
      average_episode_duration: o.seconds ?? 1_440,
      ...(o.nsfw !== null ? { nsfw: o.nsfw ?? 'white' } : {}),
      genres: (o.genres ?? []).map((name, i) => ({ id: i, name })),
      studios: (o.studios ?? []).map((name, i) => ({ id: i, name })),
      ...(o.season ? { start_season: { season: o.season[0], year: o.season[1] } } : {}),
    },
    list_status: {
      status,
      score: o.score ?? 0,
      num_episodes_watched: o.episodes ?? 12,
      ...(o.finish !== undefined ? { finish_date: o.finish } : {}),
      ...(o.start !== undefined ? { start_date: o.start } : {}),
      updated_at: o.updated ?? '2023-03-01T10:00:00+00:00',
    },
  };
}

describe('the dates of a completion', () => {
  it('reads full and partial dates; 0000-00-00 is none', () => {
    expect(partialDate('2024-05-17')).toEqual({ year: 2024, month: 4 });
    expect(partialDate('2024-05-00')).toEqual({ year: 2024, month: 4 });
    expect(partialDate('2024-00-00')).toEqual({ year: 2024 });
    expect(partialDate('2024')).toEqual({ year: 2024 });
    expect(partialDate('0000-00-00')).toBeUndefined();
    expect(partialDate('')).toBeUndefined();
    expect(partialDate(undefined)).toBeUndefined();
  });

  it('uses the finish date when the list has one, else the last update (UTC)', () => {
    expect(completionDate({ finish_date: '2024-05-00', updated_at: '2025-01-02T00:00:00Z' })).toEqual({ year: 2024, month: 4, by: 'finishDate' });
    expect(completionDate({ finish_date: '0000-00-00', updated_at: '2024-12-31T23:30:00-02:00' })).toEqual({ year: 2025, month: 0, by: 'updatedAt' });
    expect(completionDate({ updated_at: 'not a date' })).toBeUndefined();
  });

  it('else when the bot saw it become completed, before the last update', () => {
    const seen = Date.UTC(2024, 10, 30, 23);
    expect(completionDate({ updated_at: '2025-02-01T00:00:00Z' }, seen)).toEqual({ year: 2024, month: 10, by: 'seen' });
    expect(completionDate({ finish_date: '2023-01-00', updated_at: '2025-02-01T00:00:00Z' }, seen)).toEqual({ year: 2023, month: 0, by: 'finishDate' });
    // A later change (a score, a tag) moved updated_at into 2025; the bot saw the completion in 2024.
    const list = [anime(1, 'completed', { updated: '2025-02-01T00:00:00Z' }), anime(2, 'completed', { updated: '2024-03-01T00:00:00Z' }), anime(3, 'dropped', { updated: '2024-03-01T00:00:00Z' })];
    const y = wrappedYear('anime', 2024, list, new Map([[1, seen], [3, Date.UTC(2023, 0, 1)]]));
    expect(y.completed).toBe(2);
    expect(y.dated).toEqual({ finishDate: 0, seen: 1, updatedAt: 1 });
    expect(y.months[10]).toBe(1);
    // The record dates completions only: a dropped title keeps its own dates.
    expect(y.dropped).toBe(1);
    expect(wrappedYear('anime', 2025, list).completed).toBe(1);
  });

  it('the default year is this one, or the one just ended during January', () => {
    expect(defaultRecapYear(Date.UTC(2025, 0, 31, 23))).toBe(2024);
    expect(defaultRecapYear(Date.UTC(2025, 1, 1))).toBe(2025);
    expect(defaultRecapYear(Date.UTC(2025, 11, 31))).toBe(2025);
  });
});

describe('a year of a list', () => {
  const list: Anime[] = [
    anime(1, 'completed', { score: 9, finish: '2024-03-10', mean: 8.0, popularity: 50, episodes: 24, genres: ['Drama', 'Action'], studios: ['Bones'], season: ['spring', 2023] }),
    anime(2, 'completed', { score: 9, finish: '2024-03-00', mean: 7.0, popularity: 4_000, episodes: 12, genres: ['Drama'], studios: ['Bones'], season: ['spring', 2023] }),
    anime(3, 'completed', { score: 6, finish: '2024-00-00', mean: 8.5, popularity: 10, episodes: 64, seconds: 1_500, genres: ['Action'], studios: ['Madhouse'], season: ['fall', 2020] }),
    // No finish date: dated by its last update.
    anime(4, 'completed', { score: 0, finish: '0000-00-00', updated: '2024-07-04T12:00:00Z', episodes: 1, seconds: 6_000, genres: ['Drama'] }),
    // Finished in another year, or dated by an update in another year.
    anime(5, 'completed', { score: 10, finish: '2023-12-31', mean: 9 }),
    anime(6, 'completed', { score: 10, updated: '2025-01-01T00:00:00Z' }),
    // Not safe for work: counted, kept with its rating.
    anime(7, 'completed', { score: 10, finish: '2024-08-01', mean: 6, popularity: 9_000, nsfw: 'black', episodes: 2 }),
    anime(8, 'dropped', { finish: '2024-02-01', start: '2024-01-05' }),
    anime(9, 'dropped', { updated: '2024-09-01T00:00:00Z' }),
    anime(10, 'watching', { start: '2024-11-00' }),
    anime(11, 'plan_to_watch', { mean: 7.5 }),
    anime(12, 'plan_to_watch', { mean: 8.9, nsfw: 'gray' }),
  ];
  const y = wrappedYear('anime', 2024, list);

  it('counts completions by finish date (partial dates for their year) and by last update, and says how many each way', () => {
    expect(y.completed).toBe(5);
    expect(y.dated).toEqual({ finishDate: 4, seen: 0, updatedAt: 1 });
    expect(y.nsfwCompleted).toBe(1);
    expect(y.entries).toBe(12);
    // March: two (one of them 2024-03-00); July: the update; August: the nsfw title; 2024-00-00 in no month.
    expect(y.months).toEqual([0, 0, 2, 0, 0, 0, 1, 1, 0, 0, 0, 0]);
  });

  it('sums episodes and their hours, and counts what was started and dropped in the year', () => {
    expect(y.units).toEqual([{ unit: 'episodes', total: 24 + 12 + 64 + 1 + 2 }]);
    expect(y.minutes).toBe(24 * 24 + 12 * 24 + 64 * 25 + 100 + 2 * 24);
    expect(y.started).toBe(2);
    expect(y.dropped).toBe(2);
  });

  it('your mean against the service’s on the same titles: kinder or harsher', () => {
    // Scored and with a service mean: 1 (9 vs 8), 2 (9 vs 7), 3 (6 vs 8.5), 7 (10 vs 6).
    expect(y.means?.titles).toBe(4);
    expect(y.means?.yours).toBeCloseTo(34 / 4);
    expect(y.means?.service).toBeCloseTo(29.5 / 4);
    expect(verdictOf(y.means)).toBe('kinder');
    const harsh = wrappedYear('anime', 2024, [anime(1, 'completed', { score: 5, finish: '2024-01-01', mean: 8 })]);
    expect(verdictOf(harsh.means)).toBe('harsher');
    const same = wrappedYear('anime', 2024, [anime(1, 'completed', { score: 8, finish: '2024-01-01', mean: 8.04 })]);
    expect(verdictOf(same.means)).toBe('same');
    expect(verdictOf(wrappedYear('anime', 2024, [anime(1, 'completed', { finish: '2024-01-01', mean: 8 })]).means)).toBeUndefined();
  });

  it('top titles by your score, then the service’s; genres, studios and the start season watched most', () => {
    expect(y.top.map((x) => x.id)).toEqual([7, 1, 2, 3, 4]);
    expect(y.genres).toEqual([{ name: 'Drama', count: 3 }, { name: 'Action', count: 2 }]);
    expect(y.makers).toEqual([{ name: 'Bones', count: 2 }, { name: 'Madhouse', count: 1 }]);
    expect(y.season).toEqual({ season: 'spring', year: 2023, count: 2 });
  });

  it('the hidden gem is the highest score on the least popular title; the longest is by its hours', () => {
    // Scores 10 (id 7, nsfw), then 9 for 1 and 2: 2 is far less popular.
    expect(y.gems.map((x) => x.id)).toEqual([7, 2, 1, 3]);
    expect(y.longest[0]?.id).toBe(3);
  });

  it('titles not safe for work are never among those shown outside age-restricted channels', () => {
    expect(shownTitles(y.gems, false, 1).map((x) => x.id)).toEqual([2]);
    expect(shownTitles(y.gems, true, 1).map((x) => x.id)).toEqual([7]);
    expect(shownTitles(y.top, false, 5).some((x) => x.nsfw)).toBe(false);
  });

  it('a title without a rating counts as not safe for work: counted, never named outside age-restricted channels', () => {
    const unrated = wrappedYear('anime', 2024, [anime(1, 'completed', { score: 10, finish: '2024-01-01', nsfw: null }), anime(2, 'completed', { score: 5, finish: '2024-01-01' })]);
    expect(unrated.nsfwCompleted).toBe(1);
    expect(shownTitles(unrated.top, false, 5).map((x) => x.id)).toEqual([2]);
    expect(shownTitles(unrated.gems, false, 1).map((x) => x.id)).toEqual([2]);
  });

  it('genres and studios shown outside age-restricted channels come from titles rated safe only; the totals count everything', () => {
    const mixed = wrappedYear('anime', 2024, [
      anime(1, 'completed', { finish: '2024-01-01', genres: ['Hentai'], studios: ['Pink Pineapple'], nsfw: 'black' }),
      anime(2, 'completed', { finish: '2024-01-01', genres: ['Erotica', 'Drama'], studios: ['Bones'], nsfw: null }),
      anime(3, 'completed', { finish: '2024-01-01', genres: ['Drama'], studios: ['Bones'] }),
    ]);
    expect(mixed.completed).toBe(3);
    expect(mixed.genres).toEqual([{ name: 'Drama', count: 2 }, { name: 'Erotica', count: 1 }, { name: 'Hentai', count: 1 }]);
    expect(mixed.safe).toEqual({ genres: [{ name: 'Drama', count: 1 }], makers: [{ name: 'Bones', count: 1 }] });
  });

  it('keeps safe titles beyond the first twelve, so a channel still gets top titles, a gem, the longest and planned ones', () => {
    const adult = Array.from({ length: 14 }, (_, i) => anime(500 + i, 'completed', { score: 10, finish: '2024-05-01', mean: 9, popularity: 9_000, episodes: 100, nsfw: 'black' }));
    const plannedAdult = Array.from({ length: 14 }, (_, i) => anime(600 + i, 'plan_to_watch', { mean: 9, nsfw: 'gray' }));
    const items = [...adult, ...plannedAdult, anime(1, 'completed', { score: 6, finish: '2024-05-01', popularity: 10, episodes: 3 }), anime(2, 'plan_to_watch', { mean: 6 })];
    const year = wrappedYear('anime', 2024, items);
    expect(shownTitles(year.top, false, 5).map((x) => x.id)).toEqual([1]);
    expect(shownTitles(year.gems, false, 1).map((x) => x.id)).toEqual([1]);
    expect(shownTitles(year.longest, false, 1).map((x) => x.id)).toEqual([1]);
    expect(shownTitles(year.top, true, 5)).toHaveLength(5);
    // A read kept page by page keeps the safe planned title too.
    let read = emptyYearRead();
    for (let at = 0; at < items.length; at += 5) read = addToYearRead('anime', 2019, read, items.slice(at, at + 5));
    expect(shownTitles(wrappedYear('anime', 2019, read.items as Anime[], new Map(), read).planned.titles, false, 3).map((x) => x.id)).toEqual([2]);
  });

  it('what a read keeps, page by page, gives the same year as the whole list, and stays small', () => {
    const long: Anime[] = [...list];
    for (let id = 100; id < 400; id++) long.push(anime(id, id % 2 === 0 ? 'plan_to_watch' : 'completed', { mean: 5 + (id % 40) / 10, finish: id % 3 === 0 ? '2024-02-02' : '2021-01-01' }));
    const seen = new Map([[4, Date.UTC(2024, 5, 1)]]);
    let read = emptyYearRead();
    for (let at = 0; at < long.length; at += 7) read = addToYearRead('anime', 2024, read, long.slice(at, at + 7), seen);
    expect(read.entries).toBe(long.length);
    expect(read.planned).toBe(152);
    expect(read.items.length).toBeLessThan(long.length / 2);
    expect(wrappedYear('anime', 2024, read.items as Anime[], seen, read)).toEqual(wrappedYear('anime', 2024, long, seen));
    expect(wrappedYear('anime', 2019, read.items as Anime[], seen, read).planned).toEqual(wrappedYear('anime', 2019, long, seen).planned);
  });

  it('a year without completions keeps what is planned, the service’s best first', () => {
    const empty = wrappedYear('anime', 2019, list);
    expect(empty.completed).toBe(0);
    expect(empty.planned.count).toBe(2);
    expect(empty.planned.titles.map((x) => x.id)).toEqual([12, 11]);
    expect(empty.means).toBeUndefined();
  });

  it('manga: volumes and chapters, authors, no hours and no season', () => {
    const m = wrappedYear('manga', 2024, [
      {
        node: { id: 1, title: 'M', num_chapters: 100, authors: [{ node: { id: 1, first_name: 'Kentaro', last_name: 'Miura' }, role: 'Story & Art' }] },
        list_status: { status: 'completed', score: 10, num_volumes_read: 41, num_chapters_read: 380, finish_date: '2024-06-00' },
      },
    ]);
    expect(m.units).toEqual([{ unit: 'volumes', total: 41 }, { unit: 'chapters', total: 380 }]);
    expect(m.makers).toEqual([{ name: 'Kentaro Miura', count: 1 }]);
    expect(m.minutes).toBe(0);
    expect(m.season).toBeUndefined();
    expect(m.longest[0]?.units).toBe(380);
  });
});
