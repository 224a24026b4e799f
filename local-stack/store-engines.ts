// The engines the store tests run against: memory and SQLite always, PostgreSQL and Redis when
// TEST_POSTGRES_URL / TEST_REDIS_URL are set. Each case gets its own table, key prefix or file.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { EngineKind, StoreEngine } from '../src/store/engine.js';
import { MemoryEngine, openEngine } from '../src/store/engines/index.js';
import { pgBossSchema } from '../src/jobs/open.js';

export interface EngineCase {
  kind: EngineKind;
  /** Why this engine is not tested here, when it is not. */
  skipped?: string;
  /** Whether several processes can share it (all but memory). */
  shared: boolean;
}

export interface OpenedCase {
  url: string;
  open(): Promise<StoreEngine>;
  /** Every stored key with its raw value, expired-but-present records included. */
  raw(): Promise<{ key: string; value: string }[]>;
  cleanup(): Promise<void>;
}

export function engineCases(env: NodeJS.ProcessEnv = process.env): EngineCase[] {
  return [
    { kind: 'memory', shared: false },
    { kind: 'sqlite', shared: true },
    { kind: 'postgres', shared: true, ...(env.TEST_POSTGRES_URL ? {} : { skipped: 'TEST_POSTGRES_URL is not set' }) },
    { kind: 'redis', shared: true, ...(env.TEST_REDIS_URL ? {} : { skipped: 'TEST_REDIS_URL is not set' }) },
  ];
}

function suffix(): string {
  return randomBytes(6).toString('hex');
}

/** A fresh, empty place for one engine (own file, table or key prefix). */
export function prepareCase(kind: EngineKind): OpenedCase {
  switch (kind) {
    case 'memory': {
      const engine = new MemoryEngine();
      const shared = Object.assign(Object.create(engine) as MemoryEngine, { close: () => Promise.resolve() });
      return {
        url: 'memory://',
        open: () => Promise.resolve(shared),
        raw: () => Promise.resolve(engine.dump()),
        cleanup: () => Promise.resolve(),
      };
    }
    case 'sqlite': {
      const dir = mkdtempSync(join(tmpdir(), 'amls-store-'));
      const file = join(dir, 'store.sqlite');
      const url = `sqlite://${file}`;
      return {
        url,
        open: () => openEngine(url),
        raw: async () => {
          const { default: sqlite3 } = await import('sqlite3');
          const db = new sqlite3.Database(file);
          const rows = await new Promise<{ key: string; value: string }[]>((ok, fail) =>
            db.all('SELECT key, value FROM amls_store', (e: Error | null, r: { key: string; value: string }[]) => (e ? fail(e) : ok(r))),
          );
          await new Promise<void>((ok) => db.close(() => ok()));
          return rows;
        },
        cleanup: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
      };
    }
    case 'postgres':
      return postgresCase();
    case 'redis':
      return redisCase();
  }
}

function postgresCase(): OpenedCase {
  const table = `amls_test_${suffix()}`;
  const base = new URL(requireEnv('TEST_POSTGRES_URL'));
  base.searchParams.set('table', table);
  const url = base.toString();
  const withClient = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: requireEnv('TEST_POSTGRES_URL') });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  return {
    url,
    open: () => openEngine(url),
    raw: () =>
      withClient(async (c) => {
        const exists = await c.query<{ t: string | null }>('SELECT to_regclass($1) AS t', [table]);
        if (!exists.rows[0]?.t) return [];
        return (await c.query<{ key: string; value: string }>(`SELECT key, value FROM ${table}`)).rows;
      }),
    cleanup: () =>
      withClient(async (c) => {
        await c.query(`DROP TABLE IF EXISTS ${table}, ${table}_rate`);
        // The job engine's schema beside the table (pg-boss), when a test opened one.
        await c.query(`DROP SCHEMA IF EXISTS ${pgBossSchema(table)} CASCADE`);
      }),
  };
}

function redisCase(): OpenedCase {
  const prefix = `amls-test-${suffix()}:`;
  const base = new URL(requireEnv('TEST_REDIS_URL'));
  base.searchParams.set('prefix', prefix);
  const url = base.toString();
  const withRedis = async <T>(fn: (r: Redis) => Promise<T>): Promise<T> => {
    const r = new Redis(requireEnv('TEST_REDIS_URL'));
    try {
      return await fn(r);
    } finally {
      r.disconnect();
    }
  };
  // The records; the engine's key index (`__idx:…` sorted sets) is not one.
  const rawKeys = async (r: Redis) => (await r.keys(`${prefix}*`)).filter((k) => !k.startsWith(`${prefix}__idx:`));
  const allKeys = (r: Redis) => r.keys(`${prefix}*`);
  return {
    url,
    open: () => openEngine(url),
    raw: () =>
      withRedis(async (r) => {
        const keys = await rawKeys(r);
        const values = keys.length ? await r.mget(keys) : [];
        return keys.map((key, i) => ({ key: key.slice(prefix.length), value: values[i] ?? '' }));
      }),
    cleanup: () =>
      withRedis(async (r) => {
        const keys = await allKeys(r);
        if (keys.length) await r.del(keys);
      }),
  };
}

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
