// Replay protection's two checks: the signed timestamp's window and the once-only interaction id,
// the latter on every engine (two engine connections stand for two processes on one store).

import { afterAll, describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../src/store/engines/index.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { StoreSteps } from '../../src/store/store-steps.js';
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
    const seen = new SeenInteractions(new MemoryEngine(() => now), { now: () => now });
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

describe('SeenInteractions when the store does not answer', () => {
  const failing = (): Pick<StoreEngine, 'setIfAbsent'> => ({ setIfAbsent: () => Promise.reject(new Error('store down')) });

  it("falls back to the process's own memory: the id is accepted once here, a replay to this process is refused, and the fallback is told", async () => {
    let now = NOW;
    const told: unknown[] = [];
    const seen = new SeenInteractions(failing(), { now: () => now, onFallback: (e) => told.push(e) });
    expect(await seen.firstSighting('1100000000000000001')).toBe(true);
    expect(await seen.firstSighting('1100000000000000001')).toBe(false);
    expect(await seen.firstSighting('1100000000000000002')).toBe(true);
    expect(told).toHaveLength(2);
    // Forgotten after the TTL, as the store forgets it.
    now += SEEN_INTERACTION_TTL_MS + 1;
    expect(await seen.firstSighting('1100000000000000001')).toBe(true);
  });

  it('an id the store accepted is remembered here too: a replay while the store is down is refused', async () => {
    let down = false;
    const engine = new MemoryEngine(() => NOW);
    const seen = new SeenInteractions({ setIfAbsent: (k, v, ttl) => (down ? Promise.reject(new Error('store down')) : engine.setIfAbsent(k, v, ttl)) }, { now: () => NOW });
    expect(await seen.firstSighting('1100000000000000007')).toBe(true);
    down = true;
    expect(await seen.firstSighting('1100000000000000007')).toBe(false);
    expect(await seen.firstSighting('1100000000000000008')).toBe(true);
  });

  it('through the store steps: a store that never answers costs one step deadline, counted as the replay step failing open', async () => {
    const hanging: StoreEngine = Object.assign(new MemoryEngine(() => NOW), { setIfAbsent: () => new Promise<boolean>(() => undefined) });
    const failures: string[] = [];
    const steps = new StoreSteps(hanging, { timeoutMs: 20, onFailOpen: (e) => failures.push(`${e.step}:${e.operation}:${e.reason}`) });
    const seen = new SeenInteractions(steps.for('replay', ['setIfAbsent']), { now: () => NOW });
    expect(await seen.firstSighting('1100000000000000009')).toBe(true);
    // The store now counts as slow: refused at once (skipped), still decided here.
    expect(await seen.firstSighting('1100000000000000009')).toBe(false);
    expect(failures[0]).toBe('replay:setIfAbsent:timeout');
  });
});
