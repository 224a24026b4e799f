// The plain message the Discord side sends (already finalized by the rendering layer's gate,
// src/render/limits.ts `finalizeMessage`, whose FinalMessage fits this shape), and the request body
// and multipart files Discord's REST API takes for it. Nothing in a body can ping anyone but the roles
// a server chose.

import type { APIActionRowComponent, APIComponentInMessageActionRow, APIEmbed } from 'discord.js';

/** A file uploaded with a message (`files[n]`); embeds may point to it as `attachment://<name>`. */
export interface OutgoingFile {
  name: string;
  data: Buffer;
  contentType: string;
  /** Alt text. */
  description: string;
}

/** A finalized message: within Discord's limits, its files checked (see src/render/limits.ts). */
export interface OutgoingMessage {
  content?: string;
  embeds?: APIEmbed[];
  components?: Array<APIActionRowComponent<APIComponentInMessageActionRow>>;
  uploads?: readonly OutgoingFile[];
}

/** The JSON body of a message: no one pinged but `roleIds`; its files described as attachments. */
export function messageBody(message: OutgoingMessage, o: { roleIds?: readonly string[] | undefined; flags?: number | undefined } = {}): Record<string, unknown> {
  const roles = o.roleIds !== undefined && o.roleIds.length > 0 ? { roles: [...o.roleIds] } : {};
  return {
    ...(message.content !== undefined ? { content: message.content } : {}),
    embeds: message.embeds ?? [],
    components: message.components ?? [],
    allowed_mentions: { parse: [], ...roles },
    ...(o.flags !== undefined ? { flags: o.flags } : {}),
    ...(message.uploads?.length ? { attachments: message.uploads.map((f, id) => ({ id, filename: f.name, description: f.description })) } : {}),
  };
}

/** The multipart files of a message, none when it has no uploads. */
export function messageFiles(message: OutgoingMessage): { files?: Array<{ name: string; data: Buffer; contentType: string }> } {
  const uploads = message.uploads ?? [];
  return uploads.length > 0 ? { files: uploads.map((f) => ({ name: f.name, data: f.data, contentType: f.contentType })) } : {};
}
