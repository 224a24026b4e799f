import { ENGLISH } from '../../src/i18n/index.js';
import { describe, expect, it } from 'vitest';
import type { ForumTopicDetail } from '../../src/service/forum-types.js';
import { ANIME_RANKING_TYPES, MANGA_RANKING_TYPES, type Anime, type Manga } from '../../src/service/work-types.js';
import {
  detailsEmbed,
  errorMessage,
  forumTopicEmbed,
  listStatusLine,
  pollText,
  workListEmbed,
} from '../../src/render/index.js';
import { ANIME_RANKING_NAMES, MANGA_RANKING_NAMES, seasonPage } from '../../src/views/browse.js';
import { assertWithinDiscordLimits, unbalancedMarkers } from './discord-limits.js';

const long = (n: number, word = 'lorem'): string => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

const fullAnime: Anime = {
  id: 1,
  title: 'Some *Show* ||x||',
  main_picture: { medium: 'https://img.example/m.jpg' },
  alternative_titles: { synonyms: ['Alt One', 'Alt Two'], en: 'The English', ja: '日本語' },
  start_date: '2021-04',
  synopsis: 'A story about **things** and _stuff_.',
  mean: 8.5,
  rank: 12,
  popularity: 1234,
  num_list_users: 1234567,
  num_scoring_users: 765432,
  nsfw: 'gray',
  media_type: 'tv_special',
  status: 'currently_airing',
  num_episodes: 0,
  start_season: { year: 2021, season: 'spring' },
  broadcast: { day_of_the_week: 'saturday', start_time: '01:29' },
  source: 'light_novel',
  average_episode_duration: 1440,
  rating: 'pg_13',
  genres: [{ id: 1, name: 'Action' }],
  studios: [{ id: 2, name: 'Studio_Name' }],
  related_anime: [
    { node: { id: 3, title: 'Sequel Show' }, relation_type: 'sequel', relation_type_formatted: 'Sequel' },
    { node: { id: 4, title: 'Other' }, relation_type: 'alternative_version' },
  ],
  related_manga: [{ node: { id: 5, title: 'The Manga' }, relation_type: 'adaptation' }],
  recommendations: [{ node: { id: 6, title: 'Similar' }, num_recommendations: 42 }],
  statistics: { status: { watching: '1234', completed: '98765', on_hold: '12', dropped: '3', plan_to_watch: '4567', brand_new: '7' }, num_list_users: 104579 },
  my_list_status: { status: 'watching', score: 8, num_episodes_watched: 12 },
};

function fieldValue(embed: { fields?: Array<{ name: string; value: string }> }, name: string): string | undefined {
  return embed.fields?.find((f) => f.name === name)?.value;
}

describe('animeDetailsEmbed', () => {
  const e = detailsEmbed(ENGLISH, 'anime', fullAnime);

  it('escapes the title and shows the alternative titles', () => {
    expect(e.title).toBe('Some \\*Show\\* \\|\\|x\\|\\|');
    expect(e.description).toContain('*The English*');
    expect(e.description).toContain('日本語');
    expect(e.description).toContain('Alt One, Alt Two');
    expect(e.description).toContain('A story about \\*\\*things\\*\\* and \\_stuff\\_.');
    expect(e.thumbnail?.url).toBe('https://img.example/m.jpg');
  });

  it('lays out every present field with humanized values', () => {
    expect(fieldValue(e, 'Score')).toBe('★ 8.5 (765,432 users)');
    expect(fieldValue(e, 'Ranked')).toBe('#12');
    expect(fieldValue(e, 'Popularity')).toBe('#1,234');
    expect(fieldValue(e, 'Members')).toBe('1,234,567');
    expect(fieldValue(e, 'Type')).toBe('TV Special');
    expect(fieldValue(e, 'Status')).toBe('Currently Airing');
    expect(fieldValue(e, 'Episodes')).toBe('?');
    expect(fieldValue(e, 'Aired')).toBe('Apr 2021 – present');
    expect(fieldValue(e, 'Season')).toBe('Spring 2021');
    expect(fieldValue(e, 'Broadcast')).toBe('Saturday at 01:29');
    expect(fieldValue(e, 'Source')).toBe('Light Novel');
    expect(fieldValue(e, 'Duration')).toBe('24 min per ep');
    expect(fieldValue(e, 'Rating')).toBe(ENGLISH.t('term.rating.pg_13'));
    expect(fieldValue(e, 'Studios')).toBe('Studio\\_Name');
    expect(fieldValue(e, 'Related anime')).toBe('Sequel: Sequel Show\nAlternative version: Other');
    expect(fieldValue(e, 'Related manga')).toBe('Adaptation: The Manga');
    expect(fieldValue(e, 'Recommendations')).toBe('Similar (42)');
    expect(fieldValue(e, 'NSFW')).toBe(ENGLISH.t('term.nsfw.gray'));
    expect(fieldValue(e, 'Your list')).toBe('Watching · 12/? episodes · ★ 8');
  });

  it('parses statistics counts sent as strings', () => {
    expect(fieldValue(e, 'Statistics')).toBe(
      'Watching: 1,234\nCompleted: 98,765\nOn Hold: 12\nDropped: 3\nPlan to Watch: 4,567\nBrand New: 7\nTotal: 104,579',
    );
  });

  it('shows only the title for a bare node', () => {
    const bare = detailsEmbed(ENGLISH, 'anime', { id: 9 });
    expect(bare.title).toBe('#9');
    expect(bare.fields).toEqual([]);
    expect(bare.description).toBeUndefined();
    assertWithinDiscordLimits({ embeds: [bare] });
  });

  it('stays within limits when every field is huge', () => {
    const huge: Anime = {
      ...fullAnime,
      title: long(100),
      synopsis: `**${long(2000)}**`,
      alternative_titles: { synonyms: Array.from({ length: 50 }, (_, i) => long(20, `syn${i}`)), en: long(300), ja: long(300) },
      genres: Array.from({ length: 80 }, (_, i) => ({ id: i, name: long(5, 'genre') })),
      studios: Array.from({ length: 80 }, (_, i) => ({ id: i, name: long(5, 'studio') })),
      related_anime: Array.from({ length: 80 }, (_, i) => ({ node: { id: i, title: long(30) }, relation_type: 'sequel' })),
      related_manga: Array.from({ length: 80 }, (_, i) => ({ node: { id: i, title: long(30) }, relation_type: 'sequel' })),
      recommendations: Array.from({ length: 80 }, (_, i) => ({ node: { id: i, title: long(30) }, num_recommendations: i })),
      broadcast: { day_of_the_week: long(200), start_time: long(200) },
    };
    const embed = detailsEmbed(ENGLISH, 'anime', huge);
    assertWithinDiscordLimits({ embeds: [embed] });
    for (const text of [embed.description ?? '', ...(embed.fields ?? []).map((f) => f.value)]) expect(unbalancedMarkers(text)).toEqual([]);
    expect(fieldValue(embed, 'Related anime')).toMatch(/^Sequel: lorem0 [^\n]*…\n[\s\S]*…and \d+ more$/);
  });
});

