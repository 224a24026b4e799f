// Four real processes on one store, each with its own request line through the store steps at the
// deployment's step deadline and the bot's default budget, while the store is too slow for those steps
// (PostgreSQL and Redis behind a proxy adding 3 s per round trip; SQLite with its write lock held by
// another connection): every process paces alone, at its share of the rate (it saw the others'
// heartbeats while the store answered), so together they stay within the documented rate — before,
// each paced itself at the whole deployment's rate and burst: about 4 × 5 requests in a second.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLatencyProxy, targetOf, type LatencyProxy } from '../../../local-stack/latency-proxy.js';
import { engineCases, prepareCase, type OpenedCase } from '../../../local-stack/store-engines.js';
import { DEFAULT_REQUESTS_BURST, DEFAULT_REQUESTS_PER_SECOND } from '../../../src/config/defaults.js';
import type { PacingJob, PacingResult } from './pacing-child.js';

const CHILD = fileURLToPath(new URL('./pacing-child.ts', import.meta.url));
const PROCESSES = 4;
const CALLERS = 6;
const RATE = DEFAULT_REQUESTS_PER_SECOND;

interface Child {
  proc: ChildProcessWithoutNullStreams;
  /** Resolves at the next line the child prints that is `word`. */
  said(word: string): Promise<void>;
  result: Promise<PacingResult>;
}

function startChild(job: PacingJob): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(job)], { stdio: 'pipe' });
  let stderr = '';
  proc.stderr.on('data', (d: Buffer) => void (stderr += d.toString()));
  const lines = createInterface({ input: proc.stdout });
  const waiting = new Map<string, () => void>();
  const exited = new Promise<never>((_, reject) => proc.on('exit', (code) => reject(new Error(`child exited with ${code}: ${stderr.slice(0, 2000)}`))));
  exited.catch(() => undefined);
  const result = new Promise<PacingResult>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as PacingResult);
      else waiting.get(line)?.();
    });
    exited.catch(reject);
  });
  const said = (word: string) => Promise.race([new Promise<void>((resolve) => waiting.set(word, resolve)), exited]);
  return { proc, said, result };
}

/** The most instants that fall in any window of `ms` starting at one of them. */
function mostInAnyWindow(times: number[], ms: number): number {
  const sorted = [...times].sort((x, y) => x - y);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (j < sorted.length && sorted[j]! < sorted[i]! + ms) j++;
    most = Math.max(most, j - i);
  }
  return most;
}

/** How the store is made too slow for the steps: latency on PostgreSQL and Redis, a held write lock on SQLite. */
interface Slowness {
  url: string;
  slow(): Promise<void>;
  fast(): Promise<void>;
  close(): Promise<void>;
}

async function slowness(kind: string, place: OpenedCase): Promise<Slowness> {
  if (kind === 'sqlite') {
    const { default: sqlite3 } = await import('sqlite3');
    const db = new sqlite3.Database(place.url.slice('sqlite://'.length));
    const exec = (sql: string) => new Promise<void>((ok, fail) => db.exec(sql, (e: Error | null) => (e ? fail(e) : ok())));
    let held = false;
    return {
      url: place.url,
      slow: async () => {
        await exec('BEGIN IMMEDIATE');
        held = true;
      },
      fast: async () => {
        if (held) await exec('ROLLBACK');
        held = false;
      },
      close: () => new Promise<void>((ok) => db.close(() => ok())),
    };
  }
  const proxy: LatencyProxy = await startLatencyProxy({ target: targetOf(place.url) });
  return {
    url: proxy.proxiedUrl(place.url),
    slow: () => Promise.resolve(proxy.setLatency(3_000)),
    fast: () => Promise.resolve(proxy.setLatency(0)),
    close: () => proxy.close(),
  };
}

for (const engineCase of engineCases().filter((c) => c.shared)) {
  describe.skipIf(engineCase.skipped !== undefined)(`${PROCESSES} processes paced alone while the ${engineCase.kind} store is slow`, () => {
    let place: OpenedCase;
    let store: Slowness;
    beforeAll(async () => {
      place = prepareCase(engineCase.kind);
      // The store's table or file exists before the processes open it together.
      await (await place.open()).close();
      store = await slowness(engineCase.kind, place);
    });
    afterAll(async () => {
      await store?.fast();
      await store?.close();
      await place?.cleanup();
    });

    it('together they keep the deployment’s rate: never more than rate + 1 + burst in a second, 24 requests over about 12 s', async () => {
      const line = `pacing_${randomBytes(4).toString('hex')}`;
      const children = Array.from({ length: PROCESSES }, (_, i) => startChild({ url: store.url, line, callers: CALLERS, name: `p${i}` }));
      try {
        await Promise.all(children.map((c) => c.said('ready')));
        // Every process has started: each reads the others' heartbeats (every 10 s in the bot).
        await Promise.all(children.map((c) => (c.proc.stdin.write('beat\n'), c.said('beaten'))));
        await store.slow();
        for (const c of children) c.proc.stdin.write('go\n');
        const results = await Promise.all(children.map((c) => c.result));
        const granted = results.flatMap((r) => r.granted);
        const peak = mostInAnyWindow(granted, 1_000);
        console.log(`${engineCase.kind}: ${granted.length} requests from ${PROCESSES} processes paced alone; peak ${peak} in a second (rate ${RATE}, burst ${DEFAULT_REQUESTS_BURST}); over ${Math.max(...granted) - Math.min(...granted)} ms`);
        expect(results.map((r) => r.share.count)).toEqual(Array.from({ length: PROCESSES }, () => PROCESSES));
        expect(new Set(results.map((r) => r.share.index)).size).toBe(PROCESSES);
        // Every process fell back: its store steps failed.
        for (const r of results) expect(r.failedOpen).toBeGreaterThan(0);
        expect(granted).toHaveLength(PROCESSES * CALLERS);
        expect(peak).toBeLessThanOrEqual(RATE + 1 + DEFAULT_REQUESTS_BURST);
        // The sustained rate: 24 requests at 2 per second together take about 12 s (the old pacing: about 3 s).
        expect(Math.max(...granted) - Math.min(...granted)).toBeGreaterThanOrEqual(((PROCESSES * CALLERS) / RATE - 2) * 1_000);
      } finally {
        await store.fast();
        for (const c of children) if (c.proc.exitCode === null) c.proc.kill();
      }
    }, 90_000);
  });
}
