// Imports of list files, from the preview to the end: the preview kept in the shared store until
// Import (15 minutes), then one job on the job engine per slice of the import, each writing through
// the service client as background work (the shared line lets it go only when people's requests leave
// room), one write per added or changed entry, checkpointing the cursor after each, so an import
// killed mid-way resumes where it stopped in whichever process takes the job, and a write done again
// sends the values fixed at the preview. Each run is fenced by a lease in the state (import-run.ts).
// One import per person at a time: its plan and state are written before its marker is taken, so a
// marker never stands without its state. Cancel stops it before its next write; "forget me" deletes
// its records (the job finds nothing and ends).

import type { JobEngine, JobRun, QueueSpec } from '../jobs/job-engine.js';
import { QueueOwner, queueWorker } from '../jobs/queue-owner.js';
import type { Logger } from '../log/log.js';
import { InvalidOptionError, ReauthRequiredError, ServiceHttpError } from '../service/errors.js';
import type { WorkKind } from '../service/kinds.js';
import type { TokenSource } from '../service/token-source.js';
import type { AttachmentReader } from './attachment-fetch.js';
import type { ImportPlan } from './import-plan.js';
import {
  IMPORT_KEY,
  IMPORT_TTL_MS,
  PREVIEW_TTL_MS,
  STATE_VERSION,
  packJson,
  parsePreview,
  parseState,
  stopOf,
  updateState,
  type ImportKv,
  type ImportState,
} from './import-records.js';
import { CANCEL_SLICE, ImportRunner, ImportWriteError, newRunId, type ImportJob, type ImportMessenger, type ImportRunnerOptions, type ImportWriter } from './import-run.js';
import { readCurrentEntries, type ListReadService } from './list-reader.js';

export { ImportWriteError, type ImportMessenger, type ImportProgress, type ImportWriter } from './import-run.js';

export const IMPORT_QUEUE = 'list-import';

/**
 * A marker whose import shows no sign of life this long (no lease renewed, no progress edited, not
 * just started) is an import whose jobs are gone (a last attempt lost with its process): a new
 * import may take the person's place, and the old one is marked stopped.
 */
export const ABANDONED_AFTER_MS = 60 * 60_000;
/** A keep_higher import reads the list again before each 1 000 writes (one read per 1 000 entries of the list). */
export const REFRESH_EVERY = 1_000;

/** What handlers need for imports (BotDeps.listImports). */
export interface ListImportDeps {
  imports: ListImports;
  files: AttachmentReader;
}

export interface ListImportsOptions {
  kv: ImportKv;
  jobs: JobEngine;
  log: Logger;
  now: () => number;
  write: ImportWriter;
  /** The progress message is edited at most this often; default 5 s. */
  editEveryMs?: number;
  /** One job runs this long at most, then the next slice is queued; default 20 s (well within the lease). */
  sliceMs?: number;
  leaseMs?: number;
  /** A run's lease in the import's state; default 30 s (renewed every 10 s while it writes). */
  fenceMs?: number;
  /** The person's list as it is now: a keep_higher import reads it again once per `refreshEvery` writes (default 1 000). */
  readList?: ImportRunnerOptions['readList'];
  refreshEvery?: number;
  /** How progress and the report reach the person (discord-delivery.ts over the Discord side); none: imports run without a message. */
  messenger?: ImportMessenger;
}

export type StartResult = { started: string } | { refused: 'expired' | 'busy' };

function parseImportJob(data: unknown): ImportJob | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  if (typeof d.userId !== 'string' || typeof d.importId !== 'string' || typeof d.slice !== 'number') return undefined;
  return { userId: d.userId, importId: d.importId, slice: d.slice };
}

const lastSign = (s: ImportState): number => Math.max(s.run?.until ?? 0, s.startedAt, s.lastEditAt);

export class ListImports {
  private readonly sliceMs: number;
  private readonly queue: QueueOwner;
  private readonly runner: ImportRunner;

