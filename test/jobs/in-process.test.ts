// The in-process engine (SQLite and memory) through what production does to it: a process killed
// mid-job leaves an `active` record whose lease still runs, which must run again once the lease ends;
// shards sharing one SQLite file run each period of periodic work once between them.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import type { JobFailure, QueueSpec } from '../../src/jobs/job-engine.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';

const T0 = Date.UTC(2026, 0, 5, 12);
const spec: QueueSpec = { name: 'q', attempts: 3, retryBaseMs: 1000, leaseMs: 30_000, concurrency: 2, keepDoneMs: 3_600_000, keepFailedMs: 3_600_000 };
const parse = (d: unknown) => (typeof d === 'object' && d !== null ? (d as { n: number }) : undefined);

describe('in-process job engine', () => {
  it('runs a job that was running when its process died, once the dead run\'s lease ends', async () => {
    const store = new MemoryEngine();
    // What a SIGKILL mid-run leaves: the record active, its lease running for 29 s more.
    await store.set('job:q:in-flight', JSON.stringify({ state: 'active', data: { n: 7 }, attempts: 1, runAt: T0, leaseUntil: T0 + 30_000 }));
    let now = T0 + 1000;
    const jobs = new InProcessJobEngine(store, () => now, () => undefined, 0, { wallClock: () => now });
    await jobs.define(spec);
    const runs: Array<{ n: number; attempt: number }> = [];
    await jobs.work('q', parse, async (d, run) => void runs.push({ n: d.n, attempt: run.attempt }));

    await jobs.runDue();
    expect(runs).toEqual([]);
    // Still there, waiting out the lease: counted, and its id adds nothing.
    expect(await jobs.counts('q')).toMatchObject({ delayed: 1, waiting: 0 });
    expect(await jobs.enqueue('q', 'in-flight', { n: 8 })).toBe(false);

    now = T0 + 30_001;
    await jobs.runDue();
    expect(runs).toEqual([{ n: 7, attempt: 2 }]);
    expect(JSON.parse((await store.get('job:q:in-flight')) ?? '{}')).toMatchObject({ state: 'done' });
    await jobs.stop();
  });

  it('a job another process of the store is running waits out that run\'s lease, then is not run again once done', async () => {
    const store = new MemoryEngine();
    let now = T0;
    const a = new InProcessJobEngine(store, () => now, () => undefined, 0, { wallClock: () => now });
    const b = new InProcessJobEngine(store, () => now, () => undefined, 0, { wallClock: () => now });
    const runs: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    for (const [name, e] of [['a', a], ['b', b]] as const) {
      await e.define(spec);
      await e.work('q', parse, async () => {
        runs.push(name);
        if (name === 'a') await held;
      });
    }
    expect(await a.enqueue('q', 'one', { n: 1 })).toBe(true);
    const running = a.runDue();
    await vi.waitFor(() => expect(runs).toEqual(['a']));
    // b starts afresh while a runs it: b sees it active and waits.
    const b2 = new InProcessJobEngine(store, () => now, () => undefined, 0, { wallClock: () => now });
    await b2.define(spec);
    await b2.work('q', parse, async () => void runs.push('b2'));
    await b2.runDue();
    release();
    await running;
    now = T0 + 31_000;
    await b2.runDue();
    expect(runs).toEqual(['a']);
    await Promise.all([a.stop(), b.stop(), b2.stop()]);
  });

  it('reports every run that threw, with its attempt and reason, once', async () => {
    const failures: JobFailure[] = [];
    let now = T0;
    const jobs = new InProcessJobEngine(new MemoryEngine(), () => now, () => undefined, 0, { onJobFailed: (f) => failures.push(f) });
    await jobs.define({ ...spec, attempts: 2 });
    await jobs.work('q', parse, async () => {
      throw new Error('the service answered 503');
    });
    await jobs.enqueue('q', 'x', { n: 1 });
    await jobs.runDue();
    now += 1000;
    await jobs.runDue();
    expect(failures).toEqual([
      { queue: 'q', attempt: 1, final: false, reason: 'the service answered 503' },
      { queue: 'q', attempt: 2, final: true, reason: 'the service answered 503' },
    ]);
    await jobs.stop();
  });
});

describe('periodic work on shards sharing one SQLite store', () => {
  const places: OpenedCase[] = [];
  const stores: StoreEngine[] = [];
  const engines: InProcessJobEngine[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const e of engines.splice(0)) await e.stop();
    for (const s of stores.splice(0)) await s.close();
    for (const p of places.splice(0)) await p.cleanup();
  });

  it('runs each period once between them, whichever shard is first', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let wall = T0 + 5_000;
    const place = prepareCase('sqlite');
    places.push(place);
    const runs: string[] = [];
    for (const shard of ['shard-0', 'shard-1']) {
      const store = await place.open();
      stores.push(store);
      const jobs = new InProcessJobEngine(store, () => wall, () => undefined, 0, { wallClock: () => wall });
      engines.push(jobs);
      await jobs.every('sweep', 60_000, async () => void runs.push(shard));
    }
    for (let period = 1; period <= 3; period++) {
      wall += 60_000;
      await vi.advanceTimersByTimeAsync(60_000);
      // Both shards' timers fired; the claims are SQLite statements on real I/O.
      await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(period), { timeout: 5_000 });
      await new Promise((r) => setTimeout(r, 150));
      expect(runs).toHaveLength(period);
    }
  });
});
