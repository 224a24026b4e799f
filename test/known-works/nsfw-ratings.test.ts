// The deployment's record of works' nsfw ratings: learnt once by any process, read by every other; and
// what the bot picks or posts for a whole channel or server treats a missing rating as not safe for work.

import { describe, expect, it } from 'vitest';
import { notRatedSafe, NsfwRatings } from '../../src/known-works/nsfw-ratings.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';

describe('NsfwRatings', () => {
  it('shares what one process learnt with another on the same store', async () => {
    const engine = new MemoryEngine();
    const first = new NsfwRatings(engine);
    const second = new NsfwRatings(engine);
    await first.remember('anime', [{ id: 1, nsfw: 'white' }, { id: 2, nsfw: 'gray' }, { id: 3 }]);
    expect(await second.get('anime', 1)).toBe('white');
    expect(await second.get('anime', 2)).toBe('gray');
    expect(await second.get('anime', 3)).toBeUndefined();
    expect(await second.get('manga', 1)).toBeUndefined();
  });

  it('writes a rating it already holds only once, and expires stored ratings', async () => {
    let now = 0;
    const engine = new MemoryEngine(() => now);
    let writes = 0;
    const counting = { get: (k: string) => engine.get(k), set: (k: string, v: string, ttl?: number) => (writes++, engine.set(k, v, ttl)) };
    const ratings = new NsfwRatings(counting);
    await ratings.remember('anime', [{ id: 7, nsfw: 'white' }]);
    await ratings.remember('anime', [{ id: 7, nsfw: 'white' }]);
    expect(writes).toBe(1);
    await ratings.remember('anime', [{ id: 7, nsfw: 'black' }]);
    expect(writes).toBe(2);
    now += 31 * 24 * 60 * 60_000;
    expect(await new NsfwRatings(engine).get('anime', 7)).toBeUndefined();
  });

  it('treats a store that does not answer as not knowing, and reports it', async () => {
    const errors: unknown[] = [];
    const broken = { get: () => Promise.reject(new Error('down')), set: () => Promise.reject(new Error('down')) };
    const ratings = new NsfwRatings(broken, (e) => errors.push(e));
    await expect(ratings.remember('manga', [{ id: 5, nsfw: 'white' }])).resolves.toBeUndefined();
    expect(await new NsfwRatings(broken, (e) => errors.push(e)).get('manga', 5)).toBeUndefined();
    expect(errors).toHaveLength(2);
  });
});

describe('not rated safe', () => {
  it('picks and watch parties take only titles the service rated white', () => {
    expect(notRatedSafe('white')).toBe(false);
    expect(notRatedSafe('gray')).toBe(true);
    expect(notRatedSafe('black')).toBe(true);
    expect(notRatedSafe(undefined)).toBe(true);
  });
});
