// Listing keys by prefix reads only the keys under it: on SQLite a range on the primary key, on
// PostgreSQL a range on the "C"-collation index (whatever the database's collation). Checked with
// the engines' own query plans on a table with thousands of other rows.

import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openEngine } from '../../src/store/engines/index.js';
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
