// Recent title-search results for autocomplete, per (kind, nsfw, query): bounded and expiring, so
// typing a longer query can be answered from a shorter one already fetched.

import { LRUCache } from 'lru-cache';
import type { WorkKind } from '../service/work-types.js';

const MIN_QUERY = 3;
const CACHE_MAX = 500;
const CACHE_TTL_MS = 10 * 60_000;

export interface CachedWork {
  id: number;
  name: string;
  /** `name` lower-cased, for matching typed words. */
  searchable: string;
  /** The work's status as the service gave it (e.g. `currently_airing`), when known. */
  status?: string;
}

export class TitleCache {
  private readonly entries: LRUCache<string, CachedWork[]>;

  constructor(now: () => number) {
    this.entries = new LRUCache<string, CachedWork[]>({ max: CACHE_MAX, ttl: CACHE_TTL_MS, perf: { now } });
  }

  get size(): number {
    return this.entries.size;
  }

  get(kind: WorkKind, nsfw: boolean, q: string): CachedWork[] | undefined {
    return this.entries.get(key(kind, nsfw, q));
  }

  set(kind: WorkKind, nsfw: boolean, q: string, works: CachedWork[]): void {
    this.entries.set(key(kind, nsfw, q), works);
  }

  /** The longest cached query that `q` starts with, filtered to names containing `q`'s words. */
  bestPrefix(kind: WorkKind, nsfw: boolean, q: string): CachedWork[] {
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    for (let end = q.length; end >= MIN_QUERY; end--) {
      const hit = this.get(kind, nsfw, q.slice(0, end));
      if (hit) return hit.filter((w) => words.every((word) => w.searchable.includes(word)));
    }
    return [];
  }
}

function key(kind: WorkKind, nsfw: boolean, q: string): string {
  return `${kind}|${nsfw ? 1 : 0}|${q.toLowerCase()}`;
}
