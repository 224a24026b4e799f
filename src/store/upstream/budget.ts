import sqlite3 from 'sqlite3';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { StoreEngine } from '../engine.js';
import { PostgresEngine } from '../engines/postgres.js';
import { RedisEngine } from '../engines/redis.js';
import { SqliteEngine } from '../engines/sqlite.js';
import { OPERATION_TIMEOUT_MS } from '../engine.js';
import {
  UpstreamBudgetUnavailableError,
  type UpstreamBudget,
  type UpstreamBudgetStats,
  type UpstreamPriority,
} from '../../service/upstream-ports.js';

// The deployment's upstream request budget on rate-limiter-flexible: one counter per one-second
// window (key `upstream_budget:all`) in Redis, PostgreSQL or the SQLite file, so every process
// sharing the store counts against the same `requestsPerSecond`; in process memory on the memory
// store (and SQLite `:memory:`), which no other process can share anyway.
//
// Every caller takes one point; a priority may take it only while the window's count stays within
// its ceiling: interactive up to `requestsPerSecond`, autocomplete up to `requestsPerSecond -
// autocompleteReserve`, background up to `requestsPerSecond - reserve`. A point taken above the
// caller's ceiling is given back at once. So background never uses the slots kept for people, in
// any process, and waits for the next window instead.
//
// Rate: the counter's window is one second long (it starts with the first request after the last
// one ended), so at most `requestsPerSecond` requests start per window and the sustained rate holds;
// any sliding second may see up to twice that at a window boundary (the burst allowance).

export interface StoreUpstreamBudgetOptions {
  /** SERVICE_REQUESTS_PER_SECOND: the whole deployment's requests per second (a positive integer). */
  requestsPerSecond: number;
  /** Slots per window background work leaves to people; default a quarter of the rate (at least 1 while the rate is over 1). */
  reserve?: number;
  /** Slots per window autocomplete leaves to commands and buttons; default half the reserve. */
  autocompleteReserve?: number;
  /** The longest autocomplete waits for a slot when its signal has not aborted first; default 1 000 ms. */
  autocompleteMaxWaitMs?: number;
  /** Key (Redis) or table-name stem (PostgreSQL) distinguishing this budget; default `upstream_budget`. */
  name?: string;
  /** Told about a failure of the shared counter (the in-process insurance limiter then counts). */
  onError?: (error: unknown) => void;
  now?: () => number;
}

interface Waiter {
  priority: UpstreamPriority;
  seq: number;
  enqueuedAt: number;
  /** Autocomplete only: when it gives up. */
  deadline: number;
  resolve: () => void;
  reject: (error: unknown) => void;
  done: boolean;
  cleanup: () => void;
}

const RANK: Record<UpstreamPriority, number> = { interactive: 0, autocomplete: 1, background: 2 };
const KEY = 'all';
/** Waits after a refusal are spread by up to this much so processes do not retry in step. */
const JITTER_MS = 15;

const perPriority = <T>(value: () => T): Record<UpstreamPriority, T> => ({
  interactive: value(),
  autocomplete: value(),
  background: value(),
});

export class StoreUpstreamBudget implements UpstreamBudget {
  private readonly queue: Waiter[] = [];
  private seq = 0;
  private pumping = false;
  private wake: (() => void) | undefined;
  private readonly ceilings: Record<UpstreamPriority, number>;
  private readonly autocompleteMaxWaitMs: number;
  private readonly now: () => number;
  private readonly onError: ((error: unknown) => void) | undefined;
  private readonly counters = {
    granted: perPriority(() => 0),
    waitedMs: perPriority(() => 0),
    gaveUp: 0,
    aborted: 0,
    refused: 0,
  };
  readonly requestsPerSecond: number;
  readonly reserve: number;

  /** Prefer `openUpstreamBudget(engine, options)`, which picks the limiter for the engine. */
  constructor(
    private readonly limiter: RateLimiterAbstract,
    options: StoreUpstreamBudgetOptions,
    /** Releases what the limiter holds (the SQLite backend's own connection). */
    private readonly release: () => Promise<void> = () => Promise.resolve(),
  ) {
    const rate = options.requestsPerSecond;
    if (!Number.isInteger(rate) || rate < 1) throw new Error('requestsPerSecond must be a positive integer');
    const reserve = Math.min(options.reserve ?? Math.max(1, Math.ceil(rate / 4)), rate - 1);
    const autocompleteReserve = Math.min(options.autocompleteReserve ?? Math.floor(reserve / 2), reserve);
    if (reserve < 0 || autocompleteReserve < 0) throw new Error('reserves must not be negative');
    this.requestsPerSecond = rate;
    this.reserve = Math.max(0, reserve);
    this.ceilings = { interactive: rate, autocomplete: rate - autocompleteReserve, background: rate - this.reserve };
    this.autocompleteMaxWaitMs = options.autocompleteMaxWaitMs ?? 1_000;
    this.now = options.now ?? Date.now;
    this.onError = options.onError;
  }

