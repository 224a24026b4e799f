// How an import's progress reaches the person through the Discord side: one message in their DMs,
// edited as the import runs, then the report (with the failed entries as a file). Where their DMs
// are closed (50007, or any refusal to open the DM), the Import click's follow-ups carry it while its
// token lasts (15 minutes), saying so; after that the import goes on without a message. Nothing in it
// can ping anyone. The messages are rendered above this room and handed in (`ImportRendering`).

import { DiscordAPIError } from 'discord.js';
import type { DiscordSide, OutgoingMessage } from '../discord-api/discord-side.js';
import type { FailedEntry, ProgressPlace } from './import-records.js';
import type { ImportMessenger, ImportProgress } from './import-run.js';

/** How an import's messages read, in the language noted on its progress. */
export interface ImportRendering {
  /** The progress message (with its Stop button), for where it is shown. */
  progress(userId: string, progress: ImportProgress, via: ProgressPlace['via']): OutgoingMessage;
  report(progress: ImportProgress, failed: readonly FailedEntry[]): OutgoingMessage;
}

export function importMessenger(discord: Pick<DiscordSide, 'directMessages' | 'channels' | 'webhooks'>, render: ImportRendering, now: () => number = Date.now): ImportMessenger {
  const followUpOpen = (place: ProgressPlace): place is Extract<ProgressPlace, { via: 'followup' }> => place.via === 'followup' && place.until > now();

  return {
    async open(userId, progress, interaction) {
      try {
        const sent = await discord.directMessages.send(userId, { message: render.progress(userId, progress, 'dm') });
        if (sent.id !== undefined) return { via: 'dm', channelId: sent.channelId, messageId: sent.id };
      } catch (error) {
        if (!(error instanceof DiscordAPIError) || error.status >= 500) throw error;
        // DMs closed (50007) or the DM refused: the click's follow-ups while they last.
      }
      if (!interaction || interaction.until <= now()) return { via: 'none' };
      const sent = await discord.webhooks.followUp(interaction.applicationId, interaction.token, render.progress(userId, progress, 'followup'), { ephemeral: true, wait: true });
      if (sent.id === undefined) return { via: 'none' };
      return { via: 'followup', applicationId: interaction.applicationId, token: interaction.token, messageId: sent.id, until: interaction.until };
    },

    async edit(place, userId, progress) {
      if (place.via === 'dm') {
        await discord.channels.edit(place.channelId, place.messageId, render.progress(userId, progress, 'dm'));
      } else if (followUpOpen(place)) {
        await discord.webhooks.edit(place.applicationId, place.token, place.messageId, render.progress(userId, progress, 'followup'));
      }
    },

    async report(place, userId, progress, failed) {
      const message = render.report(progress, failed);
      if (place.via === 'dm') {
        // The progress message ends without its Stop button; the report is a new message (a DM notification).
        const last = { ...render.progress(userId, progress, 'dm'), components: [] };
        await discord.channels.edit(place.channelId, place.messageId, last).catch(() => undefined);
        await discord.channels.post(place.channelId, { message });
      } else if (followUpOpen(place)) {
        await discord.webhooks.followUp(place.applicationId, place.token, message, { ephemeral: true });
      }
    },
  };
}
