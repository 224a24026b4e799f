// Helpers for writing slash command definitions as plain typed data.

import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandChannelOption,
  type APIApplicationCommandOptionChoice,
  type APIApplicationCommandSubcommandGroupOption,
  type APIApplicationCommandSubcommandOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { humanize } from '../render/text.js';
import type { CommandParts, CommandShape, DefinedCommand, HandlersOf, SlashCommand } from './command-types.js';

type TopOption = APIApplicationCommandBasicOption | APIApplicationCommandSubcommandOption | APIApplicationCommandSubcommandGroupOption;

/** An option whose name, kind and `required` are kept in its type, so handlers' arguments derive from it. */
type Typed<N extends string, T extends ApplicationCommandOptionType, R extends boolean> = APIApplicationCommandBasicOption & {
  readonly name: N;
  readonly type: T;
  readonly required: R;
};

type TypedSubcommand<N extends string, O extends APIApplicationCommandBasicOption[]> = Omit<APIApplicationCommandSubcommandOption, 'name' | 'type' | 'options'> & {
  readonly name: N;
  readonly type: ApplicationCommandOptionType.Subcommand;
  readonly options: O;
};

type TypedGroup<N extends string, S extends APIApplicationCommandSubcommandOption[]> = Omit<APIApplicationCommandSubcommandGroupOption, 'name' | 'type' | 'options'> & {
  readonly name: N;
  readonly type: ApplicationCommandOptionType.SubcommandGroup;
  readonly options: S;
};

type TypedCommand<N extends string, O extends TopOption[]> = Omit<RESTPostAPIChatInputApplicationCommandsJSONBody, 'name' | 'options'> & {
  readonly name: N;
  readonly options: O;
};

/** Usable in servers, in DMs with the bot and in private channels; installable to servers and to users. */
export function slashCommand<const N extends string>(name: N, description: string): TypedCommand<N, []>;
export function slashCommand<const N extends string, const O extends TopOption[]>(name: N, description: string, options: O): TypedCommand<N, O>;
export function slashCommand<const N extends string, const O extends TopOption[]>(name: N, description: string, options?: O): TypedCommand<N, O> {
  return {
    type: ApplicationCommandType.ChatInput,
    name,
    description,
    options: options ?? ([] as unknown as O),
    contexts: [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel],
    integration_types: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
  };
}

/**
 * A command's definition with one handler per subcommand path, typed from the definition, and, when
 * its messages carry buttons, menus or paged lists, those (`parts`, before the handlers): the registry
 * collects them from the commands (commands/components/shared.ts).
 */
export function defineCommand<const D extends RESTPostAPIChatInputApplicationCommandsJSONBody & CommandShape>(data: D, handlers: NoInfer<HandlersOf<D>>): DefinedCommand<D>;
export function defineCommand<const D extends RESTPostAPIChatInputApplicationCommandsJSONBody & CommandShape>(data: D, parts: CommandParts, handlers: NoInfer<HandlersOf<D>>): DefinedCommand<D>;
export function defineCommand<const D extends RESTPostAPIChatInputApplicationCommandsJSONBody & CommandShape>(data: D, first: unknown, second?: unknown): DefinedCommand<D> {
  const [parts, handlers] = second === undefined ? [{}, first] : [first as CommandParts, second];
  // Erased for the registry: the router reads each subcommand's arguments from the same definition.
  return { data, handlers: handlers as SlashCommand['handlers'], ...parts };
}

export function subcommand<const N extends string>(name: N, description: string): TypedSubcommand<N, []>;
export function subcommand<const N extends string, const O extends APIApplicationCommandBasicOption[]>(name: N, description: string, options: O): TypedSubcommand<N, O>;
export function subcommand<const N extends string, const O extends APIApplicationCommandBasicOption[]>(name: N, description: string, options?: O): TypedSubcommand<N, O> {
  return { type: ApplicationCommandOptionType.Subcommand, name, description, options: options ?? ([] as unknown as O) };
}

