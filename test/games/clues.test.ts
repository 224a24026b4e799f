// The daily puzzle's clues: how the secret compares with a guess on each field, never the secret's value;
// the grid's row has squares only.

import { describe, expect, it } from 'vitest';
import { cluesFor, gridRow } from '../../src/games/clues.js';
import type { PoolTitle } from '../../src/games/pool.js';
import { poolTitle } from './pool-fixture.js';

const secret: PoolTitle = {
  id: 1, title: 'Secret', synonyms: [], year: 2011, season: 'spring', mediaType: 'tv', episodes: 24, score: 8.5,
  studios: ['Bones'], genres: ['Action', 'Drama'], source: 'manga',
};

describe('daily puzzle clues', () => {
  it('compares every anime field: earlier/later, fewer/more, lower/higher, same or not, what is shared', () => {
    const guess: PoolTitle = { ...secret, id: 2, title: 'Guess', year: 2009, season: 'fall', episodes: 64, score: 8.5, studios: ['Madhouse'], genres: ['Action', 'Comedy'], source: 'original' };
    const byField = Object.fromEntries(cluesFor('anime', guess, secret).map((c) => [c.field, c]));
    expect(Object.keys(byField)).toEqual(['year', 'season', 'mediaType', 'episodes', 'score', 'studios', 'genres', 'source']);
    expect(byField.year).toEqual({ field: 'year', verdict: 'higher', value: 2009 });
    expect(byField.season?.verdict).toBe('miss');
    expect(byField.mediaType?.verdict).toBe('match');
    expect(byField.episodes).toEqual({ field: 'episodes', verdict: 'lower', value: 64 });
    expect(byField.score?.verdict).toBe('match');
    expect(byField.studios?.verdict).toBe('miss');
    expect(byField.genres).toEqual({ field: 'genres', verdict: 'partial', value: ['Action', 'Comedy'], shared: ['Action'] });
    expect(byField.source?.verdict).toBe('miss');
    // No clue carries the secret's own value.
    expect(JSON.stringify(byField)).not.toMatch(/2011|spring|Bones|Drama|"manga"|\b24\b/);
  });

  it('compares manga fields and says when a count is unknown', () => {
    const s = poolTitle('manga', 1);
    const g = { ...poolTitle('manga', 2), volumes: undefined };
    const clues = cluesFor('manga', g, s);
    expect(clues.map((c) => c.field)).toEqual(['year', 'mediaType', 'volumes', 'chapters', 'score', 'authors', 'serialization', 'genres']);
    expect(clues.find((c) => c.field === 'volumes')).toEqual({ field: 'volumes', verdict: 'unknown', value: undefined });
    expect(clues.find((c) => c.field === 'chapters')?.verdict).toBe('lower');
  });

  it('draws a row of squares with no title or value', () => {
    const clues = cluesFor('anime', { ...secret, id: 3, year: 2015 }, secret);
    expect(gridRow(clues, false)).toBe('❌🔽🟩🟩🟩🟩🟩🟩🟩');
    expect(gridRow(clues, true)).toBe('🎯🟩🟩🟩🟩🟩🟩🟩🟩');
  });
});
