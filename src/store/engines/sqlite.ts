import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import sqlite3 from 'sqlite3';
import { expiryFrom, OPERATION_TIMEOUT_MS, prefixSuccessor, type StoreEngine } from '../engine.js';

const TABLE = 'amls_store';
/** The table and key namespace Keyv's SQLite adapter used before this engine; imported once on open. */
const LEGACY_TABLE = 'keyv';
const LEGACY_PREFIX = 'amls:';

interface Row {
  value: string;
}

/**
 * One SQLite file, shareable by several processes on one host: WAL journal, a busy timeout, and every
 * operation a single statement (`DELETE … RETURNING`, `UPDATE … WHERE value = ?`, `INSERT … ON CONFLICT`),
 * which SQLite runs atomically under its write lock.
 */
export class SqliteEngine implements StoreEngine {
  readonly kind = 'sqlite' as const;

  private constructor(
    private readonly db: sqlite3.Database,
    private readonly file: string,
  ) {}


  /** `path`: a file (its folder is created, the file is owner-only) or `:memory:`. */
  static async open(path: string): Promise<SqliteEngine> {
    let file = path;
    if (path !== ':memory:') {
      file = resolve(path);
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      // Create the file owner-only before sqlite does (sqlite would use the umask); an existing file keeps its mode.
      closeSync(openSync(file, 'a', 0o600));
    }
    const db = await new Promise<sqlite3.Database>((ok, fail) => {
      const d = new sqlite3.Database(file, (error) => (error ? fail(error) : ok(d)));
    });
    const engine = new SqliteEngine(db, file);
    try {
      // One statement at a time on this connection: interleaved statements would share one transaction whose
      // snapshot may be stale when it writes (SQLITE_BUSY without waiting); alone, each waits out the busy timeout.
      db.serialize();
      db.configure('busyTimeout', OPERATION_TIMEOUT_MS);
      await engine.run('PRAGMA journal_mode = WAL');
      await engine.run(`CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at INTEGER)`);
      await engine.run(`CREATE INDEX IF NOT EXISTS ${TABLE}_expires ON ${TABLE} (expires_at) WHERE expires_at IS NOT NULL`);
      await engine.importLegacyKeyv();
    } catch (error) {
      await engine.close().catch(() => undefined);
      throw error;
    }
    return engine;
  }

