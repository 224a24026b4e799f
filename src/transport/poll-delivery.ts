// The Discord side of `/server pick` polls for the end job (src/group-polls/group-polls.ts): reading a poll
// over REST, posting its result with a nonce Discord enforces, and on the gateway transport noticing
// the end through Discord's MESSAGE_UPDATE of a finalized poll (intent GUILD_MESSAGES), which runs the
// end job at once instead of waiting for its scheduled read.

import { DiscordAPIError, Events, type Client, type GatewayDispatchPayload } from 'discord.js';
import { postWithNonce, readPoll } from '../discord-api/polls.js';
import { UnrecoverableJobError } from '../jobs/job-engine.js';
import type { Logger } from '../log/log.js';
import { finalizeMessage } from '../render/limits.js';
import type { GroupPolls, PollPort } from '../group-polls/group-polls.js';
import { pollResultMessage } from '../views/group-poll-result.js';

export function pollPort(client: Client, serviceWebUrl: string): PollPort {
  return {
    read: async (poll, signal) => {
      const state = await readPoll(client.rest, poll.channelId, poll.messageId, signal);
      return state && { finalized: state.finalized, counts: state.counts, ...(state.expiresAt > 0 ? { endsAt: state.expiresAt } : {}) };
    },
    postResult: async (poll, result, nonce, signal) => {
      const final = finalizeMessage(pollResultMessage(poll, result, serviceWebUrl));
      try {
        await postWithNonce(
          client.rest,
          poll.channelId,
          { ...(final.content !== undefined ? { content: final.content } : {}), embeds: final.embeds ?? [], components: final.components ?? [] },
          nonce,
          signal,
        );
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

interface RawPollMessage {
  id?: unknown;
  author?: { id?: unknown };
  poll?: { results?: { is_finalized?: unknown } };
}

/** On the gateway: a finalized poll of the bot's runs its end job now. */
export function watchPollEnds(client: Client, polls: GroupPolls, log: Logger): void {
  client.on(Events.Raw, (packet: GatewayDispatchPayload) => {
    if (packet.t !== 'MESSAGE_UPDATE') return;
    const d = packet.d as RawPollMessage;
    if (d.poll?.results?.is_finalized !== true || typeof d.id !== 'string') return;
    if (d.author?.id !== client.user?.id) return;
    polls.ended(d.id, 'final').catch((error: unknown) => log.warn('could not run a finalized poll\'s end job now; its scheduled read will', { error }));
  });
}
