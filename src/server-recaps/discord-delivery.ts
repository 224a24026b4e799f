// How a server's weekly recap reaches its channel, through the process's one Discord side: the
// channel's age restriction read first (the access check), then the text and the week's card uploaded
// with its alt text, in the server's language, with a nonce derived from the channel and week (a resend
// within Discord's window returns the first message). Nothing in it can ping anyone. A channel that
// refuses the post (a 4xx other than 429: gone, missing access or permissions) is `refused`: its recap
// pauses; anything else is retried.

import { channelPostFailure } from '../discord-api/post-refusal.js';
import { ChannelAccessError } from '../discord-api/channel-access.js';
import type { DiscordSide, OutgoingMessage } from '../discord-api/discord-side.js';
import type { RecapDiscord, RecapPost } from './server-recaps.js';

/** How a recap post reads: the text and the week's card, in the server's language (rendered above this room, handed in by the composition root). */
export type RecapRendering = (post: RecapPost) => Promise<OutgoingMessage>;

/** The recaps' way to Discord, over the process's Discord side (built in the composition root). */
export function serverRecapDiscord(discord: Pick<DiscordSide, 'channels' | 'access'>, render: RecapRendering): RecapDiscord {
  return {
    ageRestricted: async (guildId, channelId, signal) => {
      try {
        return (await discord.access.check(guildId, channelId, { needs: [], signal })).nsfw;
      } catch (error) {
        // Discord will not show the bot the channel: the post is refused next, and the channel pauses.
        if (error instanceof ChannelAccessError) return undefined;
        throw error;
      }
    },
    deliver: async (post, signal) => {
      const message = await render(post);
      try {
        await discord.channels.post(post.channel.channelId, { message, nonce: post.nonce, ...(signal ? { signal } : {}) });
        return { ok: true };
      } catch (error) {
        return channelPostFailure(error);
      }
    },
  };
}
