import type { StoreEngine } from '../engine.js';
import { describeStoreUrl, parseStoreUrl } from '../../config/store-url.js';
import { MemoryEngine } from './memory.js';
import { PostgresEngine } from './postgres.js';
import { RedisEngine } from './redis.js';
import { SqliteEngine } from './sqlite.js';

/** Opens the engine STORE_URL names and checks that it answers; the error names the URL without credentials. */
export async function openEngine(storeUrl: string): Promise<StoreEngine> {
  const location = parseStoreUrl(storeUrl);
  try {
    switch (location.engine) {
      case 'memory':
        return new MemoryEngine();
      case 'sqlite':
        return await SqliteEngine.open(location.path);
      case 'postgres':
        return await PostgresEngine.open(location.connectionString, location.table);
      case 'redis':
        return await RedisEngine.open(location.url, location.prefix);
    }
  } catch (error) {
    throw new Error(`cannot open the store at ${describeStoreUrl(storeUrl)}: ${(error as Error).message}`, { cause: error });
  }
}

export { MemoryEngine, PostgresEngine, RedisEngine, SqliteEngine };
