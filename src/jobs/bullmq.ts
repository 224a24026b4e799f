// The job engine on Redis: BullMQ, under the store's key prefix. What BullMQ gives is used as it is:
// a custom job id is added once while the job is kept (done and failed jobs are removed by age), a
// worker's lock on a running job is renewed while it lives and a job whose worker died is taken back by
// the stalled-job check, retries back off exponentially, failed jobs stay in the failed set until they
// age out, and job schedulers add one job per period for the whole deployment. Job ids are opaque
// (`engineJobId` with the deployment's key): BullMQ keeps them in its events stream.

import { randomBytes } from 'node:crypto';
import { Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  UnrecoverableJobError,
  engineJobId,
  failureReason,
  storableFailure,
  wordPattern,
  type JobEngine,
  type JobFailure,
  type JobHandler,
  type QueueCounts,
  type QueueSpec,
} from './job-engine.js';

export interface BullMqOptions {
  url: string;
  /** BullMQ's key prefix (the store's prefix plus `jobs`). */
  prefix: string;
  onError: (what: string, error: unknown) => void;
  /** Each run that threw (counted and logged by the bot). */
  onJobFailed?: (failure: JobFailure) => void;
  /** The deployment's key for opaque job ids (`engineJobId`). */
  idKey?: Buffer;
}

/** BullMQ's lists and sorted sets of a queue's job ids, by state. */
const ID_LISTS = ['wait', 'paused', 'active'] as const;
const ID_SETS = ['delayed', 'prioritized', 'completed', 'failed', 'waiting-children'] as const;
/** Job hash fields that may hold what a job was about: its data, and an error's words. */
const JOB_FIELDS = ['data', 'failedReason', 'stacktrace', 'returnvalue'] as const;

export class BullMqJobEngine implements JobEngine {
  readonly kind = 'bullmq';
  private readonly queues = new Map<string, { spec: QueueSpec; queue: Queue }>();
  private readonly workers: Worker[] = [];

  private constructor(
    private readonly connection: Redis,
    private readonly o: BullMqOptions,
  ) {}

  static async open(o: BullMqOptions): Promise<BullMqJobEngine> {
    // BullMQ's workers block on Redis; they need commands that wait for a reconnect instead of failing.
    const connection = new Redis(o.url, { maxRetriesPerRequest: null, lazyConnect: true });
    connection.on('error', (error) => o.onError('redis (jobs)', error));
    await connection.connect();
    return new BullMqJobEngine(connection, o);
  }

  define(spec: QueueSpec): Promise<void> {
    if (this.queues.has(spec.name)) return Promise.resolve();
    const queue = new Queue(spec.name, {
      connection: this.connection,
      prefix: this.o.prefix,
      defaultJobOptions: {
        attempts: spec.attempts,
        backoff: { type: 'exponential', delay: spec.retryBaseMs },
        removeOnComplete: { age: Math.ceil(spec.keepDoneMs / 1000) },
        removeOnFail: { age: Math.ceil(spec.keepFailedMs / 1000) },
      },
    });
    queue.on('error', (error) => this.o.onError(`queue ${spec.name}`, error));
    this.queues.set(spec.name, { spec, queue });
    return Promise.resolve();
  }

  private queue(name: string): { spec: QueueSpec; queue: Queue } {
    const q = this.queues.get(name);
    if (!q) throw new Error(`job queue ${name} is not defined`);
    return q;
  }

  work<T>(queueName: string, parse: (data: unknown) => T | undefined, handler: JobHandler<T>): Promise<void> {
    const { spec } = this.queue(queueName);
    const worker = new Worker(
      queueName,
      async (job: Job) => {
        const attempt = job.attemptsMade + 1;
        const final = attempt >= (job.opts.attempts ?? 1);
        try {
          const data = parse(job.data);
          if (data === undefined) throw new UnrecoverableJobError('the job data is not valid for this queue');
          await handler(data, { id: job.id ?? '', attempt, final });
        } catch (error) {
          const unrecoverable = error instanceof UnrecoverableJobError;
          this.o.onJobFailed?.({ queue: queueName, attempt, final: final || unrecoverable, reason: failureReason(error) });
          // BullMQ keeps the failure's message and stack with the job: its redacted words, nothing of the request.
          if (unrecoverable) throw new UnrecoverableError(failureReason(error));
          throw storableFailure(error);
        }
      },
      {
        connection: this.connection,
        prefix: this.o.prefix,
        concurrency: spec.concurrency,
        lockDuration: spec.leaseMs,
        stalledInterval: spec.leaseMs,
        // A job taken back after a crash counts as an attempt of its own; the attempts limit still ends it.
        maxStalledCount: spec.attempts,
      },
    );
    worker.on('error', (error) => this.o.onError(`worker ${queueName}`, error));
    this.workers.push(worker);
    return Promise.resolve();
  }

