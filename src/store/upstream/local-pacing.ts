// How a process paces itself on the deployment's line (budget.ts) without the store's answer.
//
// Fail-open: when the store fails (down, or slower than its step's deadline: the engine is reached
// through StoreSteps), the budget reports the error (`onError`) and does not stop its callers: each one
// the failed step was for gets a slot paced by this process alone, at the same rate and burst as the
// line, and is refused (as on the line) only when that slot starts past its deadline. Such a slot
// has nothing to give back. A person's record that cannot be written leaves the slot holding
// (person-slots.ts); a slot that cannot be given back is left (a slot lost, never an extra one).
//
// The pause after a compare-and-set lost to another process (`backoffMs`): full jitter over a window
// that starts at the store's round trip and doubles with each loss in a row, capped.

import type { LineTerms } from './line-plan.js';

/** The pause after a lost compare-and-set: up to the store's round trip (at least BASE) doubled per loss, capped. */
const BACKOFF_BASE_MS = 4;
const BACKOFF_CAP_MS = 250;

/** A slot this process paced alone while the store failed. */
export interface LocalSlot {
  startAt: number;
  /** This process's own next paced slot after it. */
  tatAfter: number;
  local: true;
}

/** This process's own line, used only while the store fails. */
export class LocalPacing {
  /** When this process's next paced slot falls due. */
  private next = 0;

  constructor(private readonly terms: LineTerms) {}

  /**
   * The next slot paced by this process alone, taken only if it starts by `latest`; else how long
   * until it would start (nothing is taken).
   */
  take(now: number, latest: number): LocalSlot | { busyInMs: number } {
    const startAt = Math.max(now, this.next - this.terms.burstMs);
    if (startAt > latest) return { busyInMs: startAt - now };
    this.next = Math.max(this.next, now) + this.terms.intervalMs;
    return { startAt, tatAfter: this.next, local: true };
  }
}

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
