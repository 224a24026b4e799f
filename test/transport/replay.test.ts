// Replay protection's two checks: the signed timestamp's window and the once-only interaction id,
// the latter on every engine (two engine connections stand for two processes on one store).

import { afterAll, describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../src/store/engines/index.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { checkTimestamp, MAX_TIMESTAMP_AGE_MS, MAX_TIMESTAMP_AHEAD_MS, SEEN_INTERACTION_TTL_MS, SeenInteractions } from '../../src/transport/replay.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';

const NOW = 1_763_900_000_000;
const seconds = (ms: number): string => String(Math.floor(ms / 1000));

describe('checkTimestamp', () => {
  it('accepts up to 5 minutes old and 1 minute ahead, refuses beyond, and refuses what is not Unix seconds', () => {
    expect(checkTimestamp(seconds(NOW), NOW)).toBe('fresh');
    expect(checkTimestamp(seconds(NOW - MAX_TIMESTAMP_AGE_MS), NOW)).toBe('fresh');
    expect(checkTimestamp(seconds(NOW - MAX_TIMESTAMP_AGE_MS - 1000), NOW)).toBe('stale');
    expect(checkTimestamp(seconds(NOW + MAX_TIMESTAMP_AHEAD_MS), NOW)).toBe('fresh');
    expect(checkTimestamp(seconds(NOW + MAX_TIMESTAMP_AHEAD_MS + 1000), NOW)).toBe('future');
    for (const bad of [undefined, '', '-1', '1.5', 'abc', ' 1763900000', '1'.repeat(13)]) expect(checkTimestamp(bad, NOW)).toBe('malformed');
  });

  it('remembers ids longer than the timestamp window', () => {
    expect(SEEN_INTERACTION_TTL_MS).toBeGreaterThan(MAX_TIMESTAMP_AGE_MS + MAX_TIMESTAMP_AHEAD_MS);
  });
});

describe('SeenInteractions', () => {
  it('claims an id once, and again only after the TTL', async () => {
    let now = NOW;
    const seen = new SeenInteractions(new MemoryEngine(() => now));
    expect(await seen.firstSighting('1100000000000000001')).toBe(true);
    expect(await seen.firstSighting('1100000000000000001')).toBe(false);
    expect(await seen.firstSighting('1100000000000000002')).toBe(true);
    now += SEEN_INTERACTION_TTL_MS - 1;
    expect(await seen.firstSighting('1100000000000000001')).toBe(false);
    now += 2;
    expect(await seen.firstSighting('1100000000000000001')).toBe(true);
  });

  describe.each(engineCases().filter((c) => c.shared && !c.skipped))('on $kind, two connections (processes)', ({ kind }) => {
    const place: OpenedCase = prepareCase(kind);
    const engines: StoreEngine[] = [];
    afterAll(async () => {
      await Promise.allSettled(engines.map((e) => e.close()));
      await place.cleanup();
    });

    it('exactly one of 20 concurrent claims of one id wins, across both', async () => {
      engines.push(await place.open(), await place.open());
      const seen = engines.map((e) => new SeenInteractions(e));
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => seen[i % 2]?.firstSighting('1100000000000000042')));
      expect(results.filter(Boolean)).toHaveLength(1);
    });
  });
});
