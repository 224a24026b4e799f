// The core's foundation: the store (timed per namespace when metrics are on), the per-user rate
// limiters counted in it, the job engine beside it, the store's steps with a deadline of their own,
// and the expired-record sweep. A failure part way closes what was opened.

import { parseEncryptionKey } from '../config/keys.js';
import { parseStoreUrl } from '../config/store-url.js';
import { DEFAULT_STORE_STEP_TIMEOUT_MS } from '../config/defaults.js';
import { UserRateLimits } from '../store/request-line/user-limits.js';
import type { JobEngine } from '../jobs/job-engine.js';
import { openJobEngine } from '../jobs/open.js';
import { BotMetrics } from '../metrics/bot-metrics.js';
import { timedStore } from '../metrics/observers.js';
import { DEFAULT_KNOBS, KEEP_FAILED_MS, sentTtlMs } from '../reminders/knobs.js';
import { DEFAULT_TOKEN_TIMEOUT_MS } from '../service/oauth.js';
import { openStore, type BotStore } from '../store/bot-store.js';
import { deriveKey } from '../store/crypto.js';
import { openUserRateLimiters } from '../store/request-line/user-limit-store.js';
import { StoreSteps } from '../store/store-steps.js';
import type { CoreOptions } from './core-env.js';

export interface Foundation {
  metrics: BotMetrics | undefined;
  store: BotStore;
  userRate: UserRateLimits;
  jobs: JobEngine;
  steps: StoreSteps;
}

export async function openFoundation(o: CoreOptions, now: () => number): Promise<Foundation> {
  const { config } = o;
  const metrics = config.metrics?.enabled ? new BotMetrics({ defaultMetrics: o.processMetrics ?? true }) : undefined;
  const store = await openTimedStore(o, now, metrics);
  try {
    // One user's budget is counted where the store keeps shared state: across processes on Redis/PostgreSQL.
    const userRate = new UserRateLimits(await openUserRateLimiters(store.engine, config.userRate), config.userRate.ownerIds);
    const jobs = await openJobs(o, store, now, metrics);
    return { metrics, store, userRate, jobs, steps: storeSteps(o, store, metrics) };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/**
 * The store's steps with a deadline of their own, for the users on a person's path that can fall back
 * when the store is slow (src/store/store-steps.ts); each fallback counted by step.
 */
function storeSteps(o: CoreOptions, store: BotStore, metrics: BotMetrics | undefined): StoreSteps {
  return new StoreSteps(store.engine, {
    timeoutMs: o.config.store.stepTimeoutMs ?? DEFAULT_STORE_STEP_TIMEOUT_MS,
    onFailOpen: (e) => {
      metrics?.storeStepsFailedOpen.inc(e);
      if (e.reason === 'timeout') o.log.warn('a store step took too long; falling back as if the store were down', { ...e });
    },
  });
}

/** The expired-record sweep: once a minute for the whole deployment, in whichever process is free. */
export async function sweepExpiredRecords(jobs: JobEngine, store: BotStore, log: CoreOptions['log']): Promise<void> {
  await jobs.every('sweep-expired', 60_000, async () => {
    const count = await store.sweepExpired();
    if (count > 0) log.debug('expired records deleted', { count });
  });
}

/** The store, timed per namespace when metrics are on; an unreadable record is logged and treated as absent. */
async function openTimedStore(o: CoreOptions, now: () => number, metrics: BotMetrics | undefined): Promise<BotStore> {
  const key = parseEncryptionKey(o.config.store.encryptionKey);
  const opened = await openStore(o.config.store.url, key, {
    now,
    // The refresh lock is leased for one token request's deadline.
    refreshDeadlineMs: o.service?.tokenTimeoutMs ?? DEFAULT_TOKEN_TIMEOUT_MS,
    onUnreadableRecord: (namespace) => o.log.warn('a stored record could not be decrypted; treated as absent', { namespace }),
  });
  return metrics ? timedStore(opened, opened.engine.kind, metrics, ['accounts', 'pendingLogins', 'pendingLinks']) : opened;
}

/**
 * The job engine beside the store: its keep times and lease follow the reminder knobs; its job ids are
 * keyed by the store key; a job run that throws is counted and logged once, whatever the engine.
 */
function openJobs(o: CoreOptions, store: BotStore, now: () => number, metrics: BotMetrics | undefined): Promise<JobEngine> {
  const knobs = { ...DEFAULT_KNOBS, ...o.config.reminders, ...o.reminders };
  return openJobEngine({
    location: parseStoreUrl(o.config.store.url),
    store: store.engine,
    now,
    keepDoneMs: sentTtlMs(knobs),
    keepFailedMs: KEEP_FAILED_MS,
    leaseMs: knobs.leaseMs,
    onError: (what, error) => o.log.warn('the job engine reported an error', { what, error }),
    onJobFailed: ({ queue, attempt, final, reason }) => {
      metrics?.jobsFailed.inc({ queue, final: String(final) });
      o.log.warn(final ? 'a job failed for good' : 'a job failed; it will be retried', { queue, attempt, reason });
    },
    idKey: deriveKey(parseEncryptionKey(o.config.store.encryptionKey), 'job-ids'),
  });
}