  constructor(private readonly o: ListImportsOptions) {
    this.sliceMs = o.sliceMs ?? 20_000;
    this.queue = new QueueOwner(o.jobs, {
      specs: () => [this.spec()],
      workers: [queueWorker(IMPORT_QUEUE, parseImportJob, (job, run) => this.run(job, run))],
    });
    this.runner = new ImportRunner({
      kv: o.kv,
      log: o.log,
      now: o.now,
      write: o.write,
      editEveryMs: o.editEveryMs ?? 5_000,
      sliceMs: this.sliceMs,
      fenceMs: o.fenceMs ?? 30_000,
      messenger: () => o.messenger,
      ...(o.readList ? { readList: o.readList } : {}),
      refreshEvery: o.refreshEvery ?? REFRESH_EVERY,
      enqueue: async (job, key, delayMs) => {
        await o.jobs.enqueue(IMPORT_QUEUE, `${job.importId}:${key}`, job, delayMs !== undefined ? { delayMs } : undefined);
      },
    });
  }

  spec(): QueueSpec {
    const leaseMs = Math.max(this.o.leaseMs ?? 60_000, this.sliceMs * 2);
    return { name: IMPORT_QUEUE, attempts: 8, retryBaseMs: 2_000, leaseMs, concurrency: 4, keepDoneMs: 3_600_000, keepFailedMs: 24 * 3_600_000 };
  }

  /** Defines the import queue (every process; once). */
  define(): Promise<void> {
    return this.queue.define();
  }

  /** Starts this process's workers once (processes that talk to Discord); imports report through the `messenger` given. */
  work(): Promise<void> {
    return this.queue.start();
  }

  /** Keeps a preview's plan until Import or Cancel (or 15 minutes); returns its id. */
  async savePreview(userId: string, plan: ImportPlan, locale: string): Promise<string> {
    const id = newRunId();
    const value = packJson({ userId, kind: plan.kind, mode: plan.mode, locale, writes: plan.writes });
    await this.o.kv.set(IMPORT_KEY.preview(userId, id), value, PREVIEW_TTL_MS);
    return id;
  }

  async dropPreview(userId: string, previewId: string): Promise<void> {
    await this.o.kv.delete(IMPORT_KEY.preview(userId, previewId));
  }

  /** The person's running import, if any. */
  async active(userId: string): Promise<ImportState | undefined> {
    const importId = await this.o.kv.get(IMPORT_KEY.active(userId));
    return importId === undefined ? undefined : parseState(await this.o.kv.get(IMPORT_KEY.state(userId, importId)));
  }

  /** Import: the preview becomes an import (one per person), its first job queued. */
  async start(userId: string, previewId: string, interaction: ImportState['interaction']): Promise<StartResult> {
    const { kv, now } = this.o;
    const preview = parsePreview(await kv.get(IMPORT_KEY.preview(userId, previewId)));
    if (!preview || preview.userId !== userId) return { refused: 'expired' };
    const importId = newRunId();
    const state: ImportState = {
      version: STATE_VERSION,
      importId,
      userId,
      kind: preview.kind,
      locale: preview.locale,
      planned: preview.writes.length,
      cursor: 0,
      done: 0,
      failed: [],
      failedCount: 0,
      cancelled: false,
      claims: 0,
      mode: preview.mode,
      // The preview read the list just now: the first writes are checked against it.
      refreshedTo: Math.min(preview.writes.length, this.o.refreshEvery ?? REFRESH_EVERY),
      finishing: false,
      startedAt: now(),
      lastEditAt: 0,
      ...(interaction ? { interaction } : {}),
    };
    // The plan and state first, then the marker: a marker is never seen without its state.
    await kv.set(IMPORT_KEY.plan(userId, importId), packJson(preview.writes), IMPORT_TTL_MS);
    await kv.set(IMPORT_KEY.state(userId, importId), JSON.stringify(state), IMPORT_TTL_MS);
    if (!(await this.takeMarker(userId, importId))) {
      await kv.delete(IMPORT_KEY.state(userId, importId));
      await kv.delete(IMPORT_KEY.plan(userId, importId));
      return { refused: 'busy' };
    }
    await kv.delete(IMPORT_KEY.preview(userId, previewId));
    await this.o.jobs.enqueue(IMPORT_QUEUE, `${importId}:0`, { userId, importId, slice: 0 });
    return { started: importId };
  }

