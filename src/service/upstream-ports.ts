// Ports through which the request pipeline shares its upstream state with every process of the
// deployment. The service client sits below the store, so it only knows these shapes; the store
// implements them (src/store/request-line/) and the composition root (src/app/) hands them in.

/** Who a request is for: a person's command or button, autocomplete, or background work (reminders, polls, sweeps). */
export type UpstreamPriority = 'interactive' | 'autocomplete' | 'background';

export const UPSTREAM_PRIORITIES: readonly UpstreamPriority[] = ['interactive', 'autocomplete', 'background'];

/**
 * Thrown by `UpstreamBudget.acquire('autocomplete', …)` when no slot could be had before the
 * signal aborted or the autocomplete wait ran out: the caller answers from its cache or with an
 * empty list, and sends nothing upstream.
 */
export class UpstreamBudgetUnavailableError extends Error {
  override readonly name = 'UpstreamBudgetUnavailableError';
  constructor(
    readonly priority: UpstreamPriority,
    /** How long the caller waited before giving up. */
    readonly waitedMs: number,
  ) {
    super(`no upstream request slot for ${priority} work within ${Math.round(waitedMs)} ms`);
  }
}

export interface UpstreamBudgetStats {
  /** Slots handed out by this process, by priority. */
  granted: Record<UpstreamPriority, number>;
  /** Callers waiting in this process now, by priority. */
  waiting: Record<UpstreamPriority, number>;
  /** Autocomplete callers that gave up (UpstreamBudgetUnavailableError). */
  gaveUp: number;
  /** Callers told at once that the line is full past their deadline (LineBusyError). */
  busy: number;
  /** Reserved slots given back by callers that stopped waiting for them. */
  released: number;
  /** Interactive or background callers whose signal aborted while they waited. */
  aborted: number;
  /** Attempts the shared limiter refused (the budget was short). */
  refused: number;
  /** Total milliseconds callers waited for a slot, by priority. */
  waitedMs: Record<UpstreamPriority, number>;
  /** The configured rate for the whole deployment, requests per second. */
  requestsPerSecond: number;
  /** Slots per second only interactive and autocomplete work may use. */
  reserve: number;
}

/** What a caller tells the line besides its priority. */
export interface UpstreamAcquireOptions {
  /** Aborting it stops the wait (rejects with its reason) and gives a reserved slot back. */
  signal?: AbortSignal;
  /**
   * The latest instant (epoch ms, the budget's clock) the request may start: its caller's deadline less
   * the time an attempt needs, and for a deferred command no later than its wait in the line allows
   * (CallScope.waitInLine). No slot past it is reserved; the caller is told at once (LineBusyError,
   * or UpstreamBudgetUnavailableError for autocomplete).
   */
  startBy?: number;
  /** Whose request this is (a Discord user id): one person holds at most one reserved slot at a time. */
  person?: string;
}

/**
 * The request budget of the whole deployment: every process sharing the store together sends at
 * most `SERVICE_REQUESTS_PER_SECOND` requests per second, paced, with `SERVICE_REQUESTS_BURST` more
 * allowed at once after a quiet spell.
 *
 * Call sequence in the request pipeline: once per attempt that goes upstream (retries included),
 * after the in-process and shared caches missed and after the cool-off let it through, call
 * `await budget.acquire(priority, { signal, startBy, person })` with the interaction's (or background
 * task's) abort signal, then send. A slot is spent whatever the answer.
 * - `interactive` reserves the next slot (first come, first served across people) if it starts by
 *   `startBy`, else rejects at once with `LineBusyError` (when to try again); its signal aborting
 *   rejects with the signal's reason and gives the slot back.
 * - `autocomplete` likewise, within its own short wait, else rejects with
 *   `UpstreamBudgetUnavailableError`: answer from cache or with no choices.
 * - `person`: a person's next request reserves only once their previous one has started, in every
 *   process, so one person's burst delays another person by at most one slot.
 * - `background` waits as long as it takes (it is never dropped; an abort rejects with the signal's
 *   reason) and only goes when the line is idle, never ahead of people.
 */
