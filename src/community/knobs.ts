// The community's tunable periods and sizes, the sync queue every process defines the same way, and
// how often each member is synced (their interval adapts to how active they are).

import type { QueueSpec } from '../jobs/job-engine.js';
import type { MemberRecord } from './records.js';
import type { ListKind } from './types.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface SocialKnobs {
  /** The base interval between two syncs of a member's lists (SOCIAL_LIST_SYNC_MINUTES). */
  baseSyncMs: number;
  /** How often a member's whole list is read again (deletions are found then). */
  fullSyncMs: number;
  /** Entries per page of a whole-list read (the service's maximum is 1000). */
  pageSize: number;
  /** Entries per page of an incremental read (newest first; usually one page is enough). */
  incrementalPageSize: number;
  /** Pages of an incremental read before it gives way to a whole-list read. */
  incrementalMaxPages: number;
  /** Pages of a whole-list read at most (a list longer than pageSize × this is mirrored in part). */
  fullMaxPages: number;
  /** How long a lost login's mirror stays visible. */
  staleMs: number;
  /** How long a process owns a member's sync (and the job's lease). */
  leaseMs: number;
  /** How often the deployment looks for members whose sync chain broke, and sweeps expired mirrors. */
  watchMs: number;
}

export const DEFAULT_SOCIAL_KNOBS: SocialKnobs = {
  baseSyncMs: 30 * MINUTE,
  fullSyncMs: DAY,
  pageSize: 1000,
  incrementalPageSize: 100,
  incrementalMaxPages: 5,
  fullMaxPages: 50,
  staleMs: 30 * DAY,
  leaseMs: 2 * MINUTE,
  watchMs: 10 * MINUTE,
};

export const SYNC_QUEUE = 'social-list-syncs';

/** The shortest interval a member is synced at; sync job ids are counted in these slots. */
export function slotMs(knobs: SocialKnobs): number {
  return Math.max(MINUTE, Math.floor(knobs.baseSyncMs / 2));
}

export function syncQueueSpec(knobs: SocialKnobs): QueueSpec {
  return {
    name: SYNC_QUEUE,
    attempts: 3,
    retryBaseMs: MINUTE,
    leaseMs: knobs.leaseMs,
    concurrency: 2,
    // A finished job's id dedupes within its slot; later slots have other ids.
    keepDoneMs: slotMs(knobs),
    keepFailedMs: DAY,
  };
}

/**
 * How long until the next read of one of the member's lists, from how long ago they last used the bot
 * or that list last changed: half the base interval within the hour, twice the base within the day,
 * eight times within a week, sixteen times for lists quiet longer (at the default base: 15 min, 1 h,
 * 4 h, 8 h). A list changed on the website a moment ago is followed closely; the deployment's budget
 * goes to the lists that move (the bench: `npm run bench -- --only social`).
 */
export function syncIntervalMs(member: Pick<MemberRecord, 'activeAt' | 'changedAt' | 'kinds'>, now: number, knobs: SocialKnobs, kind?: ListKind): number {
  const changedAt = (kind === undefined ? undefined : member.kinds?.[kind]?.changedAt) ?? member.changedAt;
  const quietMs = now - Math.max(member.activeAt, changedAt);
  const base = knobs.baseSyncMs;
  if (quietMs < HOUR) return slotMs(knobs);
  if (quietMs < DAY) return base * 2;
  if (quietMs < 7 * DAY) return base * 8;
  return base * 16;
}

/** One sync job per member and slot: of every process enqueueing it, one adds it. */
export function syncJobId(userId: string, dueAt: number, knobs: SocialKnobs): string {
  return `${userId}:${Math.floor(dueAt / slotMs(knobs))}`;
}
