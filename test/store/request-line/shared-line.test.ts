// The deployment's upstream budget on every engine, with two instances ("processes") over one store:
// one paced line, so any sliding second holds at most rate + 1 (+ burst) requests across both; no
// reservation past its caller's deadline, abandoned slots given back, and one reserved slot per person.
// Time is virtual (virtual-time.ts): it stands still while a store step is in flight, so the instants
// read here do not depend on the machine's speed or load.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mostInAnyWindow } from '../../../local-stack/paced-processes.js';
import { engineCases } from '../../../local-stack/store-engines.js';
import type { StoreEngine } from '../../../src/store/engine.js';
import { StoreUpstreamBudget, type StoreUpstreamBudgetOptions } from '../../../src/store/request-line/shared-line.js';
import { LineBusyError } from '../../../src/service/errors.js';
import { UpstreamBudgetUnavailableError, type UpstreamAcquireOptions, type UpstreamPriority } from '../../../src/service/upstream-ports.js';
import { openTwo, type TwoProcesses } from './helpers.js';
import { VirtualTime } from './virtual-time.js';

/** A seeded [0, 1) source, so the jitter is the same on every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What one acquire came to, at which virtual instant. */
type Outcome = { ok: true; at: number } | { ok: false; at: number; error: unknown };

function settle(clock: VirtualTime, acquired: Promise<void>): Promise<Outcome> {
  return acquired.then(
    () => ({ ok: true, at: clock.now() }),
    (error: unknown) => ({ ok: false, at: clock.now(), error }),
  );
}

let run = 0;

