// What a failed post of the bot's own in a channel means: refused (a 4xx other than 429: the channel is
// gone, or access or a permission is missing — the feature pauses there) or worth a retry (429, 5xx, the
// network). One reading for every channel feature that pauses (the activity feed, the weekly recap).

import { DiscordAPIError, HTTPError } from 'discord.js';

export interface ChannelPostFailure {
  ok: false;
  reason: 'refused' | 'retry';
  detail: string;
}

export function channelPostFailure(error: unknown): ChannelPostFailure {
  if (error instanceof DiscordAPIError) {
    if (error.status >= 400 && error.status < 500 && error.status !== 429) return { ok: false, reason: 'refused', detail: `${error.status} ${error.code} ${error.message}` };
    return { ok: false, reason: 'retry', detail: `${error.status} ${error.message}` };
  }
  if (error instanceof HTTPError) return { ok: false, reason: 'retry', detail: `${error.status} ${error.message}` };
  return { ok: false, reason: 'retry', detail: error instanceof Error ? error.message : String(error) };
}
