// Higher or lower's rounds: right keeps the run going with the second title first, wrong ends it, a
// stale or repeated click counts for nothing, two titles never share a score, only scored titles play.

import { describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../src/store/engines/index.js';
import { HigherLower, hlKey } from '../../src/games/higher-lower.js';
import type { GamePool } from '../../src/games/pool.js';
import { makePool } from './pool-fixture.js';

describe('higher or lower', () => {
  const pool: GamePool = makePool('anime', 60);
  pool.titles[0] = { ...pool.titles[0]!, score: undefined };

  it('continues while right and ends when wrong; a stale click does nothing', async () => {
    const kv = new MemoryEngine();
    const hl = new HigherLower(kv);
    const round = (await hl.start('u', 'anime', pool))!;
    expect(round.a.score).not.toBe(round.b.score);
    expect([round.a.id, round.b.id]).not.toContain(pool.titles[0]!.id);
    const higher = round.a.score! > round.b.score! ? 'a' : 'b';
    const right = await hl.pick('u', 'anime', round.nonce, higher, pool);
    expect(right).toMatchObject({ right: true, next: { run: 1, a: round.b } });
    expect(await hl.pick('u', 'anime', round.nonce, higher, pool)).toEqual({ stale: true });
    if (!('next' in right)) return;
    const next = right.next;
    const lower = next.a.score! > next.b.score! ? 'b' : 'a';
    expect(await hl.pick('u', 'anime', next.nonce, lower, pool)).toMatchObject({ right: false, was: { run: 1 } });
    expect(await hl.pick('u', 'anime', next.nonce, lower, pool)).toEqual({ stale: true });
    expect(await kv.get(hlKey('u', 'anime'))).toBeDefined();
  });

  it('two clicks at once: one counts', async () => {
    const hl = new HigherLower(new MemoryEngine());
    const round = (await hl.start('u', 'manga', makePool('manga', 30)))!;
    const results = await Promise.all([hl.pick('u', 'manga', round.nonce, 'a', pool), hl.pick('u', 'manga', round.nonce, 'b', pool)]);
    expect(results.filter((r) => 'stale' in r)).toHaveLength(1);
  });

  it('needs two scored titles', async () => {
    const hl = new HigherLower(new MemoryEngine());
    expect(await hl.start('u', 'anime', { kind: 'anime', readAt: 1, titles: [pool.titles[1]!] })).toBeUndefined();
  });
});
