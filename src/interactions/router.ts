// The one interaction router: finds the handler, builds its context, acknowledges in time and
// turns every failure into a clear ephemeral message. It never throws.

import {
  MessageFlags,
  type AutocompleteInteraction,
  type BaseInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  type MessageComponentInteraction,
} from 'discord.js';
import type { TokenSource } from '../service/token-source.js';
import type { AutocompleteChoice, BaseContext, BotDeps, ComponentHandler } from './context.js';
import type { SlashCommand, SubcommandHandler } from './command-types.js';
import { decodeCustomId, FieldReader } from './custom-id.js';
import { DEFAULT_DEFER_AFTER_MS, Responder } from './responder.js';
import { errorReply, NotLoggedInError } from './user-errors.js';
import type { Where, WhereTracker } from './where.js';
import { localeOf, translator, type Translator } from '../i18n/index.js';
import { finalizeMessage } from '../render/limits.js';
import { decodeUserId } from './invoker.js';
import type { UserRateLimits } from '../fairness/user-limits.js';
import { withLogScope, type Logger } from '../log/log.js';
import { readArguments } from './arguments.js';
import { countingUpstream } from './upstream-count.js';
import { answerWithinBudget, BUDGET_GRACE_MS, startBudget, type Budget } from './budget.js';
import { sanitizeChoices } from './autocomplete-choices.js';
import { optionNameIn } from './command-localizations.js';
import type { InteractionKind, InteractionOutcome, InteractionReport } from './outcome.js';
import { airingInTitleForm, lazyTitleForm, TitleCaches } from '../preferences/interaction-titles.js';
import type { TitleForm } from '../service/title-forms.js';
import { DEFAULT_AUTOCOMPLETE_BUDGET_MS, DEFAULT_COMMAND_BUDGET_MS, DEFAULT_COMPONENT_BUDGET_MS } from '../config/defaults.js';

export interface RouterOptions {
  deferAfterMs?: number;
  /** Time a slash command gets for all its service calls before the user is told the service is slow. */
  commandBudgetMs?: number;
  /** The same for buttons and select menus. */
  componentBudgetMs?: number;
  /** Time an autocomplete handler gets before the router answers with what it has. */
  autocompleteBudgetMs?: number;
  /** Per-user fairness for work that reaches the service; none = unlimited. */
  limits?: UserRateLimits;
  /** How interactions reach the bot; carried by every log line of an interaction. */
  transport?: 'gateway' | 'http';
  /** Told once per interaction when it is finished (metrics). Must not throw. */
  onFinished?: (report: InteractionReport) => void;
}

interface Handled {
  command: string;
  outcome: InteractionOutcome;
  responder?: Responder;
}

export interface DrainResult {
  /** Interactions that finished during the grace period. */
  finished: number;
  /** Interactions still running at its end; each was answered with a "restarting" message. */
  interrupted: number;
}

export function subcommandPath(interaction: ChatInputCommandInteraction | AutocompleteInteraction): string {
  const group = interaction.options.getSubcommandGroup(false);
  const sub = interaction.options.getSubcommand(false);
  return [group, sub].filter((p): p is string => Boolean(p)).join(' ');
}

export class InteractionRouter {
  private readonly commands = new Map<string, SlashCommand>();
  private readonly components = new Map<string, ComponentHandler>();
  private readonly deferAfterMs: number;
  private readonly autocompleteBudgetMs: number;
  private readonly limits: UserRateLimits | undefined;
  private readonly commandBudgetMs: number;
  private readonly componentBudgetMs: number;
  private readonly transport: 'gateway' | 'http';
  private readonly onFinished: ((report: InteractionReport) => void) | undefined;
  /** Autocomplete's recent suggestions, one cache per title form. */
  private readonly titleCaches: TitleCaches;
  private readonly inFlight = new Map<string, { responder: Responder | undefined; t: Translator; done: Promise<void> }>();
  private draining = false;

