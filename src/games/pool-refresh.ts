// Reading the games' pools (src/games/pool.ts): background work on the deployment's fair request line.
// A periodic watch (one runner per deployment, hourly) and each process's start queue a read of a kind
// whose pool is missing or a week old; the job id names the kind and the hour, so of every process
// asking in that hour one read is queued. A read is a few ranking pages (anime 2, manga 1): a handful of
// requests a week for the whole deployment.

import type { JobEngine, QueueSpec } from '../jobs/job-engine.js';
import { QueueOwner, queueWorker } from '../jobs/queue-owner.js';
import type { Logger } from '../log/log.js';
import { GAME_KINDS, POOL_REFRESH_MS, type GameKind, type GamePools, type PoolTitle } from './pool.js';

export const POOL_QUEUE = 'game-pool-read';
export const POOL_WATCH = 'game-pool-watch';
const MINUTE = 60_000;
export const POOL_WATCH_MS = 60 * MINUTE;

/** Reads a kind's pool from the service (unscoped calls: background work on the shared line). */
export type PoolSource = (kind: GameKind) => Promise<PoolTitle[]>;

export interface PoolRefreshDeps {
  pools: GamePools;
  jobs: JobEngine;
  source: PoolSource;
  now: () => number;
  log: Logger;
}

function parseJob(data: unknown): { kind: GameKind } | undefined {
  const kind = typeof data === 'object' && data !== null ? (data as { kind?: unknown }).kind : undefined;
  return (GAME_KINDS as readonly unknown[]).includes(kind) ? { kind: kind as GameKind } : undefined;
}

/** When a game without its pool should be tried again: the next watch, at the latest. */
export function poolRetryAt(now: number): number {
  return (Math.floor(now / POOL_WATCH_MS) + 1) * POOL_WATCH_MS;
}

export class PoolRefresh {
  private readonly queue: QueueOwner;

  constructor(private readonly o: PoolRefreshDeps) {
    this.queue = new QueueOwner(o.jobs, {
      specs: () => [this.spec],
      workers: [queueWorker(POOL_QUEUE, parseJob, (job) => this.read(job.kind))],
      afterWork: async () => {
        await this.queueDue();
        await this.o.jobs.every(POOL_WATCH, POOL_WATCH_MS, async () => {
          await this.queueDue();
        });
      },
    });
  }

  private get spec(): QueueSpec {
    return { name: POOL_QUEUE, attempts: 3, retryBaseMs: 2 * MINUTE, leaseMs: 10 * MINUTE, concurrency: 1, keepDoneMs: 2 * POOL_WATCH_MS, keepFailedMs: 24 * POOL_WATCH_MS };
  }

  define(): Promise<void> {
    return this.queue.define();
  }

  /** This process's worker, a read of each missing or old pool, and the hourly watch. */
  start(): Promise<void> {
    return this.queue.start();
  }

  /** Queues a read of each kind whose pool is missing or older than a week (one per kind and hour across processes). */
  async queueDue(): Promise<GameKind[]> {
    const now = this.o.now();
    const queued: GameKind[] = [];
    for (const kind of GAME_KINDS) {
      const readAt = await this.o.pools.readAt(kind);
      if (readAt !== undefined && now - readAt < POOL_REFRESH_MS) continue;
      if (await this.o.jobs.enqueue(POOL_QUEUE, `${kind}:${Math.floor(now / POOL_WATCH_MS)}`, { kind })) queued.push(kind);
    }
    return queued;
  }

  /** Reads a kind's pool and keeps it; an empty read keeps the pool there is (a failed read is retried by the engine). */
  async read(kind: GameKind): Promise<void> {
    const titles = await this.o.source(kind);
    if (titles.length === 0) {
      this.o.log.warn('the game pool read found no titles; the pool kept is unchanged', { kind });
      return;
    }
    await this.o.pools.save(kind, titles, this.o.now());
    this.o.log.info('game pool read', { kind, titles: titles.length });
  }
}
