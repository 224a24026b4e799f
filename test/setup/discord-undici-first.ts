// The unit project's workers run file after file in one process (vitest.config.ts), so undici's global
// dispatcher is whatever the first file to load an undici installed. The bot's own REST has its agent
// (src/discord-api/rest-agent.ts), but the discord.js clients tests log in to the fake themselves
// (fake-discord/client.ts) use the global one: discord.js's undici installs it first here, as it does
// in a process that starts with discord.js, so which file ran before cannot break their uploads.

import 'discord.js';
