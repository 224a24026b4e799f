// Each work's not-safe-for-work rating, kept for the whole deployment in the shared store. Ratings
// rarely change, and related works and recommendations arrive without one, so a rating learnt from
// any answer (details, search, ranking, season, a check) saves a look-up for every later viewer, on
// every process. A process keeps recent ratings in memory in front of the store.

import { LRUCache } from 'lru-cache';
import type { StoreEngine } from '../store/engine.js';
import type { NsfwLevel, WorkKind } from '../service/work-types.js';

/** A stored rating is trusted this long; then it is looked up again. */
export const NSFW_RATING_TTL_MS = 30 * 24 * 60 * 60_000;
const LOCAL_MAX = 20_000;
const LOCAL_TTL_MS = 60 * 60_000;

/**
 * For what the bot picks or posts for a whole channel or server (random picks, watch parties, the games'
 * pools, the shown titles of a year): a rating the service did not give counts as not safe for work, as
 * in the community's views.
 */
export function notRatedSafe(level: NsfwLevel | undefined): boolean {
  return level !== 'white';
}

export interface RatedWork {
  id: number;
  nsfw?: NsfwLevel | undefined;
}

export class NsfwRatings {
  private readonly local = new LRUCache<string, string>({ max: LOCAL_MAX, ttl: LOCAL_TTL_MS });

  constructor(
    private readonly engine: Pick<StoreEngine, 'get' | 'set'>,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** The known rating, or undefined (never seen, expired, or the store did not answer). */
  async get(kind: WorkKind, id: number): Promise<NsfwLevel | undefined> {
    const key = keyOf(kind, id);
    const cached = this.local.get(key);
    if (cached !== undefined) return cached;
    try {
      const stored = await this.engine.get(key);
      if (stored !== undefined) this.local.set(key, stored);
      return stored;
    } catch (error) {
      this.onError(error);
      return undefined;
    }
  }

  /** Records the ratings the works carry; unchanged ones cost no store write. Never throws. */
  async remember(kind: WorkKind, works: Iterable<RatedWork>): Promise<void> {
    const writes: Promise<void>[] = [];
    for (const work of works) {
      if (work.nsfw === undefined || !Number.isSafeInteger(work.id)) continue;
      const key = keyOf(kind, work.id);
      if (this.local.get(key) === work.nsfw) continue;
      this.local.set(key, work.nsfw);
      writes.push(this.engine.set(key, work.nsfw, NSFW_RATING_TTL_MS).catch(this.onError));
    }
    await Promise.all(writes);
  }
}

function keyOf(kind: WorkKind, id: number): string {
  return `nsfw-rating:${kind}:${id}`;
}
