// The small interface the bot's background work runs on: queues of jobs with ids that deduplicate,
// leases, retries with back-off and a failed state, and periodic work with one runner per deployment.
// Three engines sit behind it, chosen by STORE_URL: pg-boss on PostgreSQL, BullMQ on Redis, and an
// in-process queue on SQLite or memory (one process).

import { createHash, createHmac } from 'node:crypto';
import { redactText } from '../log/log.js';

/** How one queue's jobs are run. The same spec must be used by every process of a deployment. */
export interface QueueSpec {
  name: string;
  /** Attempts in all, the first included; after the last failed one the job stays failed. */
  attempts: number;
  /** Delay before the first retry; it doubles with each further attempt. */
  retryBaseMs: number;
  /**
   * How long a worker owns a running job. A worker that dies mid-job gives the job back after this long
   * (stalled-job recovery); a handler must finish well within it.
   */
  leaseMs: number;
  /** Jobs of this queue one process runs at once. */
  concurrency: number;
  /** How long a finished job is kept: while it is, enqueueing its id again adds nothing. */
  keepDoneMs: number;
  /** How long a job that failed for good is kept (the dead-letter state). */
  keepFailedMs: number;
}

/** One run of a job. */
export interface JobRun {
  id: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** The last attempt: if it throws, the job fails for good. */
  final: boolean;
}

/** One run that threw, as every engine reports it (counted and logged once by the bot). */
export interface JobFailure {
  /** The queue, or the name of a periodic job. */
  queue: string;
  attempt: number;
  /** No further attempt follows (the last one, or an unrecoverable error). */
  final: boolean;
  reason: string;
}

/** Returns normally: done. Throws: retried with back-off, or failed for good after the last attempt. */
export type JobHandler<T> = (data: T, run: JobRun) => Promise<void>;

/** Thrown by a handler when retrying cannot help: the job fails for good at once. */
export class UnrecoverableJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnrecoverableJobError';
  }
}

export interface QueueCounts {
  /** Ready to run (due), not yet taken by a worker. */
  waiting: number;
  /** Scheduled for later (a delay or a retry's back-off). */
  delayed: number;
  active: number;
  /** Failed for good and still kept. */
  failed: number;
  /** Age of the oldest job that is due and waiting for a worker (0 when none). */
  oldestWaitingMs: number;
}

export type JobEngineKind = 'pg-boss' | 'bullmq' | 'in-process';

export interface JobEngine {
  readonly kind: JobEngineKind;
  /** Creates the queue where the engine needs it (idempotent, every process). */
  define(spec: QueueSpec): Promise<void>;
  /** Starts this process's workers on a defined queue; `parse` rejects data that is not this queue's. */
  work<T>(queue: string, parse: (data: unknown) => T | undefined, handler: JobHandler<T>): Promise<void>;
  /**
   * Adds a job unless the queue holds one with this id (waiting, running, done or failed within the keep
   * times): one step in the engine, so of every process enqueueing the same id exactly one adds it.
   * Returns whether it added.
   */
  enqueue(queue: string, id: string, data: object, o?: { delayMs?: number }): Promise<boolean>;
  /** Deletes jobs by id (waiting, done or failed; a running one finishes its run), e.g. a forgotten user's. */
  remove(queue: string, ids: readonly string[]): Promise<void>;
  /**
   * "Forget me": deletes every job of every queue defined here whose data names `value` (a Discord user
   * id) anywhere (see `wordPattern`) — waiting, delayed, running, done, failed, and what the engine archived —
   * whatever its id. A running job finishes its run but leaves nothing behind that holds the value.
   */
  forget(value: string): Promise<void>;
  /**
   * Runs `handler` once per period across every process of the deployment (a whole number of minutes, at
   * most 60), whichever process is free; the engine retries a failed run in the next period.
   */
  every(name: string, periodMs: number, handler: () => Promise<void>): Promise<void>;
  counts(queue: string): Promise<QueueCounts>;
  /**
   * Waits until the jobs that are due now have run (the in-process engine runs them at once; tests and
   * the sandbox use it after moving their clock). The networked engines resolve once their workers have
   * had a moment: their jobs are taken by whichever process is free.
   */
  runDue(): Promise<void>;
  /** Stops taking jobs, waits for running ones (up to their lease) and closes connections. */
  stop(): Promise<void>;
}

/** The queues one engine has defined, by name. */
export class QueueSpecs {
  private readonly specs = new Map<string, QueueSpec>();

  add(spec: QueueSpec): void {
    this.specs.set(spec.name, spec);
  }

  get(queue: string): QueueSpec {
    const spec = this.specs.get(queue);
    if (!spec) throw new Error(`job queue ${queue} is not defined`);
    return spec;
  }

  names(): string[] {
    return [...this.specs.keys()];
  }

  /** The longest lease of them all (how long a graceful stop may wait). */
  longestLeaseMs(): number {
    return Math.max(1000, ...[...this.specs.values()].map((s) => s.leaseMs));
  }
}

/**
 * A job id every engine accepts (pg-boss wants a UUID; BullMQ refuses some characters) and that names no
 * one: a UUID made from a keyed hash of the id. The domain's ids carry Discord user ids and the engines
 * keep job ids where "forget me" cannot reach (BullMQ's events stream, pg-boss's archive until it is
 * dropped); with the deployment's key, no one can tell whose job an id was. Without a key (tests,
 * tools), a plain hash.
 */
export function engineJobId(queue: string, id: string, key?: Buffer): string {
  const hash = key ? createHmac('sha256', key) : createHash('sha256');
  const hex = hash.update(`${queue}\u0000${id}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 3) | 8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A regular expression (the same source in JavaScript and PostgreSQL) that finds `value` in a job's
 * data as JSON text, as a whole word: a string equal to it, or a string naming it between non-alphanumeric
 * characters (`"<user id>"`, `"<user id>:<title>:<time>"`), or an object key; never inside a longer id.
 */
export function wordPattern(value: string): string {
  if (value === '') throw new Error('nothing to look for');
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `(^|[^0-9A-Za-z])${escaped}([^0-9A-Za-z]|$)`;
}

/** The words of a failure for the log and the engines' records: an error's message (or what was thrown), secrets in it redacted. */
export function failureReason(error: unknown): string {
  return redactText(error instanceof Error ? error.message : String(error));
}

/**
 * What an engine may keep of a failure: pg-boss saves the thrown error with serialize-error in its job
 * table (every field, its cause too), BullMQ its message and stack. A plain Error with the redacted
 * words alone, none of the error's own fields: a DiscordAPIError's `url` holds the interaction token
 * (a webhook path) and its `requestBody` the request's content and files.
 */
export function storableFailure(error: unknown): Error {
  return new Error(failureReason(error));
}