  /**
   * Takes over a file written by the earlier Keyv-based store (table `keyv`, keys `amls:<key>`, values
   * `{"value": …, "expires": …}`): copies its records in one transaction and drops the old table.
   */
  private async importLegacyKeyv(): Promise<void> {
    const legacy = await this.get1<{ n: number }>(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?`, [LEGACY_TABLE]);
    if (!legacy?.n) return;
    await this.run('BEGIN IMMEDIATE');
    try {
      const still = await this.get1<{ n: number }>(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?`, [LEGACY_TABLE]);
      if (still?.n) {
        await this.run(
          `INSERT OR IGNORE INTO ${TABLE} (key, value, expires_at)
           SELECT substr(key, ${LEGACY_PREFIX.length + 1}), json_extract(value, '$.value'), json_extract(value, '$.expires')
           FROM ${LEGACY_TABLE}
           WHERE substr(key, 1, ${LEGACY_PREFIX.length}) = ? AND json_valid(value) AND json_type(value, '$.value') = 'text'
             AND (json_type(value, '$.expires') IS NULL OR json_type(value, '$.expires') IN ('integer', 'null'))`,
          [LEGACY_PREFIX],
        );
        await this.run(`DROP TABLE ${LEGACY_TABLE}`);
      }
      await this.run('COMMIT');
    } catch (error) {
      await this.run('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<string | undefined> {
    const row = await this.get1<Row & { expires_at: number | null }>(`SELECT value, expires_at FROM ${TABLE} WHERE key = ?`, [key]);
    if (!row) return undefined;
    if (row.expires_at !== null && row.expires_at <= Date.now()) {
      await this.run(`DELETE FROM ${TABLE} WHERE key = ? AND expires_at <= ?`, [key, Date.now()]);
      return undefined;
    }
    return row.value;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    await this.run(
      `INSERT INTO ${TABLE} (key, value, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
      [key, value, expiryFrom(ttlMs)],
    );
  }

  async setIfAbsent(key: string, value: string, ttlMs?: number): Promise<boolean> {
    const now = Date.now();
    const changes = await this.run(
      `INSERT INTO ${TABLE} (key, value, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at
       WHERE ${TABLE}.expires_at IS NOT NULL AND ${TABLE}.expires_at <= ?`,
      [key, value, expiryFrom(ttlMs, now), now],
    );
    return changes === 1;
  }

  async take(key: string): Promise<string | undefined> {
    const row = await this.get1<Row & { expires_at: number | null }>(`DELETE FROM ${TABLE} WHERE key = ? RETURNING value, expires_at`, [key]);
    if (!row || (row.expires_at !== null && row.expires_at <= Date.now())) return undefined;
    return row.value;
  }

  async compareAndSet(key: string, expected: string, next: string, ttlMs?: number): Promise<boolean> {
    const now = Date.now();
    const changes = await this.run(
      `UPDATE ${TABLE} SET value = ?, expires_at = ? WHERE key = ? AND value = ? AND (expires_at IS NULL OR expires_at > ?)`,
      [next, expiryFrom(ttlMs, now), key, expected, now],
    );
    return changes === 1;
  }

  async compareAndDelete(key: string, expected: string): Promise<boolean> {
    const changes = await this.run(`DELETE FROM ${TABLE} WHERE key = ? AND value = ? AND (expires_at IS NULL OR expires_at > ?)`, [
      key,
      expected,
      Date.now(),
    ]);
    return changes === 1;
  }

  async delete(key: string): Promise<boolean> {
    const row = await this.get1<{ expires_at: number | null }>(`DELETE FROM ${TABLE} WHERE key = ? RETURNING expires_at`, [key]);
    return row !== undefined && (row.expires_at === null || row.expires_at > Date.now());
  }

  async keys(prefix: string): Promise<string[]> {
    const upper = prefixSuccessor(prefix);
    // A range on the primary key (BINARY collation: byte order) reads only the keys under the prefix.
    const rows =
      upper === undefined
        ? await this.all<{ key: string }>(`SELECT key FROM ${TABLE} WHERE substr(key, 1, ?) = ? AND (expires_at IS NULL OR expires_at > ?)`, [[...prefix].length, prefix, Date.now()])
        : await this.all<{ key: string }>(`SELECT key FROM ${TABLE} WHERE key >= ? AND key < ? AND (expires_at IS NULL OR expires_at > ?)`, [prefix, upper, Date.now()]);
    return rows.map((r) => r.key);
  }

  async deleteExpired(now = Date.now()): Promise<number> {
    return this.run(`DELETE FROM ${TABLE} WHERE expires_at IS NOT NULL AND expires_at <= ?`, [now]);
  }

  async ping(): Promise<boolean> {
    try {
      await this.get1('SELECT 1 AS one');
      return true;
    } catch {
      return false;
    }
  }

  close(): Promise<void> {
    return new Promise((ok, fail) => this.db.close((error) => (error ? fail(error) : ok())));
  }

  /** Runs a statement; resolves with the number of rows it changed. */
  private run(sql: string, params: unknown[] = []): Promise<number> {
    return new Promise((ok, fail) => {
      this.db.run(sql, params, function (this: sqlite3.RunResult, error: Error | null) {
        if (error) fail(error);
        else ok(this.changes);
      });
    });
  }

  private get1<T>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    return new Promise((ok, fail) => {
      this.db.get(sql, params, (error: Error | null, row: T | undefined) => (error ? fail(error) : ok(row)));
    });
  }

  private all<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return new Promise((ok, fail) => {
      this.db.all(sql, params, (error: Error | null, rows: T[]) => (error ? fail(error) : ok(rows)));
    });
  }
}
