// The "define the queues once, start the workers once" pair every domain service that owns job queues
// needs: `define()` (every process, also those that run no jobs) and `start()` (this process's workers,
// with the steps around them), each run once per process however many callers ask, and each remembered
// as one promise, so concurrent callers share the run in progress and later ones its outcome. A failure
// is remembered too: a define or a start that rejected rejects again for every later caller (the
// process is then not fit to run, and is restarted), it is not tried again.

import type { JobEngine, JobHandler, QueueSpec } from './job-engine.js';

/** The workers of one queue: its name, its data's parser and its handler, typed together by `queueWorker`. */
export interface QueueWorker {
  readonly queue: string;
  /** Starts this process's workers on the queue (`JobEngine.work`). */
  start(jobs: JobEngine): Promise<void>;
}

/** One queue's workers: `parse` rejects data that is not this queue's, `handler` runs a job's data. */
export function queueWorker<T>(queue: string, parse: (data: unknown) => T | undefined, handler: JobHandler<T>): QueueWorker {
  return { queue, start: (jobs) => jobs.work(queue, parse, handler) };
}

export interface QueueOwnerOptions {
  /** The queues owned, defined in this order; read at the first `define()`. */
  specs: () => readonly QueueSpec[];
  /** Their workers, started in this order by `start()` once the queues are defined. */
  workers: readonly QueueWorker[];
  /** Done once before the workers start (after the queues are defined): what their jobs rely on, e.g. a layout move. */
  beforeWork?: () => Promise<unknown>;
  /** Done once after the workers started: periodic jobs (`JobEngine.every`), a takeover of older queues. */
  afterWork?: () => Promise<unknown>;
}

/** Defines a service's queues once per process and starts this process's workers on them once. */
export class QueueOwner {
  private defined: Promise<void> | undefined;
  private working: Promise<void> | undefined;

  constructor(
    private readonly jobs: JobEngine,
    private readonly o: QueueOwnerOptions,
  ) {}

  /** Defines the queues (once; every later call returns the same promise). */
  define(): Promise<void> {
    this.defined ??= (async () => {
      for (const spec of this.o.specs()) await this.jobs.define(spec);
    })();
    return this.defined;
  }

  /** Defines the queues, then runs `beforeWork`, starts the workers and runs `afterWork` (once). */
  start(): Promise<void> {
    this.working ??= (async () => {
      await this.define();
      if (this.o.beforeWork) await this.o.beforeWork();
      for (const worker of this.o.workers) await worker.start(this.jobs);
      if (this.o.afterWork) await this.o.afterWork();
    })();
    return this.working;
  }
}
