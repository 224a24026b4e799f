// The store steps on a person's path (the deployment's cool-off and request line, the shared
// response cache, the shared cover cache, the kept nsfw ratings, title preferences, the HTTP transport's replay check) are shortcuts: each has an answer to fall
// back on when the store does not answer (the process's own pacing, a cache miss, the defaults). A
// store that answers slowly must cost a person no more than one short deadline, as a store that is
// down does. So those users get the engine through `StoreSteps.for(step)`:
// - every step is bounded by `timeoutMs` (STORE_STEP_TIMEOUT_MS) and rejects with StoreStepTimeoutError
//   past it, so its caller falls back at once (the engine's own operation may still finish later);
// - after a step timed out the store counts as slow for `slowForMs`: every step is refused at once
//   (StoreSlowError) rather than each waiting out its deadline; then one step at a time goes through
//   as a probe (the others are still refused) until one answers in time and the store is used again.
//   Nothing piles up in the engine's pool while it is slow;
// - every step that timed out, failed or was refused is told to `onFailOpen` (the metrics count them
//   by step), since each means its caller fell back.

import type { StoreEngine } from './engine.js';

/** Who uses the engine through the deadline (the metrics' `step` label). */
export type StoreStepUser = 'cool_off' | 'budget' | 'response_cache' | 'cover_cache' | 'nsfw_ratings' | 'preferences' | 'replay';

/** What a bounded step did instead of answering. */
export type StoreStepFailure = 'timeout' | 'error' | 'skipped';

export interface StoreStepsOptions {
  /** The longest one step may take before its caller falls back. */
  timeoutMs: number;
  /** How long the store counts as slow after a step timed out; default 10 × `timeoutMs`. */
  slowForMs?: number;
  /** Told about every step that did not answer in time (its caller fell back). Must not throw. */
  onFailOpen?: (e: { step: StoreStepUser; operation: string; reason: StoreStepFailure }) => void;
  now?: () => number;
}

export class StoreStepTimeoutError extends Error {
  override readonly name = 'StoreStepTimeoutError';
  constructor(step: string, operation: string, ms: number) {
    super(`the store took over ${ms} ms to answer ${step} ${operation}`);
  }
}

/** Refused without asking: a step timed out a moment ago and another step is probing the store. */
export class StoreSlowError extends Error {
  override readonly name = 'StoreSlowError';
  constructor(step: string, operation: string) {
    super(`the store is answering slowly; ${step} ${operation} not sent`);
  }
}

type Operation = Exclude<keyof StoreEngine, 'kind'>;
const BOUNDED: readonly Operation[] = ['get', 'getMany', 'set', 'writeMany', 'setIfAbsent', 'take', 'compareAndSet', 'compareAndDelete', 'delete', 'keys'];

/** The engine's steps with a deadline of their own, for the users that fall back when the store is slow. */
export class StoreSteps {
  private readonly timeoutMs: number;
  private readonly slowForMs: number;
  private readonly now: () => number;
  /** Until when the store counts as slow (0: it answers). */
  private slowUntil = 0;
  private probing = false;

  constructor(
    private readonly engine: StoreEngine,
    private readonly options: StoreStepsOptions,
  ) {
    if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0) throw new RangeError('a store step deadline must be a positive number of milliseconds');
    this.timeoutMs = options.timeoutMs;
    this.slowForMs = options.slowForMs ?? 10 * options.timeoutMs;
    this.now = options.now ?? Date.now;
  }

  /**
   * The engine as `step` uses it: the listed operations (default: every read and write) bounded, the
   * rest (ping, close, deleteExpired, and writes left out) straight through.
   */
  for(step: StoreStepUser, operations: readonly Operation[] = BOUNDED): StoreEngine {
    const view = Object.create(this.engine) as StoreEngine;
    const bounded = view as unknown as Record<Operation, (...args: unknown[]) => Promise<unknown>>;
    const plain = this.engine as unknown as Record<Operation, (...args: unknown[]) => Promise<unknown>>;
    for (const operation of Object.keys(PASS_THROUGH) as Operation[]) {
      const original = plain[operation].bind(this.engine);
      bounded[operation] = operations.includes(operation) ? (...args) => this.run(step, operation, () => original(...args)) : original;
    }
    return view;
  }

  private async run<T>(step: StoreStepUser, operation: string, send: () => Promise<T>): Promise<T> {
    // While the store counts as slow every step is refused at once; once that spell is over, one step
    // at a time asks it again (the others are still refused) until one answers in time.
    const probe = this.slowUntil !== 0;
    if (probe && (this.now() < this.slowUntil || this.probing)) {
      this.told(step, operation, 'skipped');
      throw new StoreSlowError(step, operation);
    }
    if (probe) this.probing = true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StoreStepTimeoutError(step, operation, this.timeoutMs)), this.timeoutMs);
    });
    try {
      const answer = await Promise.race([send(), late]);
      if (probe) this.slowUntil = 0;
      return answer;
    } catch (error) {
      if (error instanceof StoreStepTimeoutError) this.slowUntil = this.now() + this.slowForMs;
      else if (probe) this.slowUntil = 0;
      this.told(step, operation, error instanceof StoreStepTimeoutError ? 'timeout' : 'error');
      throw error;
    } finally {
      clearTimeout(timer);
      if (probe) this.probing = false;
    }
  }

  private told(step: StoreStepUser, operation: string, reason: StoreStepFailure): void {
    try {
      this.options.onFailOpen?.({ step, operation, reason });
    } catch {
      // Counting must never change what the caller gets.
    }
  }
}

/** Every operation of the interface (the compiler checks the list is complete). */
const PASS_THROUGH: Record<Operation, true> = {
  get: true,
  getMany: true,
  set: true,
  writeMany: true,
  setIfAbsent: true,
  take: true,
  compareAndSet: true,
  compareAndDelete: true,
  delete: true,
  keys: true,
  deleteExpired: true,
  ping: true,
  close: true,
};

