// What the import tests share: plans of n entries, a messenger that records, a gate that holds a
// write until released, a job engine that only records what is queued (the tests run the jobs by hand,
// as two "processes" would), ListImports on one store case, and the store case's connections.

import { afterEach } from 'vitest';
import { prepareCase, type EngineCase, type OpenedCase } from '../../local-stack/store-engines.js';
import { createLogger } from '../../src/log/log.js';
import type { JobEngine } from '../../src/jobs/job-engine.js';
import type { PlannedWrite } from '../../src/list-files/import-plan.js';
import { planImport } from '../../src/list-files/import-plan.js';
import type { FailedEntry, ImportKv, ProgressPlace } from '../../src/list-files/import-records.js';
import { ListImports, type ImportMessenger, type ListImportsOptions, type ImportProgress, type ImportWriter } from '../../src/list-files/imports.js';
import type { FileEntry } from '../../src/list-files/xml-reader.js';
import type { StoreEngine } from '../../src/store/engine.js';

export const log = createLogger('error', () => undefined);

export function entries(n: number): FileEntry<'anime'>[] {
  return Array.from({ length: n }, (_, i) => ({ index: i + 1, id: i + 1, title: `T${i + 1}`, update: { status: 'completed' as const, score: (i % 10) + 1, num_watched_episodes: 12 } }));
}

export const plan = (n: number) => planImport('anime', 'add_missing', entries(n), new Map());

export class Messages implements ImportMessenger {
  readonly reports: Array<{ progress: ImportProgress; failed: readonly FailedEntry[] }> = [];
  open(): Promise<ProgressPlace> {
    return Promise.resolve({ via: 'dm', channelId: '1', messageId: '2' });
  }
  edit(): Promise<void> {
    return Promise.resolve();
  }
  report(_p: ProgressPlace, _u: string, progress: ImportProgress, failed: readonly FailedEntry[]): Promise<void> {
    this.reports.push({ progress, failed: [...failed] });
    return Promise.resolve();
  }
}

/** A promise held until `open()`; `reached` resolves when something waits on it. */
export function gate(): { wait: () => Promise<void>; open: () => void; reached: Promise<void> } {
  let open: () => void = () => undefined;
  let reachedNow: () => void = () => undefined;
  const opened = new Promise<void>((r) => (open = r));
  const reached = new Promise<void>((r) => (reachedNow = r));
  return {
    wait: () => {
      reachedNow();
      return opened;
    },
    open,
    reached,
  };
}

export interface Queued {
  id: string;
  data: { userId: string; importId: string; slice: number };
  delayMs?: number;
}

/** A job engine that records what is queued and runs nothing itself. */
export function recordingJobs(queued: Queued[]): JobEngine {
  const noop = () => Promise.resolve();
  return {
    kind: 'in-process',
    define: noop,
    work: noop,
    enqueue: (_q: string, id: string, data: object, o?: { delayMs?: number }) => {
      if (queued.some((j) => j.id === id)) return Promise.resolve(false);
      queued.push({ id, data: data as Queued['data'], ...(o?.delayMs !== undefined ? { delayMs: o.delayMs } : {}) });
      return Promise.resolve(true);
    },
    remove: noop,
    forget: noop,
    every: noop,
    counts: () => Promise.resolve({ waiting: 0, delayed: 0, active: 0, failed: 0, oldestWaitingMs: 0 }),
    runDue: noop,
    stop: noop,
  } as JobEngine;
}

/** One "process": ListImports over `kv` with its writer, messenger and recorded queue. */
export async function importProcess(
  kv: ImportKv,
  now: () => number,
  write: ImportWriter,
  o: { fenceMs?: number; sliceMs?: number } & Pick<ListImportsOptions, 'readList' | 'refreshEvery'> = {},
) {
  const messenger = new Messages();
  const queued: Queued[] = [];
  const imports = new ListImports({ kv, jobs: recordingJobs(queued), log, now, write, editEveryMs: 5_000, ...o, sliceMs: o.sliceMs ?? 1_000_000, fenceMs: o.fenceMs ?? 60_000, messenger });
  await imports.define();
  await imports.work();
  return { imports, messenger, queued };
}

/** Counts each entry's writes. */
export function writeLog(): { counts: Map<number, number>; record: (w: PlannedWrite) => void; twice: () => number[] } {
  const counts = new Map<number, number>();
  return {
    counts,
    record: (w) => counts.set(w.id, (counts.get(w.id) ?? 0) + 1),
    twice: () => [...counts].filter(([, n]) => n > 1).map(([id]) => id),
  };
}

/** Opens connections to one store case (each a "process"); all closed and the case cleaned after each test. */
export function storeCase(kind: EngineCase['kind']): () => Promise<StoreEngine> {
  let opened: OpenedCase | undefined;
  const engines: StoreEngine[] = [];
  afterEach(async () => {
    for (const e of engines.splice(0)) await e.close();
    await opened?.cleanup();
    opened = undefined;
  });
  return async () => {
    opened ??= prepareCase(kind);
    const kv = await opened.open();
    engines.push(kv);
    return kv;
  };
}
