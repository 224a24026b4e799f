// Token buckets per key (Discord user id): `burst` tokens at most, refilled at `perMinute`.

import { LRUCache } from 'lru-cache';
import type { BucketConfig } from '../config/types.js';

interface Bucket {
  tokens: number;
  at: number;
}

export type TakeResult = { ok: true } | { ok: false; retryAfterMs: number };

/**
 * `adjust` can give tokens back (a refund) or charge more, within [-burst, burst]. Memory is bounded: past `maxKeys` users, full
 * buckets (which equal no entry) are dropped, then the least recently used.
 */
export class TokenBuckets {
  /**
   * Buckets that are not full, least recently charged first. Each lives until it has refilled (its TTL): a full bucket
   * equals no entry, so an expired one reads as absent.
   */
  private readonly buckets: LRUCache<string, Bucket>;
  private readonly perMs: number;

  constructor(
    readonly config: BucketConfig,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 10_000,
  ) {
    if (!(config.burst >= 1) || !(config.perMinute > 0)) throw new RangeError('a token bucket needs burst ≥ 1 and perMinute > 0');
    this.perMs = config.perMinute / 60_000;
    // ttlResolution 0: expiry is judged by `now` on every read, never by a time cached on a real timer.
    this.buckets = new LRUCache<string, Bucket>({ max: maxKeys, perf: { now }, ttlResolution: 0 });
  }

  /** Takes one token when the bucket has one; otherwise says how long until it will. */
  take(key: string): TakeResult {
    const bucket = this.current(key);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.put(key, bucket);
      return { ok: true };
    }
    return { ok: false, retryAfterMs: Math.ceil((1 - bucket.tokens) / this.perMs) };
  }

  /** Gives tokens back (positive) or charges more (negative), within [-burst, burst]. */
  adjust(key: string, delta: number): void {
    const bucket = this.current(key);
    bucket.tokens = Math.min(this.config.burst, Math.max(-this.config.burst, bucket.tokens + delta));
    this.put(key, bucket);
  }

  /** Tokens the key has now (for tests and diagnostics). */
  tokens(key: string): number {
    return this.current(key).tokens;
  }

  get size(): number {
    return this.buckets.size;
  }

  private current(key: string): Bucket {
    const now = this.now();
    const stored = this.buckets.peek(key);
    if (!stored) return { tokens: this.config.burst, at: now };
    const tokens = Math.min(this.config.burst, stored.tokens + Math.max(0, now - stored.at) * this.perMs);
    return { tokens, at: now };
  }

  private put(key: string, bucket: Bucket): void {
    const missing = this.config.burst - bucket.tokens;
    if (missing <= 0) {
      this.buckets.delete(key);
      return;
    }
    // Full buckets go before the cache drops the least recently used to make room.
    if (this.buckets.size >= this.maxKeys && !this.buckets.has(key)) this.buckets.purgeStale();
    this.buckets.set(key, bucket, { ttl: Math.ceil(missing / this.perMs), start: bucket.at });
  }
}
