// What an interaction is called in logs, metrics and refusals: a command's subcommand path, or a
// component's custom_id kind.

import type { AutocompleteInteraction, ChatInputCommandInteraction, Interaction } from 'discord.js';

/** 'search', 'channel add', … or '' for a command without subcommands. */
export function subcommandPath(interaction: ChatInputCommandInteraction | AutocompleteInteraction): string {
  const group = interaction.options.getSubcommandGroup(false);
  const sub = interaction.options.getSubcommand(false);
  return [group, sub].filter((p): p is string => Boolean(p)).join(' ');
}

/** Command path or component kind, for log lines (before the handler is looked up). */
export function commandLabel(interaction: Interaction): string {
  if (interaction.isChatInputCommand() || interaction.isAutocomplete()) {
    return `${interaction.commandName} ${subcommandPath(interaction)}`.trim();
  }
  if (interaction.isMessageComponent()) return interaction.customId.split('|', 1)[0] ?? '';
  return '';
}