describe('mangaDetailsEmbed', () => {
  it('shows authors with roles, serialization and the reader status', () => {
    const m: Manga = {
      id: 2,
      title: 'Book',
      num_volumes: 0,
      num_chapters: 120,
      status: 'on_hiatus',
      media_type: 'manhwa',
      authors: [{ node: { id: 1, first_name: 'Ann', last_name: 'Author' }, role: 'Story' }, { node: { id: 2 } }],
      serialization: [{ node: { id: 3, name: 'Weekly Magazine' } }],
      my_list_status: { status: 'reading', num_volumes_read: 2, num_chapters_read: 30, is_rereading: true },
    };
    const e = detailsEmbed(ENGLISH, 'manga', m);
    expect(fieldValue(e, 'Authors')).toBe('Ann Author (Story)');
    expect(fieldValue(e, 'Serialization')).toBe('Weekly Magazine');
    expect(fieldValue(e, 'Volumes')).toBe('?');
    expect(fieldValue(e, 'Chapters')).toBe('120');
    expect(fieldValue(e, 'Status')).toBe('On Hiatus');
    expect(fieldValue(e, 'Type')).toBe('Manhwa');
    expect(fieldValue(e, 'Your list')).toBe('Reading · 2/? volumes · 30/120 chapters · Rereading');
  });
});

describe('list status lines', () => {
  it('formats anime and manga progress', () => {
    expect(listStatusLine(ENGLISH, 'anime', { status: 'watching', num_episodes_watched: 12, score: 8 }, { num_episodes: 24 })).toBe('Watching · 12/24 episodes · ★ 8');
    expect(listStatusLine(ENGLISH, 'anime', { num_episodes_watched: 3 })).toBe('On list · 3/? episodes');
    expect(listStatusLine(ENGLISH, 'manga', { status: 'plan_to_read', score: 0 })).toBe('Plan to Read');
  });
});

describe('workListEmbed', () => {
  it('numbers items, escapes titles and details, and summarizes overflow', () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ position: i + 1, title: `Title_${i} ${long(40)}`, detail: `detail *${i}*` }));
    const e = workListEmbed(ENGLISH, { title: 'Results', items, footer: 'Page 1' });
    assertWithinDiscordLimits({ embeds: [e] });
    expect(e.description).toContain('**1.** Title\\_0');
    expect(e.description).toContain('detail \\*0\\*');
    expect(e.description).toMatch(/…and \d+ more$/);
    expect(e.footer?.text).toBe('Page 1');
  });

  it('prefers the rank label and shows an empty text', () => {
    expect(workListEmbed(ENGLISH, { title: 'x', items: [{ rank: 3, position: 1, title: 'A' }] }).description).toBe('**#3** A');
    expect(workListEmbed(ENGLISH, { title: 'x', items: [], emptyText: 'Nothing here.' }).description).toBe('Nothing here.');
  });
});

