// The store steps on a person's path, each with a deadline of its own: a store that answers late
// costs one deadline, then every step is refused at once for a spell, then one probe at a time asks
// again; each fallback is told (the metrics count them by step). Time is driven by fake timers.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryEngine } from '../../src/store/engines/index.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { StoreSlowError, StoreStepTimeoutError, StoreSteps, type StoreStepFailure } from '../../src/store/store-steps.js';

/** A memory engine whose reads answer `delayMs` late (0: at once). */
function slowEngine(): { engine: StoreEngine; setDelay: (ms: number) => void; reads: () => number } {
  const inner = new MemoryEngine();
  let delayMs = 0;
  let reads = 0;
  const engine = Object.assign(Object.create(inner) as StoreEngine, {
    get: async (key: string) => {
      reads++;
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      return inner.get(key);
    },
  });
  return { engine, setDelay: (ms) => (delayMs = ms), reads: () => reads };
}

describe('StoreSteps', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a step slower than its deadline fails at the deadline, then steps are refused at once, then one probe finds the store again', async () => {
    const { engine, setDelay, reads } = slowEngine();
    await engine.set('k', 'v');
    const told: Array<{ step: string; operation: string; reason: StoreStepFailure }> = [];
    const steps = new StoreSteps(engine, { timeoutMs: 300, slowForMs: 3_000, now: () => Date.now(), onFailOpen: (e) => told.push(e) });
    const budget = steps.for('budget');
    expect(await budget.get('k')).toBe('v');

    setDelay(3_000);
    const late = budget.get('k');
    const failed = expect(late).rejects.toBeInstanceOf(StoreStepTimeoutError);
    await vi.advanceTimersByTimeAsync(300);
    await failed;
    expect(told).toEqual([{ step: 'budget', operation: 'get', reason: 'timeout' }]);

    // The store counts as slow: refused without asking it, whoever asks.
    const asked = reads();
    await expect(steps.for('cool_off').get('k')).rejects.toBeInstanceOf(StoreSlowError);
    expect(reads()).toBe(asked);
    expect(told.at(-1)).toEqual({ step: 'cool_off', operation: 'get', reason: 'skipped' });

    // After the spell one probe asks (the others are still refused); it is late again, so the spell restarts.
    await vi.advanceTimersByTimeAsync(3_000);
    const probe = budget.get('k');
    const probeFailed = expect(probe).rejects.toBeInstanceOf(StoreStepTimeoutError);
    await expect(budget.get('k')).rejects.toBeInstanceOf(StoreSlowError);
    await vi.advanceTimersByTimeAsync(300);
    await probeFailed;
    await expect(budget.get('k')).rejects.toBeInstanceOf(StoreSlowError);

    // The store recovers: the next probe answers and every step goes to the store again.
    setDelay(0);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await budget.get('k')).toBe('v');
    expect(await steps.for('response_cache').get('k')).toBe('v');
  });

  it('an engine error is told and passed to the caller without marking the store slow; unlisted operations pass straight through', async () => {
    const inner = new MemoryEngine();
    const broken = Object.assign(Object.create(inner) as StoreEngine, {
      get: () => Promise.reject(new Error('store down')),
      set: (key: string, value: string) => new Promise<void>((resolve) => setTimeout(() => void inner.set(key, value).then(resolve), 5_000)),
    });
    const told: StoreStepFailure[] = [];
    const steps = new StoreSteps(broken, { timeoutMs: 300, onFailOpen: (e) => told.push(e.reason) });
    const preferences = steps.for('preferences', ['get']);
    await expect(preferences.get('k')).rejects.toThrow('store down');
    await expect(preferences.get('k')).rejects.toThrow('store down');
    expect(told).toEqual(['error', 'error']);
    // A write the person asked for is not cut short by the step deadline.
    const write = preferences.set('k', 'v');
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(write).resolves.toBeUndefined();
    expect(await inner.get('k')).toBe('v');
    expect(told).toEqual(['error', 'error']);
  });

  it('refuses a deadline that is not a positive number', () => {
    expect(() => new StoreSteps(new MemoryEngine(), { timeoutMs: 0 })).toThrow(RangeError);
  });
});
