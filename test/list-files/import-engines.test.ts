// An import through each deployment's real job engine (in-process on SQLite, pg-boss on PostgreSQL,
// BullMQ on Redis): slices chain through the queue, a process that stops mid-import leaves the rest to
// the next one to start (which goes on from the checkpointed cursor), every planned entry is written once with
// its planned values, Cancel stops a running import, and its records are gone at the end. A write that
// outlasts the job's lease (pg-boss expires and retries the job) does not let a second run write beside
// the first (issue 38, item 2; fails on the old code on PostgreSQL, where the retry ran alongside).

import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStoreUrl } from '../../src/config/store-url.js';
import { openJobEngine } from '../../src/jobs/open.js';
import type { JobEngine } from '../../src/jobs/job-engine.js';
import { createLogger } from '../../src/log/log.js';
import { planImport } from '../../src/list-files/import-plan.js';
import type { ProgressPlace } from '../../src/list-files/import-records.js';
import { IMPORT_QUEUE, ListImports, type ImportMessenger, type ImportProgress, type ImportWriter } from '../../src/list-files/imports.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';

const log = createLogger('error', () => undefined);
const USER = '223456789012345678';

/** Waits for a state (no fixed sleeps): polls `check` until it holds, bounded well within the test's time. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 45_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Nothing of the queue is waiting, delayed or running: no job can write any more. */
async function queueIdle(jobs: JobEngine): Promise<boolean> {
  const c = await jobs.counts(IMPORT_QUEUE);
  return c.waiting === 0 && c.delayed === 0 && c.active === 0;
}

