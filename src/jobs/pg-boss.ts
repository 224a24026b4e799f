// The job engine on PostgreSQL: pg-boss, in its own schema beside the store's table. What pg-boss
// gives is used as it is: a job's id is its primary key (a second insert of the id adds nothing while
// the job is kept, done or failed), `expireInSeconds` is the lease after which a job whose worker died
// is retried, retries back off exponentially, jobs that fail for good stay `failed` until archived, and
// cron schedules insert one job per period for the whole deployment. pg-boss moves finished jobs to
// its archive after the keep times and drops them from there a minute later: nothing reads the archive,
// and "forget me" (`forget`) deletes a user's jobs from both tables.

import PgBoss from 'pg-boss';
import {
  QueueSpecs,
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

export interface PgBossOptions {
  connectionString: string;
  /** The schema pg-boss keeps its tables in (one per store table, so deployments sharing a database stay apart). */
  schema: string;
  /** Longest keep times of all queues: pg-boss archives (and so forgets the ids of) jobs older than these. */
  keepDoneMs: number;
  keepFailedMs: number;
  /** How often expired leases are looked for; a crashed worker's job is retried within lease + this. */
  maintenanceMs: number;
  onError: (what: string, error: unknown) => void;
  /** Each run that threw (counted and logged by the bot). */
  onJobFailed?: (failure: JobFailure) => void;
  /** The deployment's key for opaque job ids (`engineJobId`). */
  idKey?: Buffer;
}

/** How long pg-boss keeps an archived job before dropping it (its `deleteAfterSeconds`). */
export const ARCHIVE_DROP_SECONDS = 60;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A period as a cron expression (whole minutes, at most an hour). */
export function cronEvery(periodMs: number): string {
  const minutes = periodMs / 60_000;
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 60) throw new Error('a periodic job runs every 1 to 60 whole minutes');
  return minutes === 60 ? '0 * * * *' : minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
}

/**
 * pg-boss's queue retention (`retentionMinutes`, the one it reads): how long a job may wait to be run
 * before it is archived unrun. As long as the queue keeps its jobs, plus every attempt's lease and back-off.
 */
export function retentionMinutes(spec: QueueSpec): number {
  const backOff = spec.retryBaseMs * (2 ** Math.max(0, spec.attempts - 1) - 1);
  return Math.max(1, Math.ceil((spec.keepDoneMs + spec.attempts * spec.leaseMs + backOff) / 60_000));
}

export class PgBossJobEngine implements JobEngine {
  readonly kind = 'pg-boss';
  private readonly specs = new QueueSpecs();
  private countsCache = new Map<string, { at: number; counts: Promise<QueueCounts> }>();

  private constructor(
    private readonly boss: PgBoss,
    private readonly o: PgBossOptions,
  ) {}

  static async open(o: PgBossOptions): Promise<PgBossJobEngine> {
    const boss = new PgBoss({
      connectionString: o.connectionString,
      schema: o.schema,
      application_name: 'amls-bot-jobs',
      max: 4,
      archiveCompletedAfterSeconds: seconds(o.keepDoneMs),
      archiveFailedAfterSeconds: seconds(o.keepFailedMs),
      deleteAfterSeconds: ARCHIVE_DROP_SECONDS,
      maintenanceIntervalSeconds: seconds(o.maintenanceMs),
      monitorStateIntervalSeconds: 3600,
    });
    boss.on('error', (error) => o.onError('pg-boss', error));
    await boss.start();
    return new PgBossJobEngine(boss, o);
  }

