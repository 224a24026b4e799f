// The job engine of a one-host deployment (SQLite, or memory in tests): jobs persist as records in
// the store, so a restart picks up what was waiting or running; this process keeps the schedule in
// memory (read from the store once, when a queue's worker starts) and checks it every second against
// its clock, which tests and the sandbox move by hand (then `runDue` runs what fell due).
// Enqueueing is one set-if-absent of the job's record, so an id is added once while its record lives;
// taking a job is one compare-and-set, so processes sharing a SQLite file (shards) never run it twice,
// and a job whose process died mid-run runs again once its lease ends. Periodic work is claimed per
// period in the store: one runner per period for every process sharing it.
import type { StoreEngine } from '../store/engine.js';
import { jsonDecoder } from '../store/record-decoder.js';
import {
  QueueSpecs,
  UnrecoverableJobError,
  failureReason,
  wordPattern,
  type JobEngine,
  type JobFailure,
  type JobHandler,
  type QueueCounts,
  type QueueSpec,
} from './job-engine.js';

type State = 'waiting' | 'active' | 'done' | 'failed';

interface JobRecord {
  state: State;
  data: unknown;
  /** Attempts started so far. */
  attempts: number;
  /** When it may run, on the engine's clock. */
  runAt: number;
  /** When the running attempt's lease ends, in real time (`wallClock`): how long a dead process holds it. */
  leaseUntil?: number;
  error?: string;
}

interface Worker {
  spec: QueueSpec;
  run: (data: unknown, id: string, attempts: number) => Promise<void>;
  /** Job id → when it may run, for the jobs this process will run. */
  pending: Map<string, number>;
  running: Set<Promise<void>>;
}

export type JobStore = Pick<StoreEngine, 'get' | 'set' | 'setIfAbsent' | 'compareAndSet' | 'delete' | 'keys'>;

const key = (queue: string, id: string) => `job:${queue}:${id}`;
/** The claim of one period of a periodic job (`every`), by whichever process of the deployment takes it. */
const periodKey = (name: string, period: number) => `job-period:${name}:${period}`;

export interface InProcessOptions {
  /** Each run that threw (counted and logged by the bot). */
  onJobFailed?: (failure: JobFailure) => void;
  /**
   * Real time, for what is about processes rather than the bot's work: leases (how long a dead run
   * holds its job) and the periods of `every` (its timers are real). Tests may fake it; by default Date.now.
   */
  wallClock?: () => number;
}

const recordDecoder = jsonDecoder<JobRecord>('job', (value) => {
  const v = value as Partial<JobRecord>;
  if (typeof v.state !== 'string' || typeof v.attempts !== 'number' || typeof v.runAt !== 'number') return undefined;
  return v as JobRecord;
});
const parseRecord = (raw: string | undefined): JobRecord | undefined => recordDecoder.decode(raw);

