// Registers every slash command with Discord, globally or for one server.

import { PermissionFlagsBits as P, REST, Routes } from 'discord.js';
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

/**
 * What the bot asks for when it joins a server (the `bot` scope): see channels and post in them with
 * embeds (reminders, the feed, watch parties' "watched it?" posts), read their history, send polls, and
 * create and manage the scheduled events of watch parties.
 */
export const SERVER_PERMISSIONS = P.ViewChannel | P.SendMessages | P.EmbedLinks | P.ReadMessageHistory | P.SendPolls | P.CreateEvents | P.ManageEvents;

export function inviteLinks(applicationId: string): { server: string; user: string } {
  const base = `https://discord.com/oauth2/authorize?client_id=${applicationId}`;
  return {
    server: `${base}&scope=bot+applications.commands&permissions=${SERVER_PERMISSIONS}&integration_type=0`,
    user: `${base}&scope=applications.commands&integration_type=1`,
  };
}
