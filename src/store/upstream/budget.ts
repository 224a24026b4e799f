// The deployment's upstream request budget: requests are paced, one slot every 1/rate seconds, on a
// single record in the shared store (its "theoretical arrival time", the generic cell rate
// algorithm). Taking a slot is one compare-and-set on that record, so every process sharing the
// store draws from the same line, in arrival order, and any sliding second holds at most
// `requestsPerSecond + 1` requests, however many processes there are.
//
// Why not rate-limiter-flexible here (it counts the per-user limits): its counters reset in fixed
// windows, so two windows' worth can start within one sliding second (twice the rate, enough to trip
// a service that counts a sliding second), and its Redis backend cannot express windows shorter than
// a second. A paced line on the store's compare-and-set gives the even rate the service wants.
//
// Priorities: people's commands and buttons reserve the next slot and wait for it (FIFO across
// processes) until their signal aborts; autocomplete reserves one only if it starts within
// `autocompleteMaxWaitMs`, else gives up at once (UpstreamBudgetUnavailableError: answer from cache or
// with no choices). Background work goes only after the line has been idle for a whole interval, and
// reserves nothing ahead (the line's next slot stays "now"), so a person arriving just after it is
// not delayed by it; it waits and looks again otherwise, never queueing ahead of people and never
// dropped. An idle interval before each background request keeps any sliding second within
// `requestsPerSecond + 1`, and a background stream alone within the rate.

import type { StoreEngine } from '../engine.js';
import {
  UpstreamBudgetUnavailableError,
  type UpstreamBudget,
  type UpstreamBudgetStats,
  type UpstreamPriority,
} from '../../service/upstream-ports.js';

export interface StoreUpstreamBudgetOptions {
  /** SERVICE_REQUESTS_PER_SECOND: the whole deployment's requests per second (a positive integer). */
  requestsPerSecond: number;
  /** The longest an autocomplete waits for its slot; default 1 000 ms. */
  autocompleteMaxWaitMs?: number;
  /** Store key of the line; default `upstream-budget`. */
  name?: string;
  /** Told about a store failure (the request then goes, paced by this process alone). */
  onError?: (error: unknown) => void;
  now?: () => number;
}

type Engine = Pick<StoreEngine, 'get' | 'setIfAbsent' | 'compareAndSet'>;

/** An idle line is forgotten after this long (the next request starts it again). */
const LINE_TTL_MS = 60_000;
/** Background work that finds the line busy looks again after at most this long. */
const BACKGROUND_RECHECK_MS = 250;

const zero = (): Record<UpstreamPriority, number> => ({ interactive: 0, autocomplete: 0, background: 0 });

export class StoreUpstreamBudget implements UpstreamBudget {
  private readonly intervalMs: number;
  private readonly autocompleteMaxWaitMs: number;
  private readonly key: string;
  private readonly now: () => number;
  private readonly granted = zero();
  private readonly waiting = zero();
  private readonly waitedMs = zero();
  private gaveUp = 0;
  private aborted = 0;
  private refused = 0;
  /** When the store fails, this process paces itself alone. */
  private localNext = 0;

  constructor(
    private readonly engine: Engine,
    private readonly options: StoreUpstreamBudgetOptions,
  ) {
    const rate = options.requestsPerSecond;
    if (!Number.isInteger(rate) || rate < 1) throw new Error('requestsPerSecond must be a positive integer');
    this.intervalMs = 1000 / rate;
    this.autocompleteMaxWaitMs = options.autocompleteMaxWaitMs ?? 1_000;
    this.key = options.name ?? 'upstream-budget';
    this.now = options.now ?? Date.now;
  }

  async acquire(priority: UpstreamPriority, signal?: AbortSignal): Promise<void> {
    const started = this.now();
    this.waiting[priority]++;
    try {
      const startAt = await this.reserve(priority, signal, started);
      await waitUntil(startAt, this.now, signal);
      this.granted[priority]++;
    } catch (error) {
      if (error instanceof UpstreamBudgetUnavailableError) this.gaveUp++;
      else if (signal?.aborted) this.aborted++;
      throw error;
    } finally {
      this.waiting[priority]--;
      this.waitedMs[priority] += this.now() - started;
    }
  }

  stats(): UpstreamBudgetStats {
    return {
      granted: { ...this.granted },
      waiting: { ...this.waiting },
      gaveUp: this.gaveUp,
      aborted: this.aborted,
      refused: this.refused,
      waitedMs: { ...this.waitedMs },
      requestsPerSecond: this.options.requestsPerSecond,
      reserve: 0,
    };
  }

  /** Nothing to release: the line lives in the store. */
  close(): Promise<void> {
    return Promise.resolve();
  }

  /** Takes the next slot of the line (compare-and-set), as the priority allows; returns when it starts. */
  private async reserve(priority: UpstreamPriority, signal: AbortSignal | undefined, started: number): Promise<number> {
    for (;;) {
      throwIfAborted(signal, priority);
      const now = this.now();
      let current: string | undefined;
      try {
        current = await this.engine.get(this.key);
      } catch (error) {
        return this.alone(error);
      }
      const line = Number(current ?? 0) || 0;
      const startAt = Math.max(line, now);
      const wait = startAt - now;
      if (priority === 'autocomplete' && now + wait - started > this.autocompleteMaxWaitMs) {
        throw new UpstreamBudgetUnavailableError(priority, now - started);
      }
      // Background work borrows an idle line without reserving ahead: it goes only after a whole
      // interval with no request, and leaves the line free for the next person at once (see above).
      const background = priority === 'background';
      if (background && line > now - this.intervalMs) {
        this.refused++;
        await waitUntil(now + Math.min(Math.max(line + this.intervalMs - now, 1), BACKGROUND_RECHECK_MS), this.now, signal);
        continue;
      }
      const next = String(background ? now : startAt + this.intervalMs);
      let taken: boolean;
      try {
        taken = current === undefined ? await this.engine.setIfAbsent(this.key, next, LINE_TTL_MS) : await this.engine.compareAndSet(this.key, current, next, LINE_TTL_MS);
      } catch (error) {
        return this.alone(error);
      }
      if (taken) return startAt;
      // Another caller took that slot first: read the line again.
    }
  }

  /** The store failed: report it and pace this process by itself rather than stopping every caller. */
  private alone(error: unknown): number {
    this.options.onError?.(error);
    const startAt = Math.max(this.localNext, this.now());
    this.localNext = startAt + this.intervalMs;
    return startAt;
  }
}

export async function openUpstreamBudget(engine: StoreEngine, options: StoreUpstreamBudgetOptions): Promise<StoreUpstreamBudget> {
  return Promise.resolve(new StoreUpstreamBudget(engine, options));
}

function throwIfAborted(signal: AbortSignal | undefined, priority: UpstreamPriority): void {
  if (!signal?.aborted) return;
  if (priority === 'autocomplete') throw new UpstreamBudgetUnavailableError(priority, 0);
  throw signal.reason;
}

/** Waits until the instant, or rejects with the signal's reason. */
function waitUntil(at: number, now: () => number, signal: AbortSignal | undefined): Promise<void> {
  const ms = at - now();
  if (ms <= 0) return Promise.resolve();
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
