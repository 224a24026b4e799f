// Pools for the games' tests and bench: `n` titles with every field the clues read, deterministic.

import type { GameKind, GamePool, PoolTitle } from '../../src/games/pool.js';

const GENRES = ['Action', 'Comedy', 'Drama', 'Fantasy', 'Romance', 'Sci-Fi', 'Slice of Life', 'Mystery'];
const SEASONS = ['winter', 'spring', 'summer', 'fall'];

export function poolTitle(kind: GameKind, i: number): PoolTitle {
  const base: PoolTitle = {
    id: 1000 + i,
    title: `Title ${i} no Hanashi`,
    en: `The Story ${i}`,
    ja: `物語${i}`,
    synonyms: [`Story${i}`],
    picture: `https://cdn.example.test/images/${1000 + i}.jpg`,
    year: 1990 + (i % 35),
    mediaType: i % 5 === 0 ? 'movie' : 'tv',
    score: 6 + (i % 40) / 10,
    genres: [GENRES[i % GENRES.length]!, GENRES[(i * 3 + 1) % GENRES.length]!],
  };
  if (kind === 'anime') return { ...base, season: SEASONS[i % 4]!, episodes: 12 + (i % 3) * 12, studios: [`Studio ${i % 7}`], source: i % 2 ? 'manga' : 'original' };
  return { ...base, volumes: 5 + (i % 20), chapters: 40 + i, authors: [`Author ${i % 9}`], serialization: [`Magazine ${i % 4}`] };
}

export function makePool(kind: GameKind, n: number, readAt = 1): GamePool {
  return { kind, readAt, titles: Array.from({ length: n }, (_, i) => poolTitle(kind, i)) };
}
