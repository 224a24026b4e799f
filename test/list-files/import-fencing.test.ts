// One run writes (issue 38, items 2, 4 and 6), on each shared store: two runs of one import (a job
// retried after its lease ran out while its write hung, a stalled job moved back) never write side by
// side: a run that finds a live lease leaves; one whose lease was taken over stops after its write in
// flight, so only that write is done twice and the report goes once. Stop while a write is in flight
// reports exactly what the service received. Two starts racing for the person's marker: one import.

import { describe, expect, it } from 'vitest';
import type { JobRun } from '../../src/jobs/job-engine.js';
import type { ImportKv } from '../../src/list-files/import-records.js';
import { engineCases } from '../../local-stack/store-engines.js';
import { gate, importProcess, plan, storeCase, writeLog } from './import-helpers.js';

const USER = '323456789012345678';
const FENCE_MS = 60_000;
const run = (attempt: number): JobRun => ({ id: 'slice-0', attempt, final: false });

describe.each(engineCases().filter((c) => c.shared))('one run writes, on $kind', (engineCase) => {
  const store = storeCase(engineCase.kind);

  it.skipIf(engineCase.skipped !== undefined)('a run whose lease was taken over stops after its write in flight: one entry written twice, one report', async () => {
    let now = 10_000_000;
    const writes = writeLog();
    const hangA = gate();
    const holdB = gate();
    // A's fifth write hangs (a frozen process: its lease is not renewed); B's sixth waits until A is back.
    const a = await importProcess(await store(), () => now, async (_u, _k, w) => {
      if (w.id === 5) await hangA.wait();
      writes.record(w);
    }, { fenceMs: FENCE_MS });
    const b = await importProcess(await store(), () => now, async (_u, _k, w) => {
      if (w.id === 6) await holdB.wait();
      writes.record(w);
    }, { fenceMs: FENCE_MS });
    const started = await a.imports.start(USER, await a.imports.savePreview(USER, plan(12), 'en'), undefined);
    const job = { userId: USER, importId: (started as { started: string }).started, slice: 0 };
    const runA = a.imports.run(job, run(1));
    await hangA.reached;
    // The job's lease runs out; the engine runs it again elsewhere, after A's lease in the state ended.
    now += FENCE_MS + 1;
    const runB = b.imports.run(job, run(2));
    await holdB.reached;
    hangA.open();
    await runA;
    holdB.open();
    await runB;
    expect(writes.counts.size).toBe(12);
    // Only the write in flight at the takeover (entry 5) went twice.
    expect(writes.twice()).toEqual([5]);
    expect([...a.messenger.reports, ...b.messenger.reports]).toHaveLength(1);
    expect(b.messenger.reports[0]?.progress).toMatchObject({ phase: 'done', done: 12, total: 12 });
    expect(await b.imports.active(USER)).toBeUndefined();
  });

  it.skipIf(engineCase.skipped !== undefined)('a second run while the first one\'s lease lives writes nothing and leaves a check for when it ends', async () => {
    const now = 20_000_000;
    const writes = writeLog();
    const slow = gate();
    const a = await importProcess(await store(), () => now, async (_u, _k, w) => {
      if (w.id === 3) await slow.wait();
      writes.record(w);
    });
    const b = await importProcess(await store(), () => now, (_u, _k, w) => {
      writes.record(w);
      return Promise.resolve();
    });
    const started = await a.imports.start(USER, await a.imports.savePreview(USER, plan(6), 'en'), undefined);
    const job = { userId: USER, importId: (started as { started: string }).started, slice: 0 };
    const runA = a.imports.run(job, run(1));
    await slow.reached;
    await b.imports.run(job, run(2));
    expect(writes.counts.size).toBe(2);
    expect(b.queued).toEqual([expect.objectContaining({ id: `${job.importId}:watch:${now + FENCE_MS}`, delayMs: FENCE_MS + 1_000 })]);
    slow.open();
    await runA;
    expect(writes.twice()).toEqual([]);
    expect(a.messenger.reports).toHaveLength(1);
    expect(b.messenger.reports).toHaveLength(0);
  });

  it.skipIf(engineCase.skipped !== undefined)('Stop during a write in flight: the report counts that write (8 of 100 when 8 landed)', async () => {
    const now = 30_000_000;
    let landed = 0;
    const eighth = gate();
    const a = await importProcess(await store(), () => now, async () => {
      if (landed === 7) await eighth.wait();
      landed++;
    });
    const b = await importProcess(await store(), () => now, () => Promise.reject(new Error('B must not write')));
    const started = await a.imports.start(USER, await a.imports.savePreview(USER, plan(100), 'en'), undefined);
    const importId = (started as { started: string }).started;
    const runA = a.imports.run({ userId: USER, importId, slice: 0 }, run(1));
    await eighth.reached;
    expect(await b.imports.cancel(USER)).toBe(true);
    // Stop's job runs in the other process at once: the slice holds the import, so it ends it, not Stop's job.
    await b.imports.run({ userId: USER, importId, slice: -1 }, { id: 'cancel', attempt: 1, final: false });
    expect(b.messenger.reports).toHaveLength(0);
    eighth.open();
    await runA;
    expect(landed).toBe(8);
    expect(a.messenger.reports.map((r) => r.progress)).toEqual([expect.objectContaining({ phase: 'cancelled', done: 8, failed: 0, total: 100 })]);
  });

  it.skipIf(engineCase.skipped !== undefined)('two starts racing for the marker: one import (the marker is never seen without its state)', async () => {
    const now = 40_000_000;
    const base = await store();
    let second: Promise<unknown> | undefined;
    const other = await importProcess(await store(), () => now, () => Promise.resolve());
    // Right after the first start takes the marker, a second start (another preview) runs to its end.
    const racing: ImportKv = {
      get: (k) => base.get(k),
      set: (k, v, ttl) => base.set(k, v, ttl),
      compareAndSet: (k, o, v, ttl) => base.compareAndSet(k, o, v, ttl),
      compareAndDelete: (k, v) => base.compareAndDelete(k, v),
      delete: (k) => base.delete(k),
      keys: (p) => base.keys(p),
      setIfAbsent: async (k, v, ttl) => {
        const took = await base.setIfAbsent(k, v, ttl);
        if (took && k.endsWith(':active') && second === undefined) {
          second = other.imports.savePreview(USER, plan(4), 'en').then((id) => other.imports.start(USER, id, undefined));
          await second;
        }
        return took;
      },
    };
    const first = await importProcess(racing, () => now, () => Promise.resolve());
    const one = await first.imports.start(USER, await first.imports.savePreview(USER, plan(3), 'en'), undefined);
    const two = await second;
    expect([one, two].filter((r) => typeof r === 'object' && r !== null && 'started' in r)).toHaveLength(1);
    expect(one).toHaveProperty('started');
    expect(two).toEqual({ refused: 'busy' });
    // The refused start left nothing behind: the marker, the plan and the state of one import, and the refused preview.
    expect((await base.keys(`list-import:${USER}:`)).filter((k) => !k.includes(':preview:'))).toHaveLength(3);
  });
});