  async define(spec: QueueSpec): Promise<void> {
    this.specs.add(spec);
    const options = {
      name: spec.name,
      retryLimit: spec.attempts - 1,
      retryDelay: seconds(spec.retryBaseMs),
      retryBackoff: true,
      expireInSeconds: seconds(spec.leaseMs),
      retentionMinutes: retentionMinutes(spec),
    };
    // Processes starting together create the same queue at once; pg-boss's DDL can then deadlock: try again.
    for (let attempt = 1; ; attempt++) {
      try {
        if (await this.boss.getQueue(spec.name)) await this.boss.updateQueue(spec.name, options);
        else await this.boss.createQueue(spec.name, { policy: 'standard', ...options });
        return;
      } catch (error) {
        if (attempt >= 6) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400 * attempt));
      }
    }
  }

  private jobId(queue: string, id: string): string {
    return engineJobId(queue, id, this.o.idKey);
  }

  async work<T>(queue: string, parse: (data: unknown) => T | undefined, handler: JobHandler<T>): Promise<void> {
    const spec = this.specs.get(queue);
    // pg-boss 10 waits its polling interval after every fetch, even a fruitful one; a worker that found a
    // job asks for the next at once instead (notifyWorker), so a busy queue drains at the handlers' pace.
    const workerIds: string[] = [];
    const run = async ([job]: PgBoss.JobWithMetadata<object>[], slot: number): Promise<void> => {
      if (!job) return;
      try {
        await this.runOne(queue, job, parse, handler);
      } finally {
        this.boss.notifyWorker(workerIds[slot] ?? '');
      }
    };
    // One polling worker per slot of concurrency, each taking one job at a time (so each job completes or fails on its own).
    for (let slot = 0; slot < spec.concurrency; slot++) {
      workerIds[slot] = await this.boss.work<object>(queue, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 }, (jobs) => run(jobs, slot));
    }
  }

  private async runOne<T>(queue: string, job: PgBoss.JobWithMetadata<object>, parse: (data: unknown) => T | undefined, handler: JobHandler<T>): Promise<void> {
    const attempt = job.retryCount + 1;
    try {
      const data = parse(job.data);
      if (data === undefined) throw new UnrecoverableJobError('the job data is not valid for this queue');
      await handler(data, { id: job.id, attempt, final: job.retryCount >= job.retryLimit });
    } catch (error) {
      const final = error instanceof UnrecoverableJobError || job.retryCount >= job.retryLimit;
      this.o.onJobFailed?.({ queue, attempt, final, reason: failureReason(error) });
      // pg-boss retries while retry_count < retry_limit: a job that cannot succeed gets no more attempts.
      if (error instanceof UnrecoverableJobError) {
        await this.boss.getDb().executeSql(`UPDATE ${this.o.schema}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2`, [queue, job.id]);
      }
      // pg-boss keeps what is thrown in its job table: the failure's redacted words, nothing of the request.
      throw storableFailure(error);
    }
  }

  async enqueue(queue: string, id: string, data: object, o?: { delayMs?: number }): Promise<boolean> {
    this.specs.get(queue);
    const delay = Math.max(0, o?.delayMs ?? 0);
    const sent = await this.boss.send(queue, data, { id: this.jobId(queue, id), ...(delay > 0 ? { startAfter: seconds(delay) } : {}) });
    return sent !== null;
  }

  async remove(queue: string, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const jobIds = ids.map((id) => this.jobId(queue, id));
    // The job table and the archive pg-boss moves finished jobs to.
    await this.boss.getDb().executeSql(`DELETE FROM ${this.o.schema}.job WHERE name = $1 AND id = ANY($2::uuid[]) AND state <> 'active'`, [queue, jobIds]);
    await this.boss.getDb().executeSql(`DELETE FROM ${this.o.schema}.archive WHERE name = $1 AND id = ANY($2::uuid[])`, [queue, jobIds]);
  }

  async forget(value: string): Promise<void> {
    // Every queue of the schema, the job table and the archive, by data or by a failure's words; a running
    // job's row goes too (pg-boss's completion then updates nothing).
    const pattern = wordPattern(value);
    for (const table of ['job', 'archive']) {
      await this.boss.getDb().executeSql(`DELETE FROM ${this.o.schema}.${table} WHERE data::text ~ $1 OR COALESCE(output::text, '') ~ $1`, [pattern]);
    }
  }

  async every(name: string, periodMs: number, handler: () => Promise<void>): Promise<void> {
    const spec: QueueSpec = { name, attempts: 1, retryBaseMs: 1000, leaseMs: periodMs, concurrency: 1, keepDoneMs: periodMs * 2, keepFailedMs: periodMs * 2 };
    await this.define(spec);
    await this.boss.schedule(name, cronEvery(periodMs));
    await this.boss.work(name, { batchSize: 1, pollingIntervalSeconds: 2 }, async () => {
      try {
        await handler();
      } catch (error) {
        this.o.onJobFailed?.({ queue: name, attempt: 1, final: true, reason: failureReason(error) });
        throw storableFailure(error);
      }
    });
  }

  counts(queue: string): Promise<QueueCounts> {
    // Metrics scrapes and /readyz may ask often; one query per queue every few seconds is enough.
    const cached = this.countsCache.get(queue);
    if (cached && Date.now() - cached.at < 5000) return cached.counts;
    const counts = this.readCounts(queue);
    this.countsCache.set(queue, { at: Date.now(), counts });
    counts.catch(() => this.countsCache.delete(queue));
    return counts;
  }

  private async readCounts(queue: string): Promise<QueueCounts> {
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT
         count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS waiting,
         count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after > now())::int AS delayed,
         count(*) FILTER (WHERE state = 'active')::int AS active,
         count(*) FILTER (WHERE state = 'failed')::int AS failed,
         COALESCE(EXTRACT(EPOCH FROM now() - min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())) * 1000, 0)::float8 AS oldest
       FROM ${this.o.schema}.job WHERE name = $1`,
      [queue],
    );
    const row = (rows[0] ?? {}) as Record<string, unknown>;
    const n = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0));
    return { waiting: n(row.waiting), delayed: n(row.delayed), active: n(row.active), failed: n(row.failed), oldestWaitingMs: Math.max(0, n(row.oldest)) };
  }

  async runDue(): Promise<void> {
    // Workers poll every second; give them two polls.
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: this.specs.longestLeaseMs() });
  }
}
