// Direct messages over Discord's REST API alone: they work on either transport (an HTTP-interactions
// bot never logs in to the gateway, so discord.js's `users.send` has no client user to send as).

import { Routes, type Client } from 'discord.js';
import { finalizeMessage, type RenderedMessage } from '../render/limits.js';

/** The id of the DM channel with a user (Discord opens it if needed). */
export async function openDmChannel(client: Client, userId: string): Promise<string> {
  const channel = (await client.rest.post(Routes.userChannels(), { body: { recipient_id: userId } })) as { id?: unknown };
  if (typeof channel.id !== 'string') throw new Error('Discord answered without a DM channel id');
  return channel.id;
}

/** Sends a message to a user's DMs; nothing in it can ping anyone. */
export async function sendDirectMessage(client: Client, userId: string, message: RenderedMessage): Promise<void> {
  const channelId = await openDmChannel(client, userId);
  const final = finalizeMessage(message);
  await client.rest.post(Routes.channelMessages(channelId), {
    body: {
      ...(final.content !== undefined ? { content: final.content } : {}),
      embeds: final.embeds ?? [],
      components: final.components ?? [],
      allowed_mentions: { parse: [] },
    },
  });
}
