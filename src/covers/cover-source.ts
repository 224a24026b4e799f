// Covers for the pictures: fetched only from the allowed picture hosts, never following a redirect
// elsewhere, only image content types, at most `maxBytes` each, within a deadline of their own, a few
// at a time; kept small (thumbnail.ts) in a cache shared across processes (bounded by bytes) with a
// per-process memo in front, so a second chart of the same titles fetches nothing. A cover that cannot
// be had is `undefined`: the picture draws a placeholder tile instead. Picture fetches are not API
// requests (no budget, no client ID): they are counted apart.

import { LRUCache } from 'lru-cache';
import PQueue from 'p-queue';
import type { Dispatcher } from 'undici';
import { BoundedFetch, BoundedFetchError, type BoundedFailure } from '../util/bounded-fetch.js';
import { hostOf } from './cover-rules.js';
import { thumbnail } from './thumbnail.js';

/** How a cover look-up can end. */
export const COVER_OUTCOMES = ['memo', 'shared', 'fetched', 'refused_host', 'redirect_refused', 'not_image', 'too_large', 'timeout', 'failed'] as const;
export type CoverOutcome = (typeof COVER_OUTCOMES)[number];

export interface CoverObserver {
  /** Every look-up, with the picture's host. */
  cover?(outcome: CoverOutcome, host: string): void;
}

/** The shared store's cache, as the cover source uses it. */
export interface CoverCache {
  get(key: string): Promise<{ body: unknown } | undefined>;
  set(key: string, body: unknown, ttlMs: number): Promise<void>;
}

export interface CoverSourceOptions {
  /** COVER_HOSTS: hosts (HTTPS) or full origins covers may come from. */
  hosts: readonly string[];
  cache?: CoverCache;
  /** Largest cover accepted, as sent; default 2 MB. */
  maxBytes?: number;
  /** One fetch's deadline, headers and body; default 2 500 ms. */
  timeoutMs?: number;
  /** Fetches at once per process; default 4. */
  concurrency?: number;
  /** How long a cover is kept in the shared cache; default 7 days. */
  keepMs?: number;
  /** Thumbnails this process keeps in memory, in bytes; default 8 MiB. */
  memoBytes?: number;
  observer?: CoverObserver;
  dispatcher?: Dispatcher;
}

const IMAGE_TYPES = /^image\/(jpeg|png|webp|gif|avif)\s*(;|$)/i;
const MAX_REDIRECTS = 2;
/** What each way a fetch fails counts as. */
const COVER_FAILURES: Record<BoundedFailure, CoverOutcome> = {
  host: 'refused_host',
  redirect: 'redirect_refused',
  status: 'failed',
  contentType: 'not_image',
  tooLarge: 'too_large',
  timeout: 'timeout',
  unreachable: 'failed',
};

class CoverFailure extends Error {
  constructor(readonly outcome: CoverOutcome) {
    super(outcome);
  }
}

export class CoverSource {
  private readonly keepMs: number;
  private readonly queue: PQueue;
  private readonly memo: LRUCache<string, Buffer>;
  private readonly inFlight = new Map<string, Promise<Buffer | undefined>>();
  private readonly fetcher: BoundedFetch;

  constructor(private readonly o: CoverSourceOptions) {
    this.keepMs = o.keepMs ?? 7 * 24 * 3_600_000;
    this.queue = new PQueue({ concurrency: o.concurrency ?? 4 });
    this.memo = new LRUCache({ maxSize: o.memoBytes ?? 8 * 1024 * 1024, sizeCalculation: (b) => Math.max(1, b.length) });
    this.fetcher = new BoundedFetch({
      hosts: o.hosts,
      timeoutMs: o.timeoutMs ?? 2_500,
      maxBytes: o.maxBytes ?? 2_000_000,
      maxRedirects: MAX_REDIRECTS,
      contentType: IMAGE_TYPES,
      accept: 'image/webp,image/png,image/jpeg,image/*;q=0.8',
      connections: 8,
      keepAliveTimeout: 10_000,
      ...(o.dispatcher ? { dispatcher: o.dispatcher } : {}),
    });
  }

  /** The covers of these URLs, in order (undefined where none could be had, or no URL was given). */
  covers(urls: readonly (string | undefined)[], signal?: AbortSignal): Promise<(Buffer | undefined)[]> {
    return Promise.all(urls.map((url) => (url ? this.cover(url, signal) : Promise.resolve(undefined))));
  }

  async cover(url: string, signal?: AbortSignal): Promise<Buffer | undefined> {
    const host = hostOf(url);
    if (!this.fetcher.allows(url)) return this.report('refused_host', host);
    const memo = this.memo.get(url);
    if (memo) return this.report('memo', host, memo);
    let pending = this.inFlight.get(url);
    if (!pending) {
      pending = this.look(url, host).finally(() => this.inFlight.delete(url));
      this.inFlight.set(url, pending);
    }
    return signal ? raceAbort(pending, signal) : pending;
  }

  close(): Promise<void> {
    return this.fetcher.close();
  }

  private async look(url: string, host: string): Promise<Buffer | undefined> {
    const shared = await this.o.cache?.get(`cover:${url}`).catch(() => undefined);
    const kept = typeof shared?.body === 'string' ? Buffer.from(shared.body, 'base64') : undefined;
    if (kept && kept.length > 0) {
      this.memo.set(url, kept);
      return this.report('shared', host, kept);
    }
    try {
      const raw = (await this.queue.add(() => this.fetch(url))) as Buffer;
      const small = await thumbnail(raw);
      if (!small) throw new CoverFailure('not_image');
      this.memo.set(url, small);
      await this.o.cache?.set(`cover:${url}`, small.toString('base64'), this.keepMs).catch(() => undefined);
      return this.report('fetched', host, small);
    } catch (error) {
      return this.report(error instanceof CoverFailure ? error.outcome : 'failed', host);
    }
  }

  /** One picture's bytes, following only redirects to allowed hosts. */
  private async fetch(url: string): Promise<Buffer> {
    try {
      return await this.fetcher.bytes(url);
    } catch (error) {
      throw new CoverFailure(error instanceof BoundedFetchError ? COVER_FAILURES[error.reason] : 'failed');
    }
  }

  private report(outcome: CoverOutcome, host: string, cover?: Buffer): Buffer | undefined {
    this.o.observer?.cover?.(outcome, host);
    return cover;
  }
}

/** The promise, or undefined as soon as the signal fires (the fetch goes on for the next chart). */
function raceAbort<T>(promise: Promise<T | undefined>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const onAbort = (): void => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve(undefined);
      },
    );
  });
}
