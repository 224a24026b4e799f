// Taking over the queue earlier versions kept in the store (`rem:queue:*`): each waiting reminder is
// taken (one process gets each), marked as taken over (so its old "queued" marker does not read as
// sent) and enqueued as a delivery job. Runs once per deployment; the scan happens only then.

import type { JobEngine } from '../jobs/job-engine.js';
import type { Logger } from '../log/log.js';
import { TAKEN_OVER } from './deliveries.js';
import type { AtomicKv } from './kv.js';
import { sentTtlMs, type ReminderKnobs } from './knobs.js';
import { QUEUE } from './queues.js';
import { KEY, parseQueued } from './records.js';

export async function takeOverLegacyQueue(kv: AtomicKv, jobs: JobEngine, knobs: ReminderKnobs, log: Logger): Promise<number> {
  if ((await kv.get(KEY.legacyTakenOver)) !== undefined) return 0;
  let moved = 0;
  for (const key of await kv.keys(KEY.legacyQueued)) {
    const item = parseQueued(await kv.take(key));
    if (!item) continue;
    await kv.set(KEY.sent(item.id), TAKEN_OVER, sentTtlMs(knobs));
    await jobs.enqueue(QUEUE.deliveries, item.id, item);
    moved++;
  }
  await kv.set(KEY.legacyTakenOver, new Date().toISOString());
  if (moved > 0) log.info('reminders queued by an earlier version were moved to the job engine', { count: moved });
  return moved;
}
