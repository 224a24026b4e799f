// A small TTL + LRU cache of anonymous GET responses, with single-flight loading so identical
// concurrent requests cause one upstream call. Only responses made with the client header are
// cached: anything fetched with a user's token may contain that user's data.

export interface ResponseCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export const DEFAULT_CACHE_TTL_MS = 2 * 60_000;
export const DEFAULT_CACHE_MAX_ENTRIES = 1_000;

interface Entry {
  at: number;
  value: unknown;
}

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  hits = 0;
  misses = 0;

  constructor(o: ResponseCacheOptions = {}) {
    this.ttlMs = o.ttlMs ?? DEFAULT_CACHE_TTL_MS;
    this.maxEntries = o.maxEntries ?? DEFAULT_CACHE_MAX_ENTRIES;
    this.now = o.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  private fresh(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-insert so iteration order is least-recently-used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** The fresh value under `key`, if any. */
  peek(key: string): { value: unknown } | undefined {
    const entry = this.fresh(key);
    if (!entry) return undefined;
    this.hits++;
    return { value: entry.value };
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

  set(key: string, value: unknown): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { at: this.now(), value });
  }

  clear(): void {
    this.entries.clear();
  }
}
