// The messages an interaction's answers create: where they come from (channel, guild, the bot as
// author, the interaction metadata), and telling every interaction showing a message that it changed.

import { isRecord } from '../errors.js';
import type { InteractionRecord } from '../interaction-record.js';
import type { MessageOrigin } from '../messages.js';
import type { ServerState } from '../server-state.js';

export function originFor(state: ServerState, record: InteractionRecord, timestamp: string): MessageOrigin {
  const p = record.payload;
  const channel = isRecord(p.channel) ? p.channel : undefined;
  const member = isRecord(p.member) ? p.member : undefined;
  const user = member && isRecord(member.user) ? member.user : p.user;
  const name = p.data && typeof p.data.name === 'string' ? p.data.name : undefined;
  return {
    channelId: typeof channel?.id === 'string' ? channel.id : String(p.channel_id ?? ''),
    guildId: typeof p.guild_id === 'string' ? p.guild_id : undefined,
    applicationId: state.applicationId,
    author: { ...state.botUser },
    type: p.type === 2 ? 20 : 19,
    timestamp,
    interaction: {
      id: record.id,
      type: record.type,
      user,
      authorizing_integration_owners: p.authorizing_integration_owners,
      ...(name !== undefined && p.type === 2 ? { name } : {}),
    },
  };
}

/** Tells every interaction whose original is this message that it changed (component updates edit shared messages). */
export function notifyMessageChanged(state: ServerState, messageId: string | undefined): void {
  if (messageId === undefined) return;
  for (const record of state.interactions.values()) {
    if (record.originalId === messageId || record.followUpIds.includes(messageId)) record.changed();
  }
}
