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
  /**
   * In a server where the app is only installed to the user (`authorizing_integration_owners` names
   * the user install `1` and not the server install `0`): the bot is not a member there, so it can
   * post, create polls or events in nothing of that server.
   */
  botAbsent?: boolean;
}

/** Discord's `authorizing_integration_owners`: install type (`0` server, `1` user) → the server's or user's id. */
type IntegrationOwners = Readonly<Record<string, unknown>>;

/** Whether an interaction in a server reached the bot through the user's install only (the server has no install of it). */
export function userInstalledOnly(owners: IntegrationOwners | null | undefined): boolean {
  if (owners === null || owners === undefined || typeof owners !== 'object') return false;
  return owners['0'] === undefined && owners['1'] !== undefined;
}

interface RawInteraction {
  id?: unknown;
  context?: unknown;
  guild_id?: unknown;
  channel?: { nsfw?: unknown; type?: unknown } | null;
  authorizing_integration_owners?: IntegrationOwners | null;
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
  take(interactionId: string, fallback: { inGuild: boolean; owners?: IntegrationOwners | null }): Where {
    const found = this.byInteraction.get(interactionId);
    if (found) {
      this.byInteraction.delete(interactionId);
      return found;
    }
    return { place: fallback.inGuild ? 'guild' : 'bot_dm', ageRestricted: false, ...(fallback.inGuild && userInstalledOnly(fallback.owners) ? { botAbsent: true } : {}) };
  }

  get size(): number {
    return this.byInteraction.size;
  }
}

export function whereFromRaw(raw: RawInteraction): Where {
  const place: InteractionPlace =
    raw.context === 2 ? 'private_channel' : raw.context === 1 ? 'bot_dm' : raw.guild_id ? 'guild' : 'bot_dm';
  return {
    place,
    ageRestricted: place === 'guild' && raw.channel?.nsfw === true,
    ...(place === 'guild' && userInstalledOnly(raw.authorizing_integration_owners) ? { botAbsent: true } : {}),
  };
}
