// A store read on a person's path that only adds to an answer (their login for their list status, the
// "In this server" part) gets the time of a few store steps (STORE_STEP_TIMEOUT_MS each): a store
// slower than that, or failing, leaves the addition out rather than eating the command's budget.

import type { BaseContext } from '../interactions/context.js';

export async function storeReadOrFallback<T>(ctx: BaseContext, read: Promise<T>, fallback: T, what: string, steps = 1): Promise<T> {
  const ms = ctx.deps.storeStepTimeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const late =
    ms === undefined
      ? undefined
      : new Promise<T>((resolve) => {
          timer = setTimeout(() => resolve(fallback), ms * steps);
        });
  try {
    return await (late ? Promise.race([read, late]) : read);
  } catch (error) {
    ctx.deps.log.warn(`${what} could not be read from the store; left out`, { userId: ctx.userId, error });
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}
