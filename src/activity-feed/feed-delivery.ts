// Posts an activity-feed batch in a server channel through the Discord side, as channel reminders
// post: the finalized message, only the server's chosen role allowed to be mentioned, and a nonce
// derived from the post's id with `enforce_nonce` (a resend within Discord's window returns the first
// message). A channel that refuses the post (403, 404, missing access or permissions) is `refused`:
// its feed pauses and the server's owner is told by DM; anything else is retried. Both are written in
// the server's language, noted on its feed record, by the rendering handed in (`FeedRendering`).

import { channelPostFailure } from '../discord-api/post-refusal.js';
import type { DiscordSide, OutgoingMessage } from '../discord-api/discord-side.js';
import type { Locale } from '../i18n/index.js';
import type { FeedChannel } from './feed-channels.js';
import { feedPostNonceKey, type FeedDeliver, type FeedPauseNotice, type FeedPost } from './feed-posting.js';

/** How the feed's posts and its pause notice read (rendered above this room, handed in by the composition root). */
export interface FeedRendering {
  post(post: FeedPost): OutgoingMessage;
  paused(locale: Locale | undefined, guildName: string | undefined, channel: FeedChannel, reason: string): OutgoingMessage;
}

export function feedDelivery(discord: Pick<DiscordSide, 'channels'>, render: Pick<FeedRendering, 'post'>): FeedDeliver {
  return async (post, signal) => {
    const roleId = post.channel.roleId;
    try {
      // Only the role the server chose is ever pinged; the member named in the embed never is.
      await discord.channels.post(post.channel.channelId, { message: render.post(post), nonce: feedPostNonceKey(post.postId), ...(roleId !== undefined ? { roleIds: [roleId] } : {}), signal });
      return { ok: true };
    } catch (error) {
      return channelPostFailure(error);
    }
  };
}

/**
 * Tells the server's owner by DM, in the server's language (as its feed posts), that its feed paused in
 * a channel (a bot cannot list who has Manage Server without intents).
 */
export function feedPauseNotice(discord: Pick<DiscordSide, 'guilds' | 'directMessages'>, render: Pick<FeedRendering, 'paused'>): FeedPauseNotice {
  return async (guildId, channel, reason, locale) => {
    const guild = await discord.guilds.owner(guildId);
    if (!guild) return;
    await discord.directMessages.send(guild.ownerId, { message: render.paused(locale, guild.name, channel, reason) });
  };
}
