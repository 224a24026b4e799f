// How watch parties reach Discord through the Discord side: the event read until it is final (its
// interested count with it), and the "Episode N of …: watched it?" post in the party's channel (a
// nonce from the event id with enforce_nonce, so a resend within Discord's window returns the first
// message; no one pinged). The post is rendered above this room and handed in.

import { DiscordAPIError, HTTPError } from 'discord.js';
import type { DiscordSide, OutgoingMessage } from '../discord-api/discord-side.js';
import { watchPartyNonce, type EventState, type PostEnded, type ReadEvent, type WatchParty } from './watch-parties.js';

/** How "watched it?" reads, in the server's language noted on the party. */
export type WatchPartyEndedRendering = (party: WatchParty, interested: number | undefined) => OutgoingMessage;

export function watchPartyReader(discord: Pick<DiscordSide, 'events'>): ReadEvent {
  return async (guildId, eventId, signal) => {
    const event = await discord.events.read(guildId, eventId, signal);
    if (!event) return undefined;
    const status = event.status as EventState['status'];
    return { status, ...(event.userCount !== undefined ? { userCount: event.userCount } : {}) };
  };
}

export function watchPartyPoster(discord: Pick<DiscordSide, 'channels'>, render: WatchPartyEndedRendering): PostEnded {
  return async (party, interested, signal) => {
    try {
      await discord.channels.post(party.channelId, { message: render(party, interested), nonce: watchPartyNonce(party.eventId), signal });
      return { ok: true };
    } catch (error) {
      if (error instanceof DiscordAPIError && error.status >= 400 && error.status < 500 && error.status !== 429) {
        return { ok: false, reason: 'refused', detail: `${error.status} ${error.code} ${error.message}` };
      }
      const detail = error instanceof DiscordAPIError || error instanceof HTTPError ? `${error.status} ${error.message}` : error instanceof Error ? error.message : String(error);
      return { ok: false, reason: 'retry', detail };
    }
  };
}
