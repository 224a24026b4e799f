// The discord.js gateway client: no intents (interactions need none) and bounded caches, so
// memory stays flat however many people use the bot.

import { Client, Options, type ClientOptions } from 'discord.js';

export function createDiscordClient(apiUrl: string, extra: Partial<ClientOptions> = {}, cdnUrl?: string): Client {
  return new Client({
    intents: [],
    // Each deferred answer leaves a REST queue keyed by its interaction token; sweep idle ones every minute.
    rest: { api: apiUrl, handlerSweepInterval: 60_000, ...(cdnUrl !== undefined ? { cdn: cdnUrl } : {}) },
    allowedMentions: { parse: [] },
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      UserManager: { maxSize: 0, keepOverLimit: (user) => user.id === user.client.user.id },
      GuildMemberManager: { maxSize: 0, keepOverLimit: (member) => member.id === member.client.user.id },
      MessageManager: 0,
      ReactionManager: 0,
      PresenceManager: 0,
      VoiceStateManager: 0,
      ThreadMemberManager: 0,
    }),
    sweepers: {
      ...Options.DefaultSweeperSettings,
      users: { interval: 600, filter: () => (user) => user.id !== user.client.user.id },
    },
    ...extra,
  });
}
