// Registers every slash command with Discord, globally or for one server.

import { REST, Routes } from 'discord.js';
import type { DiscordConfig } from '../config/types.js';
import { commandDefinitions } from './command-registry.js';

export async function registerCommands(discord: DiscordConfig, guildId?: string): Promise<number> {
  const rest = new REST({ api: discord.apiUrl }).setToken(discord.token);
  const route = guildId
    ? Routes.applicationGuildCommands(discord.applicationId, guildId)
    : Routes.applicationCommands(discord.applicationId);
  const registered = (await rest.put(route, { body: commandDefinitions() })) as unknown[];
  return registered.length;
}

// The invite links live with the rest of what the bot knows of Discord; deploy-commands prints them.
export { inviteLinks, SERVER_PERMISSIONS } from '../discord-api/invite.js';
