// A slash command's option values as the plain record its handler receives (typed per command by
// command-types.ts). Users, channels, roles and mentionables arrive as their ids.

import { ApplicationCommandOptionType, type CommandInteractionOption } from 'discord.js';
import type { ArgumentValues } from './command-types.js';

export function readArguments(options: readonly CommandInteractionOption[]): ArgumentValues {
  let level = options;
  for (;;) {
    const only = level.length === 1 ? level[0] : undefined;
    if (only?.type !== ApplicationCommandOptionType.Subcommand && only?.type !== ApplicationCommandOptionType.SubcommandGroup) break;
    level = only.options ?? [];
  }
  const values: Record<string, string | number | boolean> = {};
  for (const option of level) {
    if (option.value !== undefined && option.value !== null) values[option.name] = option.value;
  }
  return values;
}

/** Whether a command answers only the invoker: its `ephemeralOption` when the user set it, else its `ephemeral` rule. */
export function answersPrivately(handler: { ephemeral?: boolean; ephemeralOption?: string } | undefined, args: ArgumentValues): boolean {
  const chosen = handler?.ephemeralOption === undefined ? undefined : args[handler.ephemeralOption];
  return typeof chosen === 'boolean' ? chosen : (handler?.ephemeral ?? true);
}
