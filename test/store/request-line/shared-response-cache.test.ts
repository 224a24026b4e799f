// The shared cache of public answers on every engine, with two instances ("processes") over one store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../../local-stack/store-engines.js';
import { MemoryEngine } from '../../../src/store/engines/index.js';
import type { StoreEngine } from '../../../src/store/engine.js';
import { StoreSteps } from '../../../src/store/store-steps.js';
import { StoreResponseCache } from '../../../src/store/request-line/shared-response-cache.js';
import { openTwo, sleep, type TwoProcesses } from './helpers.js';

for (const engineCase of engineCases()) {
  const suite = engineCase.skipped ? describe.skip : describe;
  suite(`shared response cache: ${engineCase.kind}${engineCase.skipped ? ` (skipped: ${engineCase.skipped})` : ''}`, () => {
    let two: TwoProcesses;

    beforeAll(async () => {
      two = await openTwo(engineCase.kind);
    });
    afterAll(async () => {
      await two?.close();
    });

    it('an answer stored by one process is read by the other, with when it was stored', async () => {
      const a = new StoreResponseCache(two.a, { now: () => 1_000 });
      const b = new StoreResponseCache(two.b);
      const body = { data: [{ node: { id: 1, title: 'Ｆ' } }], paging: {} };
      await a.set('GET /anime?q=x', body, 60_000);
      expect(await b.get('GET /anime?q=x')).toEqual({ body, storedAt: 1_000 });
      expect(await b.get('GET /anime?q=y')).toBeUndefined();
      await b.set('GET /anime?q=x', { other: true }, 60_000);
      expect(await a.get('GET /anime?q=x')).toEqual({ body: { other: true }, storedAt: expect.any(Number) });
    });

    it('refuses entries over the size limit', async () => {
      const a = new StoreResponseCache(two.a, { maxEntryBytes: 1_000 });
      await a.set('big', { text: 'x'.repeat(2_000) }, 60_000);
      expect(await a.get('big')).toBeUndefined();
      expect(a.refusedTooLarge).toBe(1);
      await a.set('small', { text: 'x'.repeat(100) }, 60_000);
      expect(await a.get('small')).toBeDefined();
    });

    it('holds at most `slots` entries however many are written, and never answers with another key\'s body', async () => {
      const a = new StoreResponseCache(two.a, { slots: 8, name: 'bounded' });
      const b = new StoreResponseCache(two.b, { slots: 8, name: 'bounded' });
      for (let i = 0; i < 60; i++) await (i % 2 ? a : b).set(`bounded:${i}`, { i }, 60_000);
      const stored = await two.a.keys('bounded:');
      expect(stored.length).toBeLessThanOrEqual(8);
      let hits = 0;
      for (let i = 0; i < 60; i++) {
        const hit = await b.get(`bounded:${i}`);
        if (hit) {
          hits++;
          expect(hit.body).toEqual({ i });
        }
      }
      expect(hits).toBeGreaterThan(0);
      expect(hits).toBeLessThanOrEqual(8);
      // The last one written is always there.
      expect(await a.get('bounded:59')).toEqual({ body: { i: 59 }, storedAt: expect.any(Number) });
    });

    it('evicts the older entry of a key\'s two places first', async () => {
      let now = 10;
      const a = new StoreResponseCache(two.a, { slots: 2, name: 'evict', now: () => now }); // every key's places are 0 and 1
      const b = new StoreResponseCache(two.b, { slots: 2, name: 'evict' });
      for (const key of ['evict:1', 'evict:2', 'evict:3']) {
        now += 10;
        await a.set(key, key, 60_000);
      }
      expect(await b.get('evict:1')).toBeUndefined();
      expect((await b.get('evict:2'))?.body).toBe('evict:2');
      expect((await b.get('evict:3'))?.body).toBe('evict:3');
      // Rewriting a key reuses its place.
      now += 10;
      await a.set('evict:2', 'again', 60_000);
      expect((await b.get('evict:3'))?.body).toBe('evict:3');
      expect((await b.get('evict:2'))?.body).toBe('again');
    });

    it('keeps an entry for its TTL plus the stale window, then forgets it', async () => {
      const a = new StoreResponseCache(two.a, { staleMs: 150 });
      await a.set('ttl', 'short', 100);
      await sleep(180);
      expect((await a.get('ttl'))?.body).toBe('short'); // stale, still there for outages
      await sleep(150);
      expect(await a.get('ttl')).toBeUndefined();
    });
  });
}

describe('shared response cache: store failures', () => {
  it('a failing or slow store reads as a miss, a failed write is skipped, and both are reported, never thrown', async () => {
    const errors: string[] = [];
    const broken = Object.assign(Object.create(new MemoryEngine()) as StoreEngine, {
      get: () => Promise.reject(new Error('store down')),
      set: () => Promise.reject(new Error('store down')),
    });
    const cache = new StoreResponseCache(broken, { onError: (_e, op) => errors.push(op) });
    expect(await cache.get('k')).toBeUndefined();
    await expect(cache.set('k', 1, 1_000)).resolves.toBeUndefined();
    expect(errors).toEqual(['get', 'set']);

    const slow = Object.assign(Object.create(new MemoryEngine()) as StoreEngine, {
      get: () => new Promise<string | undefined>((r) => setTimeout(() => r(undefined), 500)),
    });
    // The cache's deadline is the engine's: the composition root hands it the engine through StoreSteps.
    const slowCache = new StoreResponseCache(new StoreSteps(slow, { timeoutMs: 50 }).for('response_cache'), { onError: (_e, op) => errors.push(`slow ${op}`) });
    const started = Date.now();
    expect(await slowCache.get('k')).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(300);
    expect(errors).toContain('slow get');
  });
});
