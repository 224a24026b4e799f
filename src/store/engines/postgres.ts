import pg from 'pg';
import { expiryFrom, lastWrites, OPERATION_TIMEOUT_MS, prefixSuccessor, type BatchWrite, type StoreEngine } from '../engine.js';
import { DEFAULT_POSTGRES_TABLE } from '../../config/defaults.js';

const TABLE_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * PostgreSQL through `pg`: one table (key, value, expires_at); every operation is one statement
 * (`DELETE … RETURNING`, `UPDATE … WHERE value = $old`, `INSERT … ON CONFLICT … WHERE`), atomic under
 * PostgreSQL's row locks for every process that shares the database.
 */
export class PostgresEngine implements StoreEngine {
  readonly kind = 'postgres' as const;

  private constructor(
    /** The pool, for libraries that keep their own state in the same database (the per-user rate limits). */
    readonly pool: pg.Pool,
    /** The store's table; such a library's table is named after it. */
    readonly table: string,
  ) {}

  static async open(connectionString: string, table = DEFAULT_POSTGRES_TABLE): Promise<PostgresEngine> {
    if (!TABLE_PATTERN.test(table)) throw new Error(`invalid PostgreSQL table name ${JSON.stringify(table.slice(0, 80))}: use lower-case letters, digits and _`);
    const pool = new pg.Pool({
      connectionString,
      max: 5,
      connectionTimeoutMillis: OPERATION_TIMEOUT_MS,
      query_timeout: OPERATION_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection emits on the pool; the next query reports the failure.
    pool.on('error', () => undefined);
    const engine = new PostgresEngine(pool, table);
    try {
      await engine.createSchema(table, [
        `CREATE TABLE IF NOT EXISTS ${table} (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at BIGINT)`,
        `CREATE INDEX IF NOT EXISTS ${table}_expires ON ${table} (expires_at) WHERE expires_at IS NOT NULL`,
        // Listing by prefix is a range in byte order: an index in the "C" collation serves it whatever the database's collation.
        `CREATE INDEX IF NOT EXISTS ${table}_key_c ON ${table} (key COLLATE "C")`,
      ]);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return engine;
  }

  /**
   * Runs these `CREATE … IF NOT EXISTS` statements in one transaction under an advisory lock named after
   * `table`: processes starting together on a fresh database race on them otherwise (PostgreSQL lets
   * both check, then refuses the second with "type … already exists"). The store's own table and
   * those of libraries sharing the database (the per-user rate limits) are made this way.
   */
  async createSchema(table: string, statements: readonly string[]): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`amls-store-schema:${table}`]);
      for (const statement of statements) await client.query(statement);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async get(key: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ value: string }>(
      `SELECT value FROM ${this.table} WHERE key = $1 AND (expires_at IS NULL OR expires_at > $2)`,
      [key, Date.now()],
    );
    return rows[0]?.value;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${this.table} (key, value, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`,
      [key, value, expiryFrom(ttlMs)],
    );
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    const now = Date.now();
    const result = await this.pool.query(
      `INSERT INTO ${this.table} AS t (key, value, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at
       WHERE t.expires_at IS NOT NULL AND t.expires_at <= $4`,
      [key, value, expiryFrom(ttlMs, now), now],
    );
    return result.rowCount === 1;
  }

  async take(key: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ value: string; expires_at: string | null }>(
      `DELETE FROM ${this.table} WHERE key = $1 RETURNING value, expires_at`,
      [key],
    );
    const row = rows[0];
    if (!row || (row.expires_at !== null && Number(row.expires_at) <= Date.now())) return undefined;
    return row.value;
  }

  async compareAndSet(key: string, expected: string, next: string, ttlMs?: number): Promise<boolean> {
    const now = Date.now();
    const result = await this.pool.query(
      `UPDATE ${this.table} SET value = $1, expires_at = $2 WHERE key = $3 AND value = $4 AND (expires_at IS NULL OR expires_at > $5)`,
      [next, expiryFrom(ttlMs, now), key, expected, now],
    );
    return result.rowCount === 1;
  }

  async compareAndDelete(key: string, expected: string): Promise<boolean> {
    const result = await this.pool.query(
      `DELETE FROM ${this.table} WHERE key = $1 AND value = $2 AND (expires_at IS NULL OR expires_at > $3)`,
      [key, expected, Date.now()],
    );
    return result.rowCount === 1;
  }

  async delete(key: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ expires_at: string | null }>(`DELETE FROM ${this.table} WHERE key = $1 RETURNING expires_at`, [key]);
    const row = rows[0];
    return row !== undefined && (row.expires_at === null || Number(row.expires_at) > Date.now());
  }

  async getMany(keys: readonly string[]): Promise<Array<string | undefined>> {
    if (keys.length === 0) return [];
    const { rows } = await this.pool.query<{ key: string; value: string }>(
      `SELECT key, value FROM ${this.table} WHERE key = ANY($1::text[]) AND (expires_at IS NULL OR expires_at > $2)`,
      [[...new Set(keys)], Date.now()],
    );
    const found = new Map(rows.map((r) => [r.key, r.value]));
    return keys.map((key) => found.get(key));
  }

  /** One transaction: every upsert in one statement (arrays unnested), every delete in another. */
  async writeMany(writes: readonly BatchWrite[]): Promise<void> {
    if (writes.length === 0) return;
    const batch = lastWrites(writes);
    const sets = batch.filter((w): w is readonly [string, string] => w[1] !== undefined);
    const deletes = batch.filter((w) => w[1] === undefined).map(([key]) => key);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      if (sets.length > 0) {
        await client.query(
          `INSERT INTO ${this.table} (key, value, expires_at) SELECT k, v, NULL FROM unnest($1::text[], $2::text[]) AS b(k, v)
           ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = NULL`,
          [sets.map(([key]) => key), sets.map(([, value]) => value)],
        );
      }
      if (deletes.length > 0) await client.query(`DELETE FROM ${this.table} WHERE key = ANY($1::text[])`, [deletes]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async keys(prefix: string): Promise<string[]> {
    const upper = prefixSuccessor(prefix);
    // A range on the "C"-collation index: the cost follows the keys under the prefix, not the table's size.
    const { rows } = upper === undefined
      ? await this.pool.query<{ key: string }>(`SELECT key FROM ${this.table} WHERE left(key, $1) = $2 AND (expires_at IS NULL OR expires_at > $3)`, [[...prefix].length, prefix, Date.now()])
      : await this.pool.query<{ key: string }>(
          `SELECT key FROM ${this.table} WHERE key COLLATE "C" >= $1 AND key COLLATE "C" < $2 AND (expires_at IS NULL OR expires_at > $3)`,
          [prefix, upper, Date.now()],
        );
    return rows.map((r) => r.key);
  }

  async deleteExpired(now = Date.now()): Promise<number> {
    const result = await this.pool.query(`DELETE FROM ${this.table} WHERE expires_at IS NOT NULL AND expires_at <= $1`, [now]);
    return result.rowCount ?? 0;
  }

  async ping(): Promise<boolean> {
    try {
      await this.pool.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }


  /** Drops the table (tests clean up their per-run tables with it). */
  async dropTable(): Promise<void> {
    await this.pool.query(`DROP TABLE IF EXISTS ${this.table}`);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
