// What every part of the reminders is given: the store, the job engine, the source of airing data,
// delivery, the clock, the log, the knobs, and where outcomes are counted.

import type { JobEngine } from '../jobs/job-engine.js';
import type { Logger } from '../log/log.js';
import type { AtomicKv } from './kv.js';
import type { ReminderKnobs } from './knobs.js';
import type { QueuedReminder } from './records.js';
import type { DeliveryResult, ReminderOutcome, ReminderSource } from './types.js';

export interface ReminderEnv {
  readonly kv: AtomicKv;
  readonly jobs: JobEngine;
  readonly source: ReminderSource;
  /** Sends one reminder; `signal` aborts it when the attempt's deadline passes. */
  readonly deliver: (reminder: QueuedReminder, signal: AbortSignal) => Promise<DeliveryResult>;
  readonly now: () => number;
  readonly log: Logger;
  readonly knobs: ReminderKnobs;
  readonly counted: (outcome: ReminderOutcome) => void;
}