describe('ranking names', () => {
  it('names every ranking type distinctly, short enough for a command choice', () => {
    for (const [types, names] of [
      [ANIME_RANKING_TYPES, ANIME_RANKING_NAMES],
      [MANGA_RANKING_TYPES, MANGA_RANKING_NAMES],
    ] as const) {
      const shown = types.map((t) => (names as Readonly<Record<string, string>>)[t] ?? '');
      expect(shown.every((n) => n.trim().length > 0 && n.length <= 100)).toBe(true);
      expect(new Set(shown).size).toBe(types.length);
    }
    expect(ANIME_RANKING_NAMES.bypopularity).toBe('Most popular');
    expect(MANGA_RANKING_NAMES.oneshots).toBe('Top one-shots');
  });
});

describe('season page', () => {
  const where = { place: 'guild' as const, ageRestricted: false };

  it('titles the page from its own season and counts carry-overs in the footer', () => {
    const loaded = seasonPage(
      { where, t: ENGLISH },
      { year: 2020, season: 'fall', sort: 'anime_score' },
      {
        data: [
          { node: { id: 1, title: 'New', start_season: { year: 2020, season: 'fall' } } },
          { node: { id: 2, title: 'Old', start_season: { year: 2019, season: 'fall' } } },
          { node: { id: 3, title: 'Older', start_season: { year: 2020, season: 'summer' } } },
          { node: { id: 4, title: 'Unknown start' } },
        ],
        paging: {},
        season: { year: 2020, season: 'fall' },
      },
      0,
      { nsfwFiltered: true },
    );
    const e = loaded.embeds[0];
    expect(e?.title).toBe('Fall 2020 anime · by score');
    expect(e?.description).toBe('**1.** New\n\u2003Fall 2020\n\n**2.** Old\n\u2003Fall 2019\n\n**3.** Older\n\u2003Summer 2020\n\n**4.** Unknown start');
    expect(e?.footer?.text).toBe('2 titles on this page continue from an earlier season');
    expect(loaded.hasNext).toBe(false);
  });

  it('falls back to the requested season and has no footer without carry-overs', () => {
    const loaded = seasonPage(
      { where, t: ENGLISH },
      { year: 1999, season: 'winter', sort: 'anime_num_list_users' },
      { data: [{ node: { id: 1, title: 'Show', start_season: { year: 1999, season: 'winter' } } }], paging: { next: 'x' } },
      0,
      { nsfwFiltered: true },
    );
    expect(loaded.embeds[0]?.title).toBe('Winter 1999 anime · by members');
    expect(loaded.embeds[0]?.footer).toBeUndefined();
    expect(loaded.hasNext).toBe(true);
  });
});

describe('forum topic', () => {
  it('renders a poll with bars, counts and percentages', () => {
    const text = pollText(ENGLISH, { question: 'Best?', closed: true, options: [{ text: 'A', votes: 3 }, { text: 'B', votes: 1 }, { text: 'C' }] });
    expect(text).toBe(
      '📊 **Best?** (closed)\nA\n`██████████` 3 votes (75.0%)\nB\n`███░░░░░░░` 1 vote (25.0%)\nC\n`░░░░░░░░░░` 0 votes (0.0%)\nTotal: 4 votes',
    );
  });

  it('fits many huge posts and a huge poll within the message limits', () => {
    const topic: ForumTopicDetail = {
      title: long(100),
      poll: { question: long(100), options: Array.from({ length: 40 }, (_, i) => ({ text: long(30), votes: i })) },
      posts: Array.from({ length: 15 }, (_, i) => ({
        number: i + 1,
        created_at: '2020-11-24T03:00:58+00:00',
        created_by: { name: long(50), forum_avator: 'https://img.example/a.png', forum_title: long(50) },
        body: `[spoiler]${long(1500)}[/spoiler] [b]${long(500)}[/b]`,
      })),
    };
    const embeds = forumTopicEmbed(ENGLISH, topic, { topicId: 1 });
    expect(embeds).toHaveLength(10);
    assertWithinDiscordLimits({ embeds });
    for (const e of embeds) expect(unbalancedMarkers(e.description ?? '')).toEqual([]);
    expect(embeds[0]?.description).toContain('…and 6 more posts on this page.');
  });

  it('handles a topic with no posts and a null poll', () => {
    const embeds = forumTopicEmbed(ENGLISH, { title: 'Empty', poll: null, posts: [] });
    expect(embeds).toEqual([{ title: 'Empty', color: expect.any(Number), description: 'No posts on this page.' }]);
  });
});

describe('errorMessage', () => {
  it('is an ephemeral red embed titled with a warning sign', () => {
    const m = errorMessage(ENGLISH.t('error.reauth.title'), ENGLISH.t('error.reauth.text'));
    expect(m.ephemeral).toBe(true);
    expect(m.embeds?.[0]?.title).toBe('⚠️ Log in again');
    expect(m.embeds?.[0]?.description).toContain('/login');
    expect(m.embeds?.[0]?.color).toBe(0xed4245);
  });

  it('accepts a free title with markdown detail', () => {
    const m = errorMessage('Not your *command*', 'Run `/anime` yourself.');
    expect(m.embeds?.[0]?.title).toBe('⚠️ Not your \\*command\\*');
    expect(m.embeds?.[0]?.description).toBe('Run `/anime` yourself.');
  });
});
