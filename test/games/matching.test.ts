// Finding pool titles from what is typed: every form, case and accents ignored, typed and picked IDs,
// an order that depends only on the pool and the text, and the closest titles for a guess not in it.

import { describe, expect, it } from 'vitest';
import { closestTitles, normalizeTitle, resolveGuess, searchPool } from '../../src/games/matching.js';
import type { GamePool } from '../../src/games/pool.js';
import { makePool } from './pool-fixture.js';

const pool: GamePool = {
  kind: 'anime',
  readAt: 1,
  titles: [
    { id: 5114, title: 'Fullmetal Alchemist: Brotherhood', en: 'Fullmetal Alchemist: Brotherhood', ja: '鋼の錬金術師 FULLMETAL ALCHEMIST', synonyms: ['Hagane no Renkinjutsushi: Fullmetal Alchemist'], genres: [] },
    { id: 1535, title: 'Death Note', ja: 'デスノート', synonyms: ['DN'], genres: [] },
    { id: 32281, title: 'Kimi no Na wa.', en: 'Your Name.', ja: '君の名は。', synonyms: [], genres: [] },
    { id: 40, title: 'Pokémon', synonyms: [], genres: [] },
    { id: 86, title: '86', en: '86 Eighty-Six', synonyms: [], genres: [] },
  ],
};

describe('game title matching', () => {
  it('ignores case, accents and punctuation', () => {
    expect(normalizeTitle('  Pokémon!! ')).toBe('pokemon');
    expect(normalizeTitle('Kimi no Na wa.')).toBe('kimi no na wa');
  });

  it('finds a title by every form: main, English, Japanese, synonyms', () => {
    expect(searchPool(pool, 'your name').map((t) => t.id)).toEqual([32281]);
    expect(searchPool(pool, '君の名').map((t) => t.id)).toEqual([32281]);
    expect(searchPool(pool, 'hagane').map((t) => t.id)).toEqual([5114]);
    expect(searchPool(pool, 'POKEMON').map((t) => t.id)).toEqual([40]);
    expect(searchPool(pool, 'dn').map((t) => t.id)).toEqual([1535]);
  });

  it('puts a typed ID first, and orders the rest by how well they match, then by popularity', () => {
    expect(searchPool(pool, '1535')[0]?.id).toBe(1535);
    expect(searchPool(pool, 'no').map((t) => t.id)).toEqual([5114, 1535, 32281]);
    expect(searchPool(pool, 'death note').map((t) => t.id)).toEqual([1535]);
    expect(searchPool(pool, '8').map((t) => t.id)).toEqual([86]);
    expect(searchPool(pool, '').map((t) => t.id)).toEqual([5114, 1535, 32281, 40, 86]);
  });

  it('resolves a guess by picked or typed ID or an exact form, nothing else', () => {
    expect(resolveGuess(pool, 'id:1535')?.id).toBe(1535);
    expect(resolveGuess(pool, '#32281')?.id).toBe(32281);
    expect(resolveGuess(pool, 'your name.')?.id).toBe(32281);
    expect(resolveGuess(pool, 'pokemon')?.id).toBe(40);
    expect(resolveGuess(pool, '86')?.id).toBe(86);
    expect(resolveGuess(pool, 'death')).toBeUndefined();
    expect(resolveGuess(pool, 'id:999999')).toBeUndefined();
    // A main title wins over a more popular work that has it only as a synonym.
    const shared: GamePool = { ...pool, titles: [{ id: 7, title: 'Shiro Nikki', synonyms: ['Death Note'], genres: [] }, ...pool.titles] };
    expect(resolveGuess(shared, 'death note')?.id).toBe(1535);
    expect(resolveGuess(shared, 'shiro nikki')?.id).toBe(7);
  });

  it('offers the closest titles for a guess not in the pool', () => {
    expect(closestTitles(pool, 'Deth Note').map((t) => t.id)[0]).toBe(1535);
    expect(closestTitles(pool, 'death').map((t) => t.id)).toEqual([1535]);
    expect(closestTitles(pool, '   ')).toEqual([]);
  });

  it('answers over a 1 000-title pool at most 25 choices', () => {
    const big = makePool('anime', 1000);
    expect(searchPool(big, 'title 1')).toHaveLength(25);
    expect(searchPool(big, 'story 999').map((t) => t.id)).toEqual([1999]);
  });
});
