import type { BatchWrite, StoreEngine } from '../engine.js';
import { expiryFrom } from '../engine.js';

interface Entry {
  value: string;
  expiresAt: number | null;
}

/** Process memory, for tests and throwaway runs: atomic because every method runs without awaiting. */
export class MemoryEngine implements StoreEngine {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  get(key: string): Promise<string | undefined> {
    return Promise.resolve(this.live(key)?.value);
  }

  set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: expiryFrom(ttlMs, this.now()) });
    return Promise.resolve();
  }

  setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    if (this.live(key)) return Promise.resolve(false);
    this.entries.set(key, { value, expiresAt: expiryFrom(ttlMs, this.now()) });
    return Promise.resolve(true);
  }

  take(key: string): Promise<string | undefined> {
    const entry = this.live(key);
    this.entries.delete(key);
    return Promise.resolve(entry?.value);
  }

  compareAndSet(key: string, expected: string, next: string, ttlMs?: number): Promise<boolean> {
    if (this.live(key)?.value !== expected) return Promise.resolve(false);
    this.entries.set(key, { value: next, expiresAt: expiryFrom(ttlMs, this.now()) });
    return Promise.resolve(true);
  }

  compareAndDelete(key: string, expected: string): Promise<boolean> {
    if (this.live(key)?.value !== expected) return Promise.resolve(false);
    this.entries.delete(key);
    return Promise.resolve(true);
  }

  delete(key: string): Promise<boolean> {
    const existed = this.live(key) !== undefined;
    this.entries.delete(key);
    return Promise.resolve(existed);
  }

  getMany(keys: readonly string[]): Promise<Array<string | undefined>> {
    return Promise.resolve(keys.map((key) => this.live(key)?.value));
  }

  writeMany(writes: readonly BatchWrite[]): Promise<void> {
    for (const [key, value] of writes) {
      if (value === undefined) this.entries.delete(key);
      else this.entries.set(key, { value, expiresAt: null });
    }
    return Promise.resolve();
  }

  keys(prefix: string): Promise<string[]> {
    return Promise.resolve([...this.entries.keys()].filter((key) => key.startsWith(prefix) && this.live(key)));
  }

  deleteExpired(now = this.now()): Promise<number> {
    let removed = 0;
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== null && entry.expiresAt <= now) {
        this.entries.delete(key);
        removed++;
      }
    }
    return Promise.resolve(removed);
  }

  /** Every stored key with its expiry, expired ones included (for tests that inspect what is kept). */
  dump(): { key: string; value: string; expiresAt: number | null }[] {
    return [...this.entries].map(([key, e]) => ({ key, value: e.value, expiresAt: e.expiresAt }));
  }

  ping(): Promise<boolean> {
    return Promise.resolve(true);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
