// Pacing alone while the store fails (local-pacing.ts), at the bot's default budget: each process takes
// its share of the deployment's rate (the live processes it last saw in the store, or the configured
// count), so N processes together keep the rate and any second holds at most rate + 1 requests; and
// people go before background work, which never reserves a slot ahead of them. Time is virtual.
import { describe, expect, it } from 'vitest';
import { mostInAnyWindow } from '../../../local-stack/paced-processes.js';
import { openUpstreamSharing } from '../../../src/app/upstream-sharing.js';
import { DEFAULT_LIMITS } from '../../../src/config/config.js';
import { DEFAULT_REQUESTS_BURST, DEFAULT_REQUESTS_PER_SECOND } from '../../../src/config/defaults.js';
import { silentLogger } from '../../../src/log/log.js';
import { LineBusyError } from '../../../src/service/errors.js';
import type { StoreEngine } from '../../../src/store/engine.js';
import { StoreSteps } from '../../../src/store/store-steps.js';
import { MemoryEngine } from '../../../src/store/engines/memory.js';
import { StoreUpstreamBudget } from '../../../src/store/request-line/shared-line.js';
import { LiveProcesses, shareOf, UNKNOWN_PROCESS_COUNT } from '../../../src/store/request-line/live-processes.js';
import { LocalPacing } from '../../../src/store/request-line/local-pacing.js';
import { VirtualTime } from './virtual-time.js';

const RATE = DEFAULT_REQUESTS_PER_SECOND;
const BURST = DEFAULT_REQUESTS_BURST;
const INTERVAL = 1000 / RATE;
const terms = { intervalMs: INTERVAL, burstMs: BURST * INTERVAL };

