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

type TopOption = APIApplicationCommandBasicOption | APIApplicationCommandSubcommandOption | APIApplicationCommandSubcommandGroupOption;

/** Usable in servers, in DMs with the bot and in private channels; installable to servers and to users. */
export function slashCommand(
  name: string,
  description: string,
  options: TopOption[] = [],
): RESTPostAPIChatInputApplicationCommandsJSONBody {
  return {
    type: ApplicationCommandType.ChatInput,
    name,
    description,
    options,
    contexts: [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel],
    integration_types: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
  };
}

export function subcommand(
  name: string,
  description: string,
  options: APIApplicationCommandBasicOption[] = [],
): APIApplicationCommandSubcommandOption {
  return { type: ApplicationCommandOptionType.Subcommand, name, description, options };
}

export function group(
  name: string,
  description: string,
  options: APIApplicationCommandSubcommandOption[],
): APIApplicationCommandSubcommandGroupOption {
  return { type: ApplicationCommandOptionType.SubcommandGroup, name, description, options };
}

export function stringOption(
  name: string,
  description: string,
  o: {
    required?: boolean;
    autocomplete?: boolean;
    minLength?: number;
    maxLength?: number;
    /** Plain values (shown humanized) or explicit name/value pairs. */
    choices?: readonly string[] | readonly APIApplicationCommandOptionChoice<string>[];
  } = {},
): APIApplicationCommandBasicOption {
  const base = {
    type: ApplicationCommandOptionType.String as const,
    name,
    description,
    required: o.required ?? false,
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

export function integerOption(
  name: string,
  description: string,
  o: { required?: boolean; min?: number; max?: number } = {},
): APIApplicationCommandBasicOption {
  return {
    type: ApplicationCommandOptionType.Integer,
    name,
    description,
    required: o.required ?? false,
    ...(o.min !== undefined ? { min_value: o.min } : {}),
    ...(o.max !== undefined ? { max_value: o.max } : {}),
  };
}

export function booleanOption(name: string, description: string, required = false): APIApplicationCommandBasicOption {
  return { type: ApplicationCommandOptionType.Boolean, name, description, required };
}

export function namedChoices<T extends string>(values: readonly T[], names: Record<T, string>): APIApplicationCommandOptionChoice<string>[] {
  return values.map((value) => ({ name: names[value], value }));
}

export function channelOption(name: string, description: string, o: { required?: boolean; types?: readonly number[] } = {}): APIApplicationCommandBasicOption {
  return {
    type: ApplicationCommandOptionType.Channel,
    name,
    description,
    required: o.required ?? false,
    ...(o.types !== undefined ? { channel_types: [...o.types] as APIApplicationCommandChannelOption['channel_types'] } : {}),
  };
}

export function roleOption(name: string, description: string, required = false): APIApplicationCommandBasicOption {
  return { type: ApplicationCommandOptionType.Role, name, description, required };
}
