// What makes the processes of one deployment a single client of the service: before each attempt
// the deployment's cool-off is read (a throttle seen by any process holds every process, with one
// probe per window for the whole deployment) and a slot of the shared rate budget is taken at the
// caller's priority, in time for the caller's deadline and at most one reserved slot per person (a
// caller the line cannot serve in time is told at once: LineBusyError); after it, the answer is
// reported back. Without shared state (one process, or
// tests) the gate lets everything through and the in-process cool-off alone applies.

import { AbortedError, CoolingOffError, LineBusyError } from './errors.js';
import { abortable, sleep } from './http-exchange.js';
import type { ServiceObserver } from './observer.js';
import {
  UpstreamBudgetUnavailableError,
  type SharedCoolOff,
  type SharedCoolOffTicket,
  type SharedResponseCache,
  type UpstreamAcquireOptions,
  type UpstreamBudget,
  type UpstreamPriority,
} from './upstream-ports.js';

/** The deployment's shared upstream state, wired by the composition root from the store. */
export interface DeploymentShared {
  budget: UpstreamBudget;
  coolOff: SharedCoolOff;
  cache: SharedResponseCache;
  /** How long a shared answer of this endpoint (template, e.g. `anime/{id}`) counts as fresh. */
  cacheTtlMs: (endpoint: string) => number;
  /** How long past that an answer may still be served while the service fails. */
  staleMs: number;
}

/** What one attempt got from the gate, to report back once it ends. */
export interface GatePass {
  /** The deployment is in a cool-off (so a 403 means throttling, not a private list). */
  coolingOff: boolean;
  ticket?: SharedCoolOffTicket;
}

const NO_COOL_OFF = { active: false, remainingMs: 0 } as const;

/** What an attempt gets when there is no shared state to consult. */
export const OPEN_GATE: GatePass = { coolingOff: false };
/** The longest a caller waits for the end of a cool-off window instead of being refused. */
const SHORT_WAIT_MS = 500;
/** While another process probes, callers are told to come back after about this long. */
const PROBE_WAIT_MS = 1_000;

export class DeploymentGate {
  constructor(
    private readonly sharedState: DeploymentShared | undefined,
    private readonly observer: ServiceObserver,
  ) {}

  /** Whether there is shared state to consult (several processes as one client). */
  get shared(): boolean {
    return this.sharedState !== undefined;
  }

  /**
   * Passes the deployment's cool-off and takes a slot of its budget that starts by `line.startBy`, or
   * throws (CoolingOffError, LineBusyError, AbortedError).
   */
  async enter(priority: UpstreamPriority, endpoint: string, signal: AbortSignal | undefined, line: Pick<UpstreamAcquireOptions, 'startBy' | 'person'> = {}): Promise<GatePass> {
    if (!this.sharedState) return OPEN_GATE;
    const { coolOff, budget } = this.sharedState;
    // A store that does not answer (down, or slower than its steps' deadline) cannot coordinate the
    // processes: each then relies on its own cool-off (which every attempt still passes) rather than
    // failing people's requests. The caller's abort ends the wait for the store at once.
    let state = await sharedStep(coolOff.state(), NO_COOL_OFF, signal);
    // A window about to end (another process's clock, a store round trip) is waited out, not refused.
    if (state.active && state.remainingMs > 0 && state.remainingMs <= SHORT_WAIT_MS) {
      await sleep(state.remainingMs, signal);
      state = await sharedStep(coolOff.state(), NO_COOL_OFF, signal);
    }
    let ticket: SharedCoolOffTicket | undefined;
    if (state.active) {
      if (state.remainingMs > 0) return this.refuse(endpoint, state.remainingMs);
      const probing = coolOff.tryProbe().catch(() => undefined);
      ticket = await abortable(probing, signal).catch((error: unknown) => {
        // Gone before the store answered: a probe slot won meanwhile is given back, not held for its timeout.
        void probing.then((won) => (won ? coolOff.released(won) : undefined)).catch(() => undefined);
        throw error;
      });
      if (!ticket) return this.refuse(endpoint, PROBE_WAIT_MS);
    }
    try {
      await budget.acquire(priority, { ...line, ...(signal ? { signal } : {}) });
    } catch (error) {
      if (ticket) await coolOff.released(ticket);
      if (error instanceof LineBusyError) this.observer.rejected?.({ endpoint, reason: 'line_busy' });
      // Autocomplete that cannot get a slot in time answers from what it has, as after a timeout.
      if (error instanceof UpstreamBudgetUnavailableError || signal?.aborted) throw new AbortedError(error);
      throw error;
    }
    return { coolingOff: state.active, ...(ticket ? { ticket } : {}) };
  }

  /** The attempt's answer: `throttled` true or false, or undefined when it ended without one. */
  async report(pass: GatePass, throttled: boolean | undefined, retryAfterMs?: number): Promise<void> {
    if (!this.sharedState) return;
    const { coolOff } = this.sharedState;
    const ignore = (): void => undefined;
    if (throttled === true) await coolOff.throttled(pass.ticket, retryAfterMs).catch(ignore);
    else if (pass.ticket && throttled === false) await coolOff.succeeded(pass.ticket).catch(ignore);
    else if (pass.ticket) await coolOff.released(pass.ticket).catch(ignore);
  }

  private refuse(endpoint: string, remainingMs: number): never {
    this.observer.rejected?.({ endpoint, reason: 'cooling_off' });
    throw new CoolingOffError(remainingMs);
  }
}

/** A shared step's answer, its fallback when the store fails, or AbortedError as soon as the caller's signal aborts. */
function sharedStep<T>(step: Promise<T>, fallback: T, signal: AbortSignal | undefined): Promise<T> {
  return abortable(
    step.catch(() => fallback),
    signal,
  );
}
