// Imports of list files, from the preview to the end: the preview kept in the shared store until
// Import (15 minutes), then one job on the job engine per slice of the import, each writing through
// the service client as background work (the shared line lets it go only when people's requests leave
// room), one write per added or changed entry, checkpointing the cursor after each, so an import
// killed mid-way resumes where it stopped in whichever process takes the job, and a write done again
// sends the values fixed at the preview. One import per person at a time; Cancel stops it before
// its next write; "forget me" deletes its records (the job finds nothing and ends).

import { randomBytes } from 'node:crypto';
import type { JobEngine, JobRun, QueueSpec } from '../jobs/job-engine.js';
import { QueueOwner, queueWorker } from '../jobs/queue-owner.js';
import type { Logger } from '../log/log.js';
import { InvalidOptionError, ReauthRequiredError, ServiceHttpError } from '../service/errors.js';
import type { WorkKind } from '../service/kinds.js';
import type { TokenSource } from '../service/token-source.js';
import type { AttachmentReader } from './attachment-fetch.js';
import type { ImportPlan, PlannedWrite } from './import-plan.js';
import {
  IMPORT_KEY,
  IMPORT_TTL_MS,
  PREVIEW_TTL_MS,
  packJson,
  parsePreview,
  parseState,
  parseWrites,
  updateState,
  type FailedEntry,
  type ImportKv,
  type ImportState,
  type ProgressPlace,
} from './import-records.js';

export const IMPORT_QUEUE = 'list-import';

/** What handlers need for imports (BotDeps.listImports). */
export interface ListImportDeps {
  imports: ListImports;
  files: AttachmentReader;
}

/** What the person sees of a running import. */
export interface ImportProgress {
  kind: WorkKind;
  locale: string;
  total: number;
  done: number;
  failed: number;
  /** Estimated time left from the current pace; undefined before there is a pace. */
  etaMs?: number;
  phase: 'running' | 'done' | 'cancelled';
  /** Where the message is: a DM, or the interaction's follow-ups because DMs are closed. */
  via: ProgressPlace['via'];
}

/** How progress reaches the person (Discord REST; set by the process that talks to Discord). */
export interface ImportMessenger {
  /** Posts the first progress message: in a DM, or where DMs are closed as a follow-up of `interaction`. */
  open(userId: string, progress: ImportProgress, interaction: ImportState['interaction']): Promise<ProgressPlace>;
  edit(place: ProgressPlace, userId: string, progress: ImportProgress): Promise<void>;
  /** The end: the summary, and the failed entries with why as a file. */
  report(place: ProgressPlace, userId: string, progress: ImportProgress, failed: readonly FailedEntry[]): Promise<void>;
}

/** One write; throws an ImportWriteError for an entry that cannot be written (kept in the report), anything else is retried by the job. */
export type ImportWriter = (userId: string, kind: WorkKind, write: PlannedWrite) => Promise<void>;

export class ImportWriteError extends Error {
  constructor(readonly reason: 'unknownTitle' | 'refused' | 'notLinked' | 'failed') {
    super(reason);
    this.name = 'ImportWriteError';
  }
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
}

export type StartResult = { started: string } | { refused: 'expired' | 'busy' };

interface ImportJob {
  userId: string;
  importId: string;
  slice: number;
}

function parseImportJob(data: unknown): ImportJob | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  if (typeof d.userId !== 'string' || typeof d.importId !== 'string' || typeof d.slice !== 'number') return undefined;
  return { userId: d.userId, importId: d.importId, slice: d.slice };
}

const newId = (): string => randomBytes(12).toString('base64url');

export class ListImports {
  private messenger: ImportMessenger | undefined;
  private readonly editEveryMs: number;
  private readonly sliceMs: number;
  private readonly queue: QueueOwner;

