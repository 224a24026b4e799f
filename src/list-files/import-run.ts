// One run of an import's job, fenced: a run first claims the import's lease in its state (a run id and
// until when), renews it with every write of the state and on a timer while a write or the report is
// in flight, and writes the state only while the lease is its own. A run that finds the lease held by
// a live run leaves (a check is queued for when that lease ends, in case its process died), so of two
// runs of one import (a job expired and retried, a stalled job moved back, a process taking over) only
// one writes: apart from the one write in flight when a lease is taken over, no entry is written twice
// and the report goes once. The end always comes: all written, stopped, a login gone (the first
// "log in again" stops the import), or the job's last attempt failing: each with its report, and the
// person free to import again.

import { randomBytes } from 'node:crypto';
import type { JobRun } from '../jobs/job-engine.js';
import type { Logger } from '../log/log.js';
import type { AnyEntry, WorkKind } from '../service/kinds.js';
import { modify } from '../store/compare-and-set.js';
import { refreshKeepHigher, type PlannedWrite } from './import-plan.js';
import {
  IMPORT_KEY,
  IMPORT_TTL_MS,
  MAX_KEPT_FAILURES,
  keptFailure,
  packJson,
  parseWrites,
  readFailures,
  stopOf,
  updateState,
  type FailedEntry,
  type ImportKv,
  type ImportState,
  type ImportStop,
  type ProgressPlace,
} from './import-records.js';

/** What the person sees of a running import. */
export interface ImportProgress {
  kind: WorkKind;
  locale: string;
  total: number;
  done: number;
  failed: number;
  /** keep_higher: left alone because the list had gone as far meanwhile. */
  kept?: number;
  /** Estimated time left from the current pace; undefined before there is a pace. */
  etaMs?: number;
  /** `done` with every entry; otherwise why it ended early (`running` while it runs). */
  phase: 'running' | 'done' | ImportStop;
  /** Where the message is: a DM, or the interaction's follow-ups because DMs are closed. */
  via: ProgressPlace['via'];
}

/** How progress reaches the person (Discord REST; set by the process that talks to Discord). */
export interface ImportMessenger {
  /** Posts the first progress message: in a DM, or where DMs are closed as a follow-up of `interaction`. */
  open(userId: string, progress: ImportProgress, interaction: ImportState['interaction']): Promise<ProgressPlace>;
  edit(place: ProgressPlace, userId: string, progress: ImportProgress): Promise<void>;
  /** The end: the summary, and the failed entries (the first few hundred) with why as a file. */
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

export interface ImportJob {
  userId: string;
  importId: string;
  /** The slice's number (the next one's job id); -1 the Stop's job, -2 a check after another run's lease. */
  slice: number;
}

export const CANCEL_SLICE = -1;
export const WATCH_SLICE = -2;

export interface ImportRunnerOptions {
  kv: ImportKv;
  log: Logger;
  now: () => number;
  write: ImportWriter;
  editEveryMs: number;
  sliceMs: number;
  /** A run's lease in the state: renewed a third of it at least, taken over once it ran out. */
  fenceMs: number;
  messenger: () => ImportMessenger | undefined;
  /** The person's list as it is now (keep_higher imports; throws an ImportWriteError `notLinked` for a login gone). */
  readList?: (userId: string, kind: WorkKind, ids: ReadonlySet<number>) => Promise<ReadonlyMap<number, AnyEntry>>;
  /** A keep_higher import reads the list again before each this many planned writes (the first ones: the preview's read). */
  refreshEvery: number;
  /** Queues a job of the import (`key` makes its id), after `delayMs`. */
  enqueue: (job: ImportJob, key: string, delayMs?: number) => Promise<void>;
}

export const newRunId = (): string => randomBytes(12).toString('base64url');

export function progressOf(state: ImportState, phase: ImportProgress['phase'], etaMs?: number): ImportProgress {
  return {
    kind: state.kind,
    locale: state.locale,
    total: state.planned,
    done: state.done,
    failed: state.failedCount,
    ...(state.kept ? { kept: state.kept } : {}),
    phase,
    via: state.place?.via ?? 'none',
    ...(etaMs !== undefined ? { etaMs } : {}),
  };
}

/** Every entry written (or failed), or why it stopped early: a partial end is never "done". */
const phaseOf = (s: ImportState): ImportProgress['phase'] => (s.cursor >= s.planned ? 'done' : (stopOf(s) ?? 'failed'));

/** The plan as stored (for a compare-and-set) and read. */
interface StoredPlan {
  raw: string;
  writes: PlannedWrite[];
}

type Outcome = { done: true } | { failure: FailedEntry } | { loginLost: true } | { kept: true };

export class ImportRunner {
  constructor(private readonly o: ImportRunnerOptions) {}