for (const engineCase of engineCases()) {
  const suite = engineCase.skipped ? describe.skip : describe;
  suite(`upstream budget: ${engineCase.kind}${engineCase.skipped ? ` (skipped: ${engineCase.skipped})` : ''}`, () => {
    let two: TwoProcesses;
    /** Each test has its own line and its own virtual time, so one test's slots do not spill into the next. */
    const line = (options: Omit<StoreUpstreamBudgetOptions, 'name' | 'now' | 'sleep' | 'random'>) => {
      const clock = new VirtualTime();
      const name = `line_${run++}`;
      const random = seeded(run);
      const open = (which: 'a' | 'b') => new StoreUpstreamBudget(clock.track(two[which]), { ...options, name, now: clock.now, sleep: clock.sleep, random });
      return { clock, a: open('a'), b: open('b'), t0: clock.now() };
    };

    beforeAll(async () => {
      two = await openTwo(engineCase.kind);
    });
    afterAll(async () => {
      await two?.close();
    });

    it('serves people in arrival order and background work only when the line is idle', async () => {
      const { clock, a: budget, t0 } = line({ requestsPerSecond: 10, autocompleteMaxWaitMs: 5_000 });
      const order: string[] = [];
      const waiting: Array<Promise<void>> = [];
      // Each arrives a little after the one before (callers arriving in the same instant race for the slot).
      const arrivals = [['interactive', 'i1'], ['interactive', 'i2'], ['interactive', 'i3'], ['background', 'b1'], ['autocomplete', 'a1'], ['interactive', 'i4']] as const;
      arrivals.forEach(([p, label], i) => clock.at(15 * i, () => waiting.push(budget.acquire(p).then(() => void order.push(label)))));
      await clock.advance(100);
      expect(budget.stats().waiting.background).toBe(1);
      await clock.run(Promise.all(waiting));
      expect(order).toEqual(['i1', 'i2', 'i3', 'a1', 'i4', 'b1']);
      // i4's slot starts at 400 ms; background goes after a whole idle interval past it.
      expect(clock.now() - t0).toBeGreaterThanOrEqual(600);
      expect(budget.stats().granted).toEqual({ interactive: 4, autocomplete: 1, background: 1 });
    });

    it('background work waits for an idle interval and then does not delay the next person', async () => {
      const { clock, a: budget, t0 } = line({ requestsPerSecond: 4 });
      await clock.run(budget.acquire('interactive'));
      // The line was used just now (a slot of 250 ms): background waits a whole interval of quiet after it.
      await clock.run(budget.acquire('background'));
      expect(clock.now() - t0).toBeGreaterThanOrEqual(500);
      const started = clock.now();
      await clock.run(budget.acquire('interactive'));
      expect(clock.now() - started).toBe(0);
    });

    it('autocomplete gives up at once when its slot is too far; an aborted wait rejects with the reason and gives its slot back', async () => {
      const { clock, a: budget, t0 } = line({ requestsPerSecond: 4, autocompleteMaxWaitMs: 150 });
      const people = Array.from({ length: 4 }, () => settle(clock, budget.acquire('interactive')));
      await clock.advance(10);
      const autocomplete = await clock.run(settle(clock, budget.acquire('autocomplete')));
      expect(autocomplete).toMatchObject({ ok: false, error: expect.any(UpstreamBudgetUnavailableError) });
      expect(autocomplete.at - t0).toBe(10);
      const controller = new AbortController();
      const aborted = settle(clock, budget.acquire('interactive', { signal: controller.signal }));
      clock.at(50, () => controller.abort(new Error('interaction deadline')));
      expect(await clock.run(aborted)).toMatchObject({ ok: false, error: new Error('interaction deadline') });
      await clock.run(Promise.all(people));
      // Its slot (1 000 ms, the last) was given back: the next person starts there, not 250 ms later.
      const next = await clock.run(settle(clock, budget.acquire('interactive')));
      expect(next).toMatchObject({ ok: true, at: t0 + 1_000 });
      expect(budget.stats()).toMatchObject({ gaveUp: 1, aborted: 1, released: 1 });
    });

    it('two processes together keep the rate: at most rate + 1 in any sliding second', async () => {
      const rate = 8;
      const { clock, a, b, t0 } = line({ requestsPerSecond: rate });
      const times: number[] = [];
      const ask = (budget: StoreUpstreamBudget, p: UpstreamPriority) => budget.acquire(p).then(() => void times.push(clock.now()));
      await clock.run(
        Promise.all([
          ...Array.from({ length: 10 }, () => ask(a, 'interactive')),
          ...Array.from({ length: 10 }, () => ask(b, 'interactive')),
          ...Array.from({ length: 4 }, () => ask(a, 'background')),
          ...Array.from({ length: 4 }, () => ask(b, 'background')),
        ]),
      );
      expect(times).toHaveLength(28);
      // 28 slots 125 ms apart: the last starts at least 27 intervals after the first.
      expect(clock.now() - t0).toBeGreaterThanOrEqual(27 * 125);
      expect(mostInAnyWindow(times, 1_000)).toBeLessThanOrEqual(rate + 1);
    });

    it('background work in one process never queues ahead of people in another', async () => {
      const { clock, a, b } = line({ requestsPerSecond: 5 });
      // People in B keep the line busy; A's background waits for gaps, and still finishes.
      const people = Array.from({ length: 5 }, () => b.acquire('interactive').then(() => clock.now()));
      await clock.advance(5);
      const background = Array.from({ length: 3 }, () => a.acquire('background').then(() => clock.now()));
      const peopleDone = Math.max(...(await clock.run(Promise.all(people))));
      const backgroundDone = await clock.run(Promise.all(background));
      expect(Math.min(...backgroundDone)).toBeGreaterThanOrEqual(peopleDone);
      expect(a.stats().granted.background).toBe(3);
    });

    it('a burst allowance lets a few go at once after a quiet spell while the sustained rate holds', async () => {
      const rate = 2;
      const burst = 3;
      const { clock, a, b, t0 } = line({ requestsPerSecond: rate, burst });
      const times: number[] = [];
      const ask = (budget: StoreUpstreamBudget, person: string) => budget.acquire('interactive', { person }).then(() => void times.push(clock.now() - t0));
      await clock.run(Promise.all(Array.from({ length: 10 }, (_, i) => ask(i % 2 ? a : b, `p${i}`))));
      times.sort((x, y) => x - y);
      // Four at once (a lost compare-and-set costs a jittered pause of a few ms), then one every 500 ms.
      for (const at of times.slice(0, 4)) expect(at).toBeLessThan(20);
      expect(times.slice(4)).toEqual([500, 1_000, 1_500, 2_000, 2_500, 3_000]);
      expect(mostInAnyWindow(times, 1_000)).toBeLessThanOrEqual(rate + 1 + burst);
      // After a quiet spell the allowance is back.
      await clock.advance(10_000);
      const again = clock.now();
      const later: number[] = [];
      await clock.run(Promise.all(Array.from({ length: 4 }, (_, i) => a.acquire('interactive', { person: `q${i}` }).then(() => void later.push(clock.now() - again)))));
      for (const at of later) expect(at).toBeLessThan(20);
    });

    it('40 commands at once at 2 requests/s: no reservation past a deadline, the rest told busy at once, the line free once they gave up', async () => {
      const { clock, a, b, t0 } = line({ requestsPerSecond: 2 });
      const deadlineMs = 10_000;
      const command = (budget: StoreUpstreamBudget, person: string): Promise<Outcome> => {
        const controller = new AbortController();
        const arrived = clock.now();
        clock.at(deadlineMs, () => controller.abort(new Error('deadline')));
        const options: UpstreamAcquireOptions = { signal: controller.signal, startBy: arrived + deadlineMs - 500, person };
        return settle(clock, budget.acquire('interactive', options));
      };
      const burst = await clock.run(Promise.all(Array.from({ length: 40 }, (_, i) => command(i % 2 ? a : b, `person${i}`))));
      const served = burst.filter((o) => o.ok);
      const told = burst.filter((o): o is Extract<Outcome, { ok: false }> => !o.ok);
      // Slots 0, 0.5, …, 9.5 s: every one before its caller's deadline.
      expect(served).toHaveLength(20);
      for (const o of served) expect(o.at - t0).toBeLessThanOrEqual(deadlineMs - 500);
      expect(told).toHaveLength(20);
      for (const o of told) {
        expect(o.error).toBeInstanceOf(LineBusyError);
        // At once (a few jittered store retries at most), and told when the line has room.
        expect(o.at - t0).toBeLessThan(500);
        expect((o.error as LineBusyError).retryInMs).toBeGreaterThan(9_000);
        expect((o.error as LineBusyError).retryInMs).toBeLessThanOrEqual(10_500);
      }
      expect(a.stats().busy + b.stats().busy).toBe(20);
      // Once the burst's callers have given up, a new command is served at once: nothing was left reserved.
      await clock.advance(Math.max(0, t0 + deadlineMs - clock.now()));
      const after = clock.now();
      const later = await clock.run(command(a, 'latecomer'));
      expect(later).toEqual({ ok: true, at: after });
    });

    it('in a burst, the callers who cannot be served are refused without a store step once their process has seen the line pass their deadline', async () => {
      const clock = new VirtualTime();
      const name = `line_${run++}`;
      // Store steps per process, counted.
      const steps = { a: 0, b: 0 };
      const counted = (which: 'a' | 'b') =>
        new Proxy(two[which], {
          get: (target, prop, receiver) => {
            const value: unknown = Reflect.get(target, prop, receiver);
            if (typeof value !== 'function') return value;
            return (...args: unknown[]): unknown => {
              steps[which]++;
              return (value as (...x: unknown[]) => unknown).apply(target, args);
            };
          },
        });
      const open = (which: 'a' | 'b') => new StoreUpstreamBudget(clock.track(counted(which)), { requestsPerSecond: 2, name, now: clock.now, sleep: clock.sleep, random: seeded(run) });
      const a = open('a');
      const b = open('b');
      const t0 = clock.now();
      const command = (budget: StoreUpstreamBudget, person: string): Promise<Outcome> => settle(clock, budget.acquire('interactive', { startBy: t0 + 4_500, person }));
      const burst = await clock.run(Promise.all(Array.from({ length: 40 }, (_, i) => command(i % 2 ? a : b, `person${i}`))));
      expect(burst.filter((o) => o.ok)).toHaveLength(10);
      const told = burst.filter((o) => !o.ok);
      expect(told).toHaveLength(30);
      // At once: a lost race's jittered pause (a few ms) at most.
      for (const o of told) expect(o).toMatchObject({ ok: false, error: expect.any(LineBusyError) });
      for (const o of told) expect(o.at - t0).toBeLessThan(100);
      // Served: a read of the line and of the person, a compare-and-set of each (about 4 steps, a few more
      // for lost races). Refused: one read each for the first few per process, none after (before: 2 each, 60+).
      expect(steps.a + steps.b).toBeLessThan(10 * 6 + 12);
    });

    it('in a burst on a store with 20 ms round trips, the callers who cannot be served are told busy after a round or two, not behind the served callers’ round trips', async () => {
      const clock = new VirtualTime();
      const name = `line_${run++}`;
      const stepMs = 20;
      // Every store step takes 20 ms of virtual time (then runs on the real store while time stands still).
      const slow = (engine: StoreEngine): StoreEngine =>
        new Proxy(engine, {
          get: (target, prop, receiver) => {
            const value: unknown = Reflect.get(target, prop, receiver);
            if (typeof value !== 'function') return value;
            return (...args: unknown[]): unknown => clock.sleep(stepMs).then(() => (value as (...x: unknown[]) => unknown).apply(target, args));
          },
        });
      const open = (which: 'a' | 'b') => new StoreUpstreamBudget(slow(clock.track(two[which])), { requestsPerSecond: 2, name, now: clock.now, sleep: clock.sleep, random: seeded(run) });
      const a = open('a');
      const b = open('b');
      const t0 = clock.now();
      const deadlineMs = 10_000;
      const command = (budget: StoreUpstreamBudget, person: string): Promise<Outcome> => settle(clock, budget.acquire('interactive', { startBy: t0 + deadlineMs - 500, person }));
      const burst = await clock.run(Promise.all(Array.from({ length: 40 }, (_, i) => command(i % 2 ? a : b, `person${i}`))));
      const served = burst.filter((o) => o.ok);
      const told = burst.filter((o) => !o.ok);
      // Slots every 500 ms from the first read on (the line's first slot starts a store step after t0).
      expect(served.length).toBeGreaterThanOrEqual(19);
      for (const o of served) expect(o.at - t0).toBeLessThanOrEqual(deadlineMs - 500);
      expect(told).toHaveLength(40 - served.length);
      for (const o of told) expect(o).toMatchObject({ ok: false, error: expect.any(LineBusyError) });
      // One caller at a time per process (a read, a compare-and-set and a person's record each, 60 ms):
      // the last refused waited behind ten served callers, 600 ms and more. A round for all: a few steps.
      for (const o of told) expect(o.at - t0).toBeLessThan(12 * stepMs);
    });

    it('abandoned slots are given back: people arriving later take them instead of waiting behind them', async () => {
      const { clock, a, b, t0 } = line({ requestsPerSecond: 2 });
      const controllers = Array.from({ length: 10 }, () => new AbortController());
      // They arrive 1 ms apart, so the i-th holds the slot at i × 500 ms.
      const first: Array<Promise<Outcome>> = [];
      controllers.forEach((c, i) => clock.at(i, () => first.push(settle(clock, (i % 2 ? a : b).acquire('interactive', { signal: c.signal, person: `early${i}` })))));
      await clock.advance(100);
      // The five holding slots at 2.5–4.5 s stop waiting (their interactions ended another way).
      for (const c of controllers.slice(5)) c.abort(new Error('gone'));
      await clock.advance(100);
      const late = Array.from({ length: 5 }, (_, i) => settle(clock, (i % 2 ? b : a).acquire('interactive', { person: `late${i}` })));
      const outcomes = await clock.run(Promise.all([...first, ...late]));
      expect(outcomes.slice(5, 10).every((o) => !o.ok)).toBe(true);
      const lateAt = outcomes.slice(10).map((o) => o.at - t0);
      expect(lateAt.sort((x, y) => x - y)).toEqual([2_500, 3_000, 3_500, 4_000, 4_500]);
      expect(a.stats().released + b.stats().released).toBe(5);
    });

    it("one person's burst delays another person's request by at most one slot, across processes", async () => {
      const { clock, a, b, t0 } = line({ requestsPerSecond: 2 });
      const interval = 500;
      // One person fires ten commands, half landing on each process; nobody else is in line.
      const burst = Array.from({ length: 10 }, (_, i) => settle(clock, (i % 2 ? a : b).acquire('interactive', { person: 'looper' })));
      await clock.advance(100);
      // Another person asks once, on either process: behind the looper's started request and its one reserved slot.
      const neighbour = await clock.run(settle(clock, b.acquire('interactive', { person: 'neighbour' })));
      expect(neighbour.ok).toBe(true);
      expect(neighbour.at - (t0 + 100)).toBeLessThanOrEqual(2 * interval);
      // A second neighbour on the other process fares the same.
      const arrived = clock.now();
      const other = await clock.run(settle(clock, a.acquire('interactive', { person: 'other' })));
      expect(other.at - arrived).toBeLessThanOrEqual(2 * interval);
      // The looper is still served, one slot at a time, and never faster than the line.
      const looper = await clock.run(Promise.all(burst));
      expect(looper.every((o) => o.ok)).toBe(true);
      expect(mostInAnyWindow([...looper.map((o) => o.at), neighbour.at, other.at], 1_000)).toBeLessThanOrEqual(3);
      // A request of a person whose one reserved slot starts after its deadline is told busy at once.
      const held = settle(clock, a.acquire('interactive', { person: 'holder' }));
      const heldToo = settle(clock, b.acquire('interactive', { person: 'holder' }));
      await clock.advance(1);
      const start = clock.now();
      const late = await clock.run(settle(clock, a.acquire('interactive', { person: 'holder', startBy: start + 100 })));
      expect(late).toMatchObject({ ok: false, at: start, error: expect.any(LineBusyError) });
      await clock.run(Promise.all([held, heldToo]));
    });

    it('many callers at once back off with jitter: store steps grow about linearly, not with the square', async () => {
      const clock = new VirtualTime();
      let compareAndSets = 0;
      const counted = new Proxy(two.a, {
        get: (target, prop, receiver) => {
          if (prop === 'compareAndSet') return (...args: Parameters<typeof target.compareAndSet>) => (compareAndSets++, target.compareAndSet(...args));
          return Reflect.get(target, prop, receiver) as unknown;
        },
      });
      const budget = new StoreUpstreamBudget(clock.track(counted), { requestsPerSecond: 1_000, name: `contended_${run++}`, now: clock.now, sleep: clock.sleep, random: seeded(7) });
      const n = 40;
      await clock.run(Promise.all(Array.from({ length: n }, () => budget.acquire('interactive'))));
      expect(budget.stats().granted.interactive).toBe(n);
      // Without a pause every lost round retries at once: about n²/2 = 800 compare-and-sets.
      expect(compareAndSets).toBeLessThanOrEqual(5 * n);
    });
  });
}

