// The bot editing its own message in a guild channel (PATCH /channels/:channel/messages/:message), as
// Discord's Edit Message does: the body checked first (400 Invalid Form Body), the bot's VIEW_CHANNEL
// (403 Missing Access), an unknown message 404 (10008), another author's 403 (50005), and for new
// uploads ATTACH_FILES (403 Missing Permissions). Only the fields sent change; `attachments`, when sent,
// is the message's whole list: uploads become new attachments, listed ids keep theirs, and every
// attachment not listed is removed. Embeds go without EMBED_LINKS, as on a post.

import { DiscordHttpError, FormErrors, discordErrors, isRecord } from '../errors.js';
import { applyEdit } from '../messages.js';
import { isEmptyMessage, MessageFlag, validateMessageBody } from '../message-validation.js';
import { has, Permission } from '../permissions.js';
import type { RecordedMessage } from '../types.js';
import { guildErrors } from './errors.js';
import type { Channel } from './model.js';
import type { GuildRegistry } from './registry.js';

const cannotEditOthers = (): DiscordHttpError => new DiscordHttpError(403, { message: 'Cannot edit a message authored by another user', code: 50005 });

/** Whether the edit brings new uploads (takeUploads marked them). */
const uploads = (body: Record<string, unknown>): boolean => Array.isArray(body.attachments) && body.attachments.some((a) => isRecord(a) && a.uploaded === true);

/** Applies the bot's edit to one of its messages in `channel` and returns the message as it is now. */
export function editInChannel(registry: GuildRegistry, channel: Channel, messageId: string, body: unknown): RecordedMessage {
  const errs = new FormErrors();
  const data = isRecord(body) ? body : {};
  const isV2 = typeof data.flags === 'number' && (data.flags & MessageFlag.IsComponentsV2) !== 0;
  validateMessageBody(errs, [], body, isV2);
  errs.throwIfAny();
  const guild = registry.requireGuild(channel.guildId);
  const perms = registry.botPermissions(guild, channel);
  if (!has(perms, Permission.VIEW_CHANNEL)) throw guildErrors.missingAccess();
  const message = registry.sent.get(channel.id)?.find((m) => m.id === messageId);
  if (!message) throw discordErrors.unknownMessage();
  if ((message.author as { id?: unknown }).id !== registry.botUser.id) throw cannotEditOthers();
  if (uploads(data) && !has(perms, Permission.ATTACH_FILES)) throw guildErrors.missingPermissions();
  const change = { ...data, ...(data.embeds !== undefined && !has(perms, Permission.EMBED_LINKS) ? { embeds: [] } : {}) };
  const before = structuredClone(message);
  applyEdit(message, change, new Date(registry.now()).toISOString());
  if (isEmptyMessage(message as unknown as Record<string, unknown>)) {
    Object.assign(message, before);
    throw guildErrors.emptyMessage();
  }
  return message;
}
