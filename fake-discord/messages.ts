import { isRecord } from './errors.js';
import { MessageFlag } from './message-validation.js';
import { snowflake } from './snowflake.js';
import { attachmentObject } from './attachments.js';
import type { RecordedMessage } from './types.js';

/** Flags a bot may set when creating a message; everything else is dropped as Discord does. */
const CREATABLE_FLAGS =
  MessageFlag.SuppressEmbeds | MessageFlag.Ephemeral | MessageFlag.SuppressNotifications | MessageFlag.IsComponentsV2;

export interface MessageOrigin {
  channelId: string;
  guildId: string | undefined;
  applicationId: string;
  author: Record<string, unknown>;
  interaction: Record<string, unknown>;
  /** 20 for an application command's messages, 19 (reply) otherwise. */
  type: number;
  timestamp: string;
}

function normalizeEmbeds(embeds: unknown): unknown[] {
  if (!Array.isArray(embeds)) return [];
  return embeds.map((e) => (isRecord(e) ? { type: 'rich', ...structuredClone(e) } : e));
}

/**
 * The message's attachments: uploads kept by attachments.ts as Discord describes them, attachments the
 * message already had (an edit listing their ids keeps them), else a described file.
 */
export function normalizeAttachments(attachments: unknown, channelId: string, previous: unknown = []): unknown[] {
  if (!Array.isArray(attachments)) return [];
  const before = Array.isArray(previous) ? previous.filter(isRecord) : [];
  return attachments.map((a) => {
    if (isRecord(a) && a.uploaded === true) return attachmentObject(String(a.id), channelId) ?? a;
    const kept = isRecord(a) ? before.find((b) => b.id === String(a.id)) : undefined;
    if (kept) return structuredClone(kept);
    const filename = isRecord(a) && typeof a.filename === 'string' ? a.filename : 'file';
    const size = isRecord(a) && typeof a.size === 'number' ? a.size : 0;
    const id = snowflake();
    const url = `https://cdn.discordapp.com/attachments/0/${id}/${encodeURIComponent(filename)}`;
    return { id, filename, size, url, proxy_url: url };
  });
}

export function createMessage(body: Record<string, unknown>, origin: MessageOrigin, extraFlags = 0): RecordedMessage {
  const flags = ((typeof body.flags === 'number' ? body.flags : 0) & CREATABLE_FLAGS) | extraFlags;
  const interaction = origin.interaction;
  const message: Record<string, unknown> = {
    id: snowflake(),
    type: origin.type,
    channel_id: origin.channelId,
    author: origin.author,
    content: typeof body.content === 'string' ? body.content : '',
    timestamp: origin.timestamp,
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: normalizeAttachments(body.attachments, origin.channelId),
    embeds: normalizeEmbeds(body.embeds),
    components: Array.isArray(body.components) ? structuredClone(body.components) : [],
    pinned: false,
    flags,
    webhook_id: origin.applicationId,
    application_id: origin.applicationId,
    interaction_metadata: {
      id: interaction.id,
      type: interaction.type,
      user: interaction.user,
      authorizing_integration_owners: interaction.authorizing_integration_owners,
      ...(typeof interaction.name === 'string' ? { name: interaction.name } : {}),
    },
    interaction: {
      id: interaction.id,
      type: interaction.type,
      name: typeof interaction.name === 'string' ? interaction.name : '',
      user: interaction.user,
    },
  };
  if (origin.guildId !== undefined) message.guild_id = origin.guildId;
  if (body.allowed_mentions !== undefined) message.allowed_mentions = structuredClone(body.allowed_mentions);
  return message as unknown as RecordedMessage;
}

/** Applies an edit (PATCH body or update callback data) in place; only present fields change. */
export function applyEdit(message: RecordedMessage, body: Record<string, unknown>, timestamp: string): void {
  const m = message as unknown as Record<string, unknown>;
  if (body.content !== undefined) m.content = typeof body.content === 'string' ? body.content : '';
  if (body.embeds !== undefined) m.embeds = normalizeEmbeds(body.embeds);
  if (body.components !== undefined) m.components = Array.isArray(body.components) ? structuredClone(body.components) : [];
  if (body.attachments !== undefined) m.attachments = normalizeAttachments(body.attachments, String(m.channel_id), m.attachments);
  if (body.allowed_mentions !== undefined) m.allowed_mentions = structuredClone(body.allowed_mentions);
  let flags = (typeof m.flags === 'number' ? m.flags : 0) & ~MessageFlag.Loading;
  if (typeof body.flags === 'number') {
    // Only SUPPRESS_EMBEDS can be toggled, and IS_COMPONENTS_V2 can be turned on, by an edit.
    flags = (flags & ~MessageFlag.SuppressEmbeds) | (body.flags & MessageFlag.SuppressEmbeds);
    flags |= body.flags & MessageFlag.IsComponentsV2;
  }
  m.flags = flags;
  m.edited_timestamp = timestamp;
}

/** The message as embedded in an interaction payload (no fake-only fields). */
export function messageForPayload(message: RecordedMessage): Record<string, unknown> {
  const copy = structuredClone(message) as unknown as Record<string, unknown>;
  delete copy.allowed_mentions;
  return copy;
}
