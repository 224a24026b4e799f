import { createHash } from 'node:crypto';
import type { StoreEngine } from '../engine.js';
import { jsonDecoder } from '../record-decoder.js';
import type { SharedCacheEntry, SharedResponseCache } from '../../service/upstream-ports.js';

// Public answers (fetched without a user token) shared through the store.
//
// Bounds, on every engine:
// - an entry whose JSON is over `maxEntryBytes` is refused (not stored);
// - entries live in `slots` numbered places (`<name>:<n>`, default `upstream-cache:<n>`), so the store never holds more
//   than `slots` entries, `slots × maxEntryBytes` bytes at most (default 2 048 × 256 KiB, typically far
//   less). Each key may go to one of two places (two hashes); a new entry takes the place already
//   holding its key, else an empty one, else evicts the older of the two (oldest first). A read looks
//   at both places and checks the stored key, so a collision is a miss, never a wrong answer.
// - each entry expires `ttlMs + staleMs` after it was stored (store TTL), so stale answers are kept for
//   outages for `staleMs` and then go.
//
// The cache sits on a person's path: the composition root hands it the engine through StoreSteps
// (src/store/store-steps.ts), so a store slower than STORE_STEP_TIMEOUT_MS reads as a miss and a
// write is skipped, as when the store is down.

export interface StoreResponseCacheOptions {
  /** Key namespace of the places (`<name>:<n>`); default `upstream-cache`. */
  name?: string;
  /** Places for entries, i.e. the most entries kept; default 2 048. */
  slots?: number;
  /** Largest entry (its JSON, in bytes) kept; default 256 KiB. */
  maxEntryBytes?: number;
  /** How long past its TTL an entry is kept for answers during an outage; default 1 hour. */
  staleMs?: number;
  /** Told about every store failure (each reads as a miss or a skipped write). */
  onError?: (error: unknown, operation: 'get' | 'set') => void;
  now?: () => number;
}

interface Stored {
  key: string;
  storedAt: number;
  body: unknown;
}

export class StoreResponseCache implements SharedResponseCache {
  readonly slots: number;
  readonly maxEntryBytes: number;
  readonly staleMs: number;
  private readonly onError: StoreResponseCacheOptions['onError'];
  private readonly now: () => number;
  private readonly prefix: string;
  /** Entries refused for their size (for stats and tests). */
  refusedTooLarge = 0;

  constructor(
    private readonly engine: StoreEngine,
    o: StoreResponseCacheOptions = {},
  ) {
    this.slots = o.slots ?? 2_048;
    if (!Number.isInteger(this.slots) || this.slots < 2) throw new Error('slots must be an integer of at least 2');
    this.maxEntryBytes = o.maxEntryBytes ?? 256 * 1024;
    this.staleMs = o.staleMs ?? 3_600_000;
    this.onError = o.onError;
    this.now = o.now ?? Date.now;
    this.prefix = `${o.name ?? 'upstream-cache'}:`;
  }

  async get(key: string): Promise<SharedCacheEntry | undefined> {
    try {
      const found = await Promise.all(this.places(key).map((p) => this.engine.get(p)));
      for (const raw of found) {
        const entry = parse(raw);
        if (entry && entry.key === key) return { body: entry.body, storedAt: entry.storedAt };
      }
      return undefined;
    } catch (error) {
      this.report(error, 'get');
      return undefined;
    }
  }

  async set(key: string, body: unknown, ttlMs: number): Promise<void> {
    try {
      if (!Number.isFinite(ttlMs) || ttlMs <= 0) return;
      const value = JSON.stringify({ key, storedAt: this.now(), body } satisfies Stored);
      if (value === undefined) return;
      if (Buffer.byteLength(value, 'utf8') > this.maxEntryBytes) {
        this.refusedTooLarge++;
        return;
      }
      const places = this.places(key);
      const current = await Promise.all(places.map((p) => this.engine.get(p)));
      const entries = current.map(parse);
      let at = entries.findIndex((e) => e?.key === key);
      if (at < 0) at = entries.findIndex((e) => e === undefined);
      if (at < 0) at = entries[0]!.storedAt <= entries[1]!.storedAt ? 0 : 1;
      await this.engine.set(places[at]!, value, ttlMs + this.staleMs);
    } catch (error) {
      this.report(error, 'set');
    }
  }

  /** The two places a key may live in (distinct). */
  private places(key: string): [string, string] {
    const digest = createHash('sha256').update(key).digest();
    const first = digest.readUInt32BE(0) % this.slots;
    let second = digest.readUInt32BE(4) % this.slots;
    if (second === first) second = (first + 1) % this.slots;
    return [`${this.prefix}${first}`, `${this.prefix}${second}`];
  }

  private report(error: unknown, operation: 'get' | 'set'): void {
    try {
      this.onError?.(error, operation);
    } catch {
      // The reporter failing must not reach the caller either.
    }
  }
}

// An unreadable entry is a miss; the next write replaces it.
const entryDecoder = jsonDecoder<Stored>('response-cache', (v) => {
  const value = v as Partial<Stored>;
  return typeof value.key === 'string' && typeof value.storedAt === 'number' && 'body' in value ? (value as Stored) : undefined;
});
const parse = (raw: string | undefined): Stored | undefined => entryDecoder.decode(raw);
