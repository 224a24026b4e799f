// One HTTP exchange over undici, plus the pieces the retry logic needs (abortable sleep, jittered backoff).

import { Agent, type Dispatcher } from 'undici';
import { AbortedError } from './errors.js';

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
  timeoutMs: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** A keep-alive connection pool for one client instance. */
export function createAgent(): Agent {
  return new Agent({ connections: 8, keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000 });
}

/** Sends one request and reads the whole body. Network errors and timeouts reject; an aborted signal rejects with AbortedError. */
export async function sendOnce(dispatcher: Dispatcher, req: HttpRequest): Promise<HttpResponse> {
  throwIfAborted(req.signal);
  try {
    const res = await dispatcher.request({
      origin: req.origin,
      path: req.path,
      method: req.method,
      headers: req.headers,
      body: req.body ?? null,
      signal: req.signal ?? null,
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
    });
    const body = await res.body.text();
    return { status: res.statusCode, headers: res.headers, body };
  } catch (e) {
    throwIfAborted(req.signal, e);
    throw e;
  }
}

export function throwIfAborted(signal: AbortSignal | undefined, cause?: unknown): void {
  if (signal?.aborted) throw new AbortedError(cause ?? signal.reason);
}

/** Resolves after `ms`, or rejects with AbortedError as soon as the signal fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  throwIfAborted(signal);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new AbortedError(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
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