describe('upstream budget: steps and failures', () => {
  it('honours the abort signal between store steps: an abort during a read writes nothing', async () => {
    const clock = new VirtualTime();
    let release: () => void = () => undefined;
    const reads: string[] = [];
    const writes: string[] = [];
    const engine = {
      get: (key: string) => {
        reads.push(key);
        return new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
      },
      getMany: (keys: readonly string[]) => (reads.push(...keys), Promise.resolve(keys.map(() => undefined))),
      setIfAbsent: (key: string) => (writes.push(key), Promise.resolve(true)),
      compareAndSet: (key: string) => (writes.push(key), Promise.resolve(true)),
      compareAndDelete: () => Promise.resolve(true),
    };
    const budget = new StoreUpstreamBudget(engine, { requestsPerSecond: 2, now: clock.now, sleep: clock.sleep });
    const controller = new AbortController();
    const acquired = budget.acquire('interactive', { signal: controller.signal }).catch((e: unknown) => e);
    await Promise.resolve();
    expect(reads).toEqual(['upstream-budget']);
    controller.abort(new Error('gone'));
    release();
    expect(await acquired).toEqual(new Error('gone'));
    expect(writes).toEqual([]);
  });

  it('reports a failing store and paces this process alone, still within each caller’s deadline', async () => {
    const clock = new VirtualTime();
    const down = () => Promise.reject(new Error('store down'));
    const errors: unknown[] = [];
    const budget = new StoreUpstreamBudget(
      { get: down, getMany: down, setIfAbsent: down, compareAndSet: down, compareAndDelete: down },
      // Known to be alone (configured): the whole line.
      { requestsPerSecond: 20, processCount: 1, onError: (e) => errors.push(e), now: clock.now, sleep: clock.sleep },
    );
    const t0 = clock.now();
    const outcomes = await clock.run(
      Promise.all([
        settle(clock, budget.acquire('background')),
        settle(clock, budget.acquire('interactive')),
        settle(clock, budget.acquire('interactive')),
        settle(clock, budget.acquire('interactive', { startBy: t0 + 120 })),
      ]),
    );
    expect(errors).toHaveLength(4);
    expect(outcomes.map((o) => (o.ok ? o.at - t0 : 'busy'))).toEqual([0, 50, 100, 'busy']);
    expect(budget.stats().granted).toMatchObject({ interactive: 2, background: 1 });
  });

  it('refuses a rate that is not a positive whole number, and a burst that is not a whole number', () => {
    const engine = { get: () => Promise.resolve(undefined), getMany: () => Promise.resolve([]), setIfAbsent: () => Promise.resolve(true), compareAndSet: () => Promise.resolve(true), compareAndDelete: () => Promise.resolve(true) };
    expect(() => new StoreUpstreamBudget(engine, { requestsPerSecond: 0 })).toThrow(/positive integer/);
    expect(() => new StoreUpstreamBudget(engine, { requestsPerSecond: 2.5 })).toThrow(/positive integer/);
    expect(() => new StoreUpstreamBudget(engine, { requestsPerSecond: 2, burst: -1 })).toThrow(/burst/);
  });
});
