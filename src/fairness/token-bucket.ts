// Token buckets per key (Discord user id): `burst` tokens at most, refilled at `perMinute`.

import type { BucketConfig } from '../config/config.js';

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
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;

  constructor(
    readonly config: BucketConfig,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 10_000,
  ) {
    if (!(config.burst >= 1) || !(config.perMinute > 0)) throw new RangeError('a token bucket needs burst ≥ 1 and perMinute > 0');
    this.perMs = config.perMinute / 60_000;
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
    const stored = this.buckets.get(key);
    if (!stored) return { tokens: this.config.burst, at: now };
    const tokens = Math.min(this.config.burst, stored.tokens + Math.max(0, now - stored.at) * this.perMs);
    return { tokens, at: now };
  }

  private put(key: string, bucket: Bucket): void {
    this.buckets.delete(key);
    if (bucket.tokens >= this.config.burst) return;
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) this.evict();
  }

  private evict(): void {
    for (const [key] of this.buckets) {
      if (this.current(key).tokens >= this.config.burst) this.buckets.delete(key);
    }
    for (const [key] of this.buckets) {
      if (this.buckets.size <= this.maxKeys) break;
      this.buckets.delete(key);
    }
  }
}
