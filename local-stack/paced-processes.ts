// Several real processes, each with its own request line (pacing-child.ts) on one shared store, made too
// slow for the store steps once they have all started and seen each other's heartbeats: every process
// then paces alone. Used by test/store/request-line/slow-store-pacing.test.ts and the economy bench.
// Slow: PostgreSQL and Redis behind latency-proxy.ts (3 s per round trip); SQLite with its write lock
// held by another connection (reads still answer, every write waits past the step deadline).

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { EngineKind } from '../src/store/engine.js';
import { startLatencyProxy, targetOf } from './latency-proxy.js';
import type { PacingJob, PacingResult } from './pacing-child.js';
import type { OpenedCase } from './store-engines.js';

const CHILD = fileURLToPath(new URL('./pacing-child.ts', import.meta.url));
/** Added to every round trip of PostgreSQL and Redis while slow: far past the step deadline. */
const SLOW_LATENCY_MS = 3_000;

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
  const exited = new Promise<never>((_, reject) => proc.on('exit', (code) => reject(new Error(`pacing child exited with ${code}: ${stderr.slice(0, 2000)}`))));
  exited.catch(() => undefined);
  const result = new Promise<PacingResult>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as PacingResult);
      else waiting.get(line)?.();
    });
    exited.catch(reject);
  });
  const said = (word: string): Promise<void> => Promise.race([new Promise<void>((resolve) => waiting.set(word, resolve)), exited]);
  return { proc, said, result };
}

/** How the store is made too slow for the steps, and made fast again. */
export interface SlowStore {
  /** The URL the processes open. */
  url: string;
  slow(): Promise<void>;
  fast(): Promise<void>;
  close(): Promise<void>;
}

export async function slowStore(kind: EngineKind, place: OpenedCase): Promise<SlowStore> {
  if (kind === 'sqlite') {
    const { default: sqlite3 } = await import('sqlite3');
    const db = new sqlite3.Database(place.url.slice('sqlite://'.length));
    const exec = (sql: string): Promise<void> => new Promise((ok, fail) => db.exec(sql, (e: Error | null) => (e ? fail(e) : ok())));
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
  if (kind === 'memory') throw new Error('a memory store is not shared by processes');
  const proxy = await startLatencyProxy({ target: targetOf(place.url) });
  return {
    url: proxy.proxiedUrl(place.url),
    slow: () => Promise.resolve(proxy.setLatency(SLOW_LATENCY_MS)),
    fast: () => Promise.resolve(proxy.setLatency(0)),
    close: () => proxy.close(),
  };
}

/**
 * Starts `processes` children on `store`, lets each read the others' heartbeats, makes the store slow
 * and has each acquire `callers` interactive slots at once; returns what each saw and when it was granted.
 */
export async function runPacedProcesses(store: SlowStore, processes: number, callers: number): Promise<PacingResult[]> {
  const line = `pacing_${randomBytes(4).toString('hex')}`;
  const children = Array.from({ length: processes }, (_, i) => startChild({ url: store.url, line, callers, name: `p${i}` }));
  try {
    await Promise.all(children.map((c) => c.said('ready')));
    // Every process has started: each reads the others' heartbeats (the bot does every 10 s).
    await Promise.all(children.map((c) => (c.proc.stdin.write('beat\n'), c.said('beaten'))));
    await store.slow();
    for (const c of children) c.proc.stdin.write('go\n');
    return await Promise.all(children.map((c) => c.result));
  } finally {
    await store.fast();
    for (const c of children) if (c.proc.exitCode === null) c.proc.kill();
  }
}

/** The most instants that fall in any window of `ms` starting at one of them. */
export function mostInAnyWindow(times: readonly number[], ms: number): number {
  const sorted = [...times].sort((x, y) => x - y);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (j < sorted.length && (sorted[j] as number) < (sorted[i] as number) + ms) j++;
    most = Math.max(most, j - i);
  }
  return most;
}
