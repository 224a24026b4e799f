// An import's apply on each store engine: one write per planned entry, the cursor checkpointed after
// each, a run that dies mid-way resumed by another "process" (a second ListImports on the same store)
// where it stopped with nothing written twice with other values, Cancel stopping it before its next
// write, one import per person, and "forget me" leaving no record.

import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log/log.js';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import type { JobRun } from '../../src/jobs/job-engine.js';
import { planImport } from '../../src/list-files/import-plan.js';
import type { ProgressPlace } from '../../src/list-files/import-records.js';
import { ImportWriteError, ListImports, type ImportMessenger, type ImportProgress, type ImportWriter } from '../../src/list-files/imports.js';
import type { FileEntry } from '../../src/list-files/xml-reader.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';

const log = createLogger('error', () => undefined);
const RUN: JobRun = { id: 'x', attempt: 1, final: false };
const USER = '123456789012345678';

function entries(n: number): FileEntry<'anime'>[] {
  return Array.from({ length: n }, (_, i) => ({ index: i + 1, id: i + 1, title: `T${i + 1}`, update: { status: 'completed' as const, score: (i % 10) + 1, num_watched_episodes: 12 } }));
}

class Messages implements ImportMessenger {
  readonly edits: ImportProgress[] = [];
  readonly reports: Array<{ progress: ImportProgress; failed: number }> = [];
  open(): Promise<ProgressPlace> {
    return Promise.resolve({ via: 'dm', channelId: '1', messageId: '2' });
  }
  edit(_p: ProgressPlace, _u: string, progress: ImportProgress): Promise<void> {
    this.edits.push(progress);
    return Promise.resolve();
  }
  report(_p: ProgressPlace, _u: string, progress: ImportProgress, failed: readonly unknown[]): Promise<void> {
    this.reports.push({ progress, failed: failed.length });
    return Promise.resolve();
  }
}

