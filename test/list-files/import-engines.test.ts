// An import through each deployment's real job engine (in-process on SQLite, pg-boss on PostgreSQL,
// BullMQ on Redis): slices chain through the queue, a process that stops mid-import leaves the rest to
// the next one to start (which goes on from the checkpointed cursor), every planned entry is written once with
// its planned values, Cancel stops a running import, and its records are gone at the end.

import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStoreUrl } from '../../src/config/store-url.js';
import { openJobEngine } from '../../src/jobs/open.js';
import type { JobEngine } from '../../src/jobs/job-engine.js';
import { createLogger } from '../../src/log/log.js';
import { planImport } from '../../src/list-files/import-plan.js';
import type { ProgressPlace } from '../../src/list-files/import-records.js';
import { ListImports, type ImportMessenger, type ImportProgress, type ImportWriter } from '../../src/list-files/imports.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';

const log = createLogger('error', () => undefined);
const USER = '223456789012345678';

async function until(check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
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
  });

  const reports: ImportProgress[] = [];
  const messenger: ImportMessenger = {
    open: () => Promise.resolve<ProgressPlace>({ via: 'dm', channelId: '1', messageId: '2' }),
    edit: () => Promise.resolve(),
    report: (_p, _u, progress) => {
      reports.push(progress);
      return Promise.resolve();
    },
  };

  async function process(write: ImportWriter): Promise<{ imports: ListImports; jobs: JobEngine; store: StoreEngine }> {
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
      onJobFailed: () => undefined,
      idKey: randomBytes(32),
    });
    opened.push({ jobs, store });
    // Short slices: the import goes through many jobs.
    const imports = new ListImports({ kv: store, jobs, log, now: Date.now, write, sliceMs: 60, leaseMs: 30_000 });
    await imports.define();
    await imports.work(messenger);
    return { imports, jobs, store };
  }

  it.skipIf(engineCase.skipped)('goes on in another process after the first stops, writing each entry once with its planned values', { timeout: 90_000 }, async () => {
    reports.splice(0);
    const written = new Map<number, string[]>();
    const write: ImportWriter = async (_u, _k, w) => {
      await new Promise((r) => setTimeout(r, 5));
      written.set(w.id, [...(written.get(w.id) ?? []), JSON.stringify(w.update)]);
    };
    const a = await process(write);
    const entries = Array.from({ length: 120 }, (_, i) => ({ index: i + 1, id: i + 1, update: { status: 'completed' as const, score: (i % 10) + 1 } }));
    const plan = planImport('anime', 'add_missing', entries, new Map());
    const started = await a.imports.start(USER, await a.imports.savePreview(USER, plan, 'fr'), undefined);
    expect(started).toHaveProperty('started');
    await until(() => written.size >= 20);
    // The first process stops (its running slice ends, the next one waits in the queue); the next
    // process to start (on SQLite's one-process engine: the same deployment restarted) goes on.
    await a.jobs.stop();
    expect(reports).toEqual([]);
    const b = await process(write);
    await until(() => reports.length === 1);
    expect(reports[0]).toMatchObject({ phase: 'done', total: 120, done: 120, failed: 0, locale: 'fr' });
    expect(written.size).toBe(120);
    // A write done again (a slice cut short) sent the same values.
    for (const values of written.values()) expect(new Set(values).size).toBe(1);
    expect(await b.store.keys(`list-import:${USER}:`)).toEqual([]);
  });

  it.skipIf(engineCase.skipped)('Cancel stops a running import before its next write', { timeout: 60_000 }, async () => {
    reports.splice(0);
    let writes = 0;
    const a = await process(async () => {
      writes++;
      await new Promise((r) => setTimeout(r, 20));
    });
    const entries = Array.from({ length: 500 }, (_, i) => ({ index: i + 1, id: i + 1, update: { status: 'dropped' as const } }));
    await a.imports.start(USER, await a.imports.savePreview(USER, planImport('anime', 'overwrite', entries, new Map()), 'en'), undefined);
    await until(() => writes >= 5);
    expect(await a.imports.cancel(USER)).toBe(true);
    await until(() => reports.length === 1);
    expect(reports[0]?.phase).toBe('cancelled');
    const stoppedAt = writes;
    await new Promise((r) => setTimeout(r, 300));
    expect(writes).toBe(stoppedAt);
    expect(writes).toBeLessThan(500);
    expect(await a.imports.active(USER)).toBeUndefined();
  });
});
