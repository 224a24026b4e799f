// What the gateway session tells the domain services at once, instead of their jobs waiting for a
// scheduled read: Discord's MESSAGE_UPDATE of a finalized poll of the bot (intent GUILD_MESSAGES) runs
// the poll's end job now; GUILD_SCHEDULED_EVENT_UPDATE with the completed status (intent
// GUILD_SCHEDULED_EVENTS) checks the watch party now. Over HTTP there is no session: the jobs' reads
// alone notice the ends.

import { Events, type Client, type GatewayDispatchPayload } from 'discord.js';
import { EVENT_STATUS } from '../discord-api/scheduled-events.js';
import type { Logger } from '../log/log.js';
import type { GroupPolls } from '../group-polls/group-polls.js';
import type { WatchParties } from '../watch-parties/watch-parties.js';

interface RawPollMessage {
  id?: unknown;
  author?: { id?: unknown };
  poll?: { results?: { is_finalized?: unknown } };
}

/** On the gateway: a finalized poll of the bot's runs its end job now. */
export function watchPollEnds(client: Client, polls: Pick<GroupPolls, 'ended'>, log: Logger): void {
  client.on(Events.Raw, (packet: GatewayDispatchPayload) => {
    if (packet.t !== 'MESSAGE_UPDATE') return;
    const d = packet.d as RawPollMessage;
    if (d.poll?.results?.is_finalized !== true || typeof d.id !== 'string') return;
    if (d.author?.id !== client.user?.id) return;
    polls.ended(d.id, 'final').catch((error: unknown) => log.warn('could not run a finalized poll\'s end job now; its scheduled read will', { error }));
  });
}

/** On the gateway: an event of a party marked completed is checked at once (GUILD_SCHEDULED_EVENTS intent). */
export function listenForEndedEvents(client: Client, parties: Pick<WatchParties, 'ended'>, onError: (error: unknown) => void): void {
  client.on(Events.Raw, (packet: GatewayDispatchPayload) => {
    if (packet.t !== 'GUILD_SCHEDULED_EVENT_UPDATE') return;
    const d = packet.d as { id?: unknown; guild_id?: unknown; status?: unknown };
    if (d.status !== EVENT_STATUS.completed || typeof d.id !== 'string' || typeof d.guild_id !== 'string') return;
    void parties.ended(d.guild_id, d.id).catch(onError);
  });
}
