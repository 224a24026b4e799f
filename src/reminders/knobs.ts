// The scheduler's tunable periods and limits, and the time windows worked out from them.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export interface ReminderKnobs {
  /** How often the scheduler runs. */
  tickMs: number;
  /** How long fetched airing data of a title is used before it is polled again. */
  titleRefreshMs: number;
  /** How often a follow-list user's Watching and Plan-to-watch lists are read again. */
  listSyncMs: number;
  /** Reminders that fell due while the bot was down are still sent when at most this old. */
  catchUpMs: number;
  /** A reminder sent later than this after it was due says it is late. */
  lateAfterMs: number;
  /** Delivery attempts before a reminder fails for good (kept as a failed job; its owner is told). */
  maxAttempts: number;
  /** First retry delay; doubles per attempt. */
  retryBaseMs: number;
  /**
   * How long a process owns a job it runs (the job engine's lease): a process that dies mid-job gives it
   * back after this. One delivery attempt ends by half of it.
   */
  leaseMs: number;
  /** Within this time each process re-reads every user's settings, a slice per tick (its own changes apply at once). */
  indexRefreshMs: number;
  /** Deliveries in flight at once. */
  concurrency: number;
}

export const DEFAULT_KNOBS: ReminderKnobs = {
  tickMs: 30_000,
  titleRefreshMs: 6 * HOUR,
  listSyncMs: 6 * HOUR,
  catchUpMs: 6 * HOUR,
  lateAfterMs: 10 * MINUTE,
  maxAttempts: 8,
  retryBaseMs: 30_000,
  leaseMs: 2 * MINUTE,
  indexRefreshMs: 5 * MINUTE,
  concurrency: 5,
};

export const MAX_DELAY_MINUTES = 24 * 60;
/** Explicit follows per user. */
export const MAX_FOLLOWS = 100;
/** Channel follows per server. */
export const MAX_CHANNEL_FOLLOWS = 100;

/** How far back the scheduler looks for episodes: the catch-up window plus the longest delay. */
export function windowMs(knobs: ReminderKnobs): number {
  return knobs.catchUpMs + MAX_DELAY_MINUTES * MINUTE;
}

/** How long a reminder's sent marker (and its finished job, whose id dedupes) is kept: past the look-back window, with a day to spare. */
export function sentTtlMs(knobs: ReminderKnobs): number {
  return windowMs(knobs) + 24 * HOUR;
}

/** How long a reminder that failed for good is kept (and shown to its owner). */
export const KEEP_FAILED_MS = 7 * 24 * HOUR;
