// Uploaded files as Discord keeps them: each `files[n]` part of a multipart message becomes an
// attachment object (id, filename, size, url, proxy_url, content_type, width/height for images,
// description) whose bytes are served back at its URL on the fake's CDN, a signed URL that expires
// (`ex` expiry and `is` issue time in hex seconds, `hm` a signature over both), as cdn.discordapp.com
// does. What Discord refuses is refused: a file over the upload limit (413, 40005), more than 10
// files, a description over 1024 characters or a filename over 1024 (400, 50035).

import { createHmac, randomBytes } from 'node:crypto';
import { loadImage } from '@napi-rs/canvas';
import { DiscordHttpError, FormErrors, isRecord, textLength } from './errors.js';
import { snowflake } from './snowflake.js';

/** Discord's upload limit for a bot without boosts. */
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
const MAX_FILES = 10;
const MAX_DESCRIPTION = 1024;
const MAX_FILENAME = 1024;
/** How long an attachment URL stays valid. */
const URL_LIFETIME_S = 24 * 3600;
/** Uploads kept in memory at most (tests and the sandbox; the oldest go first). */
const KEPT_LIMIT = 500;

export interface KeptAttachment {
  id: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
  description?: string;
  width?: number;
  height?: number;
}

const secret = randomBytes(16);
const kept = new Map<string, KeptAttachment & { cdnBase: string }>();

function keep(a: KeptAttachment & { cdnBase: string }): void {
  kept.set(a.id, a);
  while (kept.size > KEPT_LIMIT) kept.delete(kept.keys().next().value as string);
}

function signature(channelId: string, id: string, filename: string, ex: string, is: string): string {
  return createHmac('sha256', secret).update(`${channelId}/${id}/${filename}?${ex}&${is}`).digest('hex');
}

async function dimensions(bytes: Buffer, contentType: string): Promise<{ width: number; height: number } | undefined> {
  if (!contentType.startsWith('image/')) return undefined;
  try {
    const image = await loadImage(bytes);
    return image.width > 0 ? { width: image.width, height: image.height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes in the `files[n]` parts of a multipart body: checks them as Discord does and replaces the
 * body's `attachments` with objects naming the kept uploads (`{ id: '0' }` entries matched by index,
 * existing attachment ids passed on as they are).
 */
export async function takeUploads(body: Record<string, unknown>, form: FormData, cdnBase: string): Promise<void> {
  const uploads = new Map<string, File>();
  for (const [field, value] of form.entries()) {
    const match = /^files\[(\d+)\]$/.exec(field);
    if (match?.[1] !== undefined && typeof value !== 'string') uploads.set(match[1], value);
  }
  if (uploads.size === 0) return;
  for (const file of uploads.values()) {
    if (file.size > UPLOAD_LIMIT_BYTES) throw new DiscordHttpError(413, { message: 'Request entity too large', code: 40005 });
  }
  const listed = Array.isArray(body.attachments) ? body.attachments : [];
  const errors = new FormErrors();
  if (uploads.size > MAX_FILES) errors.add(['files'], 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_FILES} or fewer in length.`);
  if (listed.length > MAX_FILES) errors.add(['attachments'], 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_FILES} or fewer in length.`);
  listed.forEach((a, i) => {
    if (!isRecord(a)) return;
    if (typeof a.description === 'string' && textLength(a.description) > MAX_DESCRIPTION) {
      errors.add(['attachments', i, 'description'], 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_DESCRIPTION} or fewer in length.`);
    }
    if (typeof a.filename === 'string' && textLength(a.filename) > MAX_FILENAME) {
      errors.add(['attachments', i, 'filename'], 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_FILENAME} or fewer in length.`);
    }
  });
  errors.throwIfAny();
  const out: unknown[] = listed.filter((a) => !(isRecord(a) && uploads.has(String(a.id))));
  for (const [index, file] of uploads) {
    const meta = listed.find((a): a is Record<string, unknown> => isRecord(a) && String(a.id) === index);
    const bytes = Buffer.from(await file.arrayBuffer());
    const contentType = file.type || 'application/octet-stream';
    const description = typeof meta?.description === 'string' ? meta.description : undefined;
    const filename = typeof meta?.filename === 'string' ? meta.filename : file.name;
    const id = snowflake();
    keep({ id, filename, contentType, bytes, cdnBase, ...(description !== undefined ? { description } : {}), ...(await dimensions(bytes, contentType)) });
    out.push({ id, uploaded: true });
  }
  body.attachments = out;
}

