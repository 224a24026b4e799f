import { Redis } from 'ioredis';
import { OPERATION_TIMEOUT_MS, expiryFrom, lastWrites, type BatchWrite, type StoreEngine } from '../engine.js';
import { DEFAULT_REDIS_PREFIX } from '../../config/defaults.js';
import {
  COMPARE_AND_SET_INDEXED,
  DELETE_INDEXED,
  INDEX_EXPIRY,
  INDEX_KEYS,
  LIST_INDEXED,
  PRUNE_INDEX,
  SET_INDEXED,
  WRITE_MANY_INDEXED,
  buildKeyIndex,
  lexRange,
} from './redis-key-index.js';


/**
 * Redis through `ioredis`: keys under a prefix, native expiry (`PX`), `GETDEL` for take, `SET NX` for
 * set-if-absent and compare-and-set/delete, each write a Lua script that also keeps the engine's key index
 * (`redis-key-index.ts`) so listing by prefix never scans the keyspace. Needs Redis 6.2 or later.
 */
export class RedisEngine implements StoreEngine {
  readonly kind = 'redis' as const;

  private constructor(
    /** The connection, for libraries that keep their own state in the same Redis (the per-user rate limits). */
    readonly redis: Redis,
    /** Every key of this store starts with it. */
    readonly prefix: string,
  ) {}

  static async open(url: string, prefix = DEFAULT_REDIS_PREFIX): Promise<RedisEngine> {
    const redis = new Redis(url, {
      lazyConnect: true,
      connectTimeout: OPERATION_TIMEOUT_MS,
      commandTimeout: OPERATION_TIMEOUT_MS,
      maxRetriesPerRequest: 2,
      enableAutoPipelining: true,
    });
    // Connection errors surface on the commands that fail; without a listener ioredis would print them.
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      redis.disconnect();
      throw error;
    }
    try {
      await buildKeyIndex(redis, prefix, Date.now());
    } catch (error) {
      redis.disconnect();
      throw error;
    }
    return new RedisEngine(redis, prefix);
  }

  /** The record's key, the index and the expiry index: the KEYS of every write script. */
  private indexed(key: string): [string, string, string] {
    return [this.k(key), this.prefix + INDEX_KEYS, this.prefix + INDEX_EXPIRY];
  }

  private k(key: string): string {
    return this.prefix + key;
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(this.k(key))) ?? undefined;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    await this.write(key, value, ttlMs, false);
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    return this.write(key, value, ttlMs, true);
  }

  private async write(key: string, value: string, ttlMs: number | undefined, onlyIfAbsent: boolean): Promise<boolean> {
    const px = ttlMs === undefined ? '' : String(pxFrom(ttlMs));
    const expiresAt = ttlMs === undefined ? '' : String(expiryFrom(ttlMs));
    return (await this.redis.eval(SET_INDEXED, 3, ...this.indexed(key), key, expiresAt, value, px, onlyIfAbsent ? '1' : '0')) === 1;
  }

  async take(key: string): Promise<string | undefined> {
    const value = await this.redis.eval(DELETE_INDEXED, 3, ...this.indexed(key), key, '', 'take');
    return typeof value === 'string' ? value : undefined;
  }

  async compareAndSet(key: string, expected: string, next: string, ttlMs?: number): Promise<boolean> {
    const px = ttlMs === undefined ? '' : String(pxFrom(ttlMs));
    const expiresAt = ttlMs === undefined ? '' : String(expiryFrom(ttlMs));
    return (await this.redis.eval(COMPARE_AND_SET_INDEXED, 3, ...this.indexed(key), key, expiresAt, expected, next, px)) === 1;
  }

  async compareAndDelete(key: string, expected: string): Promise<boolean> {
    return (await this.redis.eval(DELETE_INDEXED, 3, ...this.indexed(key), key, expected, 'cas')) === 1;
  }

  async delete(key: string): Promise<boolean> {
    return (await this.redis.eval(DELETE_INDEXED, 3, ...this.indexed(key), key, '', 'any')) === 1;
  }

  async getMany(keys: readonly string[]): Promise<Array<string | undefined>> {
    const values: Array<string | undefined> = [];
    for (let i = 0; i < keys.length; i += 1_000) {
      const part = keys.slice(i, i + 1_000);
      const got = await this.redis.mget(...part.map((key) => this.k(key)));
      values.push(...got.map((v) => v ?? undefined));
    }
    return values;
  }

  /** One script: every record set or deleted, the key index kept with them. */
  async writeMany(writes: readonly BatchWrite[]): Promise<void> {
    if (writes.length === 0) return;
    const batch = lastWrites(writes);
    const args = batch.flatMap(([key, value]) => [key, value === undefined ? 'd' : 's', value ?? '']);
    await this.redis.eval(WRITE_MANY_INDEXED, batch.length + 2, this.prefix + INDEX_KEYS, this.prefix + INDEX_EXPIRY, ...batch.map(([key]) => this.k(key)), ...args);
  }

  /** A range of the key index: the keys under the prefix, never the rest of the keyspace. */
  async keys(prefix: string): Promise<string[]> {
    const [min, max] = lexRange(prefix);
    const found = (await this.redis.eval(LIST_INDEXED, 2, this.prefix + INDEX_KEYS, this.prefix + INDEX_EXPIRY, min, max, this.prefix)) as string[];
    return found.filter((key) => key.startsWith(prefix));
  }

  /** Redis deletes expired records itself; this drops their entries from the key index. Returns 0 (no records). */
  async deleteExpired(now = Date.now()): Promise<number> {
    const batch = 500;
    while ((await this.redis.eval(PRUNE_INDEX, 2, this.prefix + INDEX_KEYS, this.prefix + INDEX_EXPIRY, String(now), this.prefix, String(batch))) === batch);
    return 0;
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}

function pxFrom(ttlMs: number): number {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) throw new Error('a store expiry must be a positive number of milliseconds');
  return Math.ceil(ttlMs);
}
