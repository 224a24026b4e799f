import { randomBytes } from 'node:crypto';
import type { StoreEngine } from './engine.js';
import { retrying } from '../util/retry.js';

/** The lock could not be taken within the wait. */
export class LockTimeoutError extends Error {
  constructor(name: string) {
    super(`timed out waiting for the lock ${JSON.stringify(name)}`);
    this.name = 'LockTimeoutError';
  }
}

export interface LockOptions {
  /** The lock frees itself after this long even if its holder died. */
  ttlMs: number;
  /** How long to wait for a held lock before giving up with LockTimeoutError. */
  waitMs: number;
  /** Pause between attempts while waiting (jittered). Default 25 ms. */
  retryMs?: number;
  /** The waiter is no longer wanted (its interaction ended): stop waiting, rejecting with the signal's reason. */
  signal?: AbortSignal | undefined;
}

/** A lock held in the engine, with an expiry; released only by its holder (compare-and-delete on its token). */
export interface HeldLock {
  release(): Promise<void>;
}

function lockKey(name: string): string {
  return `lock:${name}`;
}

/** Takes the lock if it is free; undefined when someone else holds it. */
export async function tryLock(engine: StoreEngine, name: string, ttlMs: number): Promise<HeldLock | undefined> {
  const token = randomBytes(16).toString('base64url');
  if (!(await engine.setIfAbsent(lockKey(name), token, ttlMs))) return undefined;
  return {
    release: async () => {
      await engine.compareAndDelete(lockKey(name), token);
    },
  };
}

/** Runs `fn` holding the lock: one holder at a time across every process that shares the engine. */
export async function withLock<T>(engine: StoreEngine, name: string, options: LockOptions, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + options.waitMs;
  const retryMs = options.retryMs ?? 25;
  const { signal } = options;
  signal?.throwIfAborted();
  const held = await retrying(
    async () => (await tryLock(engine, name, options.ttlMs)) ?? Promise.reject(new LockTimeoutError(name)),
    // Held by someone else: try again after a jittered pause until the wait is over (or no longer wanted).
    (error) => (error instanceof LockTimeoutError && Date.now() < deadline ? Math.min(retryMs * (0.5 + Math.random()), Math.max(1, deadline - Date.now())) : undefined),
    signal,
  ).catch((error: unknown) => {
    // An abort during a pause rejects with Node's AbortError: the caller gets the signal's reason.
    if (signal?.aborted) throw signal.reason;
    throw error;
  });
  if (signal?.aborted) {
    // Taken just as the waiter was given up: not run, and freed at once.
    await held.release().catch(() => undefined);
    throw signal.reason;
  }
  try {
    return await fn();
  } finally {
    await held.release().catch(() => undefined);
  }
}

/**
 * `withLock` on one engine with the wait and lease given as an end time: waits until `untilMs` (or at most
 * `waitMs`; 0 tries once; no longer once `signal`, the interaction's, aborts), and the lock frees itself
 * `graceMs` after `untilMs` (an interaction's deadline and its grace), whoever holds it.
 */
export function sharedLocks(engine: StoreEngine, now: () => number = Date.now) {
  return {
    run<T>(name: string, o: { untilMs: number; graceMs: number; waitMs?: number; signal?: AbortSignal | undefined }, fn: () => Promise<T>): Promise<T> {
      const left = o.untilMs - now();
      if (left <= 0) return Promise.reject(new LockTimeoutError(name));
      return withLock(engine, name, { waitMs: Math.min(left, o.waitMs ?? left), ttlMs: left + Math.max(1, o.graceMs), signal: o.signal }, fn);
    },
  };
}
