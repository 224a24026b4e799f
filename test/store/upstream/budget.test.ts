// The deployment's upstream budget on every engine, with two instances ("processes") over one store.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../../local-stack/store-engines.js';
import { openUpstreamBudget, StoreUpstreamBudget, type StoreUpstreamBudgetOptions } from '../../../src/store/upstream/budget.js';
import { UpstreamBudgetUnavailableError, type UpstreamPriority } from '../../../src/service/upstream-ports.js';
import { openTwo, sleep, type TwoProcesses } from './helpers.js';

/** The most grants that fall in any window of `ms` starting at a grant. */
function mostInAnyWindow(times: number[], ms: number): number {
  const sorted = [...times].sort((x, y) => x - y);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (j < sorted.length && sorted[j]! < sorted[i]! + ms) j++;
    most = Math.max(most, j - i);
  }
  return most;
}

let run = 0;

for (const engineCase of engineCases()) {
  const suite = engineCase.skipped ? describe.skip : describe;
  suite(`upstream budget: ${engineCase.kind}${engineCase.skipped ? ` (skipped: ${engineCase.skipped})` : ''}`, () => {
    let two: TwoProcesses;
    const opened: StoreUpstreamBudget[] = [];
    // Each test has its own counter so one test's window does not spill into the next.
    const open = async (which: 'a' | 'b', options: Omit<StoreUpstreamBudgetOptions, 'name'>, name: string) => {
      const budget = await openUpstreamBudget(two[which], { ...options, name });
      opened.push(budget);
      return budget;
    };

    beforeAll(async () => {
      two = await openTwo(engineCase.kind);
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((b) => b.close()));
    });
    afterAll(async () => {
      await two?.close();
    });

    it('serves people first: queued background work waits behind interactive, then autocomplete, requests', async () => {
      const name = `order_${run++}`;
      const budget = await open('a', { requestsPerSecond: 4, reserve: 1, autocompleteReserve: 0, autocompleteMaxWaitMs: 5_000 }, name);
      // Fill this window.
      await Promise.all(Array.from({ length: 4 }, () => budget.acquire('interactive')));
      const order: string[] = [];
      const ask = (p: UpstreamPriority, label: string) => budget.acquire(p).then(() => void order.push(label));
      const waiting = [ask('background', 'b1'), ask('background', 'b2'), ask('autocomplete', 'a1'), ask('interactive', 'i1'), ask('interactive', 'i2')];
      await sleep(20);
      expect(budget.stats().waiting).toEqual({ interactive: 2, autocomplete: 1, background: 2 });
      await Promise.all(waiting);
      expect(order).toEqual(['i1', 'i2', 'a1', 'b1', 'b2']);
      expect(budget.stats().granted).toEqual({ interactive: 6, autocomplete: 1, background: 2 });
    });

    it('autocomplete gives up in time with a typed error; an aborted interactive wait rejects with the reason', async () => {
      const name = `giveup_${run++}`;
      const budget = await open('a', { requestsPerSecond: 3, autocompleteMaxWaitMs: 150 }, name);
      await Promise.all(Array.from({ length: 3 }, () => budget.acquire('interactive')));
      let started = Date.now();
      const gaveUp = await budget.acquire('autocomplete').catch((e: unknown) => e);
      expect(gaveUp).toBeInstanceOf(UpstreamBudgetUnavailableError);
      expect(Date.now() - started).toBeLessThan(400);
      // Its own signal ends the wait earlier, with the same typed error.
      started = Date.now();
      const bySignal = await budget.acquire('autocomplete', AbortSignal.timeout(30)).catch((e: unknown) => e);
      expect(bySignal).toBeInstanceOf(UpstreamBudgetUnavailableError);
      expect(Date.now() - started).toBeLessThan(300);
      const controller = new AbortController();
      const interactive = budget.acquire('interactive', controller.signal).catch((e: unknown) => e);
      setTimeout(() => controller.abort(new Error('interaction deadline')), 50);
      expect(await interactive).toEqual(new Error('interaction deadline'));
      expect(budget.stats()).toMatchObject({ gaveUp: 2, aborted: 1 });
      // An autocomplete queued behind waiting people gives up at its deadline too.
      const behind = Array.from({ length: 4 }, () => budget.acquire('interactive'));
      started = Date.now();
      expect(await budget.acquire('autocomplete').catch((e: unknown) => e)).toBeInstanceOf(UpstreamBudgetUnavailableError);
      expect(Date.now() - started).toBeLessThan(400);
      await Promise.all(behind);
    });

    it.skipIf(!engineCase.shared)('two processes together stay within the rate (per one-second window, plus the burst)', async () => {
      const name = `rate_${run++}`;
      const rate = 8;
      const a = await open('a', { requestsPerSecond: rate }, name);
      const b = await open('b', { requestsPerSecond: rate }, name);
      const times: number[] = [];
      const ask = (budget: StoreUpstreamBudget, p: UpstreamPriority) => budget.acquire(p).then(() => void times.push(Date.now()));
      const started = Date.now();
      await Promise.all([
        ...Array.from({ length: 10 }, () => ask(a, 'interactive')),
        ...Array.from({ length: 10 }, () => ask(b, 'interactive')),
        ...Array.from({ length: 4 }, () => ask(a, 'background')),
        ...Array.from({ length: 4 }, () => ask(b, 'background')),
      ]);
      const elapsed = Date.now() - started;
      // 28 requests at 8 a window take at least three windows after the first.
      expect(times).toHaveLength(28);
      expect(elapsed).toBeGreaterThanOrEqual(2_900);
      // Any sliding second sees at most a window's worth plus the burst at a boundary (another window).
      expect(mostInAnyWindow(times, 1_000)).toBeLessThanOrEqual(2 * rate);
      // Over the whole run the sustained rate holds: no more than one window per started second (+1).
      expect(times.length).toBeLessThanOrEqual(rate * (Math.ceil(elapsed / 1_000) + 1));
    });

    it.skipIf(!engineCase.shared)('background work in one process leaves the reserve to people in another', async () => {
      const name = `reserve_${run++}`;
      const a = await open('a', { requestsPerSecond: 6, reserve: 3 }, name);
      const b = await open('b', { requestsPerSecond: 6, reserve: 3 }, name);
      const background: number[] = [];
      const flood = Array.from({ length: 9 }, () => a.acquire('background').then(() => void background.push(Date.now())));
      await sleep(100);
      // The background flood took only what it may of this window: people in B still get slots at once.
      expect(background.length).toBeLessThanOrEqual(3);
      const started = Date.now();
      await Promise.all(Array.from({ length: 3 }, () => b.acquire('interactive')));
      expect(Date.now() - started).toBeLessThan(300);
      await Promise.all(flood); // never dropped: it finishes over the next windows
      expect(background).toHaveLength(9);
      expect(mostInAnyWindow(background, 1_000)).toBeLessThanOrEqual(2 * 3);
      expect(a.stats().granted.background).toBe(9);
    });
  });
}

describe('upstream budget: a failing counter', () => {
  it('reports the failure and lets the request go rather than stopping every caller', async () => {
    const failing = { consume: () => Promise.reject(new Error('counter down')), reward: () => Promise.reject(new Error('counter down')) };
    const errors: unknown[] = [];
    const budget = new StoreUpstreamBudget(failing as never, { requestsPerSecond: 2, onError: (e) => errors.push(e) });
    await budget.acquire('background');
    await budget.acquire('interactive');
    expect(errors).toHaveLength(2);
    expect(budget.stats().granted).toMatchObject({ interactive: 1, background: 1 });
  });

  it('refuses a rate that is not a positive whole number', async () => {
    expect(() => new StoreUpstreamBudget({} as never, { requestsPerSecond: 0 })).toThrow(/positive integer/);
    expect(() => new StoreUpstreamBudget({} as never, { requestsPerSecond: 2.5 })).toThrow(/positive integer/);
  });
});
