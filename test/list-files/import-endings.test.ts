// Every import ends with a report (issue 38, items 3, 5 and 8), on each shared store: a job out of
// attempts reports what was written and what not and frees the person; a plan gone is never "done";
// a lost login stops at the first "log in again" (no failure per remaining entry); failures are
// counted with only the first few hundred kept, so the state stays small; a state the previous
// version wrote (no run lease, `total`, an unbounded failure list) still finishes, after a wait that
// lets a previous-version run in its slice end first, and is left in a form such a run does not write.

import { describe, expect, it } from 'vitest';
import type { JobRun } from '../../src/jobs/job-engine.js';
import { IMPORT_KEY, MAX_KEPT_FAILURES, UPGRADE_WAIT_MS, packJson, type ImportKv } from '../../src/list-files/import-records.js';
import { ABANDONED_AFTER_MS, ImportWriteError } from '../../src/list-files/imports.js';
import { engineCases } from '../../local-stack/store-engines.js';
import { importProcess, plan, storeCase } from './import-helpers.js';

const USER = '423456789012345678';
const run = (attempt: number, final = false): JobRun => ({ id: 'slice-0', attempt, final });

describe.each(engineCases().filter((c) => c.shared))('imports always end, on $kind', (engineCase) => {
  const store = storeCase(engineCase.kind);

  it.skipIf(engineCase.skipped !== undefined)('a job out of attempts reports what was written and what not, and the person may import again', async () => {
    const now = 50_000_000;
    let writes = 0;
    const kv = await store();
    const p = await importProcess(kv, () => now, () => {
      if (writes === 4) return Promise.reject(new Error('service unreachable'));
      writes++;
      return Promise.resolve();
    });
    const started = await p.imports.start(USER, await p.imports.savePreview(USER, plan(10), 'en'), undefined);
    const job = { userId: USER, importId: (started as { started: string }).started, slice: 0 };
    await expect(p.imports.run(job, run(1))).rejects.toThrow('service unreachable');
    expect(p.messenger.reports).toHaveLength(0);
    await expect(p.imports.run(job, run(8, true))).rejects.toThrow('service unreachable');
    expect(p.messenger.reports.map((r) => r.progress)).toEqual([expect.objectContaining({ phase: 'failed', done: 4, failed: 0, total: 10 })]);
    expect(await kv.keys(`list-import:${USER}:`)).toEqual([]);
    expect(await p.imports.start(USER, await p.imports.savePreview(USER, plan(2), 'en'), undefined)).toHaveProperty('started');
  });

  it.skipIf(engineCase.skipped !== undefined)('an import whose plan is gone ends as partial, never as done', async () => {
    const now = 60_000_000;
    const kv = await store();
    const p = await importProcess(kv, () => now, () => Promise.resolve());
    const started = await p.imports.start(USER, await p.imports.savePreview(USER, plan(5), 'en'), undefined);
    const importId = (started as { started: string }).started;
    await kv.delete(IMPORT_KEY.plan(USER, importId));
    await p.imports.run({ userId: USER, importId, slice: 0 }, run(1));
    expect(p.messenger.reports.map((r) => r.progress.phase)).toEqual(['failed']);
  });

  it.skipIf(engineCase.skipped !== undefined)('a login lost mid-import stops at the first "log in again"', async () => {
    const now = 70_000_000;
    let calls = 0;
    const p = await importProcess(await store(), () => now, () => {
      calls++;
      return calls > 10 ? Promise.reject(new ImportWriteError('notLinked')) : Promise.resolve();
    });
    const started = await p.imports.start(USER, await p.imports.savePreview(USER, plan(150), 'en'), undefined);
    await p.imports.run({ userId: USER, importId: (started as { started: string }).started, slice: 0 }, run(1));
    expect(calls).toBe(11);
    expect(p.messenger.reports).toHaveLength(1);
    expect(p.messenger.reports[0]?.progress).toMatchObject({ phase: 'loginLost', done: 10, failed: 0, total: 150 });
    expect(p.messenger.reports[0]?.failed).toEqual([]);
  });

  it.skipIf(engineCase.skipped !== undefined)('failures are counted, the first few hundred kept by name: the state stays small', async () => {
    const now = 80_000_000;
    const base = await store();
    let largest = 0;
    const measuring: ImportKv = {
      get: (k) => base.get(k),
      set: (k, v, ttl) => base.set(k, v, ttl),
      setIfAbsent: (k, v, ttl) => base.setIfAbsent(k, v, ttl),
      compareAndSet: (k, o, v, ttl) => {
        if (k.includes(':state:')) largest = Math.max(largest, v.length);
        return base.compareAndSet(k, o, v, ttl);
      },
      compareAndDelete: (k, v) => base.compareAndDelete(k, v),
      delete: (k) => base.delete(k),
      keys: (p) => base.keys(p),
    };
    const p = await importProcess(measuring, () => now, () => Promise.reject(new ImportWriteError('unknownTitle')));
    const started = await p.imports.start(USER, await p.imports.savePreview(USER, plan(1_000), 'en'), undefined);
    await p.imports.run({ userId: USER, importId: (started as { started: string }).started, slice: 0 }, run(1));
    // 300 failures of ~45 bytes and the rest of the state: far from the 1 000 an unbounded list would hold.
    expect(largest).toBeLessThan(20_000);
    expect(p.messenger.reports[0]?.progress).toMatchObject({ phase: 'done', done: 0, failed: 1_000, total: 1_000 });
    expect(p.messenger.reports[0]?.failed).toHaveLength(MAX_KEPT_FAILURES);
    expect(p.messenger.reports[0]?.failed[0]).toEqual({ id: 1, title: 'T1', reason: 'unknownTitle' });
  });

  it.skipIf(engineCase.skipped !== undefined)('a state the previous version wrote finishes after an upgrade, once a previous-version run could have ended', async () => {
    let now = 90_000_000;
    let writes = 0;
    const kv = await store();
    const p = await importProcess(kv, () => now, () => {
      writes++;
      return Promise.resolve();
    });
    const importId = 'legacy-import';
    const writesPlanned = plan(405).writes;
    const failed = Array.from({ length: 400 }, (_, i) => ({ id: 1_000 + i, title: `F${i}`, reason: 'refused' }));
    const legacy = { importId, userId: USER, kind: 'anime', locale: 'de', total: 405, cursor: 401, done: 1, failed, cancelled: false, finishing: false, startedAt: now, lastEditAt: 0 };
    await kv.set(IMPORT_KEY.plan(USER, importId), packJson(writesPlanned), 60_000);
    await kv.set(IMPORT_KEY.state(USER, importId), JSON.stringify(legacy), 60_000);
    await kv.set(IMPORT_KEY.active(USER), importId, 60_000);
    // Its next slice reaches the new version: converted, then left while a previous-version run may still write.
    await p.imports.run({ userId: USER, importId, slice: 3 }, run(1));
    expect(writes).toBe(0);
    const stored = JSON.parse((await kv.get(IMPORT_KEY.state(USER, importId))) ?? '{}') as Record<string, unknown>;
    // A previous-version run writes only while `cursor < total`: the converted state has no total.
    expect(stored.total).toBeUndefined();
    expect(stored).toMatchObject({ planned: 405, cursor: 401, failedCount: 400 });
    expect(p.queued).toEqual([expect.objectContaining({ delayMs: UPGRADE_WAIT_MS + 1_000 })]);
    // A new import is still refused meanwhile.
    expect(await p.imports.start(USER, await p.imports.savePreview(USER, plan(2), 'en'), undefined)).toEqual({ refused: 'busy' });
    now += UPGRADE_WAIT_MS + 1_000;
    await p.imports.run(p.queued[0]!.data, { id: 'watch', attempt: 1, final: false });
    expect(writes).toBe(4);
    expect(p.messenger.reports).toHaveLength(1);
    expect(p.messenger.reports[0]?.progress).toMatchObject({ phase: 'done', done: 5, failed: 400, total: 405, locale: 'de' });
    expect(p.messenger.reports[0]?.failed).toHaveLength(MAX_KEPT_FAILURES);
    expect(await kv.keys(`list-import:${USER}:`)).toEqual(expect.not.arrayContaining([IMPORT_KEY.active(USER)]));
  });

  it.skipIf(engineCase.skipped !== undefined)('an import whose jobs are gone (no sign of life for an hour) no longer blocks a new one, and ends as partial if it comes back', async () => {
    let now = 100_000_000;
    const kv = await store();
    const p = await importProcess(kv, () => now, () => Promise.resolve());
    const lost = await p.imports.start(USER, await p.imports.savePreview(USER, plan(5), 'en'), undefined);
    expect(await p.imports.start(USER, await p.imports.savePreview(USER, plan(3), 'en'), undefined)).toEqual({ refused: 'busy' });
    // Its job was lost with its process (a last attempt expired unseen): nothing renews it.
    now += ABANDONED_AFTER_MS + 1;
    const next = await p.imports.start(USER, await p.imports.savePreview(USER, plan(3), 'en'), undefined);
    expect(next).toHaveProperty('started');
    await p.imports.run({ userId: USER, importId: (lost as { started: string }).started, slice: 0 }, run(1));
    expect(p.messenger.reports.map((r) => r.progress)).toEqual([expect.objectContaining({ phase: 'failed', done: 0, total: 5 })]);
    expect((await p.imports.active(USER))?.importId).toBe((next as { started: string }).started);
  });
});
