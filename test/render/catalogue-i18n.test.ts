// The catalogue's renderers in other languages: every word from the catalogue (compared with
// translator(locale).t, never with copies of translations), dates in the locale's own order.

import { describe, expect, it } from 'vitest';
import { ENGLISH, translator } from '../../src/i18n/index.js';
import { detailsEmbed } from '../../src/render/details.js';
import { formatDateRange, formatDuration, formatEpisodeDuration, formatPartialDate, formatSeason } from '../../src/render/format.js';
import { workListEmbed } from '../../src/render/lists.js';
import { term } from '../../src/render/terms.js';
import { listStatusLine, workFacts } from '../../src/render/work-facts.js';
import type { Anime, Manga } from '../../src/service/work-types.js';
import { followableFirst } from '../../src/views/followable.js';
import { maskTitle, nsfwFilteredNote } from '../../src/views/nsfw.js';
import { japanSlotText, scheduleEmbed } from '../../src/views/schedule.js';
import { seasonPage } from '../../src/views/browse.js';

const ja = translator('ja');
const de = translator('de');
const pt = translator('pt-BR');
const where = { place: 'guild' as const, ageRestricted: false };

const anime: Anime = {
  id: 967,
  title: 'Hokuto no Ken',
  mean: 8.01,
  num_scoring_users: 1,
  rank: 556,
  media_type: 'tv',
  status: 'finished_airing',
  num_episodes: 109,
  start_date: '1984-10-11',
  end_date: '1987-03-05',
  start_season: { year: 1984, season: 'fall' },
  broadcast: { day_of_the_week: 'thursday', start_time: '19:00' },
  source: 'manga',
  average_episode_duration: 1500,
  rating: 'r',
  alternative_titles: { synonyms: ['HNK'] },
  my_list_status: { status: 'watching', num_episodes_watched: 73 },
};

