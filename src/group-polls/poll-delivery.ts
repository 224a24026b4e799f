// The Discord side of `/server pick` polls for the end job (group-polls.ts): reading a poll, and
// posting its result with a nonce Discord enforces (no one pinged). The result message is rendered
// above this room and handed in.

import { DiscordAPIError } from 'discord.js';
import type { DiscordSide, OutgoingMessage } from '../discord-api/discord-side.js';
import { UnrecoverableJobError } from '../jobs/job-engine.js';
import type { PollPort, PollRecord, PollResult } from './group-polls.js';

/** How a poll's result reads (in the server's language noted on the poll). */
export type PollResultRendering = (poll: PollRecord, result: PollResult) => OutgoingMessage;

export function pollPort(discord: Pick<DiscordSide, 'polls' | 'channels'>, render: PollResultRendering): PollPort {
  return {
    read: async (poll, signal) => {
      const state = await discord.polls.read(poll.channelId, poll.messageId, signal);
      return state && { finalized: state.finalized, counts: state.counts, ...(state.expiresAt > 0 ? { endsAt: state.expiresAt } : {}) };
    },
    postResult: async (poll, result, nonce, signal) => {
      try {
        await discord.channels.post(poll.channelId, { message: render(poll, result), nonce, signal });
      } catch (error) {
        // The channel refuses the bot now (gone, no access): retrying cannot help.
        if (error instanceof DiscordAPIError && error.status >= 400 && error.status < 500 && error.status !== 429) {
          throw new UnrecoverableJobError(`the poll's channel refused its result: ${error.status} ${error.code}`);
        }
        throw error;
      }
    },
  };
}
