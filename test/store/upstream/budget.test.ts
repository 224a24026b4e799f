// The deployment's upstream budget on every engine, with two instances ("processes") over one store:
// one paced line, so any sliding second holds at most rate + 1 requests across both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../../local-stack/store-engines.js';
import { StoreUpstreamBudget, type StoreUpstreamBudgetOptions } from '../../../src/store/upstream/budget.js';
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
    // Each test has its own line so one test's slots do not spill into the next.
    const open = (which: 'a' | 'b', options: Omit<StoreUpstreamBudgetOptions, 'name'>, name: string) => new StoreUpstreamBudget(two[which], { ...options, name });

    beforeAll(async () => {
      two = await openTwo(engineCase.kind);
    });
    afterAll(async () => {
      await two?.close();
    });

    it('serves people in arrival order and background work only when the line is idle', async () => {
      const name = `order_${run++}`;
      const budget = open('a', { requestsPerSecond: 10, autocompleteMaxWaitMs: 5_000 }, name);
      const order: string[] = [];
      const ask = (p: UpstreamPriority, label: string) => budget.acquire(p).then(() => void order.push(label));
      // People fill the line; background asked meanwhile goes after them, never dropped.
      // Each arrives a little after the one before (callers arriving in the same instant race for the slot).
      const waiting: Array<Promise<void>> = [];
      for (const [p, label] of [['interactive', 'i1'], ['interactive', 'i2'], ['interactive', 'i3'], ['background', 'b1'], ['autocomplete', 'a1'], ['interactive', 'i4']] as const) {
        waiting.push(ask(p, label));
        await sleep(15);
      }
      await sleep(20);
      expect(budget.stats().waiting.background).toBe(1);
      await Promise.all(waiting);
      expect(order).toEqual(['i1', 'i2', 'i3', 'a1', 'i4', 'b1']);
      expect(budget.stats().granted).toEqual({ interactive: 4, autocomplete: 1, background: 1 });
    });

    it('background work waits for an idle interval and then does not delay the next person', async () => {
      const name = `idle_${run++}`;
      const budget = open('a', { requestsPerSecond: 4 }, name);
      await budget.acquire('interactive');
      // The line was used just now: background waits a whole interval (250 ms) of quiet first.
      let started = Date.now();
      await budget.acquire('background');
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);
      // A person arriving right after it goes at once.
      started = Date.now();
      await budget.acquire('interactive');
      expect(Date.now() - started).toBeLessThan(100);
    });

    it('autocomplete gives up at once when its slot is too far; an aborted interactive wait rejects with the reason', async () => {
      const name = `giveup_${run++}`;
      const budget = open('a', { requestsPerSecond: 4, autocompleteMaxWaitMs: 150 }, name);
      const people = Array.from({ length: 4 }, () => budget.acquire('interactive'));
      const started = Date.now();
      expect(await budget.acquire('autocomplete').catch((e: unknown) => e)).toBeInstanceOf(UpstreamBudgetUnavailableError);
      expect(Date.now() - started).toBeLessThan(100);
      const controller = new AbortController();
      const interactive = budget.acquire('interactive', controller.signal).catch((e: unknown) => e);
      setTimeout(() => controller.abort(new Error('interaction deadline')), 50);
      expect(await interactive).toEqual(new Error('interaction deadline'));
      expect(budget.stats()).toMatchObject({ gaveUp: 1, aborted: 1 });
      await Promise.all(people);
    });

    it.skipIf(!engineCase.shared)('two processes together keep the rate: at most rate + 1 in any sliding second', async () => {
      const name = `rate_${run++}`;
      const rate = 8;
      const a = open('a', { requestsPerSecond: rate }, name);
      const b = open('b', { requestsPerSecond: rate }, name);
      const times: number[] = [];
      const ask = (budget: StoreUpstreamBudget, p: UpstreamPriority) => budget.acquire(p).then(() => void times.push(Date.now()));
      const started = Date.now();
      await Promise.all([
        ...Array.from({ length: 10 }, () => ask(a, 'interactive')),
        ...Array.from({ length: 10 }, () => ask(b, 'interactive')),
        ...Array.from({ length: 4 }, () => ask(a, 'background')),
        ...Array.from({ length: 4 }, () => ask(b, 'background')),
      ]);
      expect(times).toHaveLength(28);
      // 28 slots 125 ms apart: the last starts at least 27 intervals after the first.
      expect(Date.now() - started).toBeGreaterThanOrEqual(27 * 125 - 50);
      expect(mostInAnyWindow(times, 1_000)).toBeLessThanOrEqual(rate + 1);
    });

    it.skipIf(!engineCase.shared)("background work in one process never queues ahead of people in another", async () => {
      const name = `reserve_${run++}`;
      const a = open('a', { requestsPerSecond: 5 }, name);
      const b = open('b', { requestsPerSecond: 5 }, name);
      // People in B keep the line busy; A's background waits for gaps, and still finishes.
      const people = Array.from({ length: 5 }, () => b.acquire('interactive').then(() => Date.now()));
      await sleep(5);
      const background = Array.from({ length: 3 }, () => a.acquire('background').then(() => Date.now()));
      const peopleDone = Math.max(...(await Promise.all(people)));
      const backgroundDone = await Promise.all(background);
      expect(Math.min(...backgroundDone)).toBeGreaterThanOrEqual(peopleDone);
      expect(a.stats().granted.background).toBe(3);
    });
  });
}

describe('upstream budget: a failing store', () => {
  it('reports the failure and paces this process alone rather than stopping every caller', async () => {
    const down = () => Promise.reject(new Error('store down'));
    const errors: unknown[] = [];
    const budget = new StoreUpstreamBudget({ get: down, setIfAbsent: down, compareAndSet: down }, { requestsPerSecond: 20, onError: (e) => errors.push(e) });
    const started = Date.now();
    await Promise.all([budget.acquire('background'), budget.acquire('interactive'), budget.acquire('interactive')]);
    expect(errors).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 50 - 10);
    expect(budget.stats().granted).toMatchObject({ interactive: 2, background: 1 });
  });

  it('refuses a rate that is not a positive whole number', () => {
    const engine = { get: () => Promise.resolve(undefined), setIfAbsent: () => Promise.resolve(true), compareAndSet: () => Promise.resolve(true) };
    expect(() => new StoreUpstreamBudget(engine, { requestsPerSecond: 0 })).toThrow(/positive integer/);
    expect(() => new StoreUpstreamBudget(engine, { requestsPerSecond: 2.5 })).toThrow(/positive integer/);
  });
});
