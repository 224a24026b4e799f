// The one step every handler runs through, command, component or autocomplete: the checks it
// declared (rules, option values) before it runs, then the handler on the user's budget of requests,
// within the interaction's deadline (`withinDeadline`, deadline.ts).

import type { BaseInteraction } from 'discord.js';
import type { UserRateLimits } from '../store/request-line/user-limits.js';
import { answerWithinBudget, withinDeadline, type Budget } from './deadline.js';
import type { Translator } from '../i18n/index.js';
import type { Logger } from '../log/log.js';
import type { RenderedMessage } from '../render/limits.js';
import type { InteractionOutcome } from './outcome.js';
import type { Responder } from './responder.js';
import type { BaseContext } from './context.js';
import { checkRules, type Rules } from './rules.js';

/** What the declared rules established: the server's id, the user's token. */
export type Checked = Awaited<ReturnType<typeof checkRules>>;

export interface Step<T> {
  /** Which of the user's budgets the handler draws on. */
  bucket: 'command' | 'autocomplete';
  /** Never reaches the service: not counted against the user's budget. */
  local?: boolean | undefined;
  rules: Rules;
  /** What refusals name: the command as the user's picker shows it, or none (a component). */
  label?: string;
  /** Checks of the values the handler receives (a command's options), after the rules. */
  checkValues?: () => void;
  run: (checked: Checked) => Promise<T>;
}

export class RunStep {
  constructor(
    private readonly limits: UserRateLimits | undefined,
    /** A private message to show a user after answering them, at most once (BotDeps.pendingNotice). */
    private readonly pendingNotice?: (userId: string, t: Translator) => Promise<RenderedMessage | undefined>,
  ) {}

  /** Answers with the work within its budget (a command's or a component's), then with a pending notice, if any. */
  async answer(
    responder: Responder,
    budget: Budget,
    work: () => Promise<RenderedMessage>,
    log: Logger,
    ctx: BaseContext,
    optionName?: (option: string) => string,
  ): Promise<InteractionOutcome> {
    const outcome = await answerWithinBudget(responder, budget, work, log, ctx.t, optionName);
    if (outcome === 'ok') await this.sendPendingNotice(responder, ctx, log);
    return outcome;
  }

  private async sendPendingNotice(responder: Responder, ctx: BaseContext, log: Logger): Promise<void> {
    try {
      const notice = await this.pendingNotice?.(ctx.userId, ctx.t);
      if (notice) await responder.followUpPrivately(notice);
    } catch (error) {
      log.warn('could not show a pending notice', { error });
    }
  }

  /** The handler's work as one function: checks, then the handler (rate-limited unless local). */
  work<T>(interaction: BaseInteraction, ctx: BaseContext, step: Step<T>): () => Promise<T> {
    return async () => {
      const subject = { ...ctx, memberPermissions: interaction.memberPermissions };
      const checked = await checkRules(step.rules, subject, step.label);
      step.checkValues?.();
      const run = () => step.run(checked);
      return this.limits && step.local !== true ? this.limits.run(step.bucket, ctx.userId, run) : run();
    };
  }

  /** The same work within the budget's deadline (autocomplete: the caller answers with what it gets). */
  withinDeadline<T>(budget: Budget, interaction: BaseInteraction, ctx: BaseContext, step: Step<T>): Promise<T> {
    return withinDeadline(budget, this.work(interaction, ctx, step));
  }
}
