// Reminders that failed for good, kept where their owner sees them: a user's in /remind list, a
// server's in /remind channel list. The failed job itself stays in the job engine for operators.

import { isRecord } from '../util/is-record.js';
import { ConcurrentChangeError, modify } from '../store/compare-and-set.js';
import { jsonDecoder } from '../store/record-decoder.js';
import type { AtomicKv } from './kv.js';
import { KEEP_FAILED_MS } from './knobs.js';
import { KEY, type QueuedReminder } from './records.js';
import type { FailedReminder } from './types.js';

/** At most this many are kept per owner (the newest). */
const KEPT = 10;

function ownerKey(reminder: QueuedReminder): string {
  const t = reminder.target;
  return t.kind === 'dm' ? KEY.failed(t.userId) : KEY.failedGuild(t.guildId);
}

/** The kept list (an array; its entries are checked one by one, an unreadable one left out). */
const failuresDecoder = jsonDecoder<unknown[]>('rem:failed', (v) => (Array.isArray(v) ? v : undefined));

function parseFailures(raw: string | undefined, now: number): FailedReminder[] {
  return (failuresDecoder.decode(raw) ?? []).filter(
    (f): f is FailedReminder =>
      isRecord(f) && typeof f.titleId === 'number' && typeof f.title === 'string' && typeof f.reason === 'string' && typeof f.atMs === 'number' && now - f.atMs < KEEP_FAILED_MS,
  );
}

export class Failures {
  constructor(
    private readonly kv: AtomicKv,
    private readonly now: () => number,
  ) {}

  /** Keeps a failed reminder for its owner (compare-and-set, so concurrent failures are all kept). */
  async record(reminder: QueuedReminder, reason: string): Promise<void> {
    const key = ownerKey(reminder);
    const entry: FailedReminder = {
      titleId: reminder.titleId,
      title: reminder.title,
      ...(reminder.episode !== undefined ? { episode: reminder.episode } : {}),
      reason: reason.slice(0, 200),
      atMs: this.now(),
    };
    try {
      await modify(this.kv, key, (raw) => ({ value: JSON.stringify([...parseFailures(raw, this.now()), entry].slice(-KEPT)), result: undefined }), KEEP_FAILED_MS);
    } catch (error) {
      // Given up (counted and logged by the store layer): the failed job itself stays in the job engine.
      if (!(error instanceof ConcurrentChangeError)) throw error;
    }
  }

  async ofUser(userId: string): Promise<FailedReminder[]> {
    return parseFailures(await this.kv.get(KEY.failed(userId)), this.now());
  }

  async ofGuild(guildId: string): Promise<FailedReminder[]> {
    return parseFailures(await this.kv.get(KEY.failedGuild(guildId)), this.now());
  }
}