  /** One slice of an import: claims its lease, writes from the cursor until the slice's time is up, then queues the next slice. */
  async run(job: ImportJob, run: JobRun): Promise<void> {
    const token = newRunId();
    const claimed = await this.claim(job, token);
    if (!claimed) return;
    const heartbeat = this.heartbeat(job, token);
    let next: ImportJob | undefined;
    try {
      next = await this.slice(job, run, token, claimed);
    } catch (error) {
      // The last attempt: the import ends here, with its report, rather than dying silently.
      if (run.final) await this.endAfterFailure(job, run, token, error);
      throw error;
    } finally {
      // No renewal after this: the lease is given back for the next run at once.
      await heartbeat.stop();
      await this.release(job, token).catch(() => undefined);
    }
    // The next slice once the lease is given back (a process dying in between: this job's retry goes on).
    if (next) await this.o.enqueue(next, String(next.slice));
  }

  /** Changes the state only while this run holds the lease (renewing it); undefined when lost or gone. */
  private async fenced(job: ImportJob, token: string, change: (s: ImportState) => ImportState | undefined): Promise<ImportState | undefined> {
    let lost = false;
    const state = await updateState(
      this.o.kv,
      job.userId,
      job.importId,
      (s) => {
        const next = s.run?.id === token ? change(s) : undefined;
        lost = next === undefined;
        return next && { ...next, run: { id: token, until: this.o.now() + this.o.fenceMs } };
      },
      this.o.now,
    );
    return lost ? undefined : state;
  }

  private async claim(job: ImportJob, token: string): Promise<ImportState | undefined> {
    const now = this.o.now();
    const state = await updateState(
      this.o.kv,
      job.userId,
      job.importId,
      (s, legacy) => {
        // A version-1 state: converted, then left while a version-1 run may still be in its slice.
        if (legacy) return s;
        if (s.run && s.run.id !== token && s.run.until > now) return undefined;
        return { ...s, run: { id: token, until: now + this.o.fenceMs }, claims: Math.max(s.claims, job.slice) + 1 };
      },
      this.o.now,
    );
    if (!state?.run) return undefined;
    if (state.run.id === token) return state;
    // Held by another run: it goes on (and reads a Stop before its next write); a check once its lease
    // ends takes over if its process died while the engine no longer counts its job as running.
    if (job.slice !== CANCEL_SLICE) await this.o.enqueue({ ...job, slice: WATCH_SLICE }, `watch:${state.run.until}`, Math.max(0, state.run.until - now) + 1_000);
    return undefined;
  }

  private async release(job: ImportJob, token: string): Promise<void> {
    await updateState(this.o.kv, job.userId, job.importId, (s) => (s.run?.id === token ? { ...s, run: { id: token, until: this.o.now() } } : undefined), this.o.now);
  }

