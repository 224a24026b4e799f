// The one interaction router: finds the handler, builds its context (context-factory.ts), runs it
// through the one run step (run-step.ts: declared rules, option values, the user's budget, the
// deadline), acknowledges in time and turns every failure into a clear ephemeral message. It tracks
// what is in flight for shutdown (in-flight.ts). It never throws. A modal submit goes as a component.

import {
  MessageFlags,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  type MessageComponentInteraction,
  type ModalSubmitInteraction,
} from 'discord.js';
import type { AutocompleteChoice, AutocompleteContext, BotDeps, CommandContext, ComponentContext, ComponentHandler } from './context.js';
import type { ArgumentValues, SlashCommand, SubcommandHandler } from './command-types.js';
import { FieldReader } from './custom-id.js';
import { decodeCustomId } from '../render/custom-ids.js';
import { DEFAULT_DEFER_AFTER_MS, Responder } from './responder.js';
import { BudgetExceededError, errorReply } from './user-errors.js';
import type { WhereTracker } from './where.js';
import { translator } from '../i18n/index.js';
import { finalizeMessage, type RenderedMessage } from '../render/limits.js';
import { decodeUserId } from '../render/user-ids.js';
import type { UserRateLimits } from '../store/request-line/user-limits.js';
import { withLogScope, type Logger } from '../log/log.js';
import { answersPrivately, readArguments } from './arguments.js';
import { countingUpstream } from './upstream-count.js';
import { startBudget } from './deadline.js';
import { sanitizeChoices } from './autocomplete-choices.js';
import { choiceNamesIn, commandNameIn, optionNameIn } from './command-localizations.js';
import { reportOutcome, type InteractionKind, type InteractionOutcome, type InteractionReport } from './outcome.js';
import { TitleCaches } from '../preferences/interaction-titles.js';
import { DEFAULT_AUTOCOMPLETE_BUDGET_MS, DEFAULT_COMMAND_BUDGET_MS, DEFAULT_COMPONENT_BUDGET_MS, DEFAULT_DEFERRED_LINE_WAIT_MS, DEFAULT_LONG_COMMAND_BUDGET_MS } from '../config/defaults.js';
import { ContextFactory } from './context-factory.js';
import { InFlight, type DrainResult } from './in-flight.js';
import { checkArguments, optionsAt } from './option-checks.js';
import { placeAllows, type Rules } from './rules.js';
import { RunStep } from './run-step.js';
import { commandLabel, subcommandPath } from './interaction-paths.js';
export type { DrainResult } from './in-flight.js';
export { subcommandPath } from './interaction-paths.js';

export interface RouterOptions {
  deferAfterMs?: number;
  /** Time a slash command gets for all its service calls before the user is told the service is slow. */
  commandBudgetMs?: number;
  /** The same for a long command (`long: true`, e.g. a list export; DEFAULT_LONG_COMMAND_BUDGET_MS). */
  longCommandBudgetMs?: number;
  /** The same for buttons and select menus. */
  componentBudgetMs?: number;
  /** Time an autocomplete handler gets before the router answers with what it has. */
  autocompleteBudgetMs?: number;
  /** How long a (not long) command's or a button's requests may wait in the shared line beyond its budget, deferred (DEFERRED_LINE_WAIT_MS). */
  deferredLineWaitMs?: number;
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

export class InteractionRouter {
  private readonly commands = new Map<string, SlashCommand>();
  private readonly components = new Map<string, ComponentHandler>();
  private readonly deferAfterMs: number;
  private readonly autocompleteBudgetMs: number;
  private readonly commandBudgetMs: number;
  private readonly longCommandBudgetMs: number;
  private readonly componentBudgetMs: number;
  private readonly deferredLineWaitMs: number;
  private readonly transport: 'gateway' | 'http';
  private readonly onFinished: ((report: InteractionReport) => void) | undefined;
  /** Autocomplete's recent suggestions, one cache per title form. */
  private readonly titleCaches: TitleCaches;
  private readonly contexts: ContextFactory;
  private readonly step: RunStep;
  private readonly inFlight = new InFlight();
  private draining = false;

  constructor(
    commands: readonly SlashCommand[],
    components: readonly ComponentHandler[],
    private readonly deps: BotDeps,
    where: WhereTracker,
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
    this.longCommandBudgetMs = options.longCommandBudgetMs ?? DEFAULT_LONG_COMMAND_BUDGET_MS;
    this.componentBudgetMs = options.componentBudgetMs ?? DEFAULT_COMPONENT_BUDGET_MS;
    this.deferredLineWaitMs = options.deferredLineWaitMs ?? DEFAULT_DEFERRED_LINE_WAIT_MS;
    this.transport = options.transport ?? 'gateway';
    this.onFinished = options.onFinished;
    this.titleCaches = new TitleCaches(deps.titleCache, deps.now);
    this.contexts = new ContextFactory(deps, where);
    this.step = new RunStep(options.limits, deps.pendingNotice);
  }

  /** When the responder defers: at once for pictures; files never in HTTP's first answer. */
  private deferring(pictures: boolean | undefined): { deferAfterMs: number; deferAtOnce: boolean; filesInFirstAnswer: boolean } {
    return { deferAfterMs: this.deferAfterMs, deferAtOnce: pictures === true, filesInFirstAnswer: this.transport !== 'http' };
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
    return this.inFlight.drain(graceMs);
  }

