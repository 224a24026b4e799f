// Starting a thread on a message (POST /channels/:channel/messages/:message/threads), as Discord
// checks it: the body (name 1–100, auto_archive_duration one of 60/1440/4320/10080), a text or
// announcement channel, VIEW_CHANNEL and CREATE_PUBLIC_THREADS, the message in that channel, and one
// thread per message.

import { DiscordHttpError, FormErrors, isRecord } from '../errors.js';
import { has, Permission } from '../permissions.js';
import { snowflake } from '../snowflake.js';
import { checkString } from '../validate-common.js';
import { guildErrors } from './errors.js';
import type { Channel } from './model.js';
import type { GuildRegistry } from './registry.js';

const ARCHIVE_DURATIONS = [60, 1440, 4320, 10080];
const GUILD_TEXT = 0;
const GUILD_ANNOUNCEMENT = 5;

export interface StartedThread {
  id: string;
  parentId: string;
  messageId: string;
  name: string;
  autoArchiveDuration: number;
}

export function startThread(registry: GuildRegistry, channel: Channel, messageId: string, body: unknown, threads: Map<string, StartedThread>): Record<string, unknown> {
  const errs = new FormErrors();
  const data = isRecord(body) ? body : {};
  const name = checkString(errs, ['name'], data.name, { min: 1, max: 100, required: true });
  const duration = data.auto_archive_duration ?? 1440;
  if (typeof duration !== 'number' || !ARCHIVE_DURATIONS.includes(duration)) {
    errs.add(['auto_archive_duration'], 'BASE_TYPE_CHOICES', `Value must be one of {${ARCHIVE_DURATIONS.join(', ')}}.`);
  }
  errs.throwIfAny();
  const guild = registry.requireGuild(channel.guildId);
  const perms = registry.botPermissions(guild, channel);
  if (!has(perms, Permission.VIEW_CHANNEL)) throw guildErrors.missingAccess();
  if (channel.type !== GUILD_TEXT && channel.type !== GUILD_ANNOUNCEMENT) throw new DiscordHttpError(400, { message: 'Cannot execute action on this channel type', code: 50024 });
  if (!has(perms, Permission.CREATE_PUBLIC_THREADS)) throw guildErrors.missingPermissions();
  if (!(registry.sent.get(channel.id) ?? []).some((m) => m.id === messageId)) throw new DiscordHttpError(404, { message: 'Unknown Message', code: 10008 });
  if (threads.has(messageId)) throw new DiscordHttpError(400, { message: 'A thread has already been created for this message', code: 160004 });
  const thread: StartedThread = { id: snowflake(), parentId: channel.id, messageId, name: name ?? '', autoArchiveDuration: duration as number };
  threads.set(messageId, thread);
  return {
    id: thread.id,
    type: channel.type === GUILD_ANNOUNCEMENT ? 10 : 11,
    guild_id: guild.id,
    parent_id: channel.id,
    owner_id: registry.botId,
    name: thread.name,
    message_count: 0,
    member_count: 1,
    thread_metadata: { archived: false, auto_archive_duration: thread.autoArchiveDuration, archive_timestamp: new Date(registry.now()).toISOString(), locked: false },
  };
}
