// The part of the store engine (src/store/engine.ts) the community persists through, and its one
// read-modify-write step: compare-and-set, retried, so concurrent changes from every process sharing
// the store each take effect once.

import type { StoreEngine } from '../store/engine.js';

export type SocialKv = Pick<StoreEngine, 'get' | 'getMany' | 'set' | 'writeMany' | 'setIfAbsent' | 'compareAndSet' | 'compareAndDelete' | 'delete' | 'keys'>;

/** What a change makes of a record: a new value, deletion (`value: undefined`), or nothing (`keep`). */
export type Change<T> = { keep: true; result: T } | { keep?: false; value: string | undefined; result: T };

const ATTEMPTS = 16;
/** The longest pause between two attempts (ms): contenders spread out instead of colliding again at once. */
const MAX_PAUSE_MS = 100;

export class ConcurrentChangeError extends Error {
  constructor(key: string) {
    super(`the record ${key.split(':').slice(0, 2).join(':')}:… changed concurrently too often`);
    this.name = 'ConcurrentChangeError';
  }
}

/** Applies `change` to the record's current value atomically against other processes (a value written expires after `ttlMs` when given). */
export async function modify<T>(kv: SocialKv, key: string, change: (raw: string | undefined) => Change<T>, ttlMs?: number): Promise<T> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const raw = await kv.get(key);
    const next = change(raw);
    if (next.keep === true) return next.result;
    if (next.value === raw) return next.result;
    let stored: boolean;
    if (next.value === undefined) stored = raw === undefined ? true : await kv.compareAndDelete(key, raw);
    else stored = raw === undefined ? await kv.setIfAbsent(key, next.value, ttlMs) : await kv.compareAndSet(key, raw, next.value, ttlMs);
    if (stored) return next.result;
    // Full jitter over a doubling window: many processes changing one server's record at once (a burst
    // of joins) take turns rather than all retrying in the same instant.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(MAX_PAUSE_MS, 2 ** attempt)));
  }
  throw new ConcurrentChangeError(key);
}