describe.each(engineCases())('list import on $kind', (engineCase) => {
  let opened: OpenedCase | undefined;
  const engines: StoreEngine[] = [];
  afterEach(async () => {
    for (const e of engines.splice(0)) await e.close();
    await opened?.cleanup();
  });

  async function setup(write: ImportWriter, now: () => number, messenger = new Messages()) {
    opened ??= prepareCase(engineCase.kind);
    const kv = await opened.open();
    engines.push(kv);
    const jobs = new InProcessJobEngine(kv, now, () => undefined, 0, { wallClock: now });
    const imports = new ListImports({ kv, jobs, log, now, write, editEveryMs: 5_000, sliceMs: 1_000_000, messenger });
    await imports.define();
    await imports.work();
    return { kv, jobs, imports, messenger };
  }

  it.skipIf(engineCase.skipped !== undefined)('applies, resumes after a death mid-way without a second different write, and reports once', async () => {
    let now = 1_000_000;
    const written = new Map<number, string>();
    let writes = 0;
    let dieAfter = 7;
    const writer: ImportWriter = (_u, _k, w) => {
      if (writes === dieAfter) return Promise.reject(new Error('killed'));
      writes++;
      now += 1_000;
      const value = JSON.stringify(w.update);
      expect(written.get(w.id) ?? value).toBe(value);
      written.set(w.id, value);
      if (w.id === 5) return Promise.reject(new ImportWriteError('unknownTitle'));
      return Promise.resolve();
    };
    const a = await setup(writer, () => now);
    const plan = planImport('anime', 'add_missing', entries(20), new Map([[3, { status: 'completed', score: 4, num_episodes_watched: 12 }]]));
    expect(plan).toMatchObject({ read: 20, added: 19, changed: 0, unchanged: 1 });
    const previewId = await a.imports.savePreview(USER, plan, 'de');
    const started = await a.imports.start(USER, previewId, undefined);
    expect(started).toHaveProperty('started');
    expect(await a.imports.start(USER, previewId, undefined)).toEqual({ refused: 'expired' });
    const importId = (started as { started: string }).started;
    // The first process dies after 7 writes (the job throws: its state holds the cursor).
    await expect(a.imports.run({ userId: USER, importId, slice: 0 }, RUN)).rejects.toThrow('killed');
    expect((await a.imports.active(USER))?.cursor).toBe(7);
    // Another process takes the job over and carries on from there.
    dieAfter = -1;
    const b = await setup(writer, () => now);
    await b.imports.run({ userId: USER, importId, slice: 0 }, { ...RUN, attempt: 2 });
    expect(writes).toBe(19);
    expect([...written.keys()].sort((x, y) => x - y)).toEqual(plan.writes.map((w) => w.id));
    expect(b.messenger.reports).toHaveLength(1);
    expect(b.messenger.reports[0]).toMatchObject({ progress: { phase: 'done', done: 18, failed: 1, total: 19 }, failed: 1 });
    // Edited at most every 5 s of the clock (a write takes 1 s here).
    expect(b.messenger.edits.length).toBeLessThanOrEqual(Math.ceil(12 / 5));
    expect(b.messenger.edits.at(-1)?.etaMs).toBeGreaterThan(0);
    expect(await a.imports.active(USER)).toBeUndefined();
    expect(await b.kv.keys(`list-import:${USER}:`)).toEqual([]);
  });

  it.skipIf(engineCase.skipped !== undefined)('one import per person; Cancel stops before the next write; forget me leaves nothing', async () => {
    let now = 2_000_000;
    let writes = 0;
    const { imports, kv } = await setup(() => {
      writes++;
      now += 500;
      return Promise.resolve();
    }, () => now);
    const plan = planImport('anime', 'overwrite', entries(10), new Map());
    const first = await imports.start(USER, await imports.savePreview(USER, plan, 'en'), undefined);
    expect(await imports.start(USER, await imports.savePreview(USER, plan, 'en'), undefined)).toEqual({ refused: 'busy' });
    const importId = (first as { started: string }).started;
    expect(await imports.cancel(USER)).toBe(true);
    await imports.run({ userId: USER, importId, slice: 0 }, RUN);
    expect(writes).toBe(0);
    expect(await imports.active(USER)).toBeUndefined();
    // A new one may start now; forget me takes it and the leftover preview.
    const again = await imports.start(USER, await imports.savePreview(USER, plan, 'en'), undefined);
    expect(again).toHaveProperty('started');
    await imports.savePreview(USER, plan, 'en');
    // The active marker, plan and state, the preview refused while busy and the new one.
    expect(await imports.forgetUser(USER)).toBe(5);
    expect(await kv.keys(`list-import:${USER}:`)).toEqual([]);
    await imports.run({ userId: USER, importId: (again as { started: string }).started, slice: 0 }, RUN);
    expect(writes).toBe(0);
  });

  it.skipIf(engineCase.skipped !== undefined)('a report that failed is sent once by the next run to hold the import (any job of it), which removes the records', async () => {
    let now = 3_000_000;
    const messenger = new Messages();
    let refuse = true;
    const report = messenger.report.bind(messenger);
    messenger.report = (...args) => (refuse ? Promise.reject(new Error('discord is down')) : report(...args));
    const { imports, kv } = await setup(() => {
      now += 10;
      return Promise.resolve();
    }, () => now, messenger);
    const started = await imports.start(USER, await imports.savePreview(USER, planImport('anime', 'add_missing', entries(3), new Map()), 'en'), undefined);
    const importId = (started as { started: string }).started;
    const job = { userId: USER, importId, slice: 0 };
    await expect(imports.run(job, { id: 'slice-0', attempt: 1, final: false })).rejects.toThrow('discord is down');
    refuse = false;
    expect(messenger.reports).toHaveLength(0);
    expect(await kv.keys(`list-import:${USER}:`)).not.toEqual([]);
    // The failed run gave its lease back: the next run of the import (here another job) finishes the end.
    await imports.run({ ...job, slice: -1 }, { id: 'cancel', attempt: 1, final: false });
    expect(messenger.reports).toEqual([{ progress: expect.objectContaining({ phase: 'done', done: 3 }), failed: 0 }]);
    expect(await kv.keys(`list-import:${USER}:`)).toEqual([]);
    // The slice's retry finds nothing left: no second report.
    await imports.run(job, { id: 'slice-0', attempt: 2, final: false });
    expect(messenger.reports).toHaveLength(1);
    // A new import may start.
    expect(await imports.start(USER, await imports.savePreview(USER, planImport('anime', 'add_missing', entries(3), new Map()), 'en'), undefined)).toHaveProperty('started');
  });
});