  acquire(priority: UpstreamPriority, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(this.abortError(priority, signal, 0));
    return new Promise<void>((resolve, reject) => {
      const enqueuedAt = this.now();
      const waiter: Waiter = {
        priority,
        seq: this.seq++,
        enqueuedAt,
        deadline: priority === 'autocomplete' ? enqueuedAt + this.autocompleteMaxWaitMs : Number.POSITIVE_INFINITY,
        resolve,
        reject,
        done: false,
        cleanup: () => undefined,
      };
      const undo: (() => void)[] = [];
      if (signal) {
        const onAbort = (): void => {
          if (waiter.done) return;
          this.settle(waiter, this.abortError(priority, signal, this.now() - enqueuedAt));
          this.wake?.();
        };
        signal.addEventListener('abort', onAbort, { once: true });
        undo.push(() => signal.removeEventListener('abort', onAbort));
      }
      if (priority === 'autocomplete') {
        // Gives up at its deadline even while others are ahead of it in the queue.
        const timer = setTimeout(() => {
          if (waiter.done) return;
          this.counters.gaveUp++;
          this.settle(waiter, new UpstreamBudgetUnavailableError('autocomplete', this.now() - enqueuedAt));
          this.wake?.();
        }, this.autocompleteMaxWaitMs);
        undo.push(() => clearTimeout(timer));
      }
      waiter.cleanup = () => undo.forEach((fn) => fn());
      this.insert(waiter);
      this.wake?.();
      void this.pump();
    });
  }

  /** Closes the limiter's own connection (SQLite); waiters still queued keep waiting for nothing, so stop callers first. */
  close(): Promise<void> {
    return this.release();
  }

  stats(): UpstreamBudgetStats {
    const waiting = perPriority(() => 0);
    for (const w of this.queue) waiting[w.priority]++;
    return {
      granted: { ...this.counters.granted },
      waiting,
      gaveUp: this.counters.gaveUp,
      aborted: this.counters.aborted,
      refused: this.counters.refused,
      waitedMs: { ...this.counters.waitedMs },
      requestsPerSecond: this.requestsPerSecond,
      reserve: this.reserve,
    };
  }

  private abortError(priority: UpstreamPriority, signal: AbortSignal, waitedMs: number): unknown {
    if (priority === 'autocomplete') {
      this.counters.gaveUp++;
      return new UpstreamBudgetUnavailableError(priority, waitedMs);
    }
    this.counters.aborted++;
    return signal.reason ?? new DOMException('aborted', 'AbortError');
  }

  /** Highest priority first; first come, first served within a priority. */
  private insert(waiter: Waiter): void {
    let i = this.queue.length;
    while (i > 0 && RANK[this.queue[i - 1]!.priority] > RANK[waiter.priority]) i--;
    this.queue.splice(i, 0, waiter);
  }