  constructor(
    commands: readonly SlashCommand[],
    components: readonly ComponentHandler[],
    private readonly deps: BotDeps,
    private readonly where: WhereTracker,
    options: RouterOptions = {},
  ) {
    for (const command of commands) this.commands.set(command.data.name, command);
    for (const component of components) {
      if (this.components.has(component.kind)) throw new Error(`duplicate component kind ${component.kind}`);
      this.components.set(component.kind, component);
    }
    this.deferAfterMs = options.deferAfterMs ?? DEFAULT_DEFER_AFTER_MS;
    this.autocompleteBudgetMs = options.autocompleteBudgetMs ?? DEFAULT_AUTOCOMPLETE_BUDGET_MS;
    this.commandBudgetMs = options.commandBudgetMs ?? DEFAULT_COMMAND_BUDGET_MS;
    this.componentBudgetMs = options.componentBudgetMs ?? DEFAULT_COMPONENT_BUDGET_MS;
    this.transport = options.transport ?? 'gateway';
    this.onFinished = options.onFinished;
    this.limits = options.limits;
    this.titleCaches = new TitleCaches(deps.titleCache, deps.now);
  }

  /** When the responder defers: at once for pictures; files never in HTTP's first answer. */
  private deferring(pictures: boolean | undefined): { deferAfterMs: number; deferAtOnce: boolean; filesInFirstAnswer: boolean } {
    return { deferAfterMs: this.deferAfterMs, deferAtOnce: pictures === true, filesInFirstAnswer: this.transport !== 'http' };
  }

  /** `work` on the user's budget unless it never reaches the service. */
  private limited<T>(kind: 'command' | 'autocomplete', userId: string, local: boolean | undefined, work: () => Promise<T>): Promise<T> {
    return this.limits && !local ? this.limits.run(kind, userId, work) : work();
  }

