// The bot posting in a guild channel (POST /channels/:channel/messages): the checks Discord makes
// (body, a poll's too (polls.ts), channel type, VIEW_CHANNEL / SEND_MESSAGES / ATTACH_FILES / SEND_POLLS), `enforce_nonce`, dropped embeds
// without EMBED_LINKS, and who the message really pings.

import { FormErrors, isRecord } from '../errors.js';
import type { MessageFaults } from '../message-faults.js';
import { isEmptyMessage, MessageFlag, validateMessageBody } from '../message-validation.js';
import { normalizeAttachments } from '../messages.js';
import { earlierWithNonce, nonceOf, validateNonce } from '../nonce.js';
import { has, Permission } from '../permissions.js';
import { snowflake } from '../snowflake.js';
import type { RecordedMessage } from '../types.js';
import { guildErrors as errors } from './errors.js';
import { MESSAGE_CHANNEL_TYPES, type Channel, type Guild } from './model.js';
import type { GuildRegistry } from './registry.js';
import { validatePoll, type FakePolls } from './polls.js';

/** Flags a bot may set on a channel message; the rest is dropped. */
const CREATABLE_FLAGS = MessageFlag.SuppressEmbeds | MessageFlag.SuppressNotifications | MessageFlag.IsComponentsV2;

/**
 * Posts `body` in a guild channel as the bot, or throws Discord's error; returns the new message (handed
 * to `store` too) or, for a repeated `enforce_nonce`, the earlier one.
 */
export function postInChannel(
  registry: GuildRegistry,
  channel: Channel,
  body: unknown,
  faults: MessageFaults,
  store: (message: RecordedMessage) => void,
  polls: FakePolls,
): RecordedMessage {
  const errs = new FormErrors();
  const isV2 = isRecord(body) && typeof body.flags === 'number' && (body.flags & MessageFlag.IsComponentsV2) !== 0;
  validateMessageBody(errs, [], body, isV2);
  if (isRecord(body)) {
    validateNonce(errs, body);
    validatePoll(errs, ['poll'], body.poll);
  }
  errs.throwIfAny();
  const data = body as Record<string, unknown>;
  if (isEmptyMessage(data)) throw errors.emptyMessage();
  faults.throwNext();
  const guild = registry.requireGuild(channel.guildId);
  if (!MESSAGE_CHANNEL_TYPES.has(channel.type)) throw errors.nonTextChannel();
  const perms = registry.botPermissions(guild, channel);
  if (!has(perms, Permission.VIEW_CHANNEL)) throw errors.missingAccess();
  if (!has(perms, Permission.SEND_MESSAGES)) throw errors.missingPermissions();
  if (Array.isArray(data.attachments) && data.attachments.length > 0 && !has(perms, Permission.ATTACH_FILES)) {
    throw errors.missingPermissions();
  }
  const withPoll = isRecord(data.poll);
  if (withPoll) polls.checkCreate(perms, channel.type);
  const earlier = earlierWithNonce(registry.sent.get(channel.id), data, registry.now());
  if (earlier) return earlier;
  const message = channelMessage(registry, guild, channel, perms, data);
  if (withPoll) polls.attach(message, guild.id, data);
  channel.lastMessageId = message.id;
  const list = registry.sent.get(channel.id) ?? [];
  list.push(message);
  registry.sent.set(channel.id, list);
  store(message);
  return message;
}

/** The message Discord stores for a post that passed every check. */
function channelMessage(registry: GuildRegistry, guild: Guild, channel: Channel, perms: bigint, data: Record<string, unknown>): RecordedMessage {
  const nonce = nonceOf(data);
  const embeds =
    has(perms, Permission.EMBED_LINKS) && Array.isArray(data.embeds)
      ? data.embeds.map((e) => (isRecord(e) ? { type: 'rich', ...structuredClone(e) } : e))
      : [];
  const mentions = resolveMentions(registry, guild, perms, data);
  const message = {
    id: snowflake(),
    type: 0,
    channel_id: channel.id,
    guild_id: guild.id,
    author: structuredClone(registry.botUser),
    content: typeof data.content === 'string' ? data.content : '',
    timestamp: new Date(registry.now()).toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: mentions.everyone,
    mentions: mentions.users,
    mention_roles: mentions.roles,
    // The uploads the multipart body carried (kept by attachments.ts), as Discord describes them.
    attachments: normalizeAttachments(data.attachments, channel.id),
    embeds,
    components: Array.isArray(data.components) ? structuredClone(data.components) : [],
    pinned: false,
    flags: (typeof data.flags === 'number' ? data.flags : 0) & CREATABLE_FLAGS,
    ...(nonce !== undefined ? { nonce } : {}),
  } as unknown as RecordedMessage;
  if (data.allowed_mentions !== undefined) message.allowed_mentions = structuredClone(data.allowed_mentions);
  return message;
}

/**
 * Who a message pings, as Discord resolves it: only mentions written in the text (content or V2 text
 * displays), filtered by `allowed_mentions` (absent: everything parsed), roles only when mentionable
 * or the bot has MENTION_EVERYONE in the channel, @everyone/@here only with MENTION_EVERYONE.
 */
function resolveMentions(
  registry: GuildRegistry,
  guild: Guild,
  perms: bigint,
  body: Record<string, unknown>,
): { everyone: boolean; users: unknown[]; roles: string[] } {
  const text = mentionText(body);
  const allowed = isRecord(body.allowed_mentions) ? body.allowed_mentions : undefined;
  const parse = allowed && Array.isArray(allowed.parse) ? allowed.parse : [];
  const allows = (kind: 'users' | 'roles', id: string): boolean => {
    if (allowed === undefined || parse.includes(kind)) return true;
    const ids = allowed[kind];
    return Array.isArray(ids) && ids.includes(id);
  };
  const mentionEveryone = has(perms, Permission.MENTION_EVERYONE);
  const roles = uniqueMatches(text, /<@&(\d+)>/g).filter((id) => {
    const role = guild.roles.get(id);
    return role !== undefined && id !== guild.id && allows('roles', id) && (role.mentionable || mentionEveryone);
  });
  const users = uniqueMatches(text, /<@!?(\d+)>/g)
    .filter((id) => allows('users', id))
    .map((id) => registry.mentionedUser(id, guild))
    .filter((u): u is Record<string, unknown> => u !== undefined);
  const everyone = /@(?:everyone|here)\b/.test(text) && (allowed === undefined || parse.includes('everyone')) && mentionEveryone;
  return { everyone, users, roles };
}

/** Text that can carry mentions: the content and Components V2 text displays (type 10). */
function mentionText(body: Record<string, unknown>): string {
  const parts: string[] = [typeof body.content === 'string' ? body.content : ''];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(walk);
      return;
    }
    if (!isRecord(value)) return;
    if (value.type === 10 && typeof value.content === 'string') parts.push(value.content);
    walk(value.components);
    walk(value.accessory);
  };
  walk(body.components);
  return parts.join('\n');
}

function uniqueMatches(text: string, pattern: RegExp): string[] {
  return [...new Set([...text.matchAll(pattern)].map((m) => m[1] ?? ''))];
}
