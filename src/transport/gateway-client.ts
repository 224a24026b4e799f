// The discord.js gateway client: bounded caches, so memory stays flat however many people use the bot.
// Interactions need no intent; GUILD_MESSAGES brings the MESSAGE_UPDATE of a finalized poll (the end of a
// `/server pick` vote; src/group-polls/poll-delivery.ts) and GUILD_SCHEDULED_EVENTS the end of a watch
// party (src/transport/watch-party-delivery.ts). No privileged intent: no message content.

import { Client, GatewayIntentBits, Options, type ClientOptions, type ClientUser } from 'discord.js';
import { discordRestAgent } from '../discord-api/rest-agent.js';

/** The bot's own user id; null over the HTTP transport, where the client never logs in. */
function ownId(client: Client): string | undefined {
  return (client.user as ClientUser | null)?.id;
}

export function createDiscordClient(apiUrl: string, extra: Partial<ClientOptions> = {}, cdnUrl?: string): Client {
  return new Client({
    intents: [GatewayIntentBits.GuildMessages, GatewayIntentBits.GuildScheduledEvents],
    // Each deferred answer leaves a REST queue keyed by its interaction token; sweep idle ones every minute.
    rest: { api: apiUrl, agent: discordRestAgent(), handlerSweepInterval: 60_000, ...(cdnUrl !== undefined ? { cdn: cdnUrl } : {}) },
    allowedMentions: { parse: [] },
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      UserManager: { maxSize: 0, keepOverLimit: (user) => user.id === ownId(user.client) },
      GuildMemberManager: { maxSize: 0, keepOverLimit: (member) => member.id === ownId(member.client) },
      MessageManager: 0,
      ReactionManager: 0,
      PresenceManager: 0,
      VoiceStateManager: 0,
      ThreadMemberManager: 0,
    }),
    sweepers: {
      ...Options.DefaultSweeperSettings,
      users: { interval: 600, filter: () => (user) => user.id !== ownId(user.client) },
    },
    ...extra,
  });
}
