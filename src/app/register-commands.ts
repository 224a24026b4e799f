// Registers every slash command with Discord, globally or for one server.

import type { DiscordConfig } from '../config/types.js';
import { putCommands } from '../discord-api/application.js';
import { commandDefinitions } from './command-registry.js';

export async function registerCommands(discord: DiscordConfig, guildId?: string): Promise<number> {
  return putCommands(discord, commandDefinitions(), guildId);
}

// The invite links live with the rest of what the bot knows of Discord; deploy-commands prints them.
export { inviteLinks, SERVER_PERMISSIONS } from '../discord-api/invite.js';