  private settle(waiter: Waiter, error?: unknown): void {
    if (waiter.done) return;
    waiter.done = true;
    waiter.cleanup();
    const at = this.queue.indexOf(waiter);
    if (at >= 0) this.queue.splice(at, 1);
    if (error === undefined) {
      this.counters.granted[waiter.priority]++;
      this.counters.waitedMs[waiter.priority] += this.now() - waiter.enqueuedAt;
      waiter.resolve();
    } else {
      waiter.reject(error);
    }
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length > 0) {
        const head = this.queue[0]!;
        const verdict = await this.take(head.priority);
        if (head.done) {
          // It went away while we asked: the slot goes to whoever is first now, or back.
          if (verdict.ok) {
            const next = this.queue[0];
            if (next && this.ceilingAllows(next.priority, verdict.consumed)) this.settle(next);
            else await this.giveBack();
          }
          continue;
        }
        if (verdict.ok) {
          this.settle(head);
          continue;
        }
        this.counters.refused++;
        const waitMs = verdict.retryInMs + Math.random() * JITTER_MS;
        if (head.priority === 'autocomplete' && this.now() + waitMs > head.deadline) {
          this.counters.gaveUp++;
          this.settle(head, new UpstreamBudgetUnavailableError('autocomplete', this.now() - head.enqueuedAt));
          continue;
        }
        await this.sleep(waitMs);
      }
    } finally {
      this.pumping = false;
    }
  }

  private ceilingAllows(priority: UpstreamPriority, consumed: number): boolean {
    return consumed <= this.ceilings[priority];
  }

  /** One point from the shared counter, kept only within the priority's ceiling. */
  private async take(priority: UpstreamPriority): Promise<{ ok: true; consumed: number } | { ok: false; retryInMs: number }> {
    let res: RateLimiterRes;
    try {
      res = await this.limiter.consume(KEY, 1);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) {
        // The store failed and no insurance answered: report it and let the request go (fail open).
        this.onError?.(error);
        return { ok: true, consumed: 0 };
      }
      res = error;
    }
    if (res.consumedPoints <= this.ceilings[priority]) return { ok: true, consumed: res.consumedPoints };
    // Refused (by the limiter, or by our ceiling): give the point back so only real requests count.
    await this.giveBack();
    return { ok: false, retryInMs: Math.max(1, res.msBeforeNext) };
  }

  private async giveBack(): Promise<void> {
    try {
      await this.limiter.reward(KEY, 1);
    } catch (error) {
      this.onError?.(error);
    }
  }

  /** Sleeps until `ms` passed or a new waiter (or an abort) wakes the pump. */
  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}

/**
 * The budget on the engine's own backend: Redis (the engine's ioredis client, keys under its prefix),
 * PostgreSQL (the engine's pool, a table `<engine table>_rl` that rate-limiter-flexible creates),
 * SQLite (its own connection to the engine's file, table `amls_upstream_rl`), else in process memory. A shared counter that fails falls back to an in-process one (insurance).
 */
export async function openUpstreamBudget(engine: StoreEngine, options: StoreUpstreamBudgetOptions): Promise<StoreUpstreamBudget> {
  const points = options.requestsPerSecond;
  const name = options.name ?? 'upstream_budget';
  const insuranceLimiter = new RateLimiterMemory({ points, duration: 1, keyPrefix: name });
  let limiter: RateLimiterAbstract;
  if (engine instanceof RedisEngine) {
    const { redis, prefix } = engine.rateLimiterAccess();
    limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}${name}`, points, duration: 1, insuranceLimiter });
  } else if (engine instanceof PostgresEngine) {
    const { pool, table } = engine.rateLimiterAccess();
    limiter = await new Promise<RateLimiterAbstract>((resolve, reject) => {
      const created: RateLimiterPostgres = new RateLimiterPostgres(
        {
          storeClient: pool,
          storeType: 'pool',
          tableName: postgresLimiterTable(table),
          keyPrefix: name,
          points,
          duration: 1,
          clearExpiredByTimeout: true,
          insuranceLimiter,
        },
        (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(created)),
      );
    });
  } else if (engine instanceof SqliteEngine && engine.rateLimiterAccess().file !== ':memory:') {
    const { file } = engine.rateLimiterAccess();
    const db = await new Promise<sqlite3.Database>((ok, fail) => {
      const d = new sqlite3.Database(file, (error) => (error ? fail(error) : ok(d)));
    });
    db.serialize();
    db.configure('busyTimeout', OPERATION_TIMEOUT_MS);
    const closeDb = (): Promise<void> => new Promise<void>((ok) => db.close(() => ok()));
    try {
      const created = await new Promise<RateLimiterAbstract>((resolve, reject) => {
        const made: RateLimiterSQLite = new RateLimiterSQLite(
          { storeClient: db, storeType: 'sqlite3', tableName: 'amls_upstream_rl', keyPrefix: name, points, duration: 1, clearExpiredByTimeout: true, insuranceLimiter },
          (error?: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(made)),
        );
      });
      return new StoreUpstreamBudget(created, options, closeDb);
    } catch (error) {
      await closeDb();
      throw error;
    }
  } else {
    limiter = new RateLimiterMemory({ points, duration: 1, keyPrefix: name });
  }
  return new StoreUpstreamBudget(limiter, options);
}

/** The table rate-limiter-flexible keeps the PostgreSQL counters in, beside the engine's table. */
export function postgresLimiterTable(engineTable: string): string {
  return `${engineTable.slice(0, 60)}_rl`;
}
