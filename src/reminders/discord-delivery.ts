// Posts a due reminder through the Discord side, as a DM or in a server channel, and classifies
// failures for the queue: closed DMs (50007) pause the user; an unknown user, or a channel that is
// gone or no longer writable, is `gone` (the channel's follows pause); everything else is retried.
// Every post carries a nonce derived from the reminder id with `enforce_nonce`: the second line of
// defence (the first is the job engine, the send lease and the sent marker), for the one case they
// cannot close, a process dying after Discord took the post and before it was marked sent; within
// Discord's window the resend returns the first message instead of posting a second. The message and
// the thread's name are rendered above this room and handed in (`ReminderRendering`).

import { createHash } from 'node:crypto';
import { DiscordAPIError, HTTPError } from 'discord.js';
import type { DiscordSide, OutgoingMessage } from '../discord-api/discord-side.js';
import type { DeliveryResult } from './types.js';
import type { QueuedReminder } from './records.js';

const CANNOT_SEND_TO_USER = 50007;
const UNKNOWN_USER = 10013;
const UNKNOWN_CHANNEL = 10003;

/** How a reminder reads, in the destination's language (the server's for a channel, the recipient's for a DM). */
export interface ReminderRendering {
  message(reminder: QueuedReminder): OutgoingMessage;
  threadName(reminder: QueuedReminder): string;
}

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

/**
 * Opens the episode's thread on a channel post. The reminder is out already: a thread Discord refuses
 * (a permission removed since the follow was set up) is logged, and neither fails nor repeats the post.
 */
async function openThread(discord: Pick<DiscordSide, 'channels'>, channelId: string, messageId: string | undefined, name: string, log: (error: unknown) => void): Promise<void> {
  if (messageId === undefined) return;
  try {
    await discord.channels.startThread(channelId, messageId, { name, autoArchiveMinutes: 1440 });
  } catch (error) {
    log(error);
  }
}

export function reminderDelivery(
  discord: Pick<DiscordSide, 'channels' | 'directMessages'>,
  render: ReminderRendering,
  onThreadError: (error: unknown) => void = () => undefined,
): (reminder: QueuedReminder, signal?: AbortSignal) => Promise<DeliveryResult> {
  return async (reminder, signal) => {
    try {
      const target = reminder.target;
      const message = render.message(reminder);
      const nonce = reminderNonce(reminder.id);
      if (target.kind === 'channel') {
        // Only the role a server chose is ever pinged; nothing in a title can ping anyone.
        const posted = await discord.channels.post(target.channelId, { message, nonce, ...(target.roleId !== undefined ? { roleIds: [target.roleId] } : {}), ...(signal ? { signal } : {}) });
        if (target.thread === true) await openThread(discord, target.channelId, posted.id, render.threadName(reminder), onThreadError);
        return { ok: true };
      }
      await discord.directMessages.send(target.userId, { message, nonce, ...(signal ? { signal } : {}) });
      return { ok: true };
    } catch (error) {
      return classify(error);
    }
  };
}