/** A store that can be turned off: every step fails while `down`. */
function switchable(engine: StoreEngine): { engine: StoreEngine; down: (is: boolean) => void } {
  let off = false;
  const fail = (): Promise<never> => Promise.reject(new Error('store down'));
  const view = new Proxy(engine, {
    get: (target, prop, receiver) => {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => (off ? fail() : (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
  return { engine: view, down: (is) => (off = is) };
}

describe('a process paced alone takes its share', () => {
  it('the share: the larger of the live processes seen and the configured count, at the place of its id', () => {
    expect(shareOf('b', ['a', 'b', 'c'], undefined)).toEqual({ count: 3, index: 1 });
    expect(shareOf('b', ['a', 'b', 'c'], 5)).toEqual({ count: 5, index: 1 });
    expect(shareOf('b', ['a', 'b'], 1)).toEqual({ count: 2, index: 1 });
    // Its own heartbeat not seen (its write failed): counted in, at its place.
    expect(shareOf('b', ['a', 'c'], undefined)).toEqual({ count: 3, index: 1 });
    // Nothing read yet: the configured count, a place from the id.
    const before = shareOf('b', undefined, 4);
    expect(before.count).toBe(4);
    expect(before.index).toBeGreaterThanOrEqual(0);
    expect(before.index).toBeLessThan(4);
    // Nothing read and nothing configured: not the whole line (it may not be alone), a share of UNKNOWN_PROCESS_COUNT.
    const unknown = shareOf('b', undefined, undefined);
    expect(unknown.count).toBe(UNKNOWN_PROCESS_COUNT);
    expect(UNKNOWN_PROCESS_COUNT).toBeGreaterThan(1);
    expect(unknown.index).toBeLessThan(UNKNOWN_PROCESS_COUNT);
  });

  it('four processes each taking every slot they may for 20 s send the deployment’s rate together, never more than rate + 1 in a second', () => {
    const count = 4;
    const pacers = Array.from({ length: count }, (_, index) => new LocalPacing(terms, () => ({ count, index })));
    const t0 = 1_800_000_000_123;
    const sent: number[] = [];
    for (let now = t0; now < t0 + 20_000; now += 10) {
      for (const p of pacers) {
        // A caller that must start now or be told busy: each process takes every slot it can.
        for (let slot = p.take(now, now); 'startAt' in slot; slot = p.take(now, now)) sent.push(slot.startAt);
      }
    }
    expect(mostInAnyWindow(sent, 1_000)).toBeLessThanOrEqual(RATE + 1);
    expect(sent.length).toBeGreaterThanOrEqual(20 * RATE - 1);
    expect(sent.length).toBeLessThanOrEqual(20 * RATE + 1);
  });

  it('alone in the deployment (count 1) a process keeps the line’s rate and burst', () => {
    const p = new LocalPacing(terms, () => ({ count: 1, index: 0 }));
    const t0 = 1_800_000_000_000;
    const starts = Array.from({ length: BURST + 2 }, () => p.take(t0, Infinity)).map((s) => ('startAt' in s ? s.startAt - t0 : s));
    expect(starts).toEqual([...Array.from({ length: BURST + 1 }, () => 0), INTERVAL]);
  });
});

describe('the budget while the store fails, at the default budget', () => {
  it('four processes that saw each other’s heartbeats keep the deployment’s rate together (the old pacing sent four times it)', async () => {
    const clock = new VirtualTime();
    const { engine, down } = switchable(new MemoryEngine(clock.now));
    const processes = Array.from({ length: 4 }, () => new LiveProcesses(engine, { line: 'upstream-budget', now: clock.now }));
    for (const p of processes) await p.start();
    for (const p of processes) await p.beat();
    expect(processes.map((p) => p.share().count)).toEqual([4, 4, 4, 4]);
    expect(new Set(processes.map((p) => p.share().index)).size).toBe(4);
    const budgets = processes.map((p) => new StoreUpstreamBudget(clock.track(engine), { requestsPerSecond: RATE, burst: BURST, processes: p, now: clock.now, sleep: clock.sleep }));
    down(true);
    const t0 = clock.now();
    const granted: number[] = [];
    const asks = budgets.flatMap((b, process) =>
      Array.from({ length: 10 }, (_, i) => b.acquire('interactive', { person: `p${process}-${i}` }).then(() => void granted.push(clock.now()))),
    );
    await clock.run(Promise.all(asks));
    expect(granted).toHaveLength(40);
    // One second at a time: at most rate + 1, as on the line (the old pacing: up to 4 × (rate + 1 + burst)).
    expect(mostInAnyWindow(granted, 1_000)).toBeLessThanOrEqual(RATE + 1);
    // The sustained rate is the deployment's: 40 requests take about 40 / rate seconds.
    expect(Math.max(...granted) - t0).toBeGreaterThanOrEqual((40 / RATE - 1) * 1_000);
    down(false);
    for (const b of budgets) await b.close();
  });

  it('with a configured count and no heartbeat read, processes still keep the sustained rate', async () => {
    const clock = new VirtualTime();
    const { engine, down } = switchable(new MemoryEngine(clock.now));
    down(true);
    const budgets = Array.from({ length: 4 }, () => new StoreUpstreamBudget(clock.track(engine), { requestsPerSecond: RATE, burst: BURST, processCount: 4, now: clock.now, sleep: clock.sleep }));
    const t0 = clock.now();
    const granted: number[] = [];
    await clock.run(Promise.all(budgets.flatMap((b) => Array.from({ length: 10 }, () => b.acquire('interactive').then(() => void granted.push(clock.now()))))));
    expect(granted).toHaveLength(40);
    // Each process: one request per 4 slices, so four together at most four in a second, 40 in about 20 s.
    expect(mostInAnyWindow(granted, 1_000)).toBeLessThanOrEqual(4);
    expect(Math.max(...granted) - t0).toBeGreaterThanOrEqual((40 / RATE - 4) * 1_000);
  });

  for (const processCount of [1, 2]) {
    it(`people go before background work queued earlier, which never reserves ahead and still goes (${processCount} process${processCount > 1 ? 'es' : ''})`, async () => {
      const clock = new VirtualTime();
      const { engine, down } = switchable(new MemoryEngine(clock.now));
      down(true);
      const budget = new StoreUpstreamBudget(clock.track(engine), { requestsPerSecond: RATE, burst: BURST, processCount, now: clock.now, sleep: clock.sleep });
      const t0 = clock.now();
      // A reminder pass queues ten title polls, then a person runs a command (its slot must start within 2 s).
      const background = Array.from({ length: 10 }, () => budget.acquire('background').then(() => clock.now()));
      await clock.advance(5);
      const person = budget.acquire('interactive', { person: 'alice', startBy: t0 + 2_000 }).then(
        () => clock.now(),
        (error: unknown) => error,
      );
      const served = await clock.run(person);
      // The old pacing reserved ten background slots ahead: the person was told busy.
      expect(served).not.toBeInstanceOf(LineBusyError);
      expect(served as number).toBeLessThanOrEqual(t0 + processCount * INTERVAL + 5);
      const done = await clock.run(Promise.all(background));
      expect(done).toHaveLength(10);
      expect(budget.stats().granted).toMatchObject({ interactive: 1, background: 10 });
    });
  }
});

describe('a process that started while the store failed, with no SERVICE_PROCESS_COUNT', () => {
  it('takes a share for two processes with no burst (its second request a slot apart, not at once), and warns once to set SERVICE_PROCESS_COUNT', async () => {
    const { engine, down } = switchable(new MemoryEngine());
    down(true);
    const warnings: string[] = [];
    const log = { ...silentLogger, warn: (message: string) => void (message.includes('SERVICE_PROCESS_COUNT') && warnings.push(message)) };
    const sharing = await openUpstreamSharing(new StoreSteps(engine, { timeoutMs: 1_000 }), DEFAULT_LIMITS, log);
    try {
      const granted: number[] = [];
      for (let i = 0; i < 3; i++) {
        await sharing.deployment.budget.acquire('interactive', { person: `p${i}` });
        granted.push(Date.now());
      }
      // The old pacing: the whole line's rate and burst, all three at once. Now one slice in two: the first
      // goes in its slice already under way, the next ones a whole share apart.
      const [first, second, third] = granted as [number, number, number];
      expect(second - first).toBeGreaterThan((UNKNOWN_PROCESS_COUNT - 1) * INTERVAL - 50);
      expect(third - second).toBeGreaterThanOrEqual(UNKNOWN_PROCESS_COUNT * INTERVAL - 50);
      expect(warnings).toHaveLength(1);
    } finally {
      down(false);
      await sharing.close();
    }
  }, 15_000);
});

describe('SERVICE_PROCESS_COUNT reaches the line the composition root opens', () => {
  it('with 4 processes configured, one alone on a failing store takes one slot in four: its second request 2 s after its first, not at once', async () => {
    const { engine, down } = switchable(new MemoryEngine());
    const sharing = await openUpstreamSharing(new StoreSteps(engine, { timeoutMs: 1_000 }), { ...DEFAULT_LIMITS, serviceProcessCount: 4 }, silentLogger);
    try {
      down(true);
      const granted: number[] = [];
      for (let i = 0; i < 2; i++) {
        await sharing.deployment.budget.acquire('interactive', { person: `p${i}` });
        granted.push(Date.now());
      }
      // The old pacing: the whole line's burst, both at once. The first goes in its slice already under way,
      // so the second comes more than three slices later (four exactly only when the first started its slice).
      expect((granted[1] as number) - (granted[0] as number)).toBeGreaterThan(3 * INTERVAL - 50);
    } finally {
      down(false);
      await sharing.close();
    }
  }, 15_000);
});
