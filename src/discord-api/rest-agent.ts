// The connection pool of the bot's Discord REST. discord.js sends files as Node's FormData through the
// undici it ships, which takes any FormData-like body. Given no agent, it dispatches through undici's
// global dispatcher, which is installed by whichever copy of undici loads first in the process; when
// that is the bot's own undici (src/util/bounded-fetch.ts, the service client), a FormData not its own
// is refused ("action is not a function", an unhandled rejection) and the upload is lost. So the bot's
// REST always gets an agent built from discord.js's own undici, whatever the import order.

import { createRequire } from 'node:module';
import type { RESTOptions } from 'discord.js';

type RestAgent = NonNullable<RESTOptions['agent']>;

let shared: RestAgent | undefined;

/** One agent per process, from the undici that discord.js's REST itself loads. */
export function discordRestAgent(): RestAgent {
  if (shared === undefined) {
    const fromDiscordJs = createRequire(createRequire(import.meta.url).resolve('discord.js'));
    const fromRest = createRequire(fromDiscordJs.resolve('@discordjs/rest'));
    const { Agent } = fromRest('undici') as { Agent: new () => RestAgent };
    shared = new Agent();
  }
  return shared;
}
