// Posts an activity-feed batch in a server channel through Discord's REST API, as channel reminders
// post: the finalized message, only the server's chosen role allowed to be mentioned, and a nonce
// derived from the post's id with `enforce_nonce` (a resend within Discord's window returns the first
// message). A channel that refuses the post (403, 404, missing access or permissions) is `refused`:
// its feed pauses and the server's owner is told by DM; anything else is retried. Both are written in
// the server's language, noted on its feed record.

import { DiscordAPIError, HTTPError, Routes, type Client } from 'discord.js';
import { finalizeMessage } from '../render/limits.js';
import { feedPostNonceKey, type FeedDeliver, type FeedPauseNotice, type FeedPostResult } from '../activity-feed/feed-posting.js';
import { feedPausedNotice, feedPostMessage } from '../views/activity-feed.js';
import { sendDirectMessage } from './direct-message.js';

function classify(error: unknown): FeedPostResult {
  if (error instanceof DiscordAPIError) {
    if (error.status >= 400 && error.status < 500 && error.status !== 429) return { ok: false, reason: 'refused', detail: `${error.status} ${error.code} ${error.message}` };
    return { ok: false, reason: 'retry', detail: `${error.status} ${error.message}` };
  }
  if (error instanceof HTTPError) return { ok: false, reason: 'retry', detail: `${error.status} ${error.message}` };
  return { ok: false, reason: 'retry', detail: error instanceof Error ? error.message : String(error) };
}

export function feedDelivery(client: Client, serviceWebUrl: string): FeedDeliver {
  return async (post, signal) => {
    const final = finalizeMessage(feedPostMessage(post, serviceWebUrl));
    const roleId = post.channel.roleId;
    try {
      await client.rest.post(Routes.channelMessages(post.channel.channelId), {
        signal,
        body: {
          nonce: feedPostNonceKey(post.postId),
          enforce_nonce: true,
          ...(final.content !== undefined ? { content: final.content } : {}),
          embeds: final.embeds ?? [],
          components: final.components ?? [],
          // Only the role the server chose is ever pinged; the member named in the embed never is.
          allowed_mentions: { parse: [], ...(roleId !== undefined ? { roles: [roleId] } : {}) },
        },
      });
      return { ok: true };
    } catch (error) {
      return classify(error);
    }
  };
}

/**
 * Tells the server's owner by DM, in the server's language (as its feed posts), that its feed paused in
 * a channel (a bot cannot list who has Manage Server without intents).
 */
export function feedPauseNotice(client: Client): FeedPauseNotice {
  return async (guildId, channel, reason, locale) => {
    const guild = (await client.rest.get(Routes.guild(guildId))) as { owner_id?: unknown; name?: unknown };
    if (typeof guild.owner_id !== 'string') return;
    await sendDirectMessage(client, guild.owner_id, feedPausedNotice(locale, typeof guild.name === 'string' ? guild.name : undefined, channel, reason));
  };
}