  constructor(private readonly o: ListImportsOptions) {
    this.editEveryMs = o.editEveryMs ?? 5_000;
    this.sliceMs = o.sliceMs ?? 20_000;
    this.queue = new QueueOwner(o.jobs, {
      specs: () => [this.spec()],
      workers: [queueWorker(IMPORT_QUEUE, parseImportJob, (job, run) => this.run(job, run))],
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

  /** Starts this process's workers once (processes that talk to Discord); imports report through `messenger`. */
  work(messenger: ImportMessenger): Promise<void> {
    this.messenger = messenger;
    return this.queue.start();
  }

  /** Keeps a preview's plan until Import or Cancel (or 15 minutes); returns its id. */
  async savePreview(userId: string, plan: ImportPlan, locale: string): Promise<string> {
    const id = newId();
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
    const importId = newId();
    if (!(await kv.setIfAbsent(IMPORT_KEY.active(userId), importId, IMPORT_TTL_MS))) {
      // A stale marker (its state gone) does not block for ever.
      const current = await kv.get(IMPORT_KEY.active(userId));
      if (current !== undefined && (await kv.get(IMPORT_KEY.state(userId, current))) !== undefined) return { refused: 'busy' };
      if (current === undefined || !(await kv.compareAndSet(IMPORT_KEY.active(userId), current, importId, IMPORT_TTL_MS))) return { refused: 'busy' };
    }
    await kv.set(IMPORT_KEY.plan(userId, importId), packJson(preview.writes), IMPORT_TTL_MS);
    const state: ImportState = {
      importId,
      userId,
      kind: preview.kind,
      locale: preview.locale,
      total: preview.writes.length,
      cursor: 0,
      done: 0,
      failed: [],
      cancelled: false,
      finishing: false,
      startedAt: now(),
      lastEditAt: 0,
      ...(interaction ? { interaction } : {}),
    };
    await kv.set(IMPORT_KEY.state(userId, importId), JSON.stringify(state), IMPORT_TTL_MS);
    await kv.delete(IMPORT_KEY.preview(userId, previewId));
    await this.o.jobs.enqueue(IMPORT_QUEUE, `${importId}:0`, { userId, importId, slice: 0 });
    return { started: importId };
  }

  /** Cancel: the running import stops before its next write. Returns whether one was running. */
  async cancel(userId: string): Promise<boolean> {
    const importId = await this.o.kv.get(IMPORT_KEY.active(userId));
    if (importId === undefined) return false;
    const state = await updateState(this.o.kv, userId, importId, (s) => (s.cancelled ? undefined : { ...s, cancelled: true }));
    if (state) await this.o.jobs.enqueue(IMPORT_QUEUE, `${importId}:cancel`, { userId, importId, slice: -1 });
    return state !== undefined;
  }

  /** "Forget me": every record of the person's imports and previews goes (their jobs are removed by JobEngine.forget). */
  async forgetUser(userId: string): Promise<number> {
    const keys = await this.o.kv.keys(IMPORT_KEY.prefix(userId));
    for (const key of keys) await this.o.kv.delete(key);
    return keys.length;
  }

  /** One slice of an import: writes from the cursor until the slice's time is up, then queues the next slice. */
  async run(job: ImportJob, run: JobRun): Promise<void> {
    const { kv, now } = this.o;
    let state = parseState(await kv.get(IMPORT_KEY.state(job.userId, job.importId)));
    if (!state) return;
    const writes = parseWrites(await kv.get(IMPORT_KEY.plan(job.userId, job.importId)));
    if (!writes) return this.end(state, run);
    state = await this.place(state);
    if (!state) return;
    const sliceEnd = now() + this.sliceMs;
    const pace = { at: now(), done: state.cursor };
    while (state && !state.cancelled && state.cursor < state.total && now() < sliceEnd) {
      const at = state.cursor;
      const write = writes[at];
      if (!write) break;
      let failure: FailedEntry | undefined;
      try {
        await this.o.write(job.userId, state.kind, write);
      } catch (error) {
        if (!(error instanceof ImportWriteError)) throw error;
        failure = { id: write.id, ...(write.title !== undefined ? { title: write.title } : {}), reason: error.reason };
      }
      const moved: ImportState | undefined = await updateState(kv, job.userId, job.importId, (s) =>
        s.cursor !== at ? undefined : { ...s, cursor: at + 1, ...(failure ? { failed: [...s.failed, failure] } : { done: s.done + 1 }) },
      );
      // Another worker moved on (a lease handed over while this one was slow): it carries on alone.
      if (!moved || moved.cursor !== at + 1) return;
      state = await this.maybeEdit(moved, pace);
    }
    if (!state) return;
    if (state.cancelled || state.cursor >= state.total) return this.end(state, run);
    await this.o.jobs.enqueue(IMPORT_QUEUE, `${job.importId}:${job.slice + 1}`, { userId: job.userId, importId: job.importId, slice: job.slice + 1 });
  }

  private progress(state: ImportState, phase: ImportProgress['phase'], etaMs?: number): ImportProgress {
    return {
      kind: state.kind,
      locale: state.locale,
      total: state.total,
      done: state.done,
      failed: state.failed.length,
      phase,
      via: state.place?.via ?? 'none',
      ...(etaMs !== undefined ? { etaMs } : {}),
    };
  }

  /** The progress message, posted once (its place kept in the state). */
  private async place(state: ImportState): Promise<ImportState | undefined> {
    if (state.place || !this.messenger) return state;
    let place: ProgressPlace;
    try {
      place = await this.messenger.open(state.userId, this.progress(state, 'running'), state.interaction);
    } catch (error) {
      this.o.log.warn('the progress message of an import could not be posted', { error });
      place = { via: 'none' };
    }
    return updateState(this.o.kv, state.userId, state.importId, (s) => (s.place ? undefined : { ...s, place, lastEditAt: this.o.now() }));
  }

  /** Edits the progress message when the last edit is old enough; the ETA from this slice's pace. */
  private async maybeEdit(state: ImportState, pace: { at: number; done: number }): Promise<ImportState | undefined> {
    const now = this.o.now();
    if (!this.messenger || !state.place || now - state.lastEditAt < this.editEveryMs) return state;
    const rate = (state.cursor - pace.done) / Math.max(1, now - pace.at);
    const etaMs = rate > 0 ? Math.round((state.total - state.cursor) / rate) : undefined;
    try {
      await this.messenger.edit(state.place, state.userId, this.progress(state, 'running', etaMs));
    } catch (error) {
      this.o.log.debug('an import\'s progress message could not be edited', { error });
    }
    return updateState(this.o.kv, state.userId, state.importId, (s) => ({ ...s, lastEditAt: now }));
  }

  /** The end (all written, or cancelled): the report once, then the records go. */
  private async end(state: ImportState, run: JobRun): Promise<void> {
    const { kv } = this.o;
    // One job ends it (its id kept): another job reaching the end leaves it, a retry of the same job (its
    // report failed, or its process died before the records went) finishes what is left.
    const marked = await updateState(kv, state.userId, state.importId, (s) => (s.finishing ? undefined : { ...s, finishing: true, finisher: run.id }));
    if (!marked || marked.finisher !== run.id) return;
    const phase = marked.cancelled && marked.cursor < marked.total ? 'cancelled' : 'done';
    if (this.messenger && marked.place && !marked.reported) {
      try {
        await this.messenger.report(marked.place, marked.userId, this.progress(marked, phase), marked.failed);
      } catch (error) {
        if (!run.final) throw error;
        this.o.log.warn('the report of an import could not be sent', { error });
      }
      await updateState(kv, marked.userId, marked.importId, (s) => ({ ...s, reported: true }));
    }
    await kv.delete(IMPORT_KEY.plan(marked.userId, marked.importId));
    await kv.delete(IMPORT_KEY.state(marked.userId, marked.importId));
    await kv.compareAndDelete(IMPORT_KEY.active(marked.userId), marked.importId);
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