/** The attachment object for a kept upload, its URL signed for the channel it was posted in. */
export function attachmentObject(id: string, channelId: string, nowMs = Date.now()): Record<string, unknown> | undefined {
  const a = kept.get(id);
  if (!a) return undefined;
  const is = Math.floor(nowMs / 1000).toString(16);
  const ex = (Math.floor(nowMs / 1000) + URL_LIFETIME_S).toString(16);
  const name = encodeURIComponent(a.filename);
  const url = `${a.cdnBase}/attachments/${channelId}/${id}/${name}?ex=${ex}&is=${is}&hm=${signature(channelId, id, a.filename, ex, is)}&`;
  return {
    id,
    filename: a.filename,
    size: a.bytes.length,
    url,
    proxy_url: url.replace('/cdn/', '/media/'),
    content_type: a.contentType,
    ...(a.width !== undefined ? { width: a.width, height: a.height } : {}),
    ...(a.description !== undefined ? { description: a.description } : {}),
  };
}

/** The upload an attachment URL names, when its signature holds and it has not expired. */
export function servedAttachment(pathname: string, query: URLSearchParams, nowMs = Date.now()): KeptAttachment | undefined {
  const m = /^\/(?:cdn|media)\/attachments\/(\d+)\/(\d+)\/([^/]+)$/.exec(pathname);
  if (!m) return undefined;
  const [, channelId = '', id = '', rawName = ''] = m;
  const a = kept.get(id);
  const ex = query.get('ex') ?? '';
  const is = query.get('is') ?? '';
  if (!a || decodeURIComponent(rawName) !== a.filename) return undefined;
  if (query.get('hm') !== signature(channelId, id, a.filename, ex, is)) return undefined;
  if (!/^[0-9a-f]+$/.test(ex) || parseInt(ex, 16) * 1000 < nowMs) return undefined;
  return a;
}

/** A kept upload by attachment id (tests). */
export function keptAttachment(id: string): KeptAttachment | undefined {
  return kept.get(id);
}

/**
 * A file a user attached to a slash command's attachment option: kept as Discord keeps it (an
 * ephemeral attachment on the CDN) and named by its id, the option's value.
 */
export function userUpload(filename: string, bytes: Buffer, contentType: string, cdnBase: string): string {
  const id = snowflake();
  keep({ id, filename, contentType, bytes, cdnBase });
  return id;
}

/**
 * Fills `data.resolved.attachments` for every attachment option (type 11) of a command payload, as
 * Discord does: the attachment object with its signed, expiring CDN URL for the interaction's
 * channel, `ephemeral: true`. An id the fake does not keep is refused (Discord would not send it).
 */
export function resolveAttachmentOptions(payload: Record<string, unknown>, nowMs = Date.now()): void {
  const data = isRecord(payload.data) ? payload.data : undefined;
  if (!data) return;
  const ids: string[] = [];
  const walk = (options: unknown): void => {
    if (!Array.isArray(options)) return;
    for (const o of options) {
      if (!isRecord(o)) continue;
      if (o.type === 11 && typeof o.value === 'string') ids.push(o.value);
      walk(o.options);
    }
  };
  walk(data.options);
  if (ids.length === 0) return;
  const channelId = typeof payload.channel_id === 'string' ? payload.channel_id : '0';
  const resolved = isRecord(data.resolved) ? data.resolved : {};
  const attachments: Record<string, unknown> = isRecord(resolved.attachments) ? resolved.attachments : {};
  for (const id of ids) {
    const object = attachmentObject(id, channelId, nowMs);
    if (!object) throw new Error(`fake discord: attachment ${id} was never uploaded (fake.upload() first)`);
    attachments[id] = { ...object, ephemeral: true };
  }
  data.resolved = { ...resolved, attachments };
}
