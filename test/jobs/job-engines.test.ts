// The three job engines behind one interface, each against the real thing (pg-boss on PostgreSQL,
// BullMQ on Redis when TEST_POSTGRES_URL / TEST_REDIS_URL are set): ids deduplicate across
// processes, failed attempts are retried with back-off, the last failure or an unrecoverable one
// leaves the job failed, and a queue's counts say so; each run that threw is reported once with its
// reason; "forget me" leaves no job, archive row or key that names the user, and job ids are opaque.

import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DiscordAPIError } from 'discord.js';
import { Redis } from 'ioredis';
import { parseStoreUrl } from '../../src/config/store-url.js';
import { openJobEngine, pgBossSchema } from '../../src/jobs/open.js';
import { retentionMinutes } from '../../src/jobs/pg-boss.js';
import { UnrecoverableJobError, engineJobId, type JobEngine, type JobFailure, type QueueSpec } from '../../src/jobs/job-engine.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';

const spec = (name: string, over: Partial<QueueSpec> = {}): QueueSpec => ({
  name,
  attempts: 3,
  retryBaseMs: 1000,
  leaseMs: 30_000,
  concurrency: 2,
  keepDoneMs: 60 * 60_000,
  keepFailedMs: 60 * 60_000,
  ...over,
});

const parse = (d: unknown): { n: number } | undefined =>
  typeof d === 'object' && d !== null && typeof (d as { n?: unknown }).n === 'number' ? { n: (d as { n: number }).n } : undefined;

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe.each(engineCases().filter((c) => c.kind !== 'memory'))('job engine beside $kind', (engineCase) => {
  const opened: Array<{ jobs: JobEngine; store: StoreEngine }> = [];
  let place: OpenedCase | undefined;
  const failures: JobFailure[] = [];
  const idKey = randomBytes(32);
  afterEach(async () => {
    for (const o of opened.splice(0)) {
      await o.jobs.stop();
      await o.store.close();
    }
    await place?.cleanup();
    place = undefined;
    failures.splice(0);
  });

  async function open(): Promise<JobEngine> {
    place ??= prepareCase(engineCase.kind);
    const store = await place.open();
    const jobs = await openJobEngine({
      location: parseStoreUrl(place.url),
      store,
      now: Date.now,
      keepDoneMs: 60 * 60_000,
      keepFailedMs: 60 * 60_000,
      leaseMs: 30_000,
      onError: () => undefined,
      onJobFailed: (f) => failures.push(f),
      idKey,
    });
    opened.push({ jobs, store });
    return jobs;
  }

  it.skipIf(engineCase.skipped)('adds an id once across processes and runs it once', async () => {
    const a = await open();
    const b = await open();
    const q = spec('dedupe');
    await a.define(q);
    await b.define(q);
    const added = await Promise.all([...Array(6).keys()].map((i) => (i % 2 ? a : b).enqueue('dedupe', 'same-id', { n: i })));
    expect(added.filter(Boolean)).toHaveLength(1);
    const runs: number[] = [];
    for (const e of [a, b]) await e.work('dedupe', parse, async (d) => void runs.push(d.n));
    await until(() => runs.length >= 1);
    await a.runDue();
    await new Promise((r) => setTimeout(r, 1500));
    expect(runs).toHaveLength(1);
    // Done and kept: the id still adds nothing.
    expect(await a.enqueue('dedupe', 'same-id', { n: 9 })).toBe(false);
  });

  it.skipIf(engineCase.skipped)('retries a failed attempt, and keeps the job failed after the last one or an unrecoverable error', async () => {
    const jobs = await open();
    await jobs.define(spec('flaky', { attempts: 2, retryBaseMs: 1000 }));
    const attempts: Array<{ n: number; attempt: number; final: boolean }> = [];
    await jobs.work('flaky', parse, async (d, run) => {
      attempts.push({ n: d.n, attempt: run.attempt, final: run.final });
      if (d.n === 1 && run.attempt === 1) throw new Error('transient');
      if (d.n === 2) throw new Error('always');
      if (d.n === 3) throw new UnrecoverableJobError('never');
    });
    for (const n of [1, 2, 3]) expect(await jobs.enqueue('flaky', `job-${n}`, { n })).toBe(true);
    await until(async () => {
      await jobs.runDue();
      return (await jobs.counts('flaky')).failed === 2 && attempts.filter((a) => a.n === 1).length === 2;
    }, 30_000);
    expect(attempts.filter((a) => a.n === 1).map((a) => a.attempt)).toEqual([1, 2]);
    expect(attempts.filter((a) => a.n === 2).map((a) => [a.attempt, a.final])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(attempts.filter((a) => a.n === 3)).toHaveLength(1);
    const counts = await jobs.counts('flaky');
    expect(counts).toMatchObject({ failed: 2, active: 0 });
  }, 60_000);

  it.skipIf(engineCase.skipped)('reports each run that threw once, with its attempt and reason', async () => {
    const jobs = await open();
    await jobs.define(spec('social-sync', { attempts: 2, retryBaseMs: 1000 }));
    await jobs.work('social-sync', parse, async (d) => {
      throw new Error(`the service answered 503 for ${d.n}`);
    });
    await jobs.enqueue('social-sync', 'member-1', { n: 1 });
    await until(async () => {
      await jobs.runDue();
      return failures.length >= 2;
    }, 30_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(failures).toEqual([
      { queue: 'social-sync', attempt: 1, final: false, reason: 'the service answered 503 for 1' },
      { queue: 'social-sync', attempt: 2, final: true, reason: 'the service answered 503 for 1' },
    ]);
  }, 60_000);

  it.skipIf(engineCase.skipped)('forget me: no job, archive row or key names the user afterwards; job ids are opaque', async () => {
    const jobs = await open();
    const user = '712345678901234567';
    const other = '812345678901234567';
    await jobs.define(spec('deliveries', { attempts: 1 }));
    await jobs.define(spec('list-syncs', { attempts: 1 }));
    const ran: string[] = [];
    const parseAny = (d: unknown) => (typeof d === 'object' && d !== null ? d : undefined);
    await jobs.work('deliveries', parseAny, async (d) => {
      ran.push(JSON.stringify(d));
      if (JSON.stringify(d).includes('fail')) throw new Error(`could not reach ${user}`);
    });
    await jobs.work('list-syncs', parseAny, async (d) => void ran.push(JSON.stringify(d)));
    // Done, failed (its error names the user), and waiting for later; and another user's, which stays.
    await jobs.enqueue('deliveries', `${user}:9001:1`, { id: `${user}:9001:1`, target: { kind: 'dm', userId: user } });
    await jobs.enqueue('deliveries', `${user}:9002:1`, { id: `${user}:9002:1`, target: { kind: 'dm', userId: user }, fail: true });
    await jobs.enqueue('list-syncs', `${user}:1`, { userId: user });
    await jobs.enqueue('list-syncs', `${user}:2`, { userId: user }, { delayMs: 60 * 60_000 });
    await jobs.enqueue('deliveries', `${other}:9001:1`, { id: `${other}:9001:1`, target: { kind: 'dm', userId: other } });
    // A job whose data names no one, whose failure names the user.
    await jobs.enqueue('deliveries', 'plain', { fail: true });
    await until(async () => {
      await jobs.runDue();
      return ran.length >= 5 && (await jobs.counts('deliveries')).failed === 2;
    }, 30_000);
    const ids = [`${user}:9001:1`, `${user}:9002:1`, `${user}:1`, `${user}:2`, `${other}:9001:1`];
    // What anyone knowing the ids could compute: the ids hashed without the deployment's key.
    const plainIds = [...ids.map((id) => engineJobId('deliveries', id)), ...ids.map((id) => engineJobId('list-syncs', id))];
    if (engineCase.kind === 'postgres') await archiveEverything();
    expect((await engineText()).includes(user)).toBe(true);

    await jobs.forget(user);

    const text = await engineText();
    expect(text.includes(user)).toBe(false);
    expect(text.includes(other)).toBe(true);
    expect(plainIds.filter((id) => text.includes(id))).toEqual([]);
    // The id of a forgotten job adds again; the other user's is still kept (on PostgreSQL the test archived it: past its keep time).
    expect(await jobs.enqueue('list-syncs', `${user}:1`, { userId: 'someone else' })).toBe(true);
    if (engineCase.kind !== 'postgres') expect(await jobs.enqueue('deliveries', `${other}:9001:1`, {})).toBe(false);
  }, 60_000);

  it.skipIf(engineCase.skipped)('keeps no interaction token or request body of a failure (pg-boss\'s output, BullMQ\'s failedReason and stacktrace)', async () => {
    const jobs = await open();
    await jobs.define(spec('reports', { attempts: 1 }));
    const token = `aW50ZXJhY3Rpb246${randomBytes(24).toString('base64url')}`;
    const webhook = `https://discord.com/api/v10/webhooks/1234567890/${token}/messages/@original`;
    await jobs.work('reports', parse, async (d) => {
      // What discord.js throws for a follow-up (its url and the request body, files included, on the error) ...
      if (d.n === 1) throw new DiscordAPIError({ code: 10015, message: 'Unknown Webhook' }, 10015, 404, 'PATCH', webhook, { body: { content: 'secret-body-words' }, files: [{ name: 'failed.txt', data: 'secret-file-words' }] });
      // ... and an error whose words name the url.
      throw new Error(`request to ${webhook} failed`, { cause: { requestBody: 'secret-body-words' } });
    });
    await jobs.enqueue('reports', 'one', { n: 1 });
    await jobs.enqueue('reports', 'two', { n: 2 });
    await until(async () => {
      await jobs.runDue();
      return (await jobs.counts('reports')).failed === 2;
    }, 30_000);
    const text = await engineText();
    expect(text).toContain('Unknown Webhook');
    expect(text).toContain('/webhooks/1234567890/[redacted]');
    expect(text.includes(token)).toBe(false);
    expect(text.includes('secret-body-words')).toBe(false);
    expect(text.includes('secret-file-words')).toBe(false);
    expect(failures.map((f) => f.reason).some((r) => r.includes(token))).toBe(false);
  }, 60_000);

  it.skipIf(engineCase.kind !== 'postgres' || engineCase.skipped)('pg-boss keeps each queue\'s retention where it reads it (retention_minutes)', async () => {
    const jobs = await open();
    const q = spec('kept', { keepDoneMs: 3 * 60 * 60_000 });
    await jobs.define(q);
    const rows = await withPg((c) => c.query<{ retention_minutes: number | null }>(`SELECT retention_minutes FROM ${schema()}.queue WHERE name = 'kept'`));
    expect(rows.rows[0]?.retention_minutes).toBe(retentionMinutes(q));
    expect(retentionMinutes(q)).toBeGreaterThanOrEqual(180);
  });

  const schema = () => pgBossSchema(new URL(place?.url ?? '').searchParams.get('table') ?? '');

  async function withPg<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  /** What pg-boss's maintenance does after the keep times: finished jobs move to the archive. */
  async function archiveEverything(): Promise<void> {
    const cols = 'id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after, started_on, singleton_key, singleton_on, expire_in, created_on, completed_on, keep_until, dead_letter, policy, output';
    await withPg((c) =>
      c.query(`WITH moved AS (DELETE FROM ${schema()}.job WHERE state IN ('completed', 'failed') RETURNING *) INSERT INTO ${schema()}.archive (${cols}) SELECT ${cols} FROM moved`),
    );
  }

  /** Everything the engine keeps, as text: the store's records, pg-boss's tables, or every BullMQ key (streams included). */
  async function engineText(): Promise<string> {
    if (!place) return '';
    if (engineCase.kind === 'postgres') {
      return withPg(async (c) => {
        const tables = await c.query<{ table_name: string }>('SELECT table_name FROM information_schema.tables WHERE table_schema = $1', [schema()]);
        const parts: string[] = [];
        for (const { table_name } of tables.rows) parts.push(JSON.stringify((await c.query(`SELECT * FROM ${schema()}.${table_name}`)).rows));
        return parts.join('\n');
      });
    }
    if (engineCase.kind === 'redis') {
      const prefix = `${new URL(place.url).searchParams.get('prefix') ?? ''}jobs`;
      const r = new Redis(process.env.TEST_REDIS_URL ?? '');
      try {
        const parts: string[] = [];
        for (const k of await r.keys(`${prefix}*`)) {
          const type = await r.type(k);
          const value =
            type === 'hash' ? await r.hgetall(k)
            : type === 'list' ? await r.lrange(k, 0, -1)
            : type === 'zset' ? await r.zrange(k, 0, -1)
            : type === 'set' ? await r.smembers(k)
            : type === 'stream' ? await r.xrange(k, '-', '+')
            : await r.get(k);
          parts.push(k, JSON.stringify(value));
        }
        return parts.join('\n');
      } finally {
        r.disconnect();
      }
    }
    return JSON.stringify(await place.raw());
  }
});
