// What starting a bot takes: its configuration, its logger, and knobs the tests turn.

import type { BotConfig } from '../config/types.js';
import type { Logger } from '../log/log.js';
import type { RouterOptions } from '../interactions/router.js';
import type { ReminderKnobs } from '../reminders/knobs.js';
import type { SocialKnobs } from '../community/knobs.js';

export interface BotOptions {
  config: BotConfig;
  log: Logger;
  now?: () => number;
  router?: RouterOptions;
  /** Interface the web server binds to; default all interfaces. */
  host?: string;
  /** Reminder scheduler knobs beyond the configured ones, for tests (e.g. a long tick driven by hand). */
  reminders?: Partial<ReminderKnobs>;
  /** Activity feed knobs beyond the configured ones, for tests (e.g. a short batch window). */
  feed?: { batchMs?: number };
  /** Server community knobs beyond the configured ones, for tests (e.g. a small page size). */
  social?: Partial<SocialKnobs>;
  /**
   * The games' pool reads (default true): the test stack turns them off unless a test asks, as they
   * would add background requests to other tests' counts of upstream requests.
   */
  games?: { poolReads?: boolean };
  /** Service client knobs, for tests. */
  service?: { timeoutMs?: number; retries?: number; backoff?: (attempt: number) => number; cacheTtlMs?: number; tokenTimeoutMs?: number };
  /** `/server pick` poll knobs, for tests: how soon an ended poll not yet finalized is read again (default RECHECK_MS). */
  polls?: { recheckMs?: number };
  /** Serve the web server (default true). Shard processes leave it to their manager. */
  web?: boolean;
  /** Node.js process metrics in the registry (when metrics are on); default true. */
  processMetrics?: boolean;
}
