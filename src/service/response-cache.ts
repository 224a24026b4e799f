// Anonymous GET responses kept in an LRU bounded in bytes (lru-cache), with single-flight loading
// so identical concurrent requests cause one upstream call. Entries stay past their freshness so a
// failing or throttling service can still be answered from them ("possibly out of date"). Only
// responses made with the client header are cached: anything fetched with a user's token may
// contain that user's data.

import { LRUCache } from 'lru-cache';
import { DEFAULT_CACHE_MAX_BYTES, DEFAULT_CACHE_STALE_MS, DEFAULT_CACHE_TTL_MS } from '../config/defaults.js';

export interface ResponseCacheOptions {
  /** How long an entry answers without asking the service; default 2 minutes. */
  ttlMs?: number;
  /** How long an entry may still answer when the service fails; default 24 hours. */
  staleMs?: number;
  /** Bound of the cache, counted in response body bytes; default 32 MiB. */
  maxBytes?: number;
  now?: () => number;
}


interface Entry {
  at: number;
  value: unknown;
}

export class ResponseCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly ttlMs: number;
  private readonly staleMs: number;
  private readonly now: () => number;
  hits = 0;
  misses = 0;

  constructor(o: ResponseCacheOptions = {}) {
    this.ttlMs = o.ttlMs ?? DEFAULT_CACHE_TTL_MS;
    this.staleMs = Math.max(o.staleMs ?? DEFAULT_CACHE_STALE_MS, this.ttlMs);
    this.now = o.now ?? Date.now;
    const maxSize = o.maxBytes ?? DEFAULT_CACHE_MAX_BYTES;
    this.entries = new LRUCache<string, Entry>({
      maxSize,
      // One answer may not take more than half of the space.
      maxEntrySize: Math.max(1, Math.floor(maxSize / 2)),
      sizeCalculation: (entry) => Math.max(1, Buffer.byteLength(JSON.stringify(entry.value) ?? '')),
    });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes the entries account for. */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  /** The fresh value under `key`, if any. */
  peek(key: string): { value: unknown } | undefined {
    const entry = this.entries.get(key);
    if (!entry || this.now() - entry.at > this.ttlMs) return undefined;
    this.hits++;
    return { value: entry.value };
  }

  /** The value under `key` however old (within the stale limit), for answering while the service fails. */
  stale(key: string): { value: unknown; ageMs: number } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const ageMs = this.now() - entry.at;
    if (ageMs > this.staleMs) {
      this.entries.delete(key);
      return undefined;
    }
    return { value: entry.value, ageMs };
  }

  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.peek(key);
    if (hit) return hit.value as T;
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    this.misses++;
    const promise = load().then(
      (value) => {
        this.loading.delete(key);
        this.set(key, value);
        return value;
      },
      (error: unknown) => {
        this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  /** `bytes`: the size of the response body, when known (saves measuring the value). */
  set(key: string, value: unknown, bytes?: number): void {
    if (this.ttlMs <= 0) return;
    this.entries.set(key, { at: this.now(), value }, bytes !== undefined ? { size: Math.max(1, bytes) } : {});
  }

  clear(): void {
    this.entries.clear();
  }
}