  /** False once shutdown began: new interactions get a short "restarting" answer and no work. */
  get accepting(): boolean {
    return !this.draining;
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /** Stops taking new interactions. */
  beginShutdown(): void {
    this.draining = true;
  }

  /**
   * Stops taking new interactions and waits up to `graceMs` for the running ones; those still
   * running then are answered with a clear message (their late answers are dropped).
   */
  async drain(graceMs: number): Promise<DrainResult> {
    this.beginShutdown();
    const running = [...this.inFlight.values()];
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.all(running.map((r) => r.done)), timeout]);
    clearTimeout(timer);
    const left = [...this.inFlight.values()];
    await Promise.allSettled(left.map((r) => r.responder?.abandon(errorReply(r.t, 'error.restarting'))));
    return { finished: running.length - left.length, interrupted: left.length };
  }

  async handle(interaction: Interaction): Promise<void> {
    if (this.draining) {
      await this.refuseWhileStopping(interaction);
      return;
    }
    let finish = (): void => undefined;
    const entry = {
      responder: undefined as Responder | undefined,
      t: translator(interaction.locale),
      done: new Promise<void>((resolve) => (finish = resolve)),
    };
    this.inFlight.set(interaction.id, entry);
    try {
      await this.dispatch(interaction, (responder) => (entry.responder = responder));
    } finally {
      this.inFlight.delete(interaction.id);
      finish();
    }
  }

  private async refuseWhileStopping(interaction: Interaction): Promise<void> {
    try {
      if (interaction.isAutocomplete()) await interaction.respond([]);
      else if (interaction.isRepliable()) await interaction.reply({ ...finalizeMessage(errorReply(translator(interaction.locale), 'error.restarting')), flags: MessageFlags.Ephemeral });
    } catch (error) {
      this.deps.log.info('could not answer an interaction during shutdown', { interactionId: interaction.id, error });
    }
  }

  private async dispatch(interaction: Interaction, track: (responder: Responder) => void): Promise<void> {
    const started = performance.now();
    const kind: InteractionKind | undefined = interaction.isChatInputCommand()
      ? 'command'
      : interaction.isAutocomplete()
        ? 'autocomplete'
        : interaction.isMessageComponent()
          ? 'component'
          : undefined;
    if (!kind) return;
    const log = this.deps.log.child({
      interactionId: interaction.id,
      command: commandLabel(interaction),
      transport: this.transport,
      userId: interaction.user.id,
    });
    await withLogScope(log, async () => {
      let handled: Handled = { command: 'unknown', outcome: 'failed' };
      let upstreamRequests = 0;
      try {
        const counted = await countingUpstream(async (): Promise<Handled> => {
          if (interaction.isChatInputCommand()) return this.handleCommand(interaction, log, track);
          if (interaction.isAutocomplete()) return this.handleAutocomplete(interaction, log, started);
          if (interaction.isMessageComponent()) return this.handleComponent(interaction, log, track);
          return handled;
        });
        handled = counted.value;
        upstreamRequests = counted.requests;
        log.debug('interaction answered', { outcome: handled.outcome, ms: Math.round(performance.now() - started) });
      } catch (error) {
        // Reaching here means even the error reply failed (e.g. the interaction expired).
        handled = { ...handled, outcome: 'failed' };
        log.error('interaction failed', { error });
      }
      this.report(kind, handled, started, upstreamRequests);
    });
  }

  private report(kind: InteractionKind, handled: Handled, started: number, upstreamRequests: number): void {
    if (!this.onFinished) return;
    const firstAt = handled.responder ? handled.responder.firstResponseAt : handled.outcome === 'failed' ? undefined : performance.now();
    try {
      this.onFinished({
        kind,
        command: handled.command,
        outcome: handled.outcome,
        firstResponseMs: firstAt === undefined ? undefined : firstAt - started,
        totalMs: performance.now() - started,
        upstreamRequests,
      });
    } catch {
      // Observers must not break interactions.
    }
  }

  /** The title form an interaction shows works in: its person's preference, read once on first use. */
  private titleFormOf(interaction: BaseInteraction, log: Logger): () => Promise<TitleForm> {
    const who = { userId: interaction.user.id, guildId: interaction.guildId ?? undefined };
    return lazyTitleForm(this.deps.preferences, who, (error) => log.warn('the title preference could not be read; main titles shown', { error }));
  }

  /**
   * The context of one interaction: every service call it makes is bound to its budget, and every
   * work it reads (service, airing titles) comes in the title form its person reads.
   */
  private baseContext(interaction: BaseInteraction, log: Logger, budget: Budget, titleForm = this.titleFormOf(interaction, log)): BaseContext {
    const userId = interaction.user.id;
    const where: Where = this.where.take(interaction.id, { inGuild: interaction.inGuild() });
    const { accounts } = this.deps;
    const service = this.deps.service.scoped({
      signal: budget.controller.signal,
      deadlineAt: budget.deadlineAt,
      priority: interaction.isAutocomplete() ? 'autocomplete' : 'interactive',
      person: userId,
      onStale: () => {
        budget.stale = true;
      },
      titleForm,
    });
    let viewer: Promise<TokenSource | undefined> | undefined;
    const viewerAuth = (): Promise<TokenSource | undefined> =>
      (viewer ??= accounts.linkedAs(userId).then((name) => (name === undefined ? undefined : accounts.tokenSource(userId))));
    const guildLocale = 'guildLocale' in interaction && typeof interaction.guildLocale === 'string' ? localeOf(interaction.guildLocale) : undefined;
    return {
      userId,
      ...(interaction.guildId !== null ? { guildId: interaction.guildId } : {}),
      t: translator(interaction.locale),
      ...(guildLocale !== undefined ? { guildLocale } : {}),
      where,
      deps: { ...this.deps, log, service, airing: airingInTitleForm(this.deps.airing, titleForm) },
      signal: budget.controller.signal,
      deadlineAt: budget.deadlineAt,
      viewerAuth,
      requireAuth: async () => {
        const auth = await viewerAuth();
        if (!auth) throw new NotLoggedInError();
        return auth;
      },
    };
  }

  private async handleCommand(interaction: ChatInputCommandInteraction, log: Logger, track: (responder: Responder) => void): Promise<Handled> {
    const path = subcommandPath(interaction);
    const handler: SubcommandHandler | undefined = this.commands.get(interaction.commandName)?.handlers[path];
    const responder = new Responder(
      interaction,
      { mode: 'reply', ephemeral: handler?.ephemeral ?? true, ...this.deferring(handler?.pictures) },
      log,
    );
    track(responder);
    if (!handler) {
      await responder.notice(errorReply(translator(interaction.locale), 'error.unknownCommand'));
      return { command: 'unknown', outcome: 'unknown', responder };
    }
    const budget = startBudget(this.commandBudgetMs);
    const ctx = { ...this.baseContext(interaction, log, budget), interaction };
    const command = `${interaction.commandName} ${path}`.trim();
    const optionName = (option: string): string => optionNameIn(ctx.t.locale, command, option);
    const outcome = await this.run(responder, budget, () => this.limited('command', ctx.userId, handler.local, () => handler.run(ctx, readArguments(interaction.options.data))), log, ctx, optionName);
    return { command, outcome, responder };
  }

  private async handleComponent(interaction: MessageComponentInteraction, log: Logger, track: (responder: Responder) => void): Promise<Handled> {
    const { kind, fields } = decodeCustomId(interaction.customId);
    const handler = this.components.get(kind);
    const responder = new Responder(
      interaction,
      { mode: handler?.mode === 'update' ? 'update' : 'reply', ephemeral: handler?.mode !== 'reply', ...this.deferring(handler?.pictures) },
      log,
    );
    track(responder);
    if (!handler) {
      await responder.notice(errorReply(translator(interaction.locale), 'error.unsupportedButton'));
      return { command: 'unknown', outcome: 'unknown', responder };
    }
    if (handler.invokerField !== undefined) {
      const invoker = decodeUserId(fields[handler.invokerField] ?? '');
      if (invoker !== interaction.user.id) {
        await responder.notice(errorReply(translator(interaction.locale), 'error.notYourCommand'));
        return { command: kind, outcome: 'refused', responder };
      }
    }
    const budget = startBudget(this.componentBudgetMs);
    const ctx = {
      ...this.baseContext(interaction, log, budget),
      interaction,
      values: interaction.isStringSelectMenu() ? interaction.values : [],
    };
    const outcome = await this.run(responder, budget, () => this.limited('command', ctx.userId, handler.local, () => handler.run(ctx, new FieldReader(fields))), log, ctx);
    return { command: kind, outcome, responder };
  }

  private async run(
    responder: Responder,
    budget: Budget,
    work: () => Promise<Parameters<Responder['send']>[0]>,
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
      const notice = await this.deps.pendingNotice?.(ctx.userId, ctx.t);
      if (notice) await responder.followUpPrivately(notice);
    } catch (error) {
      log.warn('could not show a pending notice', { error });
    }
  }

  private async handleAutocomplete(interaction: AutocompleteInteraction, log: Logger, started: number): Promise<Handled> {
    const path = subcommandPath(interaction);
    const handler = this.commands.get(interaction.commandName)?.handlers[path];
    const focused = interaction.options.getFocused(true);
    if (!handler?.autocomplete) {
      await interaction.respond([]);
      return { command: 'unknown', outcome: 'unknown' };
    }
    const command = `${interaction.commandName} ${path}`.trim();
    const budget = startBudget(this.autocompleteBudgetMs);
    // Suggestions are named in the person's title form, so its cache is chosen before the handler runs.
    const titleForm = this.titleFormOf(interaction, log);
    const base = this.baseContext(interaction, log, budget, titleForm);
    const ctx = {
      ...base,
      deps: { ...base.deps, titleCache: this.titleCaches.of(await titleForm()) },
      interaction,
      focused: { name: focused.name, value: String(focused.value) },
    };
    // The handler is asked to stop at the budget and answer from what it has; the hard deadline
    // after that guarantees an answer even if it does not.
    let hardDeadline: NodeJS.Timeout | undefined;
    const deadline = new Promise<AutocompleteChoice[]>((resolve) => {
      hardDeadline = setTimeout(() => resolve([]), this.autocompleteBudgetMs + BUDGET_GRACE_MS);
    });
    let choices: AutocompleteChoice[];
    let outcome: InteractionOutcome = 'ok';
    try {
      const autocomplete = handler.autocomplete.bind(handler);
      choices = await Promise.race([this.limited('autocomplete', ctx.userId, false, () => autocomplete(ctx)), deadline]);
    } catch (error) {
      log.info('autocomplete failed', { error });
      choices = [];
      outcome = 'error';
    } finally {
      clearTimeout(budget.timer);
      clearTimeout(hardDeadline);
      budget.controller.abort();
    }
    if (outcome === 'ok' && performance.now() - started >= this.autocompleteBudgetMs) outcome = 'timeout';
    await interaction.respond(sanitizeChoices(choices));
    return { command, outcome };
  }
}

/** Command path or component kind, for log lines (before the handler is looked up). */
function commandLabel(interaction: Interaction): string {
  if (interaction.isChatInputCommand() || interaction.isAutocomplete()) {
    return `${interaction.commandName} ${subcommandPath(interaction)}`.trim();
  }
  if (interaction.isMessageComponent()) return interaction.customId.split('|', 1)[0] ?? '';
  return '';
}


