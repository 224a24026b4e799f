// The one interaction router: finds the handler, builds its context, acknowledges in time and
// turns every failure into a clear ephemeral message. It never throws.

import type {
  AutocompleteInteraction,
  BaseInteraction,
  ChatInputCommandInteraction,
  Interaction,
  MessageComponentInteraction,
} from 'discord.js';
import type { TokenSource } from '../service/token-source.js';
import type {
  AutocompleteChoice,
  BaseContext,
  BotDeps,
  ComponentHandler,
  SlashCommand,
  SubcommandHandler,
} from './context.js';
import { decodeCustomId, FieldReader } from './custom-id.js';
import { DEFAULT_DEFER_AFTER_MS, Responder } from './responder.js';
import { describeError, NotLoggedInError } from './user-errors.js';
import type { Where, WhereTracker } from './where.js';
import { errorMessage } from './render/messages.js';
import { clipPlain } from './render/text.js';
import { decodeUserId } from './invoker.js';
import type { UserRateLimits } from '../fairness/user-limits.js';

export interface RouterOptions {
  deferAfterMs?: number;
  /** Time an autocomplete handler gets before the router answers with what it has. */
  autocompleteBudgetMs?: number;
  /** Per-user fairness for work that reaches the service; none = unlimited. */
  limits?: UserRateLimits;
}

