// Start-up failures an admin can fix, as one line naming the variable to change instead of a stack
// trace: Discord rejecting DISCORD_TOKEN at login, Discord unreachable, the web port taken.

import type { BotConfig } from '../config/types.js';

const NETWORK_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** The error and its causes, outermost first (bounded). */
function chain(error: unknown): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  let current = error;
  while (typeof current === 'object' && current !== null && out.length < 5) {
    const record = current as Record<string, unknown>;
    out.push(record);
    current = record.cause;
  }
  return out;
}

/** One line saying what to fix, or undefined when the failure is not one of the known kinds. */
export function describeStartFailure(error: unknown, config: Pick<BotConfig, 'discord' | 'web'>): string | undefined {
  const errors = chain(error);
  // discord.js: `TokenInvalid` from client.login; a 401 from its REST client (e.g. the sharding manager's /gateway/bot).
  if (errors.some((e) => e.code === 'TokenInvalid' || (e.status === 401 && typeof e.method === 'string' && typeof e.url === 'string'))) {
    return 'DISCORD_TOKEN was rejected by Discord (401 Unauthorized): it was mistyped or has been reset. Copy a new one: Discord Developer Portal → your application → Bot → Reset Token.';
  }
  const network = errors.find((e) => typeof e.code === 'string' && NETWORK_CODES.has(e.code) && isDiscord(e, config.discord.apiUrl));
  if (network) {
    const host = typeof network.hostname === 'string' ? ` ${network.hostname}` : '';
    return `Could not reach Discord at ${config.discord.apiUrl} (${String(network.code)}${host}): check the network, or DISCORD_API_URL if you set it.`;
  }
  if (errors.some((e) => e.code === 'EADDRINUSE')) {
    return `PORT ${config.web.port} is already in use by another program: stop it or set PORT to a free port.`;
  }
  return undefined;
}

/** Whether a network error was about Discord's API host (not the store's or the service's). */
function isDiscord(error: Record<string, unknown>, apiUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    return false;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (error.hostname === host) return true;
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return error.address === host && error.port === port;
}