export interface UpstreamBudget {
  acquire(priority: UpstreamPriority, options?: UpstreamAcquireOptions): Promise<void>;
  stats(): UpstreamBudgetStats;
}

/** Handed out by `SharedCoolOff.tryProbe`; reported back through `succeeded`, `throttled` or `released`. */
export interface SharedCoolOffTicket {
  /** The cool-off window this probe was let through for. */
  readonly window: string;
}

export interface SharedCoolOffState {
  /** A cool-off is in force (its window is running, or it ended and awaits a probe's success). */
  active: boolean;
  /** Milliseconds left in the current window (0 when none runs or it is awaiting its probe). */
  remainingMs: number;
}

/**
 * The deployment-wide cool-off after the service throttles (a 403 with valid credentials, a 429):
 * a throttle seen by any process puts every process into the cool-off at once.
 *
 * Call sequence in the request pipeline, before each request goes upstream:
 * 1. `const s = await coolOff.state()`; if `!s.active`, send as usual. If the answer is a throttle,
 *    call `await coolOff.throttled()` (no ticket).
 * 2. If `s.active && s.remainingMs > 0`: send nothing (fail the call or answer from the stale cache).
 * 3. If `s.active && s.remainingMs === 0`: `const ticket = await coolOff.tryProbe()`. `undefined`:
 *    another process (or caller) probes this window, send nothing. Otherwise send this request as the
 *    probe, then report it: `succeeded(ticket)` on any answer that is not throttling (the cool-off ends
 *    for everyone), `throttled(ticket)` on a throttle (the window doubles, up to the ceiling), or
 *    `released(ticket)` when it ended without telling (network error, abort) so another may probe.
 * Lengths: the first window `initialMs` (2 s), doubling on each throttle in a row up to `maxMs` (60 s).
 */
export interface SharedCoolOff {
  state(): Promise<SharedCoolOffState>;
  /** At most one probe per window for the whole deployment; `undefined` when not this caller's turn. */
  tryProbe(): Promise<SharedCoolOffTicket | undefined>;
  /**
   * The service throttled. Without a ticket (an ordinary request): starts the first window, or
   * changes nothing while a window already runs (requests in flight when it opened tell nothing new).
   * With a probe's ticket of the current window: the next window, twice as long (capped).
   * `retryAfterMs` (a Retry-After header) lengthens the window when longer. Returns the window opened, if any.
   */
  throttled(ticket?: SharedCoolOffTicket, retryAfterMs?: number): Promise<number | undefined>;
  /** The probe got an answer other than throttling: the cool-off ends for every process. */
  succeeded(ticket: SharedCoolOffTicket): Promise<void>;
  /** The probe ended without an answer: another caller may probe this window. */
  released(ticket: SharedCoolOffTicket): Promise<void>;
}

export interface SharedCacheEntry {
  body: unknown;
  /** When it was stored (epoch ms): fresh while `now - storedAt < the endpoint's TTL`, else stale. */
  storedAt: number;
}

/**
 * Answers fetched without a user token, shared by the processes of the deployment, behind the
 * in-process cache (`response-cache.ts`).
 *
 * Call sequence in the request pipeline, for an anonymous GET:
 * 1. In-process cache hit and fresh → answer.
 * 2. `const hit = await shared.get(key)`; if `hit` and `Date.now() - hit.storedAt < ttlMs` → answer
 *    (and put it in the in-process cache). A miss or a store failure reads as `undefined`.
 * 3. Otherwise send; on success `void shared.set(key, body, ttlMs)` (it never throws; it refuses
 *    bodies over the size limit). On an outage or cool-off answer with a stale `hit` while
 *    `Date.now() - hit.storedAt < ttlMs + staleMs` (entries are kept that long).
 * Never throws: a store failure is a miss and goes to the implementation's `onError`.
 */
export interface SharedResponseCache {
  get(key: string): Promise<SharedCacheEntry | undefined>;
  set(key: string, body: unknown, ttlMs: number): Promise<void>;
}
