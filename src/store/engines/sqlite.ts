import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import sqlite3 from 'sqlite3';
import { expiryFrom, lastWrites, OPERATION_TIMEOUT_MS, prefixSuccessor, type BatchWrite, type StoreEngine } from '../engine.js';

const TABLE = 'amls_store';
/** The table and key namespace Keyv's SQLite adapter used before this engine; imported once on open. */
const LEGACY_TABLE = 'keyv';
const LEGACY_PREFIX = 'amls:';

interface Row {
  value: string;
}

/** Records per statement of a batch write; keys per read (one statement: one snapshot). Under SQLite's 32 766 bound parameters. */
const WRITE_CHUNK = 500;
const READ_CHUNK = 30_000;

function chunks<T>(items: readonly T[], size = WRITE_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * One SQLite file, shareable by several processes on one host: WAL journal, a busy timeout, and every
 * operation a single statement (`DELETE … RETURNING`, `UPDATE … WHERE value = ?`, `INSERT … ON CONFLICT`),
 * which SQLite runs atomically under its write lock.
 */
export class SqliteEngine implements StoreEngine {
  readonly kind = 'sqlite' as const;

  /** Batches run one at a time on their own connection (a file) so no other statement joins their transaction. */
  private batches: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly db: sqlite3.Database,
    private readonly file: string,
    /** The connection batches run on: a second one to a file, the same one for `:memory:` (one connection only). */
    private readonly batchDb: sqlite3.Database | undefined,
  ) {}

  private static connect(file: string): Promise<sqlite3.Database> {
    return new Promise<sqlite3.Database>((ok, fail) => {
      const d = new sqlite3.Database(file, (error) => (error ? fail(error) : ok(d)));
    });
  }

  /** `path`: a file (its folder is created, the file is owner-only) or `:memory:`. */
  static async open(path: string): Promise<SqliteEngine> {
    let file = path;
    if (path !== ':memory:') {
      file = resolve(path);
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      // Create the file owner-only before sqlite does (sqlite would use the umask); an existing file keeps its mode.
      closeSync(openSync(file, 'a', 0o600));
    }
    const db = await SqliteEngine.connect(file);
    let batchDb: sqlite3.Database | undefined;
    try {
      batchDb = file === ':memory:' ? undefined : await SqliteEngine.connect(file);
    } catch (error) {
      await new Promise((ok) => db.close(ok));
      throw error;
    }
    const engine = new SqliteEngine(db, file, batchDb);
    try {
      batchDb?.configure('busyTimeout', OPERATION_TIMEOUT_MS);
      // One statement at a time on this connection: interleaved statements would share one transaction whose
      // snapshot may be stale when it writes (SQLITE_BUSY without waiting); alone, each waits out the busy timeout.
      db.serialize();
      db.configure('busyTimeout', OPERATION_TIMEOUT_MS);
      await engine.run('PRAGMA journal_mode = WAL');
      // WAL with synchronous=NORMAL (SQLite's advice for WAL): a commit is appended to the log without
      // waiting for the disk, the log is synced at checkpoints. Never corrupt; a process crash loses
      // nothing; a power loss or OS crash may undo the last commits (a token rotated in the last moment:
      // that person logs in again). FULL syncs every commit: ~3 ms each, seven times the commit itself,
      // which made a server's first syncs (tens of small commits per member) take minutes. It is a
      // setting of the connection: both of them.
      await engine.run('PRAGMA synchronous = NORMAL');
      if (batchDb) await runOn(batchDb, 'PRAGMA synchronous = NORMAL');
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

  async getMany(keys: readonly string[]): Promise<Array<string | undefined>> {
    const found = new Map<string, string>();
    const now = Date.now();
    for (const part of chunks([...new Set(keys)], READ_CHUNK)) {
      const rows = await this.all<{ key: string; value: string }>(
        `SELECT key, value FROM ${TABLE} WHERE key IN (${part.map(() => '?').join(',')}) AND (expires_at IS NULL OR expires_at > ?)`,
        [...part, now],
      );
      for (const row of rows) found.set(row.key, row.value);
    }
    return keys.map((key) => found.get(key));
  }

  /** One transaction (BEGIN IMMEDIATE … COMMIT): multi-row upserts and deletes, a few hundred records per statement. */
  writeMany(writes: readonly BatchWrite[]): Promise<void> {
    if (writes.length === 0) return Promise.resolve();
    const batch = lastWrites(writes);
    const sets = batch.filter((w): w is readonly [string, string] => w[1] !== undefined);
    const deletes = batch.filter((w) => w[1] === undefined).map(([key]) => key);
    const statements: Array<[string, unknown[]]> = [
      ...chunks(sets).map((part): [string, unknown[]] => [
        `INSERT INTO ${TABLE} (key, value, expires_at) VALUES ${part.map(() => '(?, ?, NULL)').join(',')}
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = NULL`,
        part.flat(),
      ]),
      ...chunks(deletes).map((part): [string, unknown[]] => [`DELETE FROM ${TABLE} WHERE key IN (${part.map(() => '?').join(',')})`, part]),
    ];
    const db = this.batchDb;
    if (!db) {
      // One connection (`:memory:`, one process): the statements are queued together in this tick, so no
      // other statement of this engine runs between BEGIN and COMMIT.
      const done = [this.run('BEGIN IMMEDIATE'), ...statements.map(([sql, params]) => this.run(sql, params)), this.run('COMMIT')];
      return Promise.all(done).then(
        () => undefined,
        async (error: unknown) => {
          await this.run('ROLLBACK').catch(() => undefined);
          throw error;
        },
      );
    }
    const run = async (): Promise<void> => {
      await runOn(db, 'BEGIN IMMEDIATE');
      try {
        for (const [sql, params] of statements) await runOn(db, sql, params);
        await runOn(db, 'COMMIT');
      } catch (error) {
        await runOn(db, 'ROLLBACK').catch(() => undefined);
        throw error;
      }
    };
    const result = this.batches.then(run, run);
    this.batches = result.catch(() => undefined);
    return result;
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

  async close(): Promise<void> {
    await this.batches;
    const batchDb = this.batchDb;
    if (batchDb) await new Promise<void>((ok, fail) => batchDb.close((error) => (error ? fail(error) : ok())));
    await new Promise<void>((ok, fail) => this.db.close((error) => (error ? fail(error) : ok())));
  }

  /** Runs a statement; resolves with the number of rows it changed. */
  private run(sql: string, params: unknown[] = []): Promise<number> {
    return runOn(this.db, sql, params);
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

/** Runs a statement on a connection; resolves with the number of rows it changed. */
function runOn(db: sqlite3.Database, sql: string, params: unknown[] = []): Promise<number> {
  return new Promise((ok, fail) => {
    db.run(sql, params, function (this: sqlite3.RunResult, error: Error | null) {
      if (error) fail(error);
      else ok(this.changes);
    });
  });
}
