// One bounded fetch for every URL the bot reads that is not the service's API (covers, import files,
// anything later): only URLs the operator's host list allows (allowed-hosts.ts), one deadline for the
// whole fetch (headers, body and every redirect), at most `maxBytes` as sent (a declared length over it
// is refused before reading, a body that grows past it is cut and its connection dropped), an optional
// content-type rule, and redirects by rule (none followed, or a few, each to an allowed host). A body
// the caller stops reading early is closed at once, not left to the deadline. Every way it can fail is
// one BoundedFetchError reason, for the caller to name in its own terms.

import type { Readable } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import { parseHostRules, urlAllowed, type HostRule } from './allowed-hosts.js';
import { readCapped } from './read-capped.js';
import { Deadline, declaredLength } from './deadline.js';

/** Why a URL could not be read. */
export type BoundedFailure = 'host' | 'redirect' | 'status' | 'contentType' | 'tooLarge' | 'timeout' | 'unreachable';

export class BoundedFetchError extends Error {
  constructor(readonly reason: BoundedFailure) {
    super(`fetch refused: ${reason}`);
    this.name = 'BoundedFetchError';
  }
}

export interface BoundedFetchOptions {
  /** Host names (reached over HTTPS) or full origins (`http://127.0.0.1:8790`) that may be fetched. */
  hosts: readonly string[];
  /** One fetch's deadline: headers, body and redirects together. */
  timeoutMs: number;
  /** Largest body accepted, as sent. */
  maxBytes: number;
  /** Redirects followed (each to an allowed host); 0 follows none (a redirect is refused). */
  maxRedirects: number;
  /** The content types accepted; any when absent. */
  contentType?: RegExp;
  /** The request's accept header. */
  accept?: string;
  /** The connection pool (tests); otherwise an own Agent with these connections and keep-alive. */
  dispatcher?: Dispatcher;
  connections?: number;
  keepAliveTimeout?: number;
}

/** An answer whose headers passed the rules; its body is read once, within the cap and the deadline. */
export interface BoundedResponse {
  /** The body's chunks; throws BoundedFetchError once past the cap, the deadline, or a broken connection. */
  chunks(): AsyncGenerator<Buffer>;
  /** Closes the body when it was not read to its end (idempotent). */
  close(): void;
  /** Whether the deadline has passed (for a caller mapping its own failures while reading). */
  timedOut(): boolean;
}

export class BoundedFetch {
  private readonly rules: HostRule[];
  private readonly dispatcher: Dispatcher;

  constructor(private readonly o: BoundedFetchOptions) {
    this.rules = parseHostRules(o.hosts);
    this.dispatcher = o.dispatcher ?? new Agent({ connections: o.connections ?? 4, keepAliveTimeout: o.keepAliveTimeout ?? 5_000 });
  }

  /** Whether the rules allow this URL. */
  allows(url: string): boolean {
    return urlAllowed(url, this.rules);
  }

  /** The whole body of `url`, at most `maxBytes`. */
  async bytes(url: string, signal?: AbortSignal): Promise<Buffer> {
    const deadline = this.deadline(signal);
    let body: Dispatcher.ResponseData['body'] | undefined;
    try {
      body = (await this.answer(url, deadline)).body;
      const read = await readCapped(body as Readable, this.o.maxBytes, { overflow: 'destroy', closedEarly: () => new BoundedFetchError('unreachable') });
      if (read.body === undefined) throw new BoundedFetchError('tooLarge');
      return read.body;
    } catch (error) {
      throw mapped(error, deadline);
    } finally {
      if (body) drop(body);
      deadline.dispose();
    }
  }

  /** The answer of `url`, its headers checked, its body to be read as it comes (then closed). */
  async open(url: string, signal?: AbortSignal): Promise<BoundedResponse> {
    const deadline = this.deadline(signal);
    const res = await this.answer(url, deadline).catch((error: unknown) => {
      deadline.dispose();
      throw error;
    });
    const max = this.o.maxBytes;
    const close = (): void => {
      drop(res.body);
      deadline.dispose();
    };
    async function* chunks(): AsyncGenerator<Buffer> {
      let sent = 0;
      try {
        for await (const chunk of res.body as AsyncIterable<Buffer>) {
          sent += chunk.length;
          if (sent > max) throw new BoundedFetchError('tooLarge');
          yield chunk;
        }
      } catch (error) {
        throw mapped(error, deadline);
      } finally {
        close();
      }
    }
    return { chunks, close, timedOut: () => deadline.timedOut };
  }

  close(): Promise<void> {
    return this.o.dispatcher ? Promise.resolve() : this.dispatcher.close();
  }

  /** One fetch's deadline (headers, body and redirects together), or the caller's signal, whichever fires first. */
  private deadline(signal: AbortSignal | undefined): Deadline {
    return new Deadline(this.o.timeoutMs, signal, () => new BoundedFetchError('timeout'));
  }

  /** The first answer that is not a redirect followed, its status, type and declared length checked. */
  private async answer(url: string, deadline: Deadline): Promise<Dispatcher.ResponseData> {
    if (!this.allows(url)) throw new BoundedFetchError('host');
    let target = url;
    for (let hop = 0; ; hop++) {
      const res = await this.request(target, deadline);
      if (res.statusCode >= 300 && res.statusCode < 400) {
        drop(res.body);
        const location = res.headers.location;
        const next = typeof location === 'string' ? safeUrl(location, target) : undefined;
        if (!next || hop >= this.o.maxRedirects || !this.allows(next)) throw new BoundedFetchError('redirect');
        target = next;
        continue;
      }
      const refusal = this.refusal(res);
      if (refusal) {
        drop(res.body);
        throw new BoundedFetchError(refusal);
      }
      return res;
    }
  }

  private refusal(res: Dispatcher.ResponseData): BoundedFailure | undefined {
    if (res.statusCode !== 200) return 'status';
    const type = res.headers['content-type'];
    if (this.o.contentType && (typeof type !== 'string' || !this.o.contentType.test(type))) return 'contentType';
    const declared = declaredLength(res.headers);
    if (declared !== undefined && declared > this.o.maxBytes) return 'tooLarge';
    return undefined;
  }

  private async request(url: string, deadline: Deadline): Promise<Dispatcher.ResponseData> {
    const parsed = new URL(url);
    try {
      return await this.dispatcher.request({
        origin: parsed.origin,
        path: `${parsed.pathname}${parsed.search}`,
        method: 'GET',
        ...(this.o.accept ? { headers: { accept: this.o.accept } } : {}),
        signal: deadline,
        headersTimeout: this.o.timeoutMs,
        bodyTimeout: this.o.timeoutMs,
      });
    } catch {
      throw new BoundedFetchError(deadline.timedOut ? 'timeout' : 'unreachable');
    }
  }
}

/** A BoundedFetchError as it is; any other failure while reading is the deadline's or the connection's. */
function mapped(error: unknown, deadline: Deadline): BoundedFetchError {
  if (error instanceof BoundedFetchError) return error;
  return new BoundedFetchError(deadline.timedOut ? 'timeout' : 'unreachable');
}

/** Closes a body not read to its end; the destroyed stream's abort error is expected, not unhandled. */
function drop(body: Dispatcher.ResponseData['body']): void {
  if (!body.readableEnded && !body.destroyed) body.on('error', () => undefined).destroy();
}

function safeUrl(location: string, base: string): string | undefined {
  try {
    return new URL(location, base).toString();
  } catch {
    return undefined;
  }
}
