// The three job engines behind one interface, each against the real thing (pg-boss on PostgreSQL,
// BullMQ on Redis when TEST_POSTGRES_URL / TEST_REDIS_URL are set): ids deduplicate across
// processes, failed attempts are retried with back-off, the last failure or an unrecoverable one
// leaves the job failed, and a queue's counts say so.

import { afterEach, describe, expect, it } from 'vitest';
import { parseStoreUrl } from '../../src/config/store-url.js';
import { openJobEngine } from '../../src/jobs/open.js';
import { UnrecoverableJobError, type JobEngine, type QueueSpec } from '../../src/jobs/job-engine.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';

const spec = (name: string, over: Partial<QueueSpec> = {}): QueueSpec => ({
  name,
  attempts: 3,
  retryBaseMs: 1000,
  leaseMs: 30_000,
  concurrency: 2,
  keepDoneMs: 60 * 60_000,
  keepFailedMs: 60 * 60_000,
  ...over,
});

const parse = (d: unknown): { n: number } | undefined =>
  typeof d === 'object' && d !== null && typeof (d as { n?: unknown }).n === 'number' ? { n: (d as { n: number }).n } : undefined;

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe.each(engineCases().filter((c) => c.kind !== 'memory'))('job engine beside $kind', (engineCase) => {
  const opened: Array<{ jobs: JobEngine; store: StoreEngine }> = [];
  let place: OpenedCase | undefined;
  afterEach(async () => {
    for (const o of opened.splice(0)) {
      await o.jobs.stop();
      await o.store.close();
    }
    await place?.cleanup();
  });

  async function open(): Promise<JobEngine> {
    place ??= prepareCase(engineCase.kind);
    const store = await place.open();
    const jobs = await openJobEngine({
      location: parseStoreUrl(place.url),
      store,
      now: Date.now,
      keepDoneMs: 60 * 60_000,
      keepFailedMs: 60 * 60_000,
      leaseMs: 30_000,
      onError: () => undefined,
    });
    opened.push({ jobs, store });
    return jobs;
  }

  it.skipIf(engineCase.skipped)('adds an id once across processes and runs it once', async () => {
    const a = await open();
    const b = await open();
    const q = spec('dedupe');
    await a.define(q);
    await b.define(q);
    const added = await Promise.all([...Array(6).keys()].map((i) => (i % 2 ? a : b).enqueue('dedupe', 'same-id', { n: i })));
    expect(added.filter(Boolean)).toHaveLength(1);
    const runs: number[] = [];
    for (const e of [a, b]) await e.work('dedupe', parse, async (d) => void runs.push(d.n));
    await until(() => runs.length >= 1);
    await a.runDue();
    await new Promise((r) => setTimeout(r, 1500));
    expect(runs).toHaveLength(1);
    // Done and kept: the id still adds nothing.
    expect(await a.enqueue('dedupe', 'same-id', { n: 9 })).toBe(false);
  });

  it.skipIf(engineCase.skipped)('retries a failed attempt, and keeps the job failed after the last one or an unrecoverable error', async () => {
    const jobs = await open();
    await jobs.define(spec('flaky', { attempts: 2, retryBaseMs: 1000 }));
    const attempts: Array<{ n: number; attempt: number; final: boolean }> = [];
    await jobs.work('flaky', parse, async (d, run) => {
      attempts.push({ n: d.n, attempt: run.attempt, final: run.final });
      if (d.n === 1 && run.attempt === 1) throw new Error('transient');
      if (d.n === 2) throw new Error('always');
      if (d.n === 3) throw new UnrecoverableJobError('never');
    });
    for (const n of [1, 2, 3]) expect(await jobs.enqueue('flaky', `job-${n}`, { n })).toBe(true);
    await until(async () => {
      await jobs.runDue();
      return (await jobs.counts('flaky')).failed === 2 && attempts.filter((a) => a.n === 1).length === 2;
    }, 30_000);
    expect(attempts.filter((a) => a.n === 1).map((a) => a.attempt)).toEqual([1, 2]);
    expect(attempts.filter((a) => a.n === 2).map((a) => [a.attempt, a.final])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(attempts.filter((a) => a.n === 3)).toHaveLength(1);
    const counts = await jobs.counts('flaky');
    expect(counts).toMatchObject({ failed: 2, active: 0 });
  }, 60_000);
});
