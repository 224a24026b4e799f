// How a server's weekly recap reaches its channel, through the process's one Discord side: the
// channel's age restriction read first (the access check), then the text and the week's card uploaded
// with its alt text, in the server's language, with a nonce derived from the channel and week (a resend
// within Discord's window returns the first message). Nothing in it can ping anyone. A channel that
// refuses the post (a 4xx other than 429: gone, missing access or permissions) is `refused`: its recap
// pauses and the server's owner is told by DM (a bot cannot list who has Manage Server without intents);
// anything else is retried.

import { channelPostFailure } from '../discord-api/post-refusal.js';
import { ChannelAccessError } from '../discord-api/channel-access.js';
import type { DiscordSide, OutgoingMessage } from '../discord-api/discord-side.js';
import type { Locale } from '../i18n/index.js';
import type { RecapDiscord, RecapPost } from './server-recaps.js';

/** How the recap's messages read, in the server's language (rendered above this room, handed in by the composition root). */
export interface RecapRendering {
  /** A week's post: the text and the week's card. */
  post: (post: RecapPost) => Promise<OutgoingMessage>;
  /** The owner's DM when the recap paused in a channel (`guildName` undefined: not known). */
  paused: (locale: Locale | undefined, guildName: string | undefined, channelId: string, reason: string) => OutgoingMessage;
}

/** The recaps' way to Discord, over the process's Discord side (built in the composition root). */
export function serverRecapDiscord(discord: Pick<DiscordSide, 'channels' | 'access' | 'guilds' | 'directMessages'>, render: RecapRendering): RecapDiscord {
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
      const message = await render.post(post);
      try {
        await discord.channels.post(post.channel.channelId, { message, nonce: post.nonce, ...(signal ? { signal } : {}) });
        return { ok: true };
      } catch (error) {
        return channelPostFailure(error);
      }
    },
    pauseNotice: async (guildId, channelId, reason, locale) => {
      const guild = await discord.guilds.owner(guildId);
      if (!guild) return;
      await discord.directMessages.send(guild.ownerId, { message: render.paused(locale, guild.name, channelId, reason) });
    },
  };
}