  async handle(interaction: Interaction): Promise<void> {
    if (this.draining) {
      await this.refuseWhileStopping(interaction);
      return;
    }
    await this.inFlight.track(interaction, (track) => this.dispatch(interaction, track));
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
        : interaction.isMessageComponent() || interaction.isModalSubmit()
          ? 'component'
          : undefined;
    if (!kind) return;
    const log = this.deps.log.child({ interactionId: interaction.id, command: commandLabel(interaction), transport: this.transport, userId: interaction.user.id });
    await withLogScope(log, async () => {
      let handled: Handled = { command: 'unknown', outcome: 'failed' };
      let upstreamRequests = 0;
      try {
        const counted = await countingUpstream(async (): Promise<Handled> => {
          if (interaction.isChatInputCommand()) return this.handleCommand(interaction, log, track);
          if (interaction.isAutocomplete()) return this.handleAutocomplete(interaction, log, started);
          if (interaction.isMessageComponent() || interaction.isModalSubmit()) return this.handleComponent(interaction, log, track);
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
      reportOutcome(this.onFinished, { kind, ...handled }, started, upstreamRequests);
    });
  }

  private async handleCommand(interaction: ChatInputCommandInteraction, log: Logger, track: (responder: Responder) => void): Promise<Handled> {
    const path = subcommandPath(interaction);
    const command = this.commands.get(interaction.commandName);
    const handler: SubcommandHandler | undefined = command?.handlers[path];
    const args = readArguments(interaction.options.data);
    const responder = new Responder(
      interaction,
      { mode: 'reply', ephemeral: answersPrivately(handler, args), ...this.deferring(handler?.pictures === true || handler?.long === true) },
      log,
    );
    track(responder);
    if (!command || !handler) {
      await responder.notice(errorReply(translator(interaction.locale), 'error.unknownCommand'));
      return { command: 'unknown', outcome: 'unknown', responder };
    }
    const budget = handler.long === true ? startBudget(this.longCommandBudgetMs) : startBudget(this.commandBudgetMs, this.deferredLineWaitMs);
    const base = this.contexts.base(interaction, log, budget);
    const label = `${interaction.commandName} ${path}`.trim();
    const locale = base.t.locale;
    const options = optionsAt(command.data, path);
    // The checks guarantee what the handler's declared rules promise its context (a server, a token).
    const run = handler.run as (ctx: CommandContext, args: ArgumentValues) => Promise<RenderedMessage>;
    const work = this.step.work(interaction, base, {
      bucket: 'command',
      local: handler.local,
      rules: handler,
      label: `\`${commandNameIn(locale, label)}\``,
      checkValues: () => checkArguments(options, args, (option, values) => choiceNamesIn(locale, label, options, option, values)),
      run: (checked) => run({ ...base, ...checked, interaction, progress: (message) => responder.progress(message) }, args),
    });
    const optionName = (option: string): string => optionNameIn(locale, label, option);
    const outcome = await this.step.answer(responder, budget, work, log, base, optionName);
    return { command: label, outcome, responder };
  }

  private async handleComponent(interaction: MessageComponentInteraction | ModalSubmitInteraction, log: Logger, track: (responder: Responder) => void): Promise<Handled> {
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
    const budget = startBudget(this.componentBudgetMs, this.deferredLineWaitMs);
    const base = this.contexts.base(interaction, log, budget);
    const values = interaction.isModalSubmit() ? interaction.fields.fields.map((f) => ('value' in f && typeof f.value === 'string' ? f.value : '')) : interaction.isStringSelectMenu() ? interaction.values : [];
    const run = handler.run as (ctx: ComponentContext, fields: FieldReader) => Promise<RenderedMessage>;
    const work = this.step.work(interaction, base, {
      bucket: 'command',
      local: handler.local,
      rules: (): Rules => (handler.linkedOf?.(new FieldReader(fields)) === true ? { ...(handler as Rules), linked: true } : handler),
      run: (checked) => run({ ...base, ...checked, interaction, values }, new FieldReader(fields)),
    });
    const outcome = await this.step.answer(responder, budget, work, log, base);
    return { command: kind, outcome, responder };
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
    const titleForm = this.contexts.titleFormOf(interaction, log);
    const base = this.contexts.base(interaction, log, budget, titleForm);
    if (!placeAllows(handler, base)) {
      budget.stop();
      await interaction.respond([]);
      return { command, outcome: 'refused' };
    }
    const ctx = {
      ...base,
      deps: { ...base.deps, titleCache: this.titleCaches.of(await titleForm()) },
      interaction,
      focused: { name: focused.name, value: String(focused.value) },
    };
    const autocomplete = handler.autocomplete as (ctx: AutocompleteContext) => Promise<AutocompleteChoice[]>;
    let choices: AutocompleteChoice[] = [];
    let outcome: InteractionOutcome = 'ok';
    try {
      // The place was checked above; suggestions need no permission or login to be offered.
      choices = await this.step.withinDeadline(budget, interaction, ctx, { bucket: 'autocomplete', rules: {}, run: () => autocomplete(ctx) });
    } catch (error) {
      // At the hard deadline the router answers with what it has: nothing.
      if (!(error instanceof BudgetExceededError)) {
        log.info('autocomplete failed', { error });
        outcome = 'error';
      }
    }
    if (outcome === 'ok' && performance.now() - started >= this.autocompleteBudgetMs) outcome = 'timeout';
    await interaction.respond(sanitizeChoices(choices));
    return { command, outcome };
  }
}
