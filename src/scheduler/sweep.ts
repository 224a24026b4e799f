import type { PeriodicTask } from './periodic.js';

export const SWEEP_PERIOD_MS = 60_000;

/** The expired-record sweep (pending logins and every other record with an expiry), once a minute across processes. */
export function expiredRecordSweep(store: { sweepExpired(): Promise<number> }, onSwept?: (count: number) => void): PeriodicTask {
  return {
    name: 'sweep-expired',
    periodMs: SWEEP_PERIOD_MS,
    run: async () => {
      const count = await store.sweepExpired();
      if (count > 0) onSwept?.(count);
    },
  };
}
