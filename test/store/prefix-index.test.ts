// Listing keys by prefix reads only the keys under it: on SQLite a range on the primary key, on
// PostgreSQL a range on the "C"-collation index (whatever the database's collation). Checked with
// the engines' own query plans on a table with thousands of other rows. On Redis a range of the
// engine's own key index (a sorted set), checked by the commands sent.

import { afterAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openEngine } from '../../src/store/engines/index.js';
import type { RedisEngine } from '../../src/store/engines/redis.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';

const places: OpenedCase[] = [];
afterAll(async () => {
  for (const p of places) await p.cleanup();
});

async function filled(kind: 'sqlite' | 'postgres'): Promise<OpenedCase> {
  const place = prepareCase(kind);
  places.push(place);
  const engine = await place.open();
  for (let i = 0; i < 3000; i++) await engine.set(`rem:sent:${i}`, 'x', 60_000);
  for (let i = 0; i < 5; i++) await engine.set(`rem:user:${i}`, '{}');
  expect((await engine.keys('rem:user:')).length).toBe(5);
  await engine.close();
  return place;
}

describe('keys by prefix use an index', () => {
  it('SQLite: a search on the primary key, not a scan', async () => {
    const place = await filled('sqlite');
    const { default: sqlite3 } = await import('sqlite3');
    const db = new sqlite3.Database(place.url.slice('sqlite://'.length));
    const plan = await new Promise<Array<{ detail: string }>>((ok, fail) =>
      db.all('EXPLAIN QUERY PLAN SELECT key FROM amls_store WHERE key >= ? AND key < ? AND (expires_at IS NULL OR expires_at > ?)', ['rem:user:', 'rem:user;', 0], (e: Error | null, r: Array<{ detail: string }>) =>
        e ? fail(e) : ok(r),
      ),
    );
    await new Promise<void>((ok) => db.close(() => ok()));
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/SEARCH .*(PRIMARY KEY|INDEX)/);
  });

  const postgres = engineCases().find((c) => c.kind === 'postgres');
  it.skipIf(postgres?.skipped !== undefined)('PostgreSQL: an index range in the "C" collation', async () => {
    const place = await filled('postgres');
    const table = new URL(place.url).searchParams.get('table') ?? '';
    // Opening again on an existing table adds nothing twice.
    await (await openEngine(place.url)).close();
    const client = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await client.connect();
    try {
      await client.query(`ANALYZE ${table}`);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT key FROM ${table} WHERE key COLLATE "C" >= $1 AND key COLLATE "C" < $2 AND (expires_at IS NULL OR expires_at > $3)`,
        ['rem:user:', 'rem:user;', 0],
      );
      expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain(`${table}_key_c`);
    } finally {
      await client.end();
    }
  });
});

const redisCase = engineCases().find((c) => c.kind === 'redis');
describe.skipIf(redisCase?.skipped !== undefined)('Redis: keys by prefix read the key index, never SCAN', () => {
  async function opened(): Promise<{ place: OpenedCase; engine: RedisEngine; commands: string[] }> {
    const place = prepareCase('redis');
    places.push(place);
    const engine = (await place.open()) as RedisEngine;
    const commands: string[] = [];
    const send = engine.redis.sendCommand.bind(engine.redis);
    vi.spyOn(engine.redis, 'sendCommand').mockImplementation((command, stream) => {
      commands.push((command as { name: string }).name.toLowerCase());
      return send(command, stream);
    });
    return { place, engine, commands };
  }

  it('lists the keys under a prefix with one script and no SCAN, among thousands of others', async () => {
    const { engine, commands } = await opened();
    for (let i = 0; i < 3000; i++) await engine.set(`rem:sent:${i}`, 'x', 60_000);
    for (let i = 0; i < 5; i++) await engine.set(`rem:user:${i}`, '{}');
    commands.length = 0;
    expect((await engine.keys('rem:user:')).sort()).toEqual(['rem:user:0', 'rem:user:1', 'rem:user:2', 'rem:user:3', 'rem:user:4']);
    expect(commands).toEqual(['eval']);
    await engine.close();
  });

  it('every write keeps the index: deleted, taken and compare-deleted keys leave it, set-if-absent and compare-and-set join it', async () => {
    const { engine } = await opened();
    await engine.set('a:1', 'x');
    await engine.setIfAbsent('a:2', 'x');
    await engine.set('a:3', 'x');
    await engine.compareAndSet('a:3', 'x', 'y', 60_000);
    await engine.set('a:4', 'x');
    await engine.set('a:5', 'x');
    expect(await engine.delete('a:1')).toBe(true);
    expect(await engine.take('a:4')).toBe('x');
    expect(await engine.compareAndDelete('a:5', 'nope')).toBe(false);
    expect(await engine.compareAndDelete('a:5', 'x')).toBe(true);
    expect(await engine.setIfAbsent('a:2', 'again')).toBe(false);
    expect((await engine.keys('a:')).sort()).toEqual(['a:2', 'a:3']);
    const index = await engine.redis.zrange(`${engine.prefix}__idx:keys`, 0, -1);
    expect(index.sort()).toEqual(['a:2', 'a:3']);
    await engine.close();
  });

  it('a key Redis expired leaves the index at the sweep (and is never listed before)', async () => {
    const { engine } = await opened();
    await engine.set('t:short', 'x', 30);
    await engine.set('t:long', 'x', 60_000);
    await engine.set('t:kept', 'x');
    await new Promise((r) => setTimeout(r, 80));
    expect(await engine.redis.zcard(`${engine.prefix}__idx:keys`)).toBe(3);
    await engine.deleteExpired();
    expect((await engine.redis.zrange(`${engine.prefix}__idx:keys`, 0, -1)).sort()).toEqual(['t:kept', 't:long']);
    expect(await engine.redis.zrange(`${engine.prefix}__idx:expiry`, 0, -1)).toEqual(['t:long']);
    // Set again without an expiry: it leaves the expiry index.
    await engine.set('t:long', 'y');
    expect(await engine.redis.zcard(`${engine.prefix}__idx:expiry`)).toBe(0);
    expect((await engine.keys('t:')).sort()).toEqual(['t:kept', 't:long']);
    await engine.close();
  });

  it('a store written before the index is indexed once when first opened (string records only)', async () => {
    const place = prepareCase('redis');
    places.push(place);
    const prefix = new URL(place.url).searchParams.get('prefix') ?? '';
    const raw = new Redis(process.env.TEST_REDIS_URL ?? '');
    try {
      await raw.set(`${prefix}old:1`, 'x');
      await raw.set(`${prefix}old:2`, 'x', 'PX', 60_000);
      await raw.hset(`${prefix}jobs:q:1`, 'data', '{}');
      const engine = (await place.open()) as RedisEngine;
      expect((await engine.keys('old:')).sort()).toEqual(['old:1', 'old:2']);
      expect((await engine.redis.zrange(`${prefix}__idx:keys`, 0, -1)).sort()).toEqual(['old:1', 'old:2']);
      expect(await engine.redis.zrange(`${prefix}__idx:expiry`, 0, -1)).toEqual(['old:2']);
      // Built once: a record written behind the engine's back later is not picked up by a second open.
      await raw.set(`${prefix}old:3`, 'x');
      const again = (await place.open()) as RedisEngine;
      expect((await again.keys('old:')).sort()).toEqual(['old:1', 'old:2']);
      await Promise.all([engine.close(), again.close()]);
    } finally {
      raw.disconnect();
    }
  });
});
