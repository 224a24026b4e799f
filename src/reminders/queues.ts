// The job queues reminders run on, and how each is run. Every process of a deployment defines them
// the same way from the same knobs.

import type { QueueSpec } from '../jobs/job-engine.js';
import { KEEP_FAILED_MS, MINUTE, sentTtlMs, type ReminderKnobs } from './knobs.js';

export const QUEUE = {
  /** One job per reminder (its id is the reminder's): delivered once, retried, or failed for good. */
  deliveries: 'reminder-deliveries',
  /** One job per followed title and refresh period: its airing data polled once in the deployment. */
  titlePolls: 'reminder-title-polls',
  /** One job per follow-list user and sync period: their lists read once in the deployment. */
  listSyncs: 'reminder-list-syncs',
} as const;

export function queueSpecs(knobs: ReminderKnobs): QueueSpec[] {
  return [
    {
      name: QUEUE.deliveries,
      attempts: knobs.maxAttempts,
      retryBaseMs: knobs.retryBaseMs,
      leaseMs: knobs.leaseMs,
      concurrency: knobs.concurrency,
      keepDoneMs: sentTtlMs(knobs),
      keepFailedMs: KEEP_FAILED_MS,
    },
    {
      name: QUEUE.titlePolls,
      attempts: 3,
      retryBaseMs: MINUTE,
      leaseMs: knobs.leaseMs,
      concurrency: 2,
      keepDoneMs: knobs.titleRefreshMs,
      keepFailedMs: knobs.titleRefreshMs,
    },
    {
      name: QUEUE.listSyncs,
      attempts: 3,
      retryBaseMs: MINUTE,
      leaseMs: knobs.leaseMs,
      concurrency: 2,
      keepDoneMs: knobs.listSyncMs,
      keepFailedMs: knobs.listSyncMs,
    },
  ];
}
