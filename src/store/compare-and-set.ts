// The one read-modify-write step on a stored record: read, change, compare-and-set (or set-if-absent,
// or compare-and-delete), retried with a jittered pause, so concurrent changes from every process
// sharing the store each take effect once. A give-up is never silent: it is published on
// `CAS_GAVE_UP_CHANNEL` (the composition root counts and logs it) and thrown as ConcurrentChangeError.

import { channel } from 'node:diagnostics_channel';
import type { StoreEngine } from './engine.js';

/** What the helper needs of an engine. */
export type CasKv = Pick<StoreEngine, 'get' | 'setIfAbsent' | 'compareAndSet' | 'compareAndDelete'>;

/**
 * What a change makes of a record: a new value, deletion (`value: undefined`), or nothing (`keep`).
 * An unchanged value is not written again unless `rewrite` (which renews its expiry). A value's own
 * `ttlMs` (when its expiry depends on it) replaces the options' one.
 */
export type Change<T> = { keep: true; result: T } | { keep?: false; value: string | undefined; result: T; rewrite?: boolean; ttlMs?: number };

/** How many times a change is tried before giving up. */
export const CAS_ATTEMPTS = 16;
/** The longest pause between two attempts (ms): contenders spread out instead of colliding again at once. */
export const CAS_MAX_PAUSE_MS = 100;

/** Published when a change gave up: `{ record, attempts }`. */
export const CAS_GAVE_UP_CHANNEL = 'amls:store:cas-gave-up';
export interface CasGaveUp {
  /** The record's kind (its key without the ids), safe as a metric label. */
  record: string;
  attempts: number;
}
const gaveUp = channel(CAS_GAVE_UP_CHANNEL);

/** The kind of record a key names: its leading segments up to the first that holds an id (at most two). */
export function recordKind(key: string): string {
  const kind: string[] = [];
  for (const segment of key.split(':')) {
    if (kind.length === 2 || segment === '' || /\d/.test(segment) || segment.length > 24) break;
    kind.push(segment);
  }
  return kind.length > 0 ? kind.join(':') : 'other';
}

export class ConcurrentChangeError extends Error {
  constructor(key: string) {
    super(`the record ${key.split(':').slice(0, 2).join(':')}:… changed concurrently too often`);
    this.name = 'ConcurrentChangeError';
  }
}

export interface ModifyOptions {
  /** A value written expires after this long. */
  ttlMs?: number;
  /** Tries before giving up (default CAS_ATTEMPTS). */
  attempts?: number;
  /** The pause before try `attempt + 1` (default: full jitter over a doubling window up to CAS_MAX_PAUSE_MS). */
  pause?: (attempt: number) => Promise<void>;
}

const jitteredPause = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(CAS_MAX_PAUSE_MS, 2 ** attempt)));

async function write(kv: CasKv, key: string, raw: string | undefined, value: string | undefined, ttlMs: number | undefined): Promise<boolean> {
  if (value === undefined) return raw === undefined ? true : kv.compareAndDelete(key, raw);
  return raw === undefined ? kv.setIfAbsent(key, value, ttlMs) : kv.compareAndSet(key, raw, value, ttlMs);
}

/**
 * Applies `change` to the record's current value (undefined: absent) atomically against other
 * processes. `change` may run several times, each on a fresh read; it may be async (e.g. a fenced check).
 */
export async function modify<T>(
  kv: CasKv,
  key: string,
  change: (raw: string | undefined) => Change<T> | Promise<Change<T>>,
  options: number | ModifyOptions = {},
): Promise<T> {
  const o: ModifyOptions = typeof options === 'number' ? { ttlMs: options } : options;
  const attempts = o.attempts ?? CAS_ATTEMPTS;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const raw = await kv.get(key);
    const next = await change(raw);
    if (next.keep === true) return next.result;
    if (next.value === raw && next.rewrite !== true) return next.result;
    if (await write(kv, key, raw, next.value, next.ttlMs ?? o.ttlMs)) return next.result;
    // Many processes changing one record at once (a burst of joins) take turns rather than all retrying in the same instant.
    if (attempt + 1 < attempts) await (o.pause ?? jitteredPause)(attempt);
  }
  throw giveUp(key, attempts);
}

/** Publishes a give-up on `CAS_GAVE_UP_CHANNEL` and returns the error to throw. */
function giveUp(key: string, attempts: number): ConcurrentChangeError {
  const event: CasGaveUp = { record: recordKind(key), attempts };
  if (gaveUp.hasSubscribers) gaveUp.publish(event);
  return new ConcurrentChangeError(key);
}

/**
 * Repeats `step` — which makes records agree with the one at `key` (e.g. a server's member list with a
 * member's record) — until it reports that record held still over the step, pausing as modify does
 * between tries. A give-up is counted and thrown as modify's.
 */
export async function untilSettled<T>(
  key: string,
  step: () => Promise<{ settled: boolean; result: T }>,
  options: Pick<ModifyOptions, 'attempts' | 'pause'> = {},
): Promise<T> {
  const attempts = options.attempts ?? CAS_ATTEMPTS;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const { settled, result } = await step();
    if (settled) return result;
    if (attempt + 1 < attempts) await (options.pause ?? jitteredPause)(attempt);
  }
  throw giveUp(key, attempts);
}
