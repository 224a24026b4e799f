// With DISCORD_TRANSPORT=http the bot never logs in to the gateway, so a wrong DISCORD_TOKEN would
// only show later, when a DM or a channel check fails. Ask Discord who the token belongs to before
// anything is opened: a 401 is thrown (and reported as one line naming DISCORD_TOKEN); any other
// failure (Discord briefly unreachable) is not a reason to refuse to start, so it is only returned.

import { REST, Routes } from 'discord.js';
import type { DiscordConfig } from '../config/types.js';

/** Resolves with undefined when Discord accepts the token or could not be asked (the error is returned); rejects only on 401. */
export async function verifyBotToken(discord: Pick<DiscordConfig, 'apiUrl' | 'token'>): Promise<unknown> {
  const rest = new REST({ api: discord.apiUrl, retries: 0, timeout: 10_000 }).setToken(discord.token);
  try {
    await rest.get(Routes.user('@me'));
    return undefined;
  } catch (error) {
    if ((error as { status?: unknown }).status === 401) throw error;
    return error;
  }
}