describe('dates and durations in the reader’s locale', () => {
  it('keeps English as it was', () => {
    expect(formatPartialDate(ENGLISH, '2010-01-10')).toBe('Jan 10, 2010');
    expect(formatPartialDate(ENGLISH, '2010-01')).toBe('Jan 2010');
    expect(formatDateRange(ENGLISH, '2010-01', undefined, true)).toBe('Jan 2010 – present');
    expect(formatEpisodeDuration(ENGLISH, 1440)).toBe('24 min per ep');
  });

  it('orders and names dates through Intl in the locale', () => {
    const day = new Intl.DateTimeFormat('ja', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    expect(formatPartialDate(ja, '2010-01-10')).toBe(day.format(Date.UTC(2010, 0, 10)));
    const month = new Intl.DateTimeFormat('de', { year: 'numeric', month: 'short', timeZone: 'UTC' });
    expect(formatPartialDate(de, '2010-03')).toBe(month.format(Date.UTC(2010, 2, 1)));
    expect(formatPartialDate(de, 'soon')).toBe('soon');
  });

  it('says "present" and "?" in the locale', () => {
    expect(formatDateRange(pt, '2010', undefined, true)).toBe(pt.t('works.date.range', { start: formatPartialDate(pt, '2010'), end: pt.t('works.date.present') }));
    expect(formatDateRange(ja, undefined, '2011')).toBe(ja.t('works.date.range', { start: '?', end: formatPartialDate(ja, '2011') }));
  });

  it('words durations and seasons through the catalogue', () => {
    expect(formatDuration(de, 5400)).toBe(de.t('works.duration.hoursMinutes', { h: 1, m: 30 }));
    expect(formatDuration(ja, 45)).toBe(ja.t('works.duration.seconds', { n: 45 }));
    expect(formatSeason(ja, { year: 2020, season: 'fall' })).toBe(ja.t('works.season.name', { season: ja.t('term.season.fall'), year: '2020' }));
  });
});

describe('details embeds in Japanese', () => {
  it('name every field, value and the footer from the catalogue', () => {
    const e = detailsEmbed(ja, 'anime', anime);
    const value = (key: Parameters<typeof ja.t>[0]) => e.fields?.find((f) => f.name === ja.t(key))?.value;
    expect(value('works.details.field.type')).toBe(term(ja, 'mediaType', 'tv'));
    expect(value('works.details.field.status')).toBe(term(ja, 'workStatus', 'finished_airing'));
    expect(value('works.details.field.source')).toBe(term(ja, 'source', 'manga'));
    expect(value('works.details.field.broadcast')).toBe(ja.t('works.details.broadcastAt', { day: term(ja, 'weekday', 'thursday'), time: '19:00' }));
    expect(value('works.details.field.score')).toBe(ja.t('works.details.scoreUsers', { score: '8.01', users: 1 }));
    expect(value('works.details.field.aired')).toBe(formatDateRange(ja, '1984-10-11', '1987-03-05'));
    expect(value('works.details.field.yourList')).toBe(listStatusLine(ja, 'anime', { status: 'watching', num_episodes_watched: 73 }, { num_episodes: 109 }));
    expect(e.footer?.text).toBe(ja.t('works.details.footer.anime', { id: '967' }));
    expect(e.description).toContain(ja.t('works.details.alsoKnownAs', { names: 'HNK' }));
    // No English field name is left.
    const english = new Set((detailsEmbed(ENGLISH, 'anime', anime).fields ?? []).map((f) => f.name));
    expect((e.fields ?? []).filter((f) => english.has(f.name) && f.name !== 'NSFW')).toEqual([]);
  });

  it('manga details and list lines count volumes and chapters in the locale', () => {
    const manga: Manga = { id: 401, title: 'Kiseijuu', num_volumes: 10, num_chapters: 64, status: 'finished' };
    const e = detailsEmbed(pt, 'manga', manga);
    expect(e.fields?.map((f) => f.name)).toEqual(expect.arrayContaining([pt.t('works.details.field.volumes'), pt.t('works.details.field.chapters')]));
    expect(e.footer?.text).toBe(pt.t('works.details.footer.manga', { id: '401' }));
    expect(listStatusLine(pt, 'manga', { status: 'reading', num_volumes_read: 1, num_chapters_read: 5 }, { num_volumes: 10 })).toBe(
      [term(pt, 'listStatus', 'reading'), pt.t('works.progress.volumes', { done: '1', total: 10 }), pt.t('works.progress.chaptersUnknown', { done: '5' })].join(' · '),
    );
  });
});

describe('lists, facts and views in other locales', () => {
  it('facts count with ICU plurals in the locale', () => {
    const facts = workFacts(de, { id: 1, media_type: 'tv', num_episodes: 1, num_list_users: 1234 });
    expect(facts).toEqual([term(de, 'mediaType', 'tv'), de.t('works.facts.episodes', { count: 1 }), de.t('works.facts.members', { count: 1234 })]);
    expect(workFacts(ja, { id: 2, num_episodes: 0 })).toEqual([ja.t('works.facts.episodesUnknown')]);
  });

  it('an empty list and overflow say so in the locale', () => {
    expect(workListEmbed(ja, { title: 'x', items: [] }).description).toBe(ja.t('works.list.empty'));
    const many = Array.from({ length: 60 }, (_, i) => ({ position: i + 1, title: 'T'.repeat(150), detail: 'd'.repeat(200) }));
    expect(workListEmbed(pt, { title: 'x', items: many }).description).toMatch(new RegExp(pt.t('works.list.more', { count: 99 }).replace('99', '\\d+')));
  });

  it('season pages title and count carry-overs in the locale', () => {
    const loaded = seasonPage(
      { where, t: ja },
      { year: 2020, season: 'fall', sort: 'anime_score' },
      { data: [{ node: { id: 2, title: 'Old', start_season: { year: 2019, season: 'fall' } } }], paging: {}, season: { year: 2020, season: 'fall' } },
      0,
      { nsfwFiltered: false },
    );
    expect(loaded.embeds[0]?.title).toBe(ja.t('works.season.title', { season: formatSeason(ja, { year: 2020, season: 'fall' }) ?? '', sort: 'anime_score' }));
    expect(loaded.embeds[0]?.footer?.text).toBe(ja.t('works.season.carried', { count: 1 }));
  });

  it('the schedule names days and slots in the locale', () => {
    const atMs = Date.UTC(2026, 0, 11, 16, 5);
    const embed = scheduleEmbed({ where, t: de }, { day: undefined, mine: false }, [{ title: { id: 7, title: 'Late Show', num_episodes: 12 }, episode: 1, atMs }], 'none');
    expect(embed.title).toBe(de.t('works.schedule.title.week', { title: de.t('works.schedule.title.all') }));
    expect(embed.description).toContain(de.t('works.schedule.episodeOf', { episode: 1, total: 12 }));
    expect(embed.description).toContain(de.t('works.schedule.premiere'));
    expect(embed.footer?.text).toBe(de.t('works.schedule.footer'));
    expect(japanSlotText(ja, atMs)).toBe(ja.t('works.schedule.slot', { weekday: new Intl.DateTimeFormat('ja', { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 12)), time: '01:05' }));
  });

  it('not-safe-for-work notes, masks and the finished mark come from the catalogue', () => {
    expect(nsfwFilteredNote(pt, where)).toBe(pt.t('works.nsfw.hiddenNote'));
    expect(nsfwFilteredNote(pt, { place: 'guild', ageRestricted: true }, 'nsfw')).toBe(pt.t('works.nsfw.leftOutNote', { option: 'nsfw' }));
    expect(maskTitle(ja, 'X', 'black', where)).toBe(ja.t('works.nsfw.maskedTitle'));
    const [done] = followableFirst([{ id: 1, name: 'Old Show', status: 'finished_airing' }], ja);
    expect(done?.name).toBe(ja.t('works.choice.finished', { name: 'Old Show' }));
  });
});
