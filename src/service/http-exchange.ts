// One HTTP exchange over undici with a whole-call deadline (headers and body) and a streamed body
// cap, plus the pieces the retry logic needs (abortable sleep, jittered backoff).

import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { Agent, Pool, type Dispatcher } from 'undici';
import { AbortedError, UpstreamUnavailableError } from './errors.js';
import { DEFAULT_MAX_CONNECTIONS } from '../config/defaults.js';
import { readCapped } from '../util/read-capped.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  /** scheme://host[:port] */
  origin: string;
  /** Path and query, sent as given. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Deadline of the whole exchange: connecting, headers and the complete body. */
  timeoutMs: number;
  /** Bodies larger than this are cut off (connection dropped) and reported as BodyTooLargeError. */
  maxBodyBytes: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Bytes received on the wire for the body. */
  bytes: number;
}


const KEEP_ALIVE = { keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 } as const;

/** A keep-alive connection pool for one client instance (any origin). */
export function createAgent(connections = DEFAULT_MAX_CONNECTIONS): Agent {
  return new Agent({ connections, ...KEEP_ALIVE });
}

/**
 * A keep-alive connection pool to one origin: for a client that only ever talks to one (it skips the
 * Agent's per-request origin look-up). Requests for another origin are refused by undici.
 */
export function createPool(origin: string, connections = DEFAULT_MAX_CONNECTIONS): Pool {
  return new Pool(origin, { connections, ...KEEP_ALIVE });
}

/** The response did not complete within the attempt's deadline. */
export class UpstreamTimeoutError extends UpstreamUnavailableError {
  constructor(readonly timeoutMs: number) {
    super(`The service did not answer completely within ${timeoutMs} ms`);
  }
}

/** The body exceeded the cap; the rest was never read. */
export class BodyTooLargeError extends UpstreamUnavailableError {
  constructor(
    readonly limitBytes: number,
    status: number,
  ) {
    super(`The service sent a body larger than ${limitBytes} bytes; it was cut off`, { status });
  }
}

/**
 * Sends one request and reads the body up to the cap, all within `timeoutMs`. Network errors reject as they are;
 * the deadline rejects with UpstreamTimeoutError; the caller's signal rejects with AbortedError. On any failure
 * the request is aborted, which makes undici destroy the connection instead of reading the rest.
 */
export async function sendOnce(dispatcher: Dispatcher, req: HttpRequest): Promise<HttpResponse> {
  throwIfAborted(req.signal);
  const stop = new Stop(req.timeoutMs, req.signal);
  try {
    const res = await dispatcher.request({
      origin: req.origin,
      path: req.path,
      method: req.method,
      headers: req.headers,
      body: req.body ?? null,
      signal: stop,
      // The whole-call deadline above decides; undici's own timers are only a backstop.
      headersTimeout: req.timeoutMs + 1_000,
      bodyTimeout: req.timeoutMs + 1_000,
    });
    const declared = Number(res.headers['content-length']);
    if (res.headers['content-length'] !== undefined && Number.isSafeInteger(declared) && declared >= 0) {
      if (declared > req.maxBodyBytes) {
        res.body.on('error', ignore);
        res.body.destroy();
        throw new BodyTooLargeError(req.maxBodyBytes, res.statusCode);
      }
      // The declared length frames the body (undici reads no more), so it is within the cap.
      return { status: res.statusCode, headers: res.headers, body: await res.body.text(), bytes: declared };
    }
    const { text, bytes } = await readBody(res.body, req.maxBodyBytes, res.statusCode);
    return { status: res.statusCode, headers: res.headers, body: text, bytes };
  } catch (e) {
    throwIfAborted(req.signal, e);
    if (e instanceof BodyTooLargeError) throw e;
    if (stop.timedOut) throw stop.reason as UpstreamTimeoutError;
    throw e;
  } finally {
    stop.dispose();
  }
}

/**
 * The abort signal of one exchange: fires on its deadline or when the caller's signal does. An
 * EventEmitter, which undici accepts as a request signal: much cheaper per request than an
 * AbortController plus AbortSignal.any.
 */
class Stop extends EventEmitter {
  aborted = false;
  reason: unknown = undefined;
  timedOut = false;
  private readonly timer: NodeJS.Timeout;
  private readonly caller: AbortSignal | undefined;
  private readonly onCallerAbort: (() => void) | undefined;

  constructor(timeoutMs: number, caller: AbortSignal | undefined) {
    super();
    this.timer = setTimeout(stopOnTimeout, timeoutMs, this, timeoutMs);
    this.caller = caller;
    if (caller) {
      this.onCallerAbort = () => this.fire(caller.reason);
      caller.addEventListener('abort', this.onCallerAbort, { once: true });
    }
  }

  fire(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }

  dispose(): void {
    clearTimeout(this.timer);
    if (this.onCallerAbort) this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}

function stopOnTimeout(stop: Stop, timeoutMs: number): void {
  stop.timedOut = true;
  stop.fire(new UpstreamTimeoutError(timeoutMs));
}

/** A response body to its end as UTF-8; over the cap the body is destroyed (the connection dropped). */
async function readBody(body: Readable, maxBytes: number, status: number): Promise<{ text: string; bytes: number }> {
  const read = await readCapped(body, maxBytes, {
    overflow: 'destroy',
    closedEarly: () => new UpstreamUnavailableError('The service closed the response before its end'),
  });
  if (read.body === undefined) throw new BodyTooLargeError(maxBytes, status);
  return { text: read.body.toString('utf8'), bytes: read.bytes };
}

function ignore(): void {}

export function throwIfAborted(signal: AbortSignal | undefined, cause?: unknown): void {
  if (signal?.aborted) throw new AbortedError(cause ?? signal.reason);
}

/** Resolves after `ms`, or rejects with AbortedError as soon as the signal fires (Node's timer, the client's error). */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  throwIfAborted(signal);
  if (ms <= 0) return;
  try {
    await delay(ms, undefined, signal ? { signal } : {});
  } catch (error) {
    throwIfAborted(signal);
    throw error;
  }
}

/** Races a promise against the signal (the promise itself keeps running). */
export function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  throwIfAborted(signal);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new AbortedError(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Exponential backoff with "equal jitter": at least half of min(cap, base * 2^attempt), so throttling is never hammered. */
export function jitteredBackoff(baseMs = 250, capMs = 4_000, random: () => number = Math.random): (attempt: number) => number {
  return (attempt) => {
    const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
    return Math.floor(ceiling / 2 + random() * (ceiling / 2));
  };
}

export function headerValue(headers: HttpResponse['headers'], name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}
