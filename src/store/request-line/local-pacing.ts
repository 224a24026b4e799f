// How a process paces itself on the deployment's line (shared-line.ts) without the store's answer.
//
// Fail-open: when the store fails (down, or slower than its step's deadline: the engine is reached
// through StoreSteps), the budget reports the error (`onError`) and does not stop its callers: each one
// the failed step was for gets a slot paced by this process alone, and is refused (as on the line) only
// when that slot starts past its deadline. Such a slot has nothing to give back. A person's record that
// cannot be written leaves the slot holding (person-slots.ts); a slot that cannot be given back is left
// (a slot lost, never an extra one).
//
// Its share (live-processes.ts): the line's slices are 1/rate s each, numbered from the epoch; of every
// `count` slices a process paced alone takes only the one at its `index` (one request at most, starting
// within it). So N processes together send one request per slice at most, as the line does: the rate
// holds and any second holds at most rate + 1, however many fall back at once. The burst is not shared
// out: a process known to be alone in the deployment (count 1) keeps the line's rate and burst, others go
// without; one that does not know (no heartbeat read, no configured count) assumes two, so no burst.
//
// Priority, as on the line: people (and autocomplete) take the next slice of their process; background
// work goes only in a slice of its own that is under way, after one of its own left unused, and never
// reserves one ahead, so it never delays a person; else it waits and looks again.
//
// The pause after a compare-and-set lost to another process (`backoffMs`): full jitter over a window
// that starts at the store's round trip and doubles with each loss in a row, capped.

import type { UpstreamPriority } from '../../service/upstream-ports.js';
import type { LineTerms } from './line-plan.js';
import type { ProcessShare } from './live-processes.js';

/** The pause after a lost compare-and-set: up to the store's round trip (at least BASE) doubled per loss, capped. */
const BACKOFF_BASE_MS = 4;
const BACKOFF_CAP_MS = 250;
/** Background work paced alone that finds no free slice looks again after at most this long. */
const BACKGROUND_RECHECK_MS = 250;

/** A slot this process paced alone while the store failed. */
export interface LocalSlot {
  startAt: number;
  /** This process's own next paced slot after it. */
  tatAfter: number;
  local: true;
}

/** What pacing alone gives a caller: a slot, busy (its slot would start too late), or a wait (background). */
export type LocalTake = LocalSlot | { busyInMs: number } | { waitMs: number };

const whole: ProcessShare = { count: 1, index: 0 };

/** This process's own line, used only while the store fails. */
export class LocalPacing {
  /** Alone in the deployment: when this process's next paced slot falls due. */
  private next = 0;
  /** Sharing: the last slice (numbered from the epoch) this process used. */
  private lastSlice = -Infinity;

  constructor(
    private readonly terms: LineTerms,
    /** This process's share of the line (live-processes.ts); default the whole line. */
    private readonly share: () => ProcessShare = () => whole,
  ) {}

  /**
   * The next slot paced by this process alone, taken only if it starts by `latest`; else how long
   * until it would start (nothing is taken). Background work takes only a slot free now.
   */
  take(now: number, latest: number, priority: UpstreamPriority = 'interactive'): LocalTake {
    const { count, index } = this.share();
    return count <= 1 ? this.alone(now, latest, priority) : this.sliced(now, latest, priority, count, index);
  }

  /** The whole line: paced at its rate with its burst. */
  private alone(now: number, latest: number, priority: UpstreamPriority): LocalTake {
    const { intervalMs, burstMs } = this.terms;
    if (priority === 'background' && this.next > now - intervalMs) return { waitMs: clampWait(this.next + intervalMs - now) };
    const startAt = Math.max(now, this.next - burstMs);
    if (startAt > latest) return { busyInMs: startAt - now };
    this.next = Math.max(this.next, now) + intervalMs;
    return { startAt, tatAfter: this.next, local: true };
  }

  /** A share of the line: slice `index` of every `count`, one request each. */
  private sliced(now: number, latest: number, priority: UpstreamPriority, count: number, index: number): LocalTake {
    const { intervalMs } = this.terms;
    const current = Math.floor(now / intervalMs);
    const from = Math.max(current, this.lastSlice + 1);
    const slice = from + ((((index - from) % count) + count) % count);
    const startAt = Math.max(now, slice * intervalMs);
    if (priority === 'background' && (slice !== current || this.lastSlice >= slice - count)) {
      const due = slice !== current ? slice : slice + count;
      return { waitMs: clampWait(due * intervalMs - now) };
    }
    if (startAt > latest) return { busyInMs: startAt - now };
    this.lastSlice = slice;
    return { startAt, tatAfter: (slice + count) * intervalMs, local: true };
  }
}

const clampWait = (ms: number): number => Math.min(Math.max(ms, 1), BACKGROUND_RECHECK_MS);

/** Full jitter over a window that starts at the store's round trip and doubles with each loss in a row. */
export function backoffMs(lost: number, roundTripMs: number, random: () => number): number {
  const window = Math.min(BACKOFF_CAP_MS, Math.max(BACKOFF_BASE_MS, roundTripMs) * 2 ** Math.min(lost - 1, 16));
  return random() * window;
}

/** Resolves after `ms`, or rejects with the signal's reason. */
export function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
