// One interaction's time budget: an abort signal for everything it starts, a hard deadline a little
// after it, and the answer the user gets whatever the handler does within it. A command or a button,
// which the responder defers (Discord then keeps its token 15 minutes), also has a wait in the
// deployment's line (DEFERRED_LINE_WAIT_MS): its turn there may come that much later in all, and the
// deadline moves by the time it waited, so it is told "the bot is busy" at once only when the line
// cannot start its request within that wait. Autocomplete, which cannot be deferred, has none, and an
// answer Discord refused to defer keeps Discord's 3 s (`notDeferred`).

import { ENGLISH, type Translator } from '../i18n/index.js';
import type { Logger } from '../log/log.js';
import { errorMessage } from '../render/messages.js';
import { AbortedError } from '../service/errors.js';
import type { Responder } from './responder.js';
import { BudgetExceededError, describeError } from './user-errors.js';
import type { InteractionOutcome } from './outcome.js';

/** How long Discord waits for an interaction's first answer: an answer that is not deferred has this long. */
export const DISCORD_FIRST_ANSWER_MS = 3_000;

/** After the budget, a handler gets this long to answer from what it has (e.g. a stale cache) before the router answers for it. */
export const BUDGET_GRACE_MS = 300;

/**
 * One interaction's deadline: an abort signal for everything it starts, and whether a stale answer was
 * used. A command or button that may be deferred also has a wait in the deployment's line
 * (`lineWaitMs`, DEFERRED_LINE_WAIT_MS): the time its requests spend waiting for their turn there, up
 * to that much in all, does not count against its budget (see `waitInLine`).
 */
export class Budget {
  readonly controller = new AbortController();
  readonly startedAt = Date.now();
  stale = false;
  /** The budget ran out (its signal was aborted for it) before the work settled. */
  expired = false;
  private readonly stopTimer: () => void;
  private readonly alarms = new Set<Alarm>();
  /** Requests of this interaction waiting in the line now, since when, and the time waited there so far. */
  private waiting = 0;
  private waitingSince = 0;
  private waitedMs = 0;
  /** The latest the deadline may be (Infinity until the answer could not be deferred). */
  private cap = Infinity;

  constructor(
    readonly budgetMs: number,
    /** The most this interaction's requests may wait in the deployment's line in all (0: none beyond its budget). */
    readonly lineWaitMs = 0,
  ) {
    this.stopTimer = this.armAt(0, () => {
      this.expired = true;
      this.controller.abort(new BudgetExceededError(budgetMs));
    });
  }

  /** When the budget ends (epoch ms): its time plus what it waited in the line (while a request waits there, the most it may). */
  get deadlineAt(): number {
    const waited = this.waiting > 0 ? this.lineWaitMs : Math.min(this.waitedMs, this.lineWaitMs);
    return Math.min(this.startedAt + this.budgetMs + waited, this.cap);
  }

  /** The latest the budget may end: its time plus the whole line wait. */
  get latestAt(): number {
    return this.startedAt + this.budgetMs + this.lineWaitMs;
  }

  /**
   * A request of this interaction starts waiting for its turn in the line: returns the latest its turn
   * may come (the line wait left), and `done` to call once the wait is over, whatever its outcome.
   * Undefined when the interaction has no line wait (its turn must come within its budget). With less
   * than `minAttemptMs` of its budget left (the wait so far counted), it gets no wait (its turn must come
   * now): a turn after a wait would leave it too little time for the request, so the line refuses it
   * at once, as it would without a wait.
   */
  waitInLine(minAttemptMs = 0): { waitUntil: number; done: () => void } | undefined {
    if (this.lineWaitMs <= 0) return undefined;
    const now = Date.now();
    const waitedMs = this.waitedMs + (this.waiting > 0 ? now - this.waitingSince : 0);
    const leftMs = Math.min(this.startedAt + this.budgetMs + Math.min(waitedMs, this.lineWaitMs), this.cap) - now;
    if (leftMs < minAttemptMs) return { waitUntil: now, done: () => undefined };
    if (this.waiting++ === 0) this.waitingSince = now;
    let ended = false;
    const done = (): void => {
      if (ended) return;
      ended = true;
      if (--this.waiting > 0) return;
      this.waitedMs += Date.now() - this.waitingSince;
      // The deadline moved back from its latest: the alarms follow it.
      for (const alarm of this.alarms) this.schedule(alarm);
    };
    return { waitUntil: now + Math.max(0, this.lineWaitMs - waitedMs), done };
  }

  /** Discord refused the deferral: the answer keeps Discord's 3 s, so no wait in the line (or anywhere) goes past them. */
  notDeferred(): void {
    this.cap = this.startedAt + DISCORD_FIRST_ANSWER_MS;
    for (const alarm of this.alarms) this.schedule(alarm);
  }

  /** Stops the budget's own timer (the work settled). */
  stop(): void {
    this.stopTimer();
  }

  /** Calls `fire` once `afterMs` past the deadline, wherever the deadline moves meanwhile; returns how to cancel it. */
  armAt(afterMs: number, fire: () => void): () => void {
    const alarm: Alarm = { afterMs, fire, timer: undefined };
    this.alarms.add(alarm);
    this.schedule(alarm);
    return () => {
      clearTimeout(alarm.timer);
      this.alarms.delete(alarm);
    };
  }

  private schedule(alarm: Alarm): void {
    clearTimeout(alarm.timer);
    const left = this.deadlineAt + alarm.afterMs - Date.now();
    alarm.timer = setTimeout(() => {
      if (Date.now() < this.deadlineAt + alarm.afterMs) {
        this.schedule(alarm);
        return;
      }
      this.alarms.delete(alarm);
      alarm.fire();
    }, Math.max(0, left));
  }
}

/** A call at a time past the deadline (armAt), scheduled again whenever the deadline moves. */
interface Alarm {
  afterMs: number;
  fire: () => void;
  timer: NodeJS.Timeout | undefined;
}

export function startBudget(budgetMs: number, lineWaitMs = 0): Budget {
  return new Budget(budgetMs, lineWaitMs);
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
  let stopHardDeadline: (() => void) | undefined;
  const deadline = new Promise<never>((_, reject) => {
    stopHardDeadline = budget.armAt(BUDGET_GRACE_MS, () => {
      budget.expired = true;
      budget.controller.abort(new BudgetExceededError(budget.budgetMs));
      reject(new BudgetExceededError(budget.budgetMs));
    });
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    budget.stop();
    stopHardDeadline?.();
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
  responder.arm(() => budget.notDeferred());
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
