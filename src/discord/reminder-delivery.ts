// Posts a due reminder as a DM through Discord's REST API and classifies failures for the queue:
// closed DMs (50007) pause the user, unknown users are dropped, everything else is retried.

import { DiscordAPIError, HTTPError, Routes, type Client } from 'discord.js';
import type { DeliveryResult } from '../reminders/reminders.js';
import type { QueuedReminder } from '../reminders/records.js';
import { finalizeMessage } from './render/limits.js';
import { reminderMessage } from './views/reminders.js';

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

export function dmDelivery(client: Client): (reminder: QueuedReminder) => Promise<DeliveryResult> {
  return async (reminder) => {
    try {
      const channel = (await client.rest.post(Routes.userChannels(), { body: { recipient_id: reminder.userId } })) as { id?: unknown };
      if (typeof channel.id !== 'string') return { ok: false, reason: 'retry', detail: 'no DM channel id' };
      const final = finalizeMessage(reminderMessage(reminder));
      await client.rest.post(Routes.channelMessages(channel.id), {
        body: { embeds: final.embeds ?? [], components: final.components ?? [], allowed_mentions: { parse: [] } },
      });
      return { ok: true };
    } catch (error) {
      return classify(error);
    }
  };
}