export class InProcessJobEngine implements JobEngine {
  readonly kind = 'in-process';
  private readonly specs = new QueueSpecs();
  private readonly workers = new Map<string, Worker>();
  /** Jobs kept as failed, by queue (counted when the worker starts, then as they fail). */
  private readonly failedCount = new Map<string, number>();
  private readonly timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(
    private readonly store: JobStore,
    private readonly now: () => number,
    private readonly onError: (what: string, error: unknown) => void,
    /** How often due jobs are looked for; 0: only when `runDue` is called (tests that step the clock). */
    pollMs = 1000,
    private readonly options: InProcessOptions = {},
  ) {
    if (pollMs > 0) {
      const timer = setInterval(() => this.startDue(), pollMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  define(spec: QueueSpec): Promise<void> {
    this.specs.add(spec);
    return Promise.resolve();
  }

  async work<T>(queue: string, parse: (data: unknown) => T | undefined, handler: JobHandler<T>): Promise<void> {
    const spec = this.specs.get(queue);
    const worker: Worker = {
      spec,
      pending: new Map(),
      running: new Set(),
      run: async (raw, id, attempts) => {
        const data = parse(raw);
        if (data === undefined) throw new UnrecoverableJobError('the job data is not valid for this queue');
        await handler(data, { id, attempt: attempts, final: attempts >= spec.attempts });
      },
    };
    this.workers.set(queue, worker);
    // Jobs left by an earlier run of this process (a job that was running when it stopped runs again).
    const prefix = key(queue, '');
    let failed = 0;
    for (const k of await this.store.keys(prefix)) {
      const record = parseRecord(await this.store.get(k));
      // A job that was running when its process died runs again once the dead run's lease ends.
      if (record?.state === 'waiting') worker.pending.set(k.slice(prefix.length), record.runAt);
      if (record?.state === 'active') worker.pending.set(k.slice(prefix.length), Math.max(record.runAt, this.afterLease(record)));
      if (record?.state === 'failed') failed++;
    }
    this.failedCount.set(queue, failed);
  }

  async enqueue(queue: string, id: string, data: object, o?: { delayMs?: number }): Promise<boolean> {
    const spec = this.specs.get(queue);
    const delayMs = Math.max(0, o?.delayMs ?? 0);
    const record: JobRecord = { state: 'waiting', data, attempts: 0, runAt: this.now() + delayMs };
    if (!(await this.store.setIfAbsent(key(queue, id), JSON.stringify(record), spec.keepDoneMs + delayMs))) return false;
    this.workers.get(queue)?.pending.set(id, record.runAt);
    return true;
  }

  async remove(queue: string, ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      this.workers.get(queue)?.pending.delete(id);
      await this.store.delete(key(queue, id));
    }
  }

  every(name: string, periodMs: number, handler: () => Promise<void>): Promise<void> {
    let busy = false;
    const timer = setInterval(() => {
      if (busy || this.stopped) return;
      busy = true;
      // Of every process sharing the store, the first whose timer fires in a period runs it.
      const period = Math.floor(this.wall() / periodMs);
      this.store
        .setIfAbsent(periodKey(name, period), String(process.pid), 2 * periodMs)
        .then(async (claimed) => {
          if (!claimed) return;
          try {
            await handler();
          } catch (error) {
            if (this.options.onJobFailed) this.options.onJobFailed({ queue: name, attempt: 1, final: true, reason: failureReason(error) });
            else this.onError(name, error);
          }
        })
        .catch((error: unknown) => this.onError(name, error))
        .finally(() => (busy = false));
    }, periodMs);
    timer.unref();
    this.timers.push(timer);
    return Promise.resolve();
  }

  async forget(value: string): Promise<void> {
    const pattern = new RegExp(wordPattern(value));
    for (const queue of this.specs.names()) {
      const prefix = key(queue, '');
      for (const k of await this.store.keys(prefix)) {
        const raw = await this.store.get(k);
        if (raw === undefined || !(pattern.test(k.slice(prefix.length)) || pattern.test(raw))) continue;
        this.workers.get(queue)?.pending.delete(k.slice(prefix.length));
        // A running job's run finishes, but its end (a compare-and-set on its record) writes nothing back.
        await this.store.delete(k);
        if (parseRecord(raw)?.state === 'failed') this.failedCount.set(queue, Math.max(0, (this.failedCount.get(queue) ?? 0) - 1));
      }
    }
  }

  counts(queue: string): Promise<QueueCounts> {
    const worker = this.workers.get(queue);
    const now = this.now();
    let waiting = 0;
    let delayed = 0;
    let oldest = now;
    for (const runAt of worker?.pending.values() ?? []) {
      if (runAt > now) delayed++;
      else {
        waiting++;
        oldest = Math.min(oldest, runAt);
      }
    }
    return Promise.resolve({ waiting, delayed, active: worker?.running.size ?? 0, failed: this.failedCount.get(queue) ?? 0, oldestWaitingMs: now - oldest });
  }

  async runDue(): Promise<void> {
    for (let round = 0; round < 100; round++) {
      const started = this.startDue();
      const running = [...this.workers.values()].flatMap((w) => [...w.running]);
      if (started === 0 && running.length === 0) return;
      await Promise.allSettled(running);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.allSettled([...this.workers.values()].flatMap((w) => [...w.running]));
  }

  /** Starts the due jobs that fit each queue's concurrency; returns how many it started. */
  private startDue(): number {
    if (this.stopped) return 0;
    const now = this.now();
    let started = 0;
    for (const [queue, worker] of this.workers) {
      const due = [...worker.pending].filter(([, runAt]) => runAt <= now).sort((a, b) => a[1] - b[1]);
      for (const [id] of due) {
        if (worker.running.size >= worker.spec.concurrency) break;
        worker.pending.delete(id);
        const run = this.runOne(queue, worker, id).catch((error: unknown) => this.onError(queue, error));
        // A slot that frees takes the next due job at once, not at the next look.
        const tracked = run.finally(() => {
          worker.running.delete(tracked);
          this.startDue();
        });
        worker.running.add(tracked);
        started++;
      }
    }
    return started;
  }

  private wall(): number {
    return (this.options.wallClock ?? Date.now)();
  }

  /** When, on the engine's clock, an active record's lease has ended (now when it has). */
  private afterLease(record: JobRecord): number {
    const now = this.now();
    return now + Math.max(0, (record.leaseUntil ?? 0) - this.wall());
  }

  private async runOne(queue: string, worker: Worker, id: string): Promise<void> {
    // On SQLite and memory a job's store steps may never leave the microtask queue: each job starts on a
    // turn of its own, so a slot where thousands fall due does not hold interactions up.
    await new Promise((resolve) => setImmediate(resolve));
    const { spec } = worker;
    const k = key(queue, id);
    const raw = await this.store.get(k);
    const record = parseRecord(raw);
    if (raw === undefined || !record || record.state === 'done' || record.state === 'failed') return;
    const now = this.now();
    // Not yet: a retry's back-off another process set, or a run (here or elsewhere) whose lease still holds.
    const notBefore = record.state === 'active' ? this.afterLease(record) : record.runAt;
    if (notBefore > now) {
      worker.pending.set(id, notBefore);
      return;
    }
    const attempts = record.attempts + 1;
    const active: JobRecord = { ...record, state: 'active', attempts, leaseUntil: this.wall() + spec.leaseMs };
    const activeRaw = JSON.stringify(active);
    // Of the processes sharing the store, one takes it; the others see it active and wait out its lease.
    if (!(await this.store.compareAndSet(k, raw, activeRaw, spec.keepDoneMs))) {
      worker.pending.set(id, now);
      return;
    }
    // The end of the run is written only over this run's record: a job forgotten meanwhile stays gone,
    // and one taken over after an expired lease belongs to its new run.
    const end = (next: JobRecord, ttlMs: number) => this.store.compareAndSet(k, activeRaw, JSON.stringify(next), ttlMs);
    try {
      await worker.run(record.data, id, attempts);
      await end({ ...active, state: 'done', leaseUntil: undefined }, spec.keepDoneMs);
    } catch (error) {
      const reason = failureReason(error);
      const final = error instanceof UnrecoverableJobError || attempts >= spec.attempts;
      this.options.onJobFailed?.({ queue, attempt: attempts, final, reason });
      if (final) {
        if (await end({ ...active, state: 'failed', error: reason, leaseUntil: undefined }, spec.keepFailedMs)) {
          this.failedCount.set(queue, (this.failedCount.get(queue) ?? 0) + 1);
        }
        return;
      }
      const runAt = this.now() + spec.retryBaseMs * 2 ** (attempts - 1);
      if (await end({ ...active, state: 'waiting', runAt, error: reason, leaseUntil: undefined }, spec.keepDoneMs + (runAt - now))) worker.pending.set(id, runAt);
    }
  }
}
