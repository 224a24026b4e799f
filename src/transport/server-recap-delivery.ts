// Posts a server's weekly recap in its channel through Discord's REST API: the text and the week's
// card uploaded with its alt text (multipart), in the server's language, with a nonce derived from the
// channel and week and `enforce_nonce` (a resend within Discord's window returns the first message).
// Nothing in it can ping anyone. A channel that refuses the post (a 4xx other than 429: gone, missing
// access or permissions) is `refused`: its recap pauses; anything else is retried.

import { DiscordAPIError, HTTPError, Routes, type Client } from 'discord.js';
import { translator } from '../i18n/index.js';
import { weekMessage } from '../render/server-week.js';
import type { RecapDiscord, RecapPostResult } from '../server-recaps/server-recaps.js';
import { channelAgeRestriction } from '../discord-api/channel-state.js';
import type { StoreEngine } from '../store/engine.js';
import { body, files } from './import-delivery.js';

function classify(error: unknown): RecapPostResult {
  if (error instanceof DiscordAPIError) {
    if (error.status >= 400 && error.status < 500 && error.status !== 429) return { ok: false, reason: 'refused', detail: `${error.status} ${error.code} ${error.message}` };
    return { ok: false, reason: 'retry', detail: `${error.status} ${error.message}` };
  }
  if (error instanceof HTTPError) return { ok: false, reason: 'retry', detail: `${error.status} ${error.message}` };
  return { ok: false, reason: 'retry', detail: error instanceof Error ? error.message : String(error) };
}

/** How the recaps reach Discord in a process with a client: the channel's age restriction read first (cached minutes in the store), then the post. */
export function serverRecapDiscord(client: Client, kv: Pick<StoreEngine, 'get' | 'set'>, now: () => number): RecapDiscord {
  return {
    ageRestricted: channelAgeRestriction(client.rest, kv, { now }),
    deliver: async (post, signal) => {
      const message = await weekMessage(translator(post.locale), post.week, { kind: post.channel.kind, ageRestricted: post.ageRestricted, timeZone: post.channel.timeZone });
      try {
        await client.rest.post(Routes.channelMessages(post.channel.channelId), {
          ...(signal ? { signal } : {}),
          body: { ...body(message), nonce: post.nonce, enforce_nonce: true },
          ...files(message),
        });
        return { ok: true };
      } catch (error) {
        return classify(error);
      }
    },
  };
}
