// Fetches an import file from Discord's attachment host and reads it as it arrives: only URLs on
// ATTACHMENT_HOSTS (over HTTPS, or an origin named in full for tests), no redirects, within one
// deadline (undici), at most `maxBytes` as sent and `maxUnpackedBytes` once unpacked (a gzip file is
// known by its magic bytes and unpacked as it streams, so a gzip bomb is stopped at the limit, not
// after). The text goes straight into the reader; nothing of the file is kept beyond its entries.

import { Readable, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Dispatcher } from 'undici';
import type { WorkKind } from '../service/kinds.js';
import { ListFileReader, type FileRead } from './xml-reader.js';
import { parseHostRules, urlAllowed } from '../util/allowed-hosts.js';
import { BoundedFetch, BoundedFetchError, type BoundedFailure, type BoundedResponse } from '../util/bounded-fetch.js';

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

/** What each way the bounded fetch fails is called in the preview. */
const FETCH_FAILURES: Record<BoundedFailure, FetchFailure> = {
  host: 'host',
  redirect: 'unreachable',
  status: 'unreachable',
  contentType: 'unreachable',
  tooLarge: 'tooLarge',
  timeout: 'timeout',
  unreachable: 'unreachable',
};

export class AttachmentReader {
  private readonly fetcher: BoundedFetch;
  private readonly maxUnpackedBytes: number;

  constructor(o: AttachmentFetchOptions) {
    this.fetcher = new BoundedFetch({
      hosts: o.hosts,
      timeoutMs: o.timeoutMs ?? 10_000,
      maxBytes: o.maxBytes ?? MAX_FILE_BYTES,
      maxRedirects: 0,
      connections: 4,
      keepAliveTimeout: 5_000,
      ...(o.dispatcher ? { dispatcher: o.dispatcher } : {}),
    });
    this.maxUnpackedBytes = o.maxUnpackedBytes ?? MAX_UNPACKED_BYTES;
  }

  /** Reads the file at `url` as one kind's list. Throws AttachmentFetchError when the file cannot be had. */
  async read<K extends WorkKind>(kind: K, url: string, signal?: AbortSignal): Promise<FileRead<K>> {
    let res: BoundedResponse;
    try {
      res = await this.fetcher.open(url, signal);
    } catch (error) {
      throw fetchError(error, false);
    }
    try {
      return await this.stream(kind, res.chunks());
    } catch (error) {
      throw error instanceof AttachmentFetchError ? error : fetchError(error, res.timedOut());
    } finally {
      // Reading stopped early (the reader refused the file, a limit was passed): the rest is not
      // wanted, and the connection goes back now rather than at the deadline.
      res.close();
    }
  }

  close(): Promise<void> {
    return this.fetcher.close();
  }

  /** Bytes in (counted by the fetch); gzip unpacked when the first bytes say so; text into the reader as it comes. */
  private async stream<K extends WorkKind>(kind: K, body: AsyncIterable<Buffer>): Promise<FileRead<K>> {
    const reader = new ListFileReader(kind);
    const decoder = new TextDecoder('utf-8');
    let unpacked = 0;
    for await (const chunk of unpack(body)) {
      unpacked += chunk.length;
      if (unpacked > this.maxUnpackedBytes) throw new AttachmentFetchError('tooLargeUnpacked');
      reader.write(decoder.decode(chunk, { stream: true }));
      if (reader.stopped) break;
    }
    reader.write(decoder.decode());
    return reader.close();
  }
}

/** The fetch's failure in the preview's terms; any other failure is the deadline's or the connection's. */
function fetchError(error: unknown, timedOut: boolean): AttachmentFetchError {
  if (error instanceof BoundedFetchError) return new AttachmentFetchError(FETCH_FAILURES[error.reason]);
  return new AttachmentFetchError(timedOut ? 'timeout' : 'unreachable');
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
    if (error instanceof AttachmentFetchError || error instanceof BoundedFetchError) throw error;
    throw new AttachmentFetchError('badGzip');
  }
}
