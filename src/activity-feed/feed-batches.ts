// The activity feed's batches as the shared store keeps them: a member's open batch in
// `feed:pending:<user>` until its job takes it, then `feed:batch:<batchId>` until it has been posted
// everywhere (or given up); sent markers and send leases per batch and channel. And the sweep that
// keeps a batch from being lost: a batch whose job never got queued (its opener died first) or was
// lost by the job engine is queued again, and one that still is not posted a day after its window is
// dropped and counted with its reason. No record expires before the sweep can see it.

import type { JobEngine } from '../jobs/job-engine.js';
import type { Logger } from '../log/log.js';
import { jsonDecoder } from '../store/record-decoder.js';
import { isRecord } from '../util/is-record.js';
import { parseFeedItem, type FeedItem } from './feed-changes.js';
import type { FeedKv } from './feed-channels.js';

export const FEED_QUEUE = 'social-feed-posts';
const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
/** A batch not posted this long after its window ended is dropped (`expired`). */
export const MAX_BATCH_AGE_MS = DAY;
/** The store's own expiry of batch records: a backstop well after the sweep has dropped them. */
export const BATCH_KEEP_MS = 2 * DAY;
/** The sweep queues a batch again when its window ended at least this long ago and it is still there. */
export const SWEEP_GRACE_MS = 2 * MINUTE;
/** How often the sweep runs (once per deployment). */
export const SWEEP_PERIOD_MS = 5 * MINUTE;

export const FEED_KEY = {
  pending: (userId: string) => `feed:pending:${userId}`,
  pendingPrefix: 'feed:pending:',
  batch: (batchId: string) => `feed:batch:${batchId}`,
  batchPrefix: 'feed:batch:',
  sent: (batchId: string, channelId: string) => `feed:sent:${batchId}:${channelId}`,
  sending: (batchId: string, channelId: string) => `feed:sending:${batchId}:${channelId}`,
};

/** One member's changes waiting for their window to end. */
export interface FeedBatch {
  batchId: string;
  userId: string;
  serviceUser: string;
  startedAt: number;
  items: FeedItem[];
}

/** Why a batch (or a member's changes) will never be posted. */
export type FeedDropReason =
  /** The member joined no server's community any more (left everywhere, or forgotten). */
  | 'not-member'
  /** None of the member's servers has a feed channel that is not paused. */
  | 'no-channel'
  /** Not posted within a day of its window (no worker ran it, or its job kept failing). */
  | 'expired'
  /** The changes could not be written to the store. */
  | 'unrecorded'
  /** A stored batch that cannot be read. */
  | 'unreadable';

const batchDecoder = jsonDecoder<FeedBatch>('feed:batch', (v) => {
  if (!isRecord(v)) return undefined;
  if (typeof v.batchId !== 'string' || typeof v.userId !== 'string' || typeof v.serviceUser !== 'string' || typeof v.startedAt !== 'number' || !Array.isArray(v.items)) return undefined;
  const items = v.items.map(parseFeedItem).filter((i): i is FeedItem => i !== undefined);
  return { batchId: v.batchId, userId: v.userId, serviceUser: v.serviceUser, startedAt: v.startedAt, items };
});

/** A pending or taken batch (`feed:pending:<user>`, `feed:batch:<id>`); undefined when absent or malformed (counted). */
export function parseBatch(raw: string | undefined): FeedBatch | undefined {
  return batchDecoder.decode(raw);
}

export interface SweepDeps {
  kv: FeedKv;
  jobs: JobEngine;
  now: () => number;
  log: Logger;
  batchMs: number;
  dropped: (reason: FeedDropReason) => void;
}

/** What one sweep did. */
export interface SweepResult {
  requeued: number;
  dropped: number;
}

/**
 * Every batch still in the store whose window has ended: queued again (the engine keeps one job per
 * id, so a batch whose job is waiting or running gets nothing new), or dropped once it is too old.
 */
export async function sweepBatches(d: SweepDeps): Promise<SweepResult> {
  const result: SweepResult = { requeued: 0, dropped: 0 };
  for (const key of [...(await d.kv.keys(FEED_KEY.pendingPrefix)), ...(await d.kv.keys(FEED_KEY.batchPrefix))]) {
    const raw = await d.kv.get(key);
    if (raw === undefined) continue;
    const batch = parseBatch(raw);
    if (!batch) {
      if (await d.kv.compareAndDelete(key, raw)) {
        d.log.error('an unreadable feed batch was dropped', { key: key.split(':').slice(0, 2).join(':') });
        d.dropped('unreadable');
        result.dropped++;
      }
      continue;
    }
    const windowEnd = batch.startedAt + d.batchMs;
    const now = d.now();
    if (now - windowEnd >= MAX_BATCH_AGE_MS) {
      if (await d.kv.compareAndDelete(key, raw)) {
        await d.jobs.remove(FEED_QUEUE, [batch.batchId]);
        d.log.warn('a feed batch was not posted within a day of its window and was dropped', { batchId: batch.batchId, reason: 'expired', items: batch.items.length });
        d.dropped('expired');
        result.dropped++;
      }
      continue;
    }
    if (now - windowEnd < SWEEP_GRACE_MS) continue;
    if (await d.jobs.enqueue(FEED_QUEUE, batch.batchId, { userId: batch.userId, batchId: batch.batchId })) {
      d.log.warn('a feed batch had no job (its process died before queueing it, or the engine lost it): queued again', { batchId: batch.batchId });
      result.requeued++;
    }
  }
  return result;
}
