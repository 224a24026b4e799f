// How watch parties reach Discord: the event read over REST until it is final (its interested count
// with it), the "Episode N of …: watched it?" post in the party's channel (a nonce from the event id
// with enforce_nonce, so a resend within Discord's window returns the first message; no one pinged),
// and, on the gateway, GUILD_SCHEDULED_EVENT_UPDATE with the completed status handed to the parties.

import { DiscordAPIError, Events, HTTPError, Routes, type Client, type GatewayDispatchPayload } from 'discord.js';
import { EVENT_STATUS, readScheduledEvent } from '../discord-api/scheduled-events.js';
import { finalizeMessage } from '../render/limits.js';
import { watchPartyEndedPost } from '../views/watch-party-actions.js';
import { watchPartyNonce, type EventState, type PostEnded, type ReadEvent, type WatchParties } from '../watch-parties/watch-parties.js';

export function watchPartyReader(client: Client): ReadEvent {
  return async (guildId, eventId, signal) => {
    const event = await readScheduledEvent(client.rest, guildId, eventId, signal);
    if (!event) return undefined;
    const status = event.status as EventState['status'];
    return { status, ...(event.userCount !== undefined ? { userCount: event.userCount } : {}) };
  };
}

export function watchPartyPoster(client: Client): PostEnded {
  return async (party, interested, signal) => {
    const final = finalizeMessage(watchPartyEndedPost(party, interested));
    try {
      await client.rest.post(Routes.channelMessages(party.channelId), {
        signal,
        body: {
          nonce: watchPartyNonce(party.eventId),
          enforce_nonce: true,
          ...(final.content !== undefined ? { content: final.content } : {}),
          embeds: final.embeds ?? [],
          components: final.components ?? [],
          allowed_mentions: { parse: [] },
        },
      });
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

/** On the gateway: an event of a party marked completed is checked at once (GUILD_SCHEDULED_EVENTS intent). */
export function listenForEndedEvents(client: Client, parties: WatchParties, onError: (error: unknown) => void): void {
  client.on(Events.Raw, (packet: GatewayDispatchPayload) => {
    if (packet.t !== 'GUILD_SCHEDULED_EVENT_UPDATE') return;
    const d = packet.d as { id?: unknown; guild_id?: unknown; status?: unknown };
    if (d.status !== EVENT_STATUS.completed || typeof d.id !== 'string' || typeof d.guild_id !== 'string') return;
    void parties.ended(d.guild_id, d.id).catch(onError);
  });
}
