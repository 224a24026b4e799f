// Fetches an import file from Discord's attachment host and reads it as it arrives: only URLs on
// ATTACHMENT_HOSTS (over HTTPS, or an origin named in full for tests), no redirects, within one
// deadline (undici), at most `maxBytes` as sent and `maxUnpackedBytes` once unpacked (a gzip file is
// known by its magic bytes and unpacked as it streams, so a gzip bomb is stopped at the limit, not
// after). The text goes straight into the reader; nothing of the file is kept beyond its entries.

import { Readable, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Agent, type Dispatcher } from 'undici';
import type { WorkKind } from '../service/kinds.js';
import { ListFileReader, type FileRead } from './xml-reader.js';
import { parseHostRules, urlAllowed } from '../util/allowed-hosts.js';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_UNPACKED_BYTES = 20 * 1024 * 1024;

/** Why a file could not be had (the preview names it). */
export type FetchFailure = 'host' | 'tooLarge' | 'tooLargeUnpacked' | 'timeout' | 'unreachable' | 'badGzip';

export class AttachmentFetchError extends Error {
  constructor(readonly reason: FetchFailure) {
    super(`attachment not read: ${reason}`);
    this.name = 'AttachmentFetchError';
  }
}

export interface AttachmentFetchOptions {
  /** ATTACHMENT_HOSTS: host names (reached over HTTPS) or full origins (`http://127.0.0.1:8790`). */
  hosts: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxUnpackedBytes?: number;
  dispatcher?: Dispatcher;
}

/** Whether `url` is on one of the hosts (ATTACHMENT_HOSTS): a bare host over HTTPS, or an exact origin. */
export function attachmentAllowed(url: string, hosts: readonly string[]): boolean {
  return urlAllowed(url, parseHostRules(hosts));
}

export class AttachmentReader {
  private readonly dispatcher: Dispatcher;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly maxUnpackedBytes: number;

  constructor(private readonly o: AttachmentFetchOptions) {
    this.dispatcher = o.dispatcher ?? new Agent({ connections: 4, keepAliveTimeout: 5_000 });
    this.timeoutMs = o.timeoutMs ?? 10_000;
    this.maxBytes = o.maxBytes ?? MAX_FILE_BYTES;
    this.maxUnpackedBytes = o.maxUnpackedBytes ?? MAX_UNPACKED_BYTES;
  }

  /** Reads the file at `url` as one kind's list. Throws AttachmentFetchError when the file cannot be had. */
  async read<K extends WorkKind>(kind: K, url: string, signal?: AbortSignal): Promise<FileRead<K>> {
    if (!attachmentAllowed(url, this.o.hosts)) throw new AttachmentFetchError('host');
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const both = signal ? AbortSignal.any([signal, deadline]) : deadline;
    const parsed = new URL(url);
    let res: Dispatcher.ResponseData;
    try {
      res = await this.dispatcher.request({
        origin: parsed.origin,
        path: `${parsed.pathname}${parsed.search}`,
        method: 'GET',
        signal: both,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
    } catch {
      throw new AttachmentFetchError(deadline.aborted ? 'timeout' : 'unreachable');
    }
    const declared = Number(res.headers['content-length']);
    if (res.statusCode !== 200 || (Number.isFinite(declared) && declared > this.maxBytes)) {
      res.body.on('error', () => undefined).destroy();
      throw new AttachmentFetchError(res.statusCode === 200 ? 'tooLarge' : 'unreachable');
    }
    try {
      return await this.stream(kind, res.body);
    } catch (error) {
      if (error instanceof AttachmentFetchError) throw error;
      throw new AttachmentFetchError(deadline.aborted ? 'timeout' : 'unreachable');
    } finally {
      // Reading stopped early (the reader refused the file, a limit was passed): the rest is not
      // wanted, and the connection goes back now rather than at the deadline.
      if (!res.body.readableEnded) res.body.on('error', () => undefined).destroy();
    }
  }

  close(): Promise<void> {
    return this.o.dispatcher ? Promise.resolve() : this.dispatcher.close();
  }

  /** Bytes in, counted; gzip unpacked when the first bytes say so; text into the reader as it comes. */
  private async stream<K extends WorkKind>(kind: K, body: AsyncIterable<Buffer>): Promise<FileRead<K>> {
    const reader = new ListFileReader(kind);
    const decoder = new TextDecoder('utf-8');
    let unpacked = 0;
    for await (const chunk of unpack(capped(body, this.maxBytes))) {
      unpacked += chunk.length;
      if (unpacked > this.maxUnpackedBytes) throw new AttachmentFetchError('tooLargeUnpacked');
      reader.write(decoder.decode(chunk, { stream: true }));
      if (reader.stopped) break;
    }
    reader.write(decoder.decode());
    return reader.close();
  }
}

/** The body's chunks, or AttachmentFetchError('tooLarge') once more than `max` bytes came. */
async function* capped(body: AsyncIterable<Buffer>, max: number): AsyncGenerator<Buffer> {
  let sent = 0;
  for await (const chunk of body) {
    sent += chunk.length;
    if (sent > max) throw new AttachmentFetchError('tooLarge');
    yield chunk;
  }
}

/**
 * The bytes as they are, or unpacked when they start with gzip's magic bytes. Unpacking goes only as
 * fast as the reader takes its output (stream back-pressure), so a bomb is stopped at the limit.
 */
async function* unpack(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const it = source[Symbol.asyncIterator]();
  let head = Buffer.alloc(0);
  while (head.length < 2) {
    const next = await it.next();
    if (next.done) {
      if (head.length > 0) yield head;
      return;
    }
    head = Buffer.concat([head, next.value]);
  }
  async function* all(): AsyncGenerator<Buffer> {
    yield head;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b) {
    yield* all();
    return;
  }
  const out = pipeline(Readable.from(all()), createGunzip({ chunkSize: 64 * 1024 }), () => undefined);
  try {
    for await (const chunk of out) yield chunk as Buffer;
  } catch (error) {
    if (error instanceof AttachmentFetchError) throw error;
    throw new AttachmentFetchError('badGzip');
  }
}
