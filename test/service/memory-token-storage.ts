// The TokenStorage contract in memory, for the service tests: writes are conditional on the
// refresh token the refresh used, and records are copied in and out like a real store.

import { KeyedLock } from './keyed-lock.js';
import type { StoredTokens, TokenStorage } from '../../src/service/token-source.js';

export class MemoryStorage implements TokenStorage {
  readonly map = new Map<string, StoredTokens>();
  deletes = 0;
  private readonly lock = new KeyedLock();
  withRefreshLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    return this.lock.run(key, fn);
  }
  async get(key: string): Promise<StoredTokens | undefined> {
    await Promise.resolve();
    const t = this.map.get(key);
    return t ? { ...t } : undefined;
  }
  async replace(key: string, expectedRefreshToken: string, t: StoredTokens): Promise<boolean> {
    await Promise.resolve();
    if (this.map.get(key)?.refreshToken !== expectedRefreshToken) return false;
    this.map.set(key, { ...t });
    return true;
  }
  async remove(key: string, expectedRefreshToken: string): Promise<boolean> {
    await Promise.resolve();
    if (this.map.get(key)?.refreshToken !== expectedRefreshToken) return false;
    this.deletes++;
    return this.map.delete(key);
  }
}
