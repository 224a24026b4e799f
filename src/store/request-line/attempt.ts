// One caller's attempt at the deployment's line (shared-line.ts): the latest its slot may start, and what it
// is told when it cannot have one in time or stops waiting. A slot may start no later than the caller's
// `startBy` (its deadline less an attempt), and an autocomplete's no later than its own short wait
// (`autocompleteMaxWaitMs`). No slot in time: autocomplete gives up at once
// (UpstreamBudgetUnavailableError: it answers from cache or with no choices), anyone else is told the
// line is busy and when it has room (LineBusyError). A caller whose signal aborts is rejected with the
// signal's reason (autocomplete: it gives up as above).

import { LineBusyError } from '../../service/errors.js';
import { UpstreamBudgetUnavailableError, type UpstreamAcquireOptions, type UpstreamPriority } from '../../service/upstream-ports.js';
import type { PersonRead } from './person-slots.js';

/** One caller's tries for the line, and what it has read so far. */
export interface Attempt extends PersonRead {
  priority: UpstreamPriority;
  started: number;
  signal: AbortSignal | undefined;
  /** The latest its slot may start. */
  latest: number;
}

/** A new attempt, begun at `started`; `personKey`: its person's record (none for background work or no person). */
export function newAttempt(
  priority: UpstreamPriority,
  { signal, startBy }: UpstreamAcquireOptions,
  started: number,
  personKey: string | undefined,
  autocompleteMaxWaitMs: number,
): Attempt {
  return {
    priority,
    started,
    signal,
    latest: Math.min(startBy ?? Infinity, priority === 'autocomplete' ? started + autocompleteMaxWaitMs : Infinity),
    personKey,
    readPerson: personKey !== undefined,
    held: undefined,
  };
}

type CallerSide = Pick<Attempt, 'priority' | 'started' | 'signal'>;

/** What attempts are told, and their waits, on the budget's clock. */
export class AttemptWaits {
  constructor(
    private readonly now: () => number,
    /** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
    private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
  ) {}

  /** No slot in time: autocomplete answers from what it has, anyone else is told when the line has room. */
  tooLate({ priority, started }: CallerSide, retryInMs: number): Error {
    if (priority === 'autocomplete') return new UpstreamBudgetUnavailableError(priority, this.now() - started);
    return new LineBusyError(retryInMs);
  }

  /** What a caller that stopped waiting is rejected with. */
  stopped({ signal, priority, started }: CallerSide): unknown {
    if (priority === 'autocomplete') return new UpstreamBudgetUnavailableError(priority, this.now() - started);
    return signal?.reason;
  }

  /** Throws what `stopped` gives once the caller's signal has aborted. */
  check({ signal, priority, started }: CallerSide): void {
    if (!signal?.aborted) return;
    if (priority === 'autocomplete') throw new UpstreamBudgetUnavailableError(priority, this.now() - started);
    throw signal.reason;
  }

  /** Waits `ms` (none when ≤ 0), or throws as `check` does once the signal aborts. */
  async waitFor(a: CallerSide, ms: number): Promise<void> {
    this.check(a);
    if (ms <= 0) return;
    try {
      await this.sleep(ms, a.signal);
    } catch (error) {
      this.check(a);
      throw error;
    }
  }
}