  /** The person's "active" marker for `importId`: free, or held by an import that is gone or abandoned. */
  private async takeMarker(userId: string, importId: string): Promise<boolean> {
    const { kv, now } = this.o;
    const key = IMPORT_KEY.active(userId);
    if (await kv.setIfAbsent(key, importId, IMPORT_TTL_MS)) return true;
    const current = await kv.get(key);
    if (current === undefined) return kv.setIfAbsent(key, importId, IMPORT_TTL_MS);
    const held = parseState(await kv.get(IMPORT_KEY.state(userId, current)));
    if (held && lastSign(held) + ABANDONED_AFTER_MS > now()) return false;
    // One compare-and-set, not `modify`: losing is the answer (another import took the marker meanwhile).
    if (!(await kv.compareAndSet(key, current, importId, IMPORT_TTL_MS))) return false;
    // An abandoned import that comes back to life ends at its next run, with its report.
    if (held) await updateState(kv, userId, current, (s) => (stopOf(s) ? undefined : { ...s, stop: 'failed' }), now);
    return true;
  }

  /** Cancel: the running import stops before its next write. Returns whether one was running. */
  async cancel(userId: string): Promise<boolean> {
    const importId = await this.o.kv.get(IMPORT_KEY.active(userId));
    if (importId === undefined) return false;
    // A version-1 state (still run by version-1 processes) is stopped the way they read it too.
    const state = await updateState(this.o.kv, userId, importId, (s, legacy) => (stopOf(s) ? undefined : { ...s, stop: 'cancelled', cancelled: legacy }), this.o.now);
    if (state) await this.o.jobs.enqueue(IMPORT_QUEUE, `${importId}:cancel`, { userId, importId, slice: CANCEL_SLICE });
    return state !== undefined;
  }

  /** "Forget me": every record of the person's imports and previews goes (their jobs are removed by JobEngine.forget). */
  async forgetUser(userId: string): Promise<number> {
    // Twice: a failure record a run wrote while the first pass went (it sees the state gone after and deletes its own too).
    let deleted = 0;
    for (let pass = 0; pass < 2; pass++) {
      const keys = await this.o.kv.keys(IMPORT_KEY.prefix(userId));
      for (const key of keys) await this.o.kv.delete(key);
      deleted += keys.length;
    }
    return deleted;
  }

  /** One run of an import's job (import-run.ts). */
  run(job: ImportJob, run: JobRun): Promise<void> {
    return this.runner.run(job, run);
  }
}

/** What the writer needs of the service client. */
export interface ImportService {
  updateListStatus(kind: WorkKind, id: number, update: never, ctx: { auth: TokenSource }): Promise<unknown>;
}

/**
 * The writer over the service client: the person's token as background work (unscoped calls: the
 * shared line lets them go only when people's requests leave room). A title the service does not know,
 * values it refuses or a login gone are the entry's failure; anything else is retried by the job.
 */
export function serviceImportWriter(service: ImportService, tokenFor: (userId: string) => TokenSource): ImportWriter {
  return async (userId, kind, write) => {
    try {
      await service.updateListStatus(kind, write.id, write.update as never, { auth: tokenFor(userId) });
    } catch (error) {
      if (error instanceof ServiceHttpError && error.status === 404) throw new ImportWriteError('unknownTitle');
      if ((error instanceof ServiceHttpError && error.status === 400) || error instanceof InvalidOptionError) throw new ImportWriteError('refused');
      if (error instanceof ReauthRequiredError) throw new ImportWriteError('notLinked');
      throw error;
    }
  };
}

/** The list reader over the service client, with the person's token as background work; a login gone is ImportWriteError `notLinked`. */
export function serviceListReader(service: ListReadService, tokenFor: (userId: string) => TokenSource): NonNullable<ImportRunnerOptions['readList']> {
  return async (userId, kind, ids) => {
    try {
      return await readCurrentEntries(service, kind, tokenFor(userId), ids);
    } catch (error) {
      if (error instanceof ReauthRequiredError) throw new ImportWriteError('notLinked');
      throw error;
    }
  };
}
