/**
 * The atomic primitives every store engine provides, over string keys and string values with an optional expiry.
 * Each method is one atomic step in the engine itself (one SQL statement, one Redis command or script), so the
 * guarantees hold across every process that shares the engine, not just within one.
 *
 * An expired record reads as absent in every method (lazy expiry); `deleteExpired` removes them for good
 * (Redis expires keys by itself).
 */
export interface StoreEngine {
  /** `memory`, `sqlite`, `postgres` or `redis`. */
  readonly kind: EngineKind;
  get(key: string): Promise<string | undefined>;
  /** Stores the value, replacing any; `ttlMs` makes it expire (none: it stays). */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Stores the value only when no live record has the key. Returns whether it stored. */
  setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean>;
  /** Returns the value and deletes the record in one step: of concurrent takes exactly one gets it. */
  take(key: string): Promise<string | undefined>;
  /** Replaces the value only while it still is `expected`. Returns whether it wrote. */
  compareAndSet(key: string, expected: string, next: string, ttlMs?: number): Promise<boolean>;
  /** Deletes the record only while its value still is `expected`. Returns whether it deleted. */
  compareAndDelete(key: string, expected: string): Promise<boolean>;
  /** Returns whether a live record was deleted. */
  delete(key: string): Promise<boolean>;
  /** The values of these keys in their order (undefined: no live record), read in one step. */
  getMany(keys: readonly string[]): Promise<Array<string | undefined>>;
  /**
   * Stores each value (without expiry) and deletes each key given `undefined`, all in one atomic step
   * (one transaction or script): a reader sees every write of the batch or none. A key given twice
   * takes its last write.
   */
  writeMany(writes: readonly BatchWrite[]): Promise<void>;
  /** Keys of live records starting with `prefix` (unordered). */
  keys(prefix: string): Promise<string[]>;
  /** Deletes every record whose expiry passed; returns how many. */
  deleteExpired(now?: number): Promise<number>;
  /** True when the engine answers (for /healthz). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** One write of a batch: `[key, value]` stores, `[key, undefined]` deletes. */
export type BatchWrite = readonly [key: string, value: string | undefined];

/** The batch's writes with each key once, its last write kept (in the order keys first appear). */
export function lastWrites(writes: readonly BatchWrite[]): BatchWrite[] {
  const byKey = new Map<string, string | undefined>();
  for (const [key, value] of writes) byKey.set(key, value);
  return [...byKey];
}

export type EngineKind = 'memory' | 'sqlite' | 'postgres' | 'redis';

/** Every engine waits at most this long for one operation (connection included) before failing it. */
export const OPERATION_TIMEOUT_MS = 5_000;

export function expiryFrom(ttlMs: number | undefined, now = Date.now()): number | null {
  if (ttlMs === undefined) return null;
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new Error('a store expiry must be a positive number of milliseconds');
  return now + Math.ceil(ttlMs);
}

/**
 * The least string greater than every string starting with `prefix`, in code point (= UTF-8 byte)
 * order: the prefix with its last character incremented. Undefined when there is none to give (an
 * empty prefix, or one ending in U+10FFFF or a lone surrogate): then callers compare the prefix itself.
 */
export function prefixSuccessor(prefix: string): string | undefined {
  const chars = [...prefix];
  const last = chars.pop();
  if (last === undefined) return undefined;
  const code = last.codePointAt(0) ?? 0;
  if (code >= 0x10ffff || (code >= 0xd7ff && code <= 0xdfff)) return undefined;
  return chars.join('') + String.fromCodePoint(code + 1);
}
