// The live processes' heartbeats on every engine (two "processes" on one store): each sees the other,
// at distinct places; one that stops or whose heartbeat expired is no longer counted; a store that fails
// keeps the last count seen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../../local-stack/store-engines.js';
import type { StoreEngine } from '../../../src/store/engine.js';
import { LiveProcesses, UNKNOWN_PROCESS_COUNT } from '../../../src/store/request-line/live-processes.js';
import { openTwo, sleep, type TwoProcesses } from './helpers.js';

let run = 0;

for (const engineCase of engineCases()) {
  const suite = engineCase.skipped ? describe.skip : describe;
  suite(`live processes: ${engineCase.kind}${engineCase.skipped ? ` (skipped: ${engineCase.skipped})` : ''}`, () => {
    let two: TwoProcesses;
    beforeAll(async () => {
      two = await openTwo(engineCase.kind);
    });
    afterAll(async () => {
      await two?.close();
    });

    it('two processes see each other at distinct places; one that stops leaves the other the whole line', async () => {
      const line = `beat_${run++}`;
      const a = new LiveProcesses(two.a, { line });
      const b = new LiveProcesses(two.b, { line });
      await a.start();
      await b.start();
      await a.beat();
      expect([a.share(), b.share()].map((s) => s.count)).toEqual([2, 2]);
      expect(new Set([a.share().index, b.share().index])).toEqual(new Set([0, 1]));
      await b.stop();
      await a.beat();
      expect(a.share()).toEqual({ count: 1, index: 0 });
      await a.stop();
      expect(await two.a.keys(`${line}:process:`)).toEqual([]);
    });

    it('a heartbeat past its expiry is not counted; a configured count larger than the live ones wins', async () => {
      const line = `beat_${run++}`;
      await two.b.set(`${line}:process:gone`, '1', 50);
      await sleep(120);
      const a = new LiveProcesses(two.a, { line, configured: 3 });
      await a.start();
      expect(a.share()).toEqual({ count: 3, index: 0 });
      const alone = new LiveProcesses(two.a, { line });
      await alone.beat();
      expect(alone.share().count).toBe(2);
      await a.stop();
      await alone.stop();
    });

    it('a process whose store failed since it started assumes two processes and warns once; its first read counts them', async () => {
      const line = `beat_${run++}`;
      let failing = true;
      let warned = 0;
      const flaky = failingWhile(two.a, () => failing);
      const a = new LiveProcesses(flaky, { line, onError: () => undefined, onCountUnknown: () => warned++ });
      await a.start();
      expect(a.share().count).toBe(UNKNOWN_PROCESS_COUNT);
      expect(a.share().count).toBe(UNKNOWN_PROCESS_COUNT);
      expect(warned).toBe(1);
      failing = false;
      await a.beat();
      expect(a.share()).toEqual({ count: 1, index: 0 });
      expect(warned).toBe(1);
      // A configured count never warns.
      const configured = new LiveProcesses(failingWhile(two.a, () => true), { line, configured: 1, onError: () => undefined, onCountUnknown: () => warned++ });
      await configured.start();
      expect(configured.share()).toEqual({ count: 1, index: 0 });
      expect(warned).toBe(1);
      await a.stop();
    });

    it('a store that fails keeps the count last seen, and the failure is reported', async () => {
      const line = `beat_${run++}`;
      const b = new LiveProcesses(two.b, { line });
      await b.start();
      let failing = false;
      const errors: unknown[] = [];
      const flaky = failingWhile(two.a, () => failing);
      const a = new LiveProcesses(flaky, { line, onError: (e) => errors.push(e) });
      await a.start();
      expect(a.share().count).toBe(2);
      failing = true;
      await a.beat();
      expect(a.share().count).toBe(2);
      expect(errors).toHaveLength(1);
      failing = false;
      await a.stop();
      await b.stop();
    });
  });
}

/** The engine, every step failing while `failing()`. */
function failingWhile(engine: StoreEngine, failing: () => boolean): StoreEngine {
  return new Proxy(engine, {
    get: (target, prop, receiver) => {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => (failing() ? Promise.reject(new Error('store down')) : (value as (...x: unknown[]) => unknown).apply(target, args));
    },
  });
}
