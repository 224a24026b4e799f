// Part 9 (`--only economy`), (g): peak requests per second across processes while the store is slow.
// N real processes (1, 2, 4), each with its own request line on one store through the store steps at
// the deployment's step deadline and the bot's default budget (local-stack/paced-processes.ts), see each
// other's heartbeats, then the store turns too slow for the steps (PostgreSQL and Redis 3 s per round
// trip behind the latency proxy, SQLite with its write lock held): every process paces alone. Each
// process's callers (24 in all, quick 12, shared out) ask at once; printed per engine and N: requests, the peak in any sliding second
// against the documented bound (rate + 1 + burst) and the sustained rate against SERVICE_REQUESTS_PER_SECOND.
// `BENCH_ECONOMY_ONLY=pacing` runs only this.

import { mostInAnyWindow, runPacedProcesses, slowStore } from '../local-stack/paced-processes.js';
import { engineCases, prepareCase } from '../local-stack/store-engines.js';
import { DEFAULT_REQUESTS_BURST, DEFAULT_REQUESTS_PER_SECOND } from '../src/config/defaults.js';
import type { BenchOptions } from './options.js';
import { fixed, section, table } from './stats.js';

const COUNTS = [1, 2, 4] as const;
const BOUND = DEFAULT_REQUESTS_PER_SECOND + 1 + DEFAULT_REQUESTS_BURST;

export async function runSlowPacing(o: Pick<BenchOptions, 'quick'>): Promise<void> {
  section('Upstream economy (g): processes paced alone while the store is slow');
  const total = o.quick ? 12 : 24;
  console.log(`SERVICE_REQUESTS_PER_SECOND=${DEFAULT_REQUESTS_PER_SECOND}, SERVICE_REQUESTS_BURST=${DEFAULT_REQUESTS_BURST}, STORE_STEP_TIMEOUT_MS at its default; ${total} callers at once, shared out over the processes.`);
  const rows: string[][] = [];
  for (const engine of engineCases().filter((c) => c.shared)) {
    if (engine.skipped) {
      console.log(`-- ${engine.kind}: skipped (${engine.skipped}) --`);
      continue;
    }
    for (const processes of COUNTS) {
      const place = prepareCase(engine.kind);
      await (await place.open()).close();
      const store = await slowStore(engine.kind, place);
      try {
        const granted = (await runPacedProcesses(store, processes, total / processes)).flatMap((r) => r.granted);
        const spanMs = Math.max(...granted) - Math.min(...granted);
        const peak = mostInAnyWindow(granted, 1_000);
        rows.push([
          engine.kind,
          String(processes),
          String(granted.length),
          `${peak}${peak > BOUND ? ' MISSED' : ''}`,
          String(BOUND),
          spanMs > 0 ? fixed(((granted.length - 1) * 1_000) / spanMs, 2) : '-',
          String(DEFAULT_REQUESTS_PER_SECOND),
        ]);
      } finally {
        await store.close();
        await place.cleanup();
      }
    }
  }
  console.log(table(['engine', 'processes', 'requests', 'peak 1 s', 'bound', 'sustained req/s', 'budget req/s'], rows));
}
