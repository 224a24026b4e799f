// Per-user rate limiters kept in the store every process shares (rate-limiter-flexible): on Redis and
// PostgreSQL one user's count is one count across every bot process using the same STORE_URL; on
// SQLite and memory it is kept in this process (a SQLite store is one process's).

import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { BucketConfig, UserRateConfig } from '../../config/types.js';
import type { StoreEngine } from '../engine.js';
import { PostgresEngine } from '../engines/postgres.js';
import { RedisEngine } from '../engines/redis.js';

/** One limiter per kind of interaction; undefined: that kind is not limited. */
export interface UserRateLimiters {
  command: RateLimiterAbstract | undefined;
  autocomplete: RateLimiterAbstract | undefined;
}

/**
 * A bucket as rate-limiter-flexible counts it: `burst` points per window, the window as long as the sustained
 * rate needs to earn `burst` back (8 at 12 a minute: 8 per 40 s). Whole seconds: the Redis limiter keeps its
 * windows in seconds.
 */
export function windowOf(bucket: BucketConfig): { points: number; duration: number } {
  if (!(bucket.burst >= 1) || !(bucket.perMinute > 0)) throw new RangeError('a rate limit needs burst ≥ 1 and perMinute > 0');
  return { points: Math.floor(bucket.burst), duration: Math.max(1, Math.ceil((bucket.burst * 60) / bucket.perMinute)) };
}

/** The limiter for one kind on the engine's own connection; a memory limiter takes over while the store fails. */
export async function openRateLimiter(engine: StoreEngine, name: string, bucket: BucketConfig): Promise<RateLimiterAbstract> {
  const window = windowOf(bucket);
  // While the shared store does not answer, each process counts on its own rather than refusing everyone.
  const insuranceLimiter = new RateLimiterMemory({ ...window, keyPrefix: name });
  if (engine instanceof RedisEngine) {
    return new RateLimiterRedis({ ...window, storeClient: engine.redis, keyPrefix: `${engine.prefix}rate:${name}`, insuranceLimiter });
  }
  if (engine instanceof PostgresEngine) {
    const table = `${engine.table}_rate`;
    // As rate-limiter-flexible would create it, but under the store's schema lock (PostgresEngine.createSchema).
    await engine.createSchema(table, [`CREATE TABLE IF NOT EXISTS "${table}" (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`]);
    return new RateLimiterPostgres({ ...window, storeClient: engine.pool, storeType: 'pool', tableName: table, tableCreated: true, keyPrefix: name, insuranceLimiter });
  }
  return new RateLimiterMemory({ ...window, keyPrefix: name });
}

/** The command and autocomplete limiters USER_RATE_* configure, kept where the engine keeps shared state. */
export async function openUserRateLimiters(engine: StoreEngine, config: UserRateConfig): Promise<UserRateLimiters> {
  return {
    command: config.commands ? await openRateLimiter(engine, 'command', config.commands) : undefined,
    autocomplete: config.autocomplete ? await openRateLimiter(engine, 'autocomplete', config.autocomplete) : undefined,
  };
}
