// What one process's line has done for its callers, by priority: the figures of `stats()` that the
// metrics read (granted, waiting now, waited in all, and each way a caller was not served).

import { LineBusyError } from '../../service/errors.js';
import { UpstreamBudgetUnavailableError, type UpstreamBudgetStats, type UpstreamPriority } from '../../service/upstream-ports.js';

const zero = (): Record<UpstreamPriority, number> => ({ interactive: 0, autocomplete: 0, background: 0 });

export class LineCounts {
  private readonly granted = zero();
  private readonly waiting = zero();
  private readonly waitedMs = zero();
  private gaveUp = 0;
  private busy = 0;
  private aborted = 0;
  /** Callers told at once to wait or go (busy, or background work finding no free slot). */
  refused = 0;

  started(priority: UpstreamPriority): void {
    this.waiting[priority]++;
  }

  grant(priority: UpstreamPriority): void {
    this.granted[priority]++;
  }

  /** A caller that was not served, counted by why. */
  failed(error: unknown, aborted: boolean): void {
    if (error instanceof UpstreamBudgetUnavailableError) this.gaveUp++;
    else if (error instanceof LineBusyError) this.busy++;
    else if (aborted) this.aborted++;
  }

  ended(priority: UpstreamPriority, waitedMs: number): void {
    this.waiting[priority]--;
    this.waitedMs[priority] += waitedMs;
  }

  snapshot(): Pick<UpstreamBudgetStats, 'granted' | 'waiting' | 'gaveUp' | 'busy' | 'aborted' | 'refused' | 'waitedMs'> {
    return {
      granted: { ...this.granted },
      waiting: { ...this.waiting },
      gaveUp: this.gaveUp,
      busy: this.busy,
      aborted: this.aborted,
      refused: this.refused,
      waitedMs: { ...this.waitedMs },
    };
  }
}
