// Store operations per engine: p50/p99 of each BotStore operation (sequential, loopback).
// SQLite on a temporary file always; PostgreSQL and Redis when TEST_POSTGRES_URL / TEST_REDIS_URL are set
// (own table / key prefix, removed afterwards).

import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { BenchOptions } from './options.js';
import { fixed, table } from './stats.js';
import { BotStore } from '../src/store/bot-store.js';
import { engineCases, prepareCase } from '../local-stack/store-engines.js';

const USER = '123456789012345678';

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] ?? Number.NaN;
}

async function time(n: number, op: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < Math.min(20, n); i++) await op(i); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await op(i);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

export async function runStore(o: BenchOptions): Promise<void> {
  const n = o.quick ? 100 : 300;
  console.log(`\n== store: ms per operation, ${n} sequential samples each (target: token read p99 ≤ 5 ms) ==`);
  const rows: string[][] = [];
  for (const engineCase of engineCases().filter((c) => c.kind !== 'memory')) {
    if (engineCase.skipped) {
      rows.push([engineCase.kind, `skipped: ${engineCase.skipped}`]);
      continue;
    }
    const place = prepareCase(engineCase.kind);
    const engine = await place.open();
    try {
      const store = new BotStore(engine, randomBytes(32));
      const tokens = { accessToken: 'a'.repeat(40), refreshToken: 'r0', expiresAt: Date.now() + 3_600_000 };
      await store.accounts.set(USER, { serviceUserName: 'bench', linkedAt: Date.now(), tokens });
      const results: [string, { p50: number; p99: number }][] = [];
      results.push(['token read', await time(n, () => store.get(USER))]);
      let refresh = 'r0';
      results.push([
        'token rotate (CAS)',
        await time(n, async (i) => {
          const next = `r${i + 1}-${Math.random()}`;
          if (!(await store.replace(USER, refresh, { ...tokens, refreshToken: next }))) throw new Error('rotation lost');
          refresh = next;
        }),
      ]);
      results.push(['refresh lock + release', await time(n, () => store.withRefreshLock(USER, () => Promise.resolve()))]);
      const states: string[] = [];
      const login = { discordUserId: USER, codeVerifier: 'v'.repeat(43), redirectUri: 'http://x/cb', reply: { applicationId: '1', interactionToken: 't' } };
      results.push(['pending login create', await time(n, async () => states.push((await store.pendingLogins.create(login)).state))]);
      results.push(['pending login take', await time(n, async (i) => store.pendingLogins.take(states[i] ?? ''))]);
      results.push(['expired sweep (nothing due)', await time(Math.min(n, 200), () => store.sweepExpired())]);
      for (const [name, r] of results) rows.push([engineCase.kind, name, fixed(r.p50, 2), fixed(r.p99, 2)]);
    } finally {
      await engine.close();
      await place.cleanup();
    }
  }
  console.log(table(['engine', 'operation', 'p50 ms', 'p99 ms'], rows));
}