  /** Renews the lease while a write or the report is in flight (a third of the lease at most apart); `stop` waits for a renewal in flight. */
  private heartbeat(job: ImportJob, token: string): { stop: () => Promise<void> } {
    let inFlight: Promise<unknown> | undefined;
    const timer = setInterval(() => {
      inFlight ??= this.fenced(job, token, (s) => s)
        .catch((error: unknown) => this.o.log.debug('an import\'s lease could not be renewed', { error }))
        .finally(() => (inFlight = undefined));
    }, Math.max(50, Math.floor(this.o.fenceMs / 3)));
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        await inFlight;
      },
    };
  }

  /** Writes until the slice's time is up; returns the next slice's job, or undefined at the end. */
  private async slice(job: ImportJob, run: JobRun, token: string, claimed: ImportState): Promise<ImportJob | undefined> {
    const { kv, now } = this.o;
    let state = await this.place(job, token, claimed);
    if (!state) return undefined;
    const planRaw = await kv.get(IMPORT_KEY.plan(job.userId, job.importId));
    const parsed = parseWrites(planRaw);
    if (!parsed || planRaw === undefined) return this.end(job, run, token, 'failed').then(() => undefined);
    let plan: StoredPlan = { raw: planRaw, writes: parsed };
    // The plan and the marker live as long as the state (each renewed once a slice, only while both are still there).
    if (!(await this.writePlan(job, token, plan.raw))) return undefined;
    // Renews the marker only while it is still this import's: losing is the answer (it went, or another import holds it).
    await kv.compareAndSet(IMPORT_KEY.active(job.userId), job.importId, job.importId, IMPORT_TTL_MS);
    const sliceEnd = now() + this.o.sliceMs;
    const pace = { at: now(), done: claimed.cursor };
    while (state && !stopOf(state) && state.cursor < state.planned && now() < sliceEnd) {
      if (state.mode === 'keep_higher' && this.o.readList && state.cursor >= (state.refreshedTo ?? this.o.refreshEvery)) {
        ({ state, plan } = await this.refresh(job, token, state, plan));
        if (!state || stopOf(state)) break;
      }
      const at = state.cursor;
      const write = plan.writes[at];
      if (!write) break;
      const outcome: Outcome = Object.keys(write.update).length === 0 ? { kept: true } : await this.writeOne(job.userId, state.kind, write);
      // Checked before the next write, and renewed: a run whose lease was taken over stops here.
      state = await this.fenced(job, token, (s) => (s.cursor !== at ? undefined : advance(s, outcome)));
      if (!state) return undefined;
      if ('failure' in outcome && state.failedCount <= MAX_KEPT_FAILURES) await this.keepFailure(job, at, outcome.failure);
      state = await this.maybeEdit(job, token, state, pace);
    }
    if (!state) return undefined;
    if (!stopOf(state) && state.cursor < state.planned) return { ...job, slice: state.claims };
    await this.end(job, run, token);
    return undefined;
  }

  /**
   * keep_higher: the next `refreshEvery` writes checked against the list as it is now (one read per
   * 1 000 entries of the list), so progress made during the import is never lowered; kept in the plan.
   */
  private async refresh(job: ImportJob, token: string, state: ImportState, plan: StoredPlan): Promise<{ state: ImportState | undefined; plan: StoredPlan }> {
    const from = state.cursor;
    const to = Math.min(plan.writes.length, from + this.o.refreshEvery);
    let current: ReadonlyMap<number, AnyEntry>;
    try {
      const ids = new Set(plan.writes.slice(from, to).map((w) => w.id));
      current = await (this.o.readList as NonNullable<ImportRunnerOptions['readList']>)(job.userId, state.kind, ids);
    } catch (error) {
      if (!(error instanceof ImportWriteError && error.reason === 'notLinked')) throw error;
      return { state: await this.fenced(job, token, (s) => ({ ...s, stop: 'loginLost' })), plan };
    }
    const writes = plan.writes.map((w, i) => (i >= from && i < to ? refreshKeepHigher(state.kind, w, current.get(w.id)) : w));
    const raw = await this.writePlan(job, token, packJson(writes));
    if (raw === undefined) return { state: undefined, plan };
    return { state: await this.fenced(job, token, (s) => ({ ...s, refreshedTo: to })), plan: { raw, writes } };
  }

  /**
   * Writes the plan (`next`, renewing its expiry) only while this run holds the lease and the plan is
   * still stored: the plan read, then a fenced check, then a compare-and-set on what was read, so a run
   * that lost its lease (a stale run's write could only replace a plan read while it still held the
   * lease, never one the current run refreshed since) or outlived the import's end or "forget me" never
   * writes or re-creates it; a plan changed by a run that lost its lease after its check is replaced
   * (this run holds it, so its plan wins). Returns the plan as stored, undefined when the lease is lost or the plan gone.
   */
  private writePlan(job: ImportJob, token: string, next: string): Promise<string | undefined> {
    return modify<string | undefined>(
      this.o.kv,
      IMPORT_KEY.plan(job.userId, job.importId),
      async (stored) => {
        if (stored === undefined || !(await this.fenced(job, token, (s) => s))) return { keep: true, result: undefined };
        return { value: next, result: next, rewrite: true };
      },
      { ttlMs: IMPORT_TTL_MS, attempts: 3 },
    );
  }

  /**
   * Keeps a failure by name in a record of its own (the state only counts it), once, when it happens;
   * gone again if the import's state went meanwhile ("forget me"), so nothing of it outlives the import.
   */
  private async keepFailure(job: ImportJob, at: number, failure: FailedEntry): Promise<void> {
    const key = IMPORT_KEY.failure(job.userId, job.importId, at);
    await this.o.kv.set(key, JSON.stringify(keptFailure(failure)), IMPORT_TTL_MS);
    if ((await this.o.kv.get(IMPORT_KEY.state(job.userId, job.importId))) === undefined) await this.o.kv.delete(key);
  }

  private async writeOne(userId: string, kind: WorkKind, write: PlannedWrite): Promise<Outcome> {
    try {
      await this.o.write(userId, kind, write);
      return { done: true };
    } catch (error) {
      if (!(error instanceof ImportWriteError)) throw error;
      // A login gone fails every entry after it alike: the import stops at the first.
      if (error.reason === 'notLinked') return { loginLost: true };
      return { failure: { id: write.id, ...(write.title !== undefined ? { title: write.title } : {}), reason: error.reason } };
    }
  }

  /** The progress message, posted once (its place kept in the state). */
  private async place(job: ImportJob, token: string, state: ImportState): Promise<ImportState | undefined> {
    const messenger = this.o.messenger();
    if (state.place || !messenger) return state;
    let place: ProgressPlace;
    try {
      place = await messenger.open(state.userId, progressOf(state, 'running'), state.interaction);
    } catch (error) {
      this.o.log.warn('the progress message of an import could not be posted', { error });
      place = { via: 'none' };
    }
    return this.fenced(job, token, (s) => (s.place ? s : { ...s, place, lastEditAt: this.o.now() }));
  }

  /** Edits the progress message when the last edit is old enough; the ETA from this slice's pace. */
  private async maybeEdit(job: ImportJob, token: string, state: ImportState, pace: { at: number; done: number }): Promise<ImportState | undefined> {
    const now = this.o.now();
    const messenger = this.o.messenger();
    if (!messenger || !state.place || now - state.lastEditAt < this.o.editEveryMs) return state;
    const rate = (state.cursor - pace.done) / Math.max(1, now - pace.at);
    const etaMs = rate > 0 ? Math.round((state.planned - state.cursor) / rate) : undefined;
    try {
      await messenger.edit(state.place, state.userId, progressOf(state, 'running', etaMs));
    } catch (error) {
      this.o.log.debug('an import\'s progress message could not be edited', { error });
    }
    return this.fenced(job, token, (s) => ({ ...s, lastEditAt: now }));
  }

  private async endAfterFailure(job: ImportJob, run: JobRun, token: string, error: unknown): Promise<void> {
    this.o.log.warn('an import ran out of attempts; it ends with what was written', { error });
    try {
      await this.end(job, run, token, 'failed');
    } catch (endError) {
      this.o.log.warn('an import that ran out of attempts could not be ended', { error: endError });
    }
  }

  /** The end (all written, or stopped early): the report once, under this run's lease, then the records go. */
  private async end(job: ImportJob, run: JobRun, token: string, stop?: ImportStop): Promise<void> {
    const { kv } = this.o;
    // An end a version-1 process began is left to it (its job's retry finishes it).
    const marked = await this.fenced(job, token, (s) =>
      s.finishing && s.endedBy !== 2 ? undefined : { ...s, finishing: true, endedBy: 2, finisher: run.id, ...(stop && !stopOf(s) && s.cursor < s.planned ? { stop } : {}) },
    );
    if (!marked) return;
    const messenger = this.o.messenger();
    if (messenger && marked.place && !marked.reported) {
      try {
        await messenger.report(marked.place, marked.userId, progressOf(marked, phaseOf(marked)), await readFailures(kv, marked));
      } catch (error) {
        if (!run.final) throw error;
        this.o.log.warn('the report of an import could not be sent', { error });
      }
      if (!(await this.fenced(job, token, (s) => ({ ...s, reported: true })))) return;
    }
    await kv.delete(IMPORT_KEY.plan(marked.userId, marked.importId));
    await kv.delete(IMPORT_KEY.state(marked.userId, marked.importId));
    for (const key of await kv.keys(IMPORT_KEY.failures(marked.userId, marked.importId))) await kv.delete(key);
    await kv.compareAndDelete(IMPORT_KEY.active(marked.userId), marked.importId);
  }
}

function advance(s: ImportState, outcome: Outcome): ImportState {
  if ('loginLost' in outcome) return { ...s, stop: 'loginLost' };
  if ('kept' in outcome) return { ...s, cursor: s.cursor + 1, kept: (s.kept ?? 0) + 1 };
  // A failure is counted here; kept by name in a record of its own (keepFailure), not in the state.
  if ('failure' in outcome) return { ...s, cursor: s.cursor + 1, failedCount: s.failedCount + 1 };
  return { ...s, cursor: s.cursor + 1, done: s.done + 1 };
}
