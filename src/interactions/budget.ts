// One interaction's time budget: an abort signal for everything it starts, a hard deadline a little
// after it, and the answer the user gets whatever the handler does within it.

import { ENGLISH, type Translator } from '../i18n/index.js';
import type { Logger } from '../log/log.js';
import { errorMessage } from '../render/messages.js';
import { AbortedError } from '../service/errors.js';
import type { Responder } from './responder.js';
import { BudgetExceededError, describeError } from './user-errors.js';
import type { InteractionOutcome } from './outcome.js';

/** After the budget, a handler gets this long to answer from what it has (e.g. a stale cache) before the router answers for it. */
export const BUDGET_GRACE_MS = 300;

/** One interaction's deadline: an abort signal for everything it starts, and whether a stale answer was used. */
export interface Budget {
  controller: AbortController;
  deadlineAt: number;
  budgetMs: number;
  stale: boolean;
  /** The budget ran out (its signal was aborted for it) before the work settled. */
  expired: boolean;
  timer: NodeJS.Timeout;
}

export function startBudget(budgetMs: number): Budget {
  const controller = new AbortController();
  const budget: Budget = {
    controller,
    deadlineAt: Date.now() + budgetMs,
    budgetMs,
    stale: false,
    expired: false,
    timer: setTimeout(() => {
      budget.expired = true;
      controller.abort(new BudgetExceededError(budgetMs));
    }, budgetMs),
  };
  return budget;
}

/** An error that surfaced because the budget ran out is reported as the budget running out (the service was too slow). */
export function budgetError(error: unknown, budget: Budget): unknown {
  if (error instanceof BudgetExceededError || error instanceof AbortedError) return new BudgetExceededError(budget.budgetMs);
  return error;
}

/**
 * Runs `work` within the budget: at the budget its service calls are aborted (the signal), and at the
 * hard deadline a little after, this rejects with a BudgetExceededError whatever `work` does. When it
 * settles, anything still running for the interaction is aborted. The one deadline every kind of
 * interaction (command, component, autocomplete) runs under.
 */
export async function withinDeadline<T>(budget: Budget, work: () => Promise<T>): Promise<T> {
  let hardDeadline: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    hardDeadline = setTimeout(() => {
      budget.expired = true;
      budget.controller.abort(new BudgetExceededError(budget.budgetMs));
      reject(new BudgetExceededError(budget.budgetMs));
    }, budget.budgetMs + BUDGET_GRACE_MS);
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(budget.timer);
    clearTimeout(hardDeadline);
    // Anything still running for this interaction is no longer wanted.
    budget.controller.abort();
  }
}

/** Runs the handler within its budget and sends its answer, or a clear error; never throws. */
export async function answerWithinBudget(
  responder: Responder,
  budget: Budget,
  work: () => Promise<Parameters<Responder['send']>[0]>,
  log: Logger,
  t: Translator,
  /** A command option's name as the user's picker shows it, for errors that name one. */
  optionName?: (option: string) => string,
): Promise<InteractionOutcome> {
  responder.arm();
  let message;
  try {
    message = await withinDeadline(budget, work);
    if (budget.stale) {
      const note = t.t('answer.stale');
      message = { ...message, content: message.content ? `${note}\n${message.content}` : note };
    }
  } catch (error) {
    const timedOut = budget.expired;
    const reported = timedOut ? budgetError(error, budget) : error;
    const described = describeError(reported, t, optionName);
    if (described.unexpected) log.error('handler failed', { error });
    else log.info('handler answered with an error', { error: describeError(reported, ENGLISH).title });
    await responder.sendError(errorMessage(described.title, described.text));
    return timedOut ? 'timeout' : described.unexpected ? 'error' : 'user_error';
  }
  try {
    await responder.send(message);
  } catch (error) {
    // The answer itself was refused (e.g. Discord rejected it): still tell the user, privately.
    log.error('could not send the answer', { error });
    const described = describeError(error, t, optionName);
    await responder.sendError(errorMessage(described.title, described.text));
    return 'error';
  }
  return 'ok';
}