export function group<const N extends string, const S extends APIApplicationCommandSubcommandOption[]>(
  name: N,
  description: string,
  options: S,
): TypedGroup<N, S> {
  return { type: ApplicationCommandOptionType.SubcommandGroup, name, description, options };
}

/** Options listed as a tuple, so a command built from parts keeps each option's type. */
export function optionList<const O extends TopOption[]>(...options: O): O {
  return options;
}

export function stringOption<const N extends string, const R extends boolean = false, const C extends string = string>(
  name: N,
  description: string,
  o: {
    required?: R;
    autocomplete?: boolean;
    minLength?: number;
    maxLength?: number;
    /** Plain values (shown humanized) or explicit name/value pairs; the handler's argument is typed as one of them. */
    choices?: readonly (C | (APIApplicationCommandOptionChoice<string> & { value: C }))[];
  } = {},
): Typed<N, ApplicationCommandOptionType.String, R> & { readonly choiceValue?: C } {
  const base = {
    type: ApplicationCommandOptionType.String as const,
    name,
    description,
    required: (o.required ?? false) as R,
    ...(o.minLength !== undefined ? { min_length: o.minLength } : {}),
    ...(o.maxLength !== undefined ? { max_length: o.maxLength } : {}),
  };
  if (o.autocomplete) return { ...base, autocomplete: true };
  if (o.choices) {
    const choices = o.choices.map((c) => (typeof c === 'string' ? { name: humanize(c), value: c } : c));
    return { ...base, choices };
  }
  return base;
}

export function integerOption<const N extends string, const R extends boolean = false>(
  name: N,
  description: string,
  o: { required?: R; min?: number; max?: number } = {},
): Typed<N, ApplicationCommandOptionType.Integer, R> {
  return {
    type: ApplicationCommandOptionType.Integer,
    name,
    description,
    required: (o.required ?? false) as R,
    ...(o.min !== undefined ? { min_value: o.min } : {}),
    ...(o.max !== undefined ? { max_value: o.max } : {}),
  };
}

export function booleanOption<const N extends string, const R extends boolean = false>(
  name: N,
  description: string,
  required?: R,
): Typed<N, ApplicationCommandOptionType.Boolean, R> {
  return { type: ApplicationCommandOptionType.Boolean, name, description, required: (required ?? false) as R };
}

export function namedChoices<T extends string>(values: readonly T[], names: Record<T, string>): (APIApplicationCommandOptionChoice<string> & { value: T })[] {
  return values.map((value) => ({ name: names[value], value }));
}

export function channelOption<const N extends string, const R extends boolean = false>(
  name: N,
  description: string,
  o: { required?: R; types?: readonly number[] } = {},
): Typed<N, ApplicationCommandOptionType.Channel, R> {
  return {
    type: ApplicationCommandOptionType.Channel,
    name,
    description,
    required: (o.required ?? false) as R,
    ...(o.types !== undefined ? { channel_types: [...o.types] as APIApplicationCommandChannelOption['channel_types'] } : {}),
  };
}

export function roleOption<const N extends string, const R extends boolean = false>(
  name: N,
  description: string,
  required?: R,
): Typed<N, ApplicationCommandOptionType.Role, R> {
  return { type: ApplicationCommandOptionType.Role, name, description, required: (required ?? false) as R };
}

/** A user picked from the server's members; the handler receives their id. */
export function userOption<const N extends string, const R extends boolean = false>(
  name: N,
  description: string,
  required?: R,
): Typed<N, ApplicationCommandOptionType.User, R> {
  return { type: ApplicationCommandOptionType.User, name, description, required: (required ?? false) as R };
}

/** A file the user attaches; the handler receives its attachment id (`ctx.interaction.options.getAttachment`). */
export function attachmentOption<const N extends string, const R extends boolean = false>(
  name: N,
  description: string,
  required?: R,
): Typed<N, ApplicationCommandOptionType.Attachment, R> {
  return { type: ApplicationCommandOptionType.Attachment, name, description, required: (required ?? false) as R };
}
