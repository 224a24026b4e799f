// One retry loop for work that may succeed when tried again a little later.

import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Calls `attempt` until it succeeds. After each failure `pauseBeforeRetry(error, retry)` (retry = 1 before the
 * second call) says how many ms to wait before calling again, or undefined to give up: the caller then gets that
 * failure. It is asked only after the failure, so the pause can depend on the error and on the time left. An
 * abort of `signal` during a pause rejects with Node's AbortError (its `cause` is the signal's reason).
 */
export async function retrying<T>(
  attempt: () => Promise<T>,
  pauseBeforeRetry: (error: unknown, retry: number) => number | undefined,
  signal?: AbortSignal,
): Promise<T> {
  for (let retry = 1; ; retry++) {
    try {
      return await attempt();
    } catch (error) {
      const pauseMs = pauseBeforeRetry(error, retry);
      if (pauseMs === undefined) throw error;
      await sleep(pauseMs, undefined, signal ? { signal } : {});
    }
  }
}
