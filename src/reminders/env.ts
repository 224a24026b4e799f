// What every part of the reminders is given: the store, the source of airing data, delivery, the
// clock, the log, the knobs, and this process's name on the leases it takes.

import type { Logger } from '../log/log.js';
import type { AtomicKv } from './kv.js';
import type { ReminderKnobs } from './knobs.js';
import type { QueuedReminder } from './records.js';
import type { DeliveryResult, ReminderSource } from './types.js';

export interface ReminderEnv {
  readonly kv: AtomicKv;
  readonly source: ReminderSource;
  readonly deliver: (reminder: QueuedReminder) => Promise<DeliveryResult>;
  readonly now: () => number;
  readonly log: Logger;
  readonly knobs: ReminderKnobs;
  /** This process's name on the title and list-sync leases it takes. */
  readonly instance: string;
}
