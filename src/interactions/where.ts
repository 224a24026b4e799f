// Where an interaction happened. The bot runs with no gateway intents, so discord.js does not
// build guild channel objects; whether a channel is age-restricted comes from the raw
// INTERACTION_CREATE payload, remembered briefly by interaction id.

import { Events, type Client, type GatewayDispatchPayload } from 'discord.js';
import { LRUCache } from 'lru-cache';

export type InteractionPlace = 'guild' | 'bot_dm' | 'private_channel';

export interface Where {
  place: InteractionPlace;
  /** The channel is age-restricted (Discord's "NSFW channel"); never true outside a server. */
  ageRestricted: boolean;
}

interface RawInteraction {
  id?: unknown;
  context?: unknown;
  guild_id?: unknown;
  channel?: { nsfw?: unknown; type?: unknown } | null;
}

const MAX_REMEMBERED = 2_000;

/** Bounded memory of the raw channel facts of interactions not yet handled (the oldest are dropped first). */
export class WhereTracker {
  private readonly byInteraction = new LRUCache<string, Where>({ max: MAX_REMEMBERED });

  attach(client: Client): void {
    client.on(Events.Raw, (packet: GatewayDispatchPayload) => {
      if (packet.t === 'INTERACTION_CREATE') this.remember(packet.d as RawInteraction);
    });
  }

  remember(raw: RawInteraction): void {
    if (typeof raw.id !== 'string') return;
    this.byInteraction.set(raw.id, whereFromRaw(raw));
  }

  /** Takes (and forgets) what was seen for this interaction. */
  take(interactionId: string, fallback: { inGuild: boolean }): Where {
    const found = this.byInteraction.get(interactionId);
    if (found) {
      this.byInteraction.delete(interactionId);
      return found;
    }
    return { place: fallback.inGuild ? 'guild' : 'bot_dm', ageRestricted: false };
  }

  get size(): number {
    return this.byInteraction.size;
  }
}

export function whereFromRaw(raw: RawInteraction): Where {
  const place: InteractionPlace =
    raw.context === 2 ? 'private_channel' : raw.context === 1 ? 'bot_dm' : raw.guild_id ? 'guild' : 'bot_dm';
  return { place, ageRestricted: place === 'guild' && raw.channel?.nsfw === true };
}
