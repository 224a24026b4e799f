/**
 * Serializes async work per key within this process: a call runs after every earlier call on the same key settled.
 * Atomicity is per process only (a test helper: the bot serialises across processes with store locks, src/store/locks.ts).
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(fn, fn);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Number of keys with queued or running work (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
