// What the bot asks Discord of its own application outside any interaction and before its services
// run: who the token belongs to (a start-up check over HTTP interactions), how many shards the gateway
// advises, and the registration of the slash commands. The rest of Discord REST: discord-side.ts.

import { REST, Routes } from 'discord.js';
import type { DiscordConfig } from '../config/types.js';
import { discordRestAgent } from './rest-agent.js';

/** REST for the bot's token against the configured API. */
export function botRest(discord: Pick<DiscordConfig, 'apiUrl' | 'token'>, options: { retries?: number; timeout?: number } = {}): REST {
  return new REST({ api: discord.apiUrl, agent: discordRestAgent(), ...options }).setToken(discord.token);
}

/**
 * With DISCORD_TRANSPORT=http the bot never logs in to the gateway, so a wrong DISCORD_TOKEN would only
 * show later, when a DM or a channel check fails. Resolves with undefined when Discord accepts the token
 * or could not be asked (the error is returned: Discord briefly unreachable is no reason to refuse to
 * start); rejects only on 401.
 */
export async function verifyBotToken(discord: Pick<DiscordConfig, 'apiUrl' | 'token'>): Promise<unknown> {
  try {
    await botRest(discord, { retries: 0, timeout: 10_000 }).get(Routes.user('@me'));
    return undefined;
  } catch (error) {
    if ((error as { status?: unknown }).status === 401) throw error;
    return error;
  }
}

/** What the gateway advises a sharded bot (GET /gateway/bot). */
export interface GatewayAdvice {
  shards: number;
  session_start_limit: { max_concurrency: number };
}

export async function gatewayAdvice(rest: REST): Promise<GatewayAdvice> {
  return (await rest.get(Routes.gatewayBot())) as GatewayAdvice;
}

/** Puts the slash commands' definitions, globally or for one server; returns how many Discord holds now. */
export async function putCommands(discord: DiscordConfig, definitions: readonly unknown[], guildId?: string): Promise<number> {
  const route = guildId ? Routes.applicationGuildCommands(discord.applicationId, guildId) : Routes.applicationCommands(discord.applicationId);
  const registered = (await botRest(discord).put(route, { body: definitions })) as unknown[];
  return registered.length;
}
