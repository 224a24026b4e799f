import type { StoreEngine } from './engine.js';
import { openEngine } from './engines/index.js';
import { describeStoreUrl } from '../config/store-url.js';

/** What moves: linked accounts. Pending logins, locks and leases are short-lived and stay behind. */
const MIGRATED_PREFIXES = ['accounts:'];

export interface MigrateOptions {
  /** Replace records the target already has (default: keep the target's). */
  overwrite?: boolean;
}

export interface MigrateResult {
  copied: number;
  /** Already in the target and kept (without `overwrite`). */
  skipped: number;
}

/**
 * Copies linked accounts from one store to another, e.g. from the SQLite file (including one written by the
 * earlier Keyv-based store, which the SQLite engine takes over on open) to PostgreSQL or Redis. Records move
 * still sealed: the target bot needs the same TOKEN_ENCRYPTION_KEY, and this command never sees a token.
 */
export async function migrateEngines(from: StoreEngine, to: StoreEngine, options: MigrateOptions = {}): Promise<MigrateResult> {
  const result: MigrateResult = { copied: 0, skipped: 0 };
  for (const prefix of MIGRATED_PREFIXES) {
    for (const key of (await from.keys(prefix)).sort()) {
      const value = await from.get(key);
      if (value === undefined) continue;
      if (options.overwrite) {
        await to.set(key, value);
        result.copied++;
      } else if (await to.setIfAbsent(key, value)) {
        result.copied++;
      } else {
        result.skipped++;
      }
    }
  }
  return result;
}

export async function migrateStore(fromUrl: string, toUrl: string, options: MigrateOptions = {}): Promise<MigrateResult> {
  if (fromUrl.trim() === toUrl.trim()) throw new Error(`FROM and TO are the same store (${describeStoreUrl(fromUrl)})`);
  const from = await openEngine(fromUrl);
  try {
    const to = await openEngine(toUrl);
    try {
      return await migrateEngines(from, to, options);
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
}
