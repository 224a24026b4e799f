import { Redis } from 'ioredis';
import { OPERATION_TIMEOUT_MS, type StoreEngine } from '../engine.js';
import { DEFAULT_REDIS_PREFIX } from '../../config/defaults.js';


// Compare steps run as scripts: Redis runs each script atomically.
const COMPARE_AND_SET = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[3] == '' then redis.call('SET', KEYS[1], ARGV[2]) else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 1`;
const COMPARE_AND_DELETE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('DEL', KEYS[1])`;

/**
 * Redis through `ioredis`: keys under a prefix, native expiry (`PX`), `GETDEL` for take, `SET NX` for
 * set-if-absent and small Lua scripts for compare-and-set/delete. Needs Redis 6.2 or later.
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
    return new RedisEngine(redis, prefix);
  }

  private k(key: string): string {
    return this.prefix + key;
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.get(this.k(key))) ?? undefined;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs === undefined) await this.redis.set(this.k(key), value);
    else await this.redis.set(this.k(key), value, 'PX', pxFrom(ttlMs));
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    const result =
      ttlMs === undefined ? await this.redis.set(this.k(key), value, 'NX') : await this.redis.set(this.k(key), value, 'PX', pxFrom(ttlMs), 'NX');
    return result === 'OK';
  }

  async take(key: string): Promise<string | undefined> {
    return (await this.redis.getdel(this.k(key))) ?? undefined;
  }

  async compareAndSet(key: string, expected: string, next: string, ttlMs?: number): Promise<boolean> {
    const px = ttlMs === undefined ? '' : String(pxFrom(ttlMs));
    return (await this.redis.eval(COMPARE_AND_SET, 1, this.k(key), expected, next, px)) === 1;
  }

  async compareAndDelete(key: string, expected: string): Promise<boolean> {
    return (await this.redis.eval(COMPARE_AND_DELETE, 1, this.k(key), expected)) === 1;
  }

  async delete(key: string): Promise<boolean> {
    return (await this.redis.del(this.k(key))) === 1;
  }

  async keys(prefix: string): Promise<string[]> {
    const found: string[] = [];
    const pattern = `${escapeGlob(this.k(prefix))}*`;
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      for (const key of batch) found.push(key.slice(this.prefix.length));
    } while (cursor !== '0');
    return [...new Set(found)];
  }


  /** Redis deletes expired keys itself. */
  deleteExpired(): Promise<number> {
    return Promise.resolve(0);
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

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}