const AUTOCOMPLETE_MAX_CHOICES = 25;
const CHOICE_TEXT_MAX = 100;

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
    this.autocompleteBudgetMs = options.autocompleteBudgetMs ?? 1_500;
    this.limits = options.limits;
  }

  /** `work` on the user's budget unless it never reaches the service. */
  private limited<T>(kind: 'command' | 'autocomplete', userId: string, local: boolean | undefined, work: () => Promise<T>): Promise<T> {
    return this.limits && !local ? this.limits.run(kind, userId, work) : work();
  }

  async handle(interaction: Interaction): Promise<void> {
    try {
      if (interaction.isChatInputCommand()) await this.handleCommand(interaction);
      else if (interaction.isAutocomplete()) await this.handleAutocomplete(interaction);
      else if (interaction.isMessageComponent()) await this.handleComponent(interaction);
    } catch (error) {
      // Reaching here means even the error reply failed (e.g. the interaction expired).
      this.deps.log.error('interaction failed', { interactionId: interaction.id, userId: interaction.user.id, error });
    }
  }

  private baseContext(interaction: BaseInteraction): BaseContext {
    const userId = interaction.user.id;
    const where: Where = this.where.take(interaction.id, { inGuild: interaction.inGuild() });
    const { accounts } = this.deps;
    let viewer: Promise<TokenSource | undefined> | undefined;
    const viewerAuth = (): Promise<TokenSource | undefined> =>
      (viewer ??= accounts.linkedAs(userId).then((name) => (name === undefined ? undefined : accounts.tokenSource(userId))));
    return {
      userId,
      where,
      deps: this.deps,
      viewerAuth,
      requireAuth: async () => {
        const auth = await viewerAuth();
        if (!auth) throw new NotLoggedInError();
        return auth;
      },
    };
  }

  private async handleCommand(interaction: ChatInputCommandInteraction): Promise<void> {
    const path = subcommandPath(interaction);
    const handler: SubcommandHandler | undefined = this.commands.get(interaction.commandName)?.handlers[path];
    const responder = new Responder(
      interaction,
      { mode: 'reply', ephemeral: handler?.ephemeral ?? true, deferAfterMs: this.deferAfterMs },
      this.deps.log,
    );
    if (!handler) {
      await responder.notice(
        errorMessage('Unknown command', 'This command is not known to the bot. The admin may need to run `npm run deploy-commands`.'),
      );
      return;
    }
    const ctx = { ...this.baseContext(interaction), interaction };
    await this.run(responder, () => this.limited('command', ctx.userId, handler.local, () => handler.run(ctx)), { command: `${interaction.commandName} ${path}`.trim(), interaction });
  }

  private async handleComponent(interaction: MessageComponentInteraction): Promise<void> {
    const { kind, fields } = decodeCustomId(interaction.customId);
    const handler = this.components.get(kind);
    const responder = new Responder(
      interaction,
      { mode: handler?.mode === 'update' ? 'update' : 'reply', ephemeral: handler?.mode !== 'reply', deferAfterMs: this.deferAfterMs },
      this.deps.log,
    );
    if (!handler) {
      await responder.notice(errorMessage('Outdated button', 'This button is no longer supported. Run the command again.'));
      return;
    }
    if (handler.invokerField !== undefined) {
      const invoker = decodeUserId(fields[handler.invokerField] ?? '');
      if (invoker !== interaction.user.id) {
        await responder.notice(
          errorMessage('Not your command', 'Only the person who ran this command can use these controls. Run the command yourself to browse.'),
        );
        return;
      }
    }
    const ctx = {
      ...this.baseContext(interaction),
      interaction,
      values: interaction.isStringSelectMenu() ? interaction.values : [],
    };
    await this.run(responder, () => this.limited('command', ctx.userId, handler.local, () => handler.run(ctx, new FieldReader(fields))), {
      component: kind,
      interaction,
    });
  }

  private async run(
    responder: Responder,
    work: () => Promise<Parameters<Responder['send']>[0]>,
    about: { interaction: BaseInteraction } & Record<string, unknown>,
  ): Promise<void> {
    const { interaction, ...context } = about;
    const logContext = { ...context, interactionId: interaction.id, userId: interaction.user.id };
    responder.arm();
    let message;
    try {
      message = await work();
    } catch (error) {
      const described = describeError(error);
      if (described.unexpected) this.deps.log.error('handler failed', { ...logContext, error });
      else this.deps.log.info('handler answered with an error', { ...logContext, error: described.title });
      await responder.sendError(errorMessage(described.title, described.text));
      return;
    }
    try {
      await responder.send(message);
    } catch (error) {
      // The answer itself was refused (e.g. Discord rejected it): still tell the user, privately.
      this.deps.log.error('could not send the answer', { ...logContext, error });
      const described = describeError(error);
      await responder.sendError(errorMessage(described.title, described.text));
    }
  }

  private async handleAutocomplete(interaction: AutocompleteInteraction): Promise<void> {
    const path = subcommandPath(interaction);
    const handler = this.commands.get(interaction.commandName)?.handlers[path];
    const focused = interaction.options.getFocused(true);
    if (!handler?.autocomplete) {
      await interaction.respond([]);
      return;
    }
    const controller = new AbortController();
    const ctx = {
      ...this.baseContext(interaction),
      interaction,
      focused: { name: focused.name, value: String(focused.value) },
      signal: controller.signal,
    };
    // The handler is asked to stop at the budget and answer from what it has; the hard deadline
    // after that guarantees an answer even if it does not.
    const budget = setTimeout(() => controller.abort(), this.autocompleteBudgetMs);
    let hardDeadline: NodeJS.Timeout | undefined;
    const deadline = new Promise<AutocompleteChoice[]>((resolve) => {
      hardDeadline = setTimeout(() => resolve([]), this.autocompleteBudgetMs + 300);
    });
    let choices: AutocompleteChoice[];
    try {
      const autocomplete = handler.autocomplete.bind(handler);
      choices = await Promise.race([this.limited('autocomplete', ctx.userId, false, () => autocomplete(ctx)), deadline]);
    } catch (error) {
      this.deps.log.info('autocomplete failed', { command: interaction.commandName, error });
      choices = [];
    } finally {
      clearTimeout(budget);
      clearTimeout(hardDeadline);
    }
    await interaction.respond(sanitizeChoices(choices));
  }
}

export function sanitizeChoices(choices: readonly AutocompleteChoice[]): AutocompleteChoice[] {
  const seen = new Set<string>();
  const out: AutocompleteChoice[] = [];
  for (const choice of choices) {
    const name = choice.name.trim();
    if (!name || !choice.value || choice.value.length > CHOICE_TEXT_MAX || seen.has(choice.value)) continue;
    seen.add(choice.value);
    out.push({ name: clipPlain(name, CHOICE_TEXT_MAX), value: choice.value });
    if (out.length === AUTOCOMPLETE_MAX_CHOICES) break;
  }
  return out;
}
