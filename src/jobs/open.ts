// Picks the job engine for a store: pg-boss beside a PostgreSQL store, BullMQ beside a Redis store,
// the in-process queue (persisted in the store) for SQLite and memory.

import type { StoreLocation } from '../config/store-url.js';
import type { StoreEngine } from '../store/engine.js';
import { BullMqJobEngine } from './bullmq.js';
import { InProcessJobEngine } from './in-process.js';
import type { JobEngine, JobFailure } from './job-engine.js';
import { PgBossJobEngine } from './pg-boss.js';

export interface JobEngineOptions {
  location: StoreLocation;
  store: StoreEngine;
  /** The clock of the in-process engine (the networked engines keep their own). */
  now: () => number;
  /** The longest keep times of the queues that will be defined (pg-boss archives by them). */
  keepDoneMs: number;
  keepFailedMs: number;
  /** The longest lease: pg-boss looks for expired ones every half of it (at most once a minute). */
  leaseMs: number;
  onError: (what: string, error: unknown) => void;
  /** Each job run that threw, on every engine (the bot counts and logs it once). */
  onJobFailed?: (failure: JobFailure) => void;
  /** The deployment's key for opaque job ids in the networked engines (the bot derives it from its store key). */
  idKey?: Buffer;
}

/** The schema pg-boss uses for a store table (identifiers are at most 63 characters). */
export function pgBossSchema(table: string): string {
  return `${table.slice(0, 58)}_jobs`;
}

export async function openJobEngine(o: JobEngineOptions): Promise<JobEngine> {
  const { location } = o;
  switch (location.engine) {
    case 'postgres':
      return PgBossJobEngine.open({
        connectionString: location.connectionString,
        schema: pgBossSchema(location.table),
        keepDoneMs: o.keepDoneMs,
        keepFailedMs: o.keepFailedMs,
        maintenanceMs: Math.min(60_000, Math.max(1000, o.leaseMs / 2)),
        onError: o.onError,
        onJobFailed: o.onJobFailed,
        idKey: o.idKey,
      });
    case 'redis':
      return BullMqJobEngine.open({ url: location.url, prefix: `${location.prefix}jobs`, onError: o.onError, onJobFailed: o.onJobFailed, idKey: o.idKey });
    case 'sqlite':
    case 'memory':
      return new InProcessJobEngine(o.store, o.now, o.onError, 1000, { onJobFailed: o.onJobFailed });
  }
}

