// Posts a due reminder through Discord's REST API, as a DM or in a server channel, and classifies
// failures for the queue: closed DMs (50007) pause the user; an unknown user, or a channel that is
// gone or no longer writable, is `gone` (the channel's follows pause); everything else is retried.
// Every post carries a nonce derived from the reminder id with `enforce_nonce`: the second line of
// defence (the first is the job engine, the send lease and the sent marker), for the one case they
// cannot close, a process dying after Discord took the post and before it was marked sent; within
// Discord's window the resend returns the first message instead of posting a second.

import { createHash } from 'node:crypto';
import { DiscordAPIError, HTTPError, Routes, type Client } from 'discord.js';
import type { DeliveryResult } from '../reminders/types.js';
import type { QueuedReminder } from '../reminders/records.js';
import { openDmChannel } from './direct-message.js';
import { finalizeMessage, type RenderedMessage } from '../render/limits.js';
import { reminderMessage, reminderThreadName } from '../views/reminders.js';
import { translator } from '../i18n/index.js';

const CANNOT_SEND_TO_USER = 50007;
const UNKNOWN_USER = 10013;
const UNKNOWN_CHANNEL = 10003;

function classify(error: unknown): DeliveryResult {
  if (error instanceof DiscordAPIError) {
    if (error.code === CANNOT_SEND_TO_USER) return { ok: false, reason: 'closed', detail: error.message };
    if (error.code === UNKNOWN_USER || error.code === UNKNOWN_CHANNEL) return { ok: false, reason: 'gone', detail: error.message };
    if (error.status >= 400 && error.status < 500 && error.status !== 429) return { ok: false, reason: 'gone', detail: `${error.status} ${error.code} ${error.message}` };
    return { ok: false, reason: 'retry', detail: `${error.status} ${error.message}` };
  }
  if (error instanceof HTTPError) return { ok: false, reason: 'retry', detail: `${error.status} ${error.message}` };
  return { ok: false, reason: 'retry', detail: error instanceof Error ? error.message : String(error) };
}

/** Discord nonces are at most 25 characters. */
export function reminderNonce(reminderId: string): string {
  return createHash('sha256').update(reminderId).digest('base64url').slice(0, 25);
}

async function post(client: Client, channelId: string, message: RenderedMessage, roleId: string | undefined, nonce: string, signal?: AbortSignal): Promise<{ id?: unknown }> {
  const final = finalizeMessage(message);
  return (await client.rest.post(Routes.channelMessages(channelId), {
    ...(signal ? { signal } : {}),
    body: {
      nonce,
      enforce_nonce: true,
      ...(final.content !== undefined ? { content: final.content } : {}),
      embeds: final.embeds ?? [],
      components: final.components ?? [],
      // Only the role a server chose is ever pinged; nothing in a title can ping anyone.
      allowed_mentions: { parse: [], ...(roleId !== undefined ? { roles: [roleId] } : {}) },
    },
  })) as { id?: unknown };
}

/**
 * Opens the episode's thread on a channel post. The reminder is out already: a thread Discord refuses
 * (a permission removed since the follow was set up) is logged, and neither fails nor repeats the post.
 */
async function openThread(client: Client, channelId: string, messageId: unknown, reminder: QueuedReminder, log: (error: unknown) => void): Promise<void> {
  if (typeof messageId !== 'string') return;
  try {
    await client.rest.post(Routes.threads(channelId, messageId), { body: { name: reminderThreadName(translator(reminder.locale), reminder), auto_archive_duration: 1440 } });
  } catch (error) {
    log(error);
  }
}

export function reminderDelivery(
  client: Client,
  onThreadError: (error: unknown) => void = () => undefined,
): (reminder: QueuedReminder, signal?: AbortSignal) => Promise<DeliveryResult> {
  return async (reminder, signal) => {
    try {
      const target = reminder.target;
      // In the destination's language: the server's for a channel, the recipient's for a DM (English when unknown).
      const message = reminderMessage(translator(reminder.locale), reminder);
      if (target.kind === 'channel') {
        const posted = await post(client, target.channelId, message, target.roleId, reminderNonce(reminder.id), signal);
        if (target.thread === true) await openThread(client, target.channelId, posted.id, reminder, onThreadError);
        return { ok: true };
      }
      await post(client, await openDmChannel(client, target.userId), message, undefined, reminderNonce(reminder.id), signal);
      return { ok: true };
    } catch (error) {
      return classify(error);
    }
  };
}
