// The games' pool source: the ranking by popularity in pages of 500 (anime 2 requests, manga 1), the
// fields the clues need asked for, nsfw=false, and a title not rated safe for work left out even if sent.

import { describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../src/service/client.js';
import type { Anime, Manga } from '../../src/service/work-types.js';
import { servicePoolSource } from '../../src/games/service-pool-source.js';

function anime(id: number, extra: Partial<Anime> = {}): Anime {
  return {
    id,
    title: `A${id}`,
    nsfw: 'white',
    alternative_titles: { en: `En ${id}`, ja: `日${id}`, synonyms: ['Syn', ' '] },
    main_picture: { medium: 'https://cdn.example.test/m.jpg', large: 'https://cdn.example.test/l.jpg' },
    start_season: { year: 2011, season: 'spring' },
    start_date: '2011-04-06',
    num_episodes: 24,
    mean: 8.6,
    media_type: 'tv',
    source: 'manga',
    genres: [{ id: 1, name: 'Action' }],
    studios: [{ id: 2, name: 'Bones' }],
    ...extra,
  };
}

describe('game pool source', () => {
  it('reads anime in two pages of the ranking by popularity, safe-for-work titles only', async () => {
    const calls: Array<{ offset?: number; limit?: number; nsfw?: boolean; rankingType: string; fields?: string }> = [];
    const service = {
      animeRanking: async (o: (typeof calls)[number]) => {
        calls.push(o);
        const start = o.offset ?? 0;
        return { data: Array.from({ length: o.limit ?? 0 }, (_, i) => ({ node: anime(start + i + 1, start + i === 3 ? { nsfw: 'gray' } : start + i === 4 ? { nsfw: undefined } : {}) })) };
      },
    } as unknown as ServiceClient;
    const titles = await servicePoolSource(service)('anime');
    expect(calls.map((c) => [c.rankingType, c.offset, c.limit, c.nsfw])).toEqual([
      ['bypopularity', 0, 500, false],
      ['bypopularity', 500, 500, false],
    ]);
    expect(calls[0]?.fields).toContain('studios');
    expect(titles).toHaveLength(998);
    expect(titles.some((t) => t.id === 4 || t.id === 5)).toBe(false);
    expect(titles[0]).toEqual({
      id: 1, title: 'A1', en: 'En 1', ja: '日1', synonyms: ['Syn'], picture: 'https://cdn.example.test/l.jpg', year: 2011, season: 'spring',
      mediaType: 'tv', score: 8.6, genres: ['Action'], episodes: 24, studios: ['Bones'], source: 'manga',
    });
  });

  it('reads manga in one page, with authors and serialization; unknown counts stay unknown', async () => {
    let calls = 0;
    const manga: Manga = {
      id: 2, title: 'M', nsfw: 'white', start_date: '1997', num_volumes: 0, num_chapters: 1100,
      authors: [{ node: { id: 1, first_name: 'Eiichiro', last_name: 'Oda' }, role: 'Story & Art' }],
      serialization: [{ node: { id: 3, name: 'Shounen Jump (Weekly)' } }],
    };
    const service = { mangaRanking: async () => (calls++, { data: [{ node: manga }] }) } as unknown as ServiceClient;
    const [t] = await servicePoolSource(service)('manga');
    expect(calls).toBe(1);
    expect(t).toMatchObject({ id: 2, year: 1997, chapters: 1100, authors: ['Eiichiro Oda'], serialization: ['Shounen Jump (Weekly)'] });
    expect(t?.volumes).toBeUndefined();
  });
});
