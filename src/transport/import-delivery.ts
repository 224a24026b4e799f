// How an import's progress reaches the person over Discord's REST API: one message in their DMs,
// edited as the import runs, then the report (with the failed entries as a file). Where their DMs
// are closed (50007, or any refusal to open the DM), the Import click's follow-ups carry it while its
// token lasts (15 minutes), saying so; after that the import goes on without a message. Nothing in it
// can ping anyone.

import { DiscordAPIError, Routes, type Client } from 'discord.js';
import { translator } from '../i18n/index.js';
import type { ProgressPlace } from '../list-files/import-records.js';
import type { ImportMessenger, ImportProgress } from '../list-files/imports.js';
import { progressMessage, reportMessage } from '../render/import-messages.js';
import { finalizeMessage, type RenderedMessage } from '../render/limits.js';
import { stopButtonId } from '../views/list-import.js';
import { openDmChannel } from './direct-message.js';

const EPHEMERAL = 64;

interface Sent {
  id?: unknown;
}

export function body(message: RenderedMessage, flags?: number): Record<string, unknown> {
  const final = finalizeMessage(message);
  return {
    ...(final.content !== undefined ? { content: final.content } : {}),
    embeds: final.embeds ?? [],
    components: final.components ?? [],
    allowed_mentions: { parse: [] },
    ...(flags !== undefined ? { flags } : {}),
    ...(final.uploads?.length ? { attachments: final.uploads.map((f, id) => ({ id, filename: f.name, description: f.description })) } : {}),
  };
}

export function files(message: RenderedMessage): { files?: Array<{ name: string; data: Buffer; contentType: string }> } {
  const uploads = finalizeMessage(message).uploads ?? [];
  return uploads.length > 0 ? { files: uploads.map((f) => ({ name: f.name, data: f.data, contentType: f.contentType })) } : {};
}

export function importMessenger(client: Client, now: () => number = Date.now): ImportMessenger {
  const render = (userId: string, p: ImportProgress, via: ProgressPlace['via']): RenderedMessage => progressMessage(translator(p.locale), { ...p, via }, stopButtonId(userId));
  const followUpOpen = (place: ProgressPlace): place is Extract<ProgressPlace, { via: 'followup' }> => place.via === 'followup' && place.until > now();

  return {
    async open(userId, progress, interaction) {
      try {
        const channelId = await openDmChannel(client, userId);
        const sent = (await client.rest.post(Routes.channelMessages(channelId), { body: body(render(userId, progress, 'dm')) })) as Sent;
        if (typeof sent.id === 'string') return { via: 'dm', channelId, messageId: sent.id };
      } catch (error) {
        if (!(error instanceof DiscordAPIError) || error.status >= 500) throw error;
        // DMs closed (50007) or the DM refused: the click's follow-ups while they last.
      }
      if (!interaction || interaction.until <= now()) return { via: 'none' };
      const sent = (await client.rest.post(Routes.webhook(interaction.applicationId, interaction.token), {
        body: body(render(userId, progress, 'followup'), EPHEMERAL),
        auth: false,
        query: new URLSearchParams({ wait: 'true' }),
      })) as Sent;
      if (typeof sent.id !== 'string') return { via: 'none' };
      return { via: 'followup', applicationId: interaction.applicationId, token: interaction.token, messageId: sent.id, until: interaction.until };
    },

    async edit(place, userId, progress) {
      if (place.via === 'dm') {
        await client.rest.patch(Routes.channelMessage(place.channelId, place.messageId), { body: body(render(userId, progress, 'dm')) });
      } else if (followUpOpen(place)) {
        await client.rest.patch(Routes.webhookMessage(place.applicationId, place.token, place.messageId), { body: body(render(userId, progress, 'followup')), auth: false });
      }
    },

    async report(place, userId, progress, failed) {
      const message = reportMessage(translator(progress.locale), progress, failed);
      if (place.via === 'dm') {
        // The progress message ends without its Stop button; the report is a new message (a DM notification).
        const last = { ...render(userId, progress, 'dm'), components: [] };
        await client.rest.patch(Routes.channelMessage(place.channelId, place.messageId), { body: body(last) }).catch(() => undefined);
        await client.rest.post(Routes.channelMessages(place.channelId), { body: body(message), ...files(message) });
      } else if (followUpOpen(place)) {
        await client.rest.post(Routes.webhook(place.applicationId, place.token), { body: body(message, EPHEMERAL), ...files(message), auth: false });
      }
    },
  };
}
