// HTTP plumbing of the fake's REST API: one request in, one answer out. Parses the body (JSON, or
// multipart with `payload_json` and uploaded files), turns a thrown DiscordHttpError into Discord's
// error answer, records every call (and an interaction's rejected calls), and serves CDN avatars.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { DiscordHttpError, discordErrors, isRecord } from '../errors.js';
import type { InteractionRecord } from '../interaction-record.js';
import type { RecordedCall } from '../types.js';
import { servedAttachment, takeUploads } from '../attachments.js';

export const API_PREFIX = ['api', 'v10'];

/** `/cdn/avatars/<user id>/<hash>.<ext>` and `/cdn/embed/avatars/<n>.png`, as on cdn.discordapp.com. */
const CDN_AVATAR = /^\/cdn\/(?:avatars\/\d{15,21}\/(?:a_)?[0-9a-f]{32}|embed\/avatars\/\d)\.(?:png|webp|gif|jpg|jpeg)$/;
const AVATAR_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

export interface Reply {
  status: number;
  body?: unknown;
  /** Holds the answer back this long after the request took effect (an answer still in flight). */
  delayMs?: number;
}

export interface RequestContext {
  method: string;
  segments: string[];
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
  /** Set by handlers that belong to an interaction. */
  interaction?: InteractionRecord;
  route?: string;
}

/** Answers one request with `route`'s reply (or its thrown error) and records the call in `calls`. */
export async function serve(req: IncomingMessage, res: ServerResponse, route: (ctx: RequestContext) => Reply, calls: RecordedCall[]): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method === 'GET' && CDN_AVATAR.test(url.pathname)) {
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' }).end(AVATAR_PNG);
    return;
  }
  if (req.method === 'GET' && /^\/(cdn|media)\/attachments\//.test(url.pathname)) {
    const file = servedAttachment(url.pathname, url.searchParams);
    if (file) res.writeHead(200, { 'content-type': file.contentType, 'content-length': file.bytes.length }).end(file.bytes);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('This content is no longer available.');
    return;
  }
  const method = (req.method ?? 'GET').toUpperCase();
  const segments = url.pathname.split('/').filter((s) => s !== '').map(safeDecode);
  const query = Object.fromEntries(url.searchParams.entries());
  const ctx: RequestContext = { method, segments, query, body: undefined, authorization: req.headers.authorization };
  let reply: Reply;
  try {
    ctx.body = await readBody(req);
    reply = route(ctx);
  } catch (err) {
    if (err instanceof DiscordHttpError) {
      reply = { status: err.status, body: err.body };
    } else {
      console.error('fake discord: handler crashed', err);
      reply = { status: 500, body: { message: '500: Internal Server Error', code: 0 } };
    }
  }
  calls.push(recordCall(ctx, reply));
  if (reply.delayMs !== undefined && reply.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
  if (reply.body === undefined) {
    res.writeHead(reply.status).end();
  } else {
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
  }
}

/** The call as tests read it; an interaction's rejected calls also go to its record. */
function recordCall(ctx: RequestContext, reply: Reply): RecordedCall {
  const { method, segments, query } = ctx;
  const isApi = API_PREFIX.every((p, i) => segments[i] === p);
  const call: RecordedCall = {
    method,
    path: '/' + (isApi ? segments.slice(API_PREFIX.length) : segments).join('/'),
    query,
    body: ctx.body,
    status: reply.status,
    response: reply.body,
    route: ctx.route ?? null,
  };
  if (ctx.interaction) {
    call.interactionId = ctx.interaction.id;
    if (reply.status >= 400 && isRecord(reply.body)) {
      ctx.interaction.rejected.push({
        status: reply.status,
        code: typeof reply.body.code === 'number' ? reply.body.code : 0,
        message: typeof reply.body.message === 'string' ? reply.body.message : '',
      });
      ctx.interaction.changed();
    }
  }
  return call;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  const raw = Buffer.concat(chunks);
  if (raw.length === 0) return undefined;
  const contentType = req.headers['content-type'] ?? '';
  if (contentType.startsWith('multipart/form-data')) return readMultipart(raw, contentType, `http://${req.headers.host ?? '127.0.0.1'}/cdn`);
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw discordErrors.invalidJson();
  }
}

async function readMultipart(raw: Buffer, contentType: string, cdnBase: string): Promise<unknown> {
  const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
  const payload = form.get('payload_json');
  let parsed: unknown = {};
  if (typeof payload === 'string') {
    try {
      parsed = JSON.parse(payload) as unknown;
    } catch {
      throw discordErrors.invalidJson();
    }
  }
  // Interaction callbacks nest the message under `data`.
  const target = isRecord(parsed) && typeof parsed.type === 'number' && isRecord(parsed.data) ? parsed.data : parsed;
  if (isRecord(target)) await takeUploads(target, form, cdnBase);
  return parsed;
}