  async enqueue(queueName: string, id: string, data: object, o?: { delayMs?: number }): Promise<boolean> {
    const { queue } = this.queue(queueName);
    const jobId = engineJobId(queueName, id, this.o.idKey);
    // BullMQ answers a duplicate id with the existing job's id alone: a random name tells ours apart.
    const mark = randomBytes(8).toString('hex');
    const delay = Math.max(0, o?.delayMs ?? 0);
    await queue.add(mark, data, { jobId, ...(delay > 0 ? { delay } : {}) });
    const stored = await this.connection.hget(`${this.o.prefix}:${queueName}:${jobId}`, 'name');
    return stored === mark;
  }

  async remove(queueName: string, ids: readonly string[]): Promise<void> {
    const { queue } = this.queue(queueName);
    // A job running now is locked and stays; everything else goes.
    await Promise.allSettled(ids.map((id) => queue.remove(engineJobId(queueName, id, this.o.idKey))));
  }

  async forget(value: string): Promise<void> {
    const pattern = new RegExp(wordPattern(value));
    for (const [name, { queue }] of this.queues) {
      const base = `${this.o.prefix}:${name}`;
      const ids = new Set<string>();
      for (const list of ID_LISTS) for (const id of await this.connection.lrange(`${base}:${list}`, 0, -1)) ids.add(id);
      for (const set of ID_SETS) for (const id of await this.connection.zrange(`${base}:${set}`, 0, -1)) ids.add(id);
      const matched = new Set<string>();
      const all = [...ids];
      for (let i = 0; i < all.length; i += 500) {
        const chunk = all.slice(i, i + 500);
        const pipeline = this.connection.pipeline();
        for (const id of chunk) pipeline.hmget(`${base}:${id}`, ...JOB_FIELDS);
        const results = (await pipeline.exec()) ?? [];
        results.forEach(([error, fields], j) => {
          const id = chunk[j];
          if (!error && id !== undefined && Array.isArray(fields) && fields.some((f) => typeof f === 'string' && pattern.test(f))) matched.add(id);
        });
      }
      for (const id of matched) {
        if ((await queue.remove(id)) === 1) continue;
        // Running now, its lock keeps it: it finishes with data that names no one.
        await (await Job.fromId(queue, id))?.updateData({});
      }
      await this.forgetEvents(`${base}:events`, matched, pattern);
    }
  }

  /** Deletes the events stream's entries about the forgotten jobs (or naming the value, as an error's words may). */
  private async forgetEvents(stream: string, jobIds: ReadonlySet<string>, pattern: RegExp): Promise<void> {
    const entries = await this.connection.xrange(stream, '-', '+');
    const gone = entries.filter(([, fields]) => fields.some((f, i) => (i % 2 === 1 && jobIds.has(f)) || pattern.test(f))).map(([id]) => id);
    for (let i = 0; i < gone.length; i += 500) await this.connection.xdel(stream, ...gone.slice(i, i + 500));
  }

  async every(name: string, periodMs: number, handler: () => Promise<void>): Promise<void> {
    const spec: QueueSpec = { name, attempts: 1, retryBaseMs: 1000, leaseMs: Math.min(periodMs, 5 * 60_000), concurrency: 1, keepDoneMs: periodMs * 2, keepFailedMs: periodMs * 2 };
    await this.define(spec);
    await this.queue(name).queue.upsertJobScheduler(name, { every: periodMs }, { name, data: {} });
    await this.work(name, () => ({}), () => handler());
  }

  async counts(queueName: string): Promise<QueueCounts> {
    const { queue } = this.queue(queueName);
    const c = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'failed');
    const [oldest] = await queue.getJobs(['wait'], 0, 0, true);
    const waitingSince = oldest ? oldest.timestamp + (oldest.delay ?? 0) : Date.now();
    return {
      waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
      delayed: c.delayed ?? 0,
      active: c.active ?? 0,
      failed: c.failed ?? 0,
      oldestWaitingMs: Math.max(0, Date.now() - waitingSince),
    };
  }

  async runDue(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.workers.map((w) => w.close()));
    await Promise.allSettled([...this.queues.values()].map((q) => q.queue.close()));
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