describe.each(engineCases().filter((c) => c.kind !== 'memory'))('an import through the job engine beside $kind', (engineCase) => {
  const opened: Array<{ jobs: JobEngine; store: StoreEngine }> = [];
  let place: OpenedCase | undefined;
  afterEach(async () => {
    for (const o of opened.splice(0)) {
      await o.jobs.stop();
      await o.store.close();
    }
    await place?.cleanup();
    place = undefined;
  }, 90_000);

  const reports: ImportProgress[] = [];
  const messenger: ImportMessenger = {
    open: () => Promise.resolve<ProgressPlace>({ via: 'dm', channelId: '1', messageId: '2' }),
    edit: () => Promise.resolve(),
    report: (_p, _u, progress) => {
      reports.push(progress);
      return Promise.resolve();
    },
  };

  async function process(write: ImportWriter, leaseMs = 30_000, fenceMs?: number): Promise<{ imports: ListImports; jobs: JobEngine; store: StoreEngine }> {
    place ??= prepareCase(engineCase.kind);
    const store = await place.open();
    const jobs = await openJobEngine({
      location: parseStoreUrl(place.url),
      store,
      now: Date.now,
      keepDoneMs: 60 * 60_000,
      keepFailedMs: 60 * 60_000,
      leaseMs,
      onError: () => undefined,
      onJobFailed: () => undefined,
      idKey: randomBytes(32),
    });
    opened.push({ jobs, store });
    // Short slices: the import goes through many jobs.
    const imports = new ListImports({ kv: store, jobs, log, now: Date.now, write, sliceMs: 60, leaseMs, ...(fenceMs !== undefined ? { fenceMs } : {}), messenger });
    await imports.define();
    await imports.work();
    return { imports, jobs, store };
  }

  it.skipIf(engineCase.skipped)('goes on in another process after the first stops, writing each entry once with its planned values', { timeout: 120_000 }, async () => {
    reports.splice(0);
    const written = new Map<number, string[]>();
    const record = (w: { id: number; update: unknown }) => written.set(w.id, [...(written.get(w.id) ?? []), JSON.stringify(w.update)]);
    // The first process writes 20 entries, then its writes wait until it is being stopped: however slow
    // or fast the machine, it cannot finish the import before the stop (nor stop before 20); a write
    // takes at least 5 ms, so its last slice (60 ms) ends with at most a dozen more.
    let stopping: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (stopping = resolve));
    const a = await process(async (_u, _k, w) => {
      if (written.size >= 20) await stopped;
      await new Promise((r) => setTimeout(r, 5));
      record(w);
    });
    const entries = Array.from({ length: 120 }, (_, i) => ({ index: i + 1, id: i + 1, update: { status: 'completed' as const, score: (i % 10) + 1 } }));
    const plan = planImport('anime', 'add_missing', entries, new Map());
    const started = await a.imports.start(USER, await a.imports.savePreview(USER, plan, 'fr'), undefined);
    expect(started).toHaveProperty('started');
    await until('20 entries written by the first process', () => written.size >= 20);
    // The first process stops (its running slice ends, the next one waits in the queue); the next
    // process to start (on SQLite's one-process engine: the same deployment restarted) goes on.
    const stop = a.jobs.stop();
    stopping();
    await stop;
    expect(reports).toEqual([]);
    expect(written.size).toBeLessThan(40);
    const b = await process(async (_u, _k, w) => {
      await new Promise((r) => setTimeout(r, 2));
      record(w);
    });
    await until('the report', () => reports.length === 1);
    expect(reports[0]).toMatchObject({ phase: 'done', total: 120, done: 120, failed: 0, locale: 'fr' });
    expect(written.size).toBe(120);
    // A write done again (a slice cut short) sent the same values.
    for (const values of written.values()) expect(new Set(values).size).toBe(1);
    // The records go right after the report (its job's last steps).
    await until('the import records to go', async () => (await b.store.keys(`list-import:${USER}:`)).length === 0);
    await until('the queue to drain', () => queueIdle(b.jobs));
    expect(reports).toHaveLength(1);
  });

  it.skipIf(engineCase.skipped)('Cancel stops a running import before its next write', { timeout: 120_000 }, async () => {
    reports.splice(0);
    let writes = 0;
    const a = await process(async () => {
      writes++;
      await new Promise((r) => setTimeout(r, 10));
    });
    const entries = Array.from({ length: 500 }, (_, i) => ({ index: i + 1, id: i + 1, update: { status: 'dropped' as const } }));
    await a.imports.start(USER, await a.imports.savePreview(USER, planImport('anime', 'overwrite', entries, new Map()), 'en'), undefined);
    await until('5 writes', () => writes >= 5);
    expect(await a.imports.cancel(USER)).toBe(true);
    // A write may have begun before the cancel was stored (it is let finish); none starts after.
    const atCancel = writes;
    await until('the report', () => reports.length === 1);
    expect(reports[0]?.phase).toBe('cancelled');
    // Nothing is left to run (no slice waiting, delayed or running), so no write can come later.
    await until('the queue to drain', () => queueIdle(a.jobs));
    expect(writes).toBeLessThanOrEqual(atCancel + 1);
    expect(writes).toBeLessThan(500);
    expect(await a.imports.active(USER)).toBeUndefined();
    await until('the import records to go', async () => (await a.store.keys(`list-import:${USER}:`)).length === 0);
  });

  it.skipIf(engineCase.skipped)('a write that outlasts the job\'s lease: a run of the job beside it writes nothing, each entry once, one report', { timeout: 120_000 }, async () => {
    reports.splice(0);
    const written = new Map<number, number>();
    let hung = false;
    const write: ImportWriter = async (_u, _k, w) => {
      // One write takes several leases of the job (the service slow, the line full): the engine runs the job again.
      if (w.id === 10 && !hung) {
        hung = true;
        await new Promise((r) => setTimeout(r, 10_000));
      } else await new Promise((r) => setTimeout(r, 5));
      written.set(w.id, (written.get(w.id) ?? 0) + 1);
    };
    const a = await process(write, 1_000, 900);
    await process(write, 1_000, 900);
    const entries = Array.from({ length: 60 }, (_, i) => ({ index: i + 1, id: i + 1, update: { status: 'completed' as const } }));
    await a.imports.start(USER, await a.imports.savePreview(USER, planImport('anime', 'add_missing', entries, new Map()), 'en'), undefined);
    await until('the report', () => reports.length === 1, 90_000);
    await until('the queue to drain', () => queueIdle(a.jobs), 90_000);
    expect(written.size).toBe(60);
    expect([...written].filter(([, n]) => n > 1)).toEqual([]);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ phase: 'done', done: 60, total: 60 });
  });
});
