// One HTTP exchange over undici with a whole-call deadline (headers and body) and a streamed body
// cap, plus the pieces the retry logic needs (abortable sleep, jittered backoff).

import { setTimeout as delay } from 'node:timers/promises';
import { Agent, type Dispatcher } from 'undici';
import { AbortedError, UpstreamUnavailableError } from './errors.js';
import { DEFAULT_MAX_CONNECTIONS } from '../config/defaults.js';

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


/** A keep-alive connection pool for one client instance. */
export function createAgent(connections = DEFAULT_MAX_CONNECTIONS): Agent {
  return new Agent({ connections, keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });
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
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new UpstreamTimeoutError(req.timeoutMs)), req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, deadline.signal]) : deadline.signal;
  try {
    const res = await dispatcher.request({
      origin: req.origin,
      path: req.path,
      method: req.method,
      headers: req.headers,
      body: req.body ?? null,
      signal,
      // The whole-call deadline above decides; undici's own timers are only a backstop.
      headersTimeout: req.timeoutMs + 1_000,
      bodyTimeout: req.timeoutMs + 1_000,
    });
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > req.maxBodyBytes) {
      res.body.destroy();
      throw new BodyTooLargeError(req.maxBodyBytes, res.statusCode);
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > req.maxBodyBytes) {
        res.body.destroy();
        throw new BodyTooLargeError(req.maxBodyBytes, res.statusCode);
      }
      chunks.push(chunk);
    }
    return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks, bytes).toString('utf8'), bytes };
  } catch (e) {
    throwIfAborted(req.signal, e);
    if (e instanceof BodyTooLargeError) throw e;
    if (deadline.signal.aborted) throw deadline.signal.reason as UpstreamTimeoutError;
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

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
