// Part 3: the service client alone against the emulator, without the response cache:
// N sequential and N concurrent GET /anime/{id}.

import { performance } from 'node:perf_hooks';
import { ServiceClient } from '../src/service/client.js';
import { ANIME_DETAIL_FIELDS } from '../src/views/details.js';
import { DEFAULT_CLIENT, startEmulator } from '../emulator/server.js';
import { sampleCatalogue } from './catalogue-sample.js';
import type { BenchOptions } from './options.js';
import { fixed, section, summarize, table } from './stats.js';

interface Run {
  latencies: number[];
  seconds: number;
}

/** `total` calls of `call(i)` with `concurrency` in flight. */
export async function drive(total: number, concurrency: number, call: (i: number) => Promise<unknown>): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  const worker = async (): Promise<void> => {
    while (next < total) {
      const i = next++;
      const start = performance.now();
      await call(i);
      latencies.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, () => worker()));
  return { latencies, seconds: (performance.now() - t0) / 1000 };
}

export function runRow(label: string, mode: string, run: Run): string[] {
  const s = summarize(run.latencies);
  return [label, mode, String(s.n), fixed(s.n / run.seconds, 0), fixed(s.mean, 2), fixed(s.p50, 2), fixed(s.p95, 2), fixed(s.max, 2)];
}

export const RUN_HEADERS = ['request', 'mode', 'n', 'req/s', 'mean ms', 'p50', 'p95', 'max'];

export async function runServiceThroughput(o: BenchOptions): Promise<void> {
  section('3. ServiceClient throughput against the emulator (no response cache, emulator delay 0)');
  const emulator = await startEmulator({ clients: [DEFAULT_CLIENT] });
  const service = new ServiceClient({ apiUrl: emulator.url, clientId: DEFAULT_CLIENT.id, userAgent: 'amls-bench' });
  try {
    const { anime } = await sampleCatalogue(emulator.url, DEFAULT_CLIENT.id);
    const id = (i: number): number => anime[i % anime.length]?.id ?? 1;
    // The emulator builds a work's details on first use; do that before timing anything.
    await drive(anime.length, 4, (i) => service.getAnime(id(i), { fields: ANIME_DETAIL_FIELDS }));
    const rows: string[][] = [];
    const scenarios: Array<[string, (i: number) => Promise<unknown>]> = [
      ['GET /anime/{id} (default fields)', (i) => service.getAnime(id(i))],
      ['GET /anime/{id} (details fields)', (i) => service.getAnime(id(i), { fields: ANIME_DETAIL_FIELDS })],
    ];
    for (const [label, call] of scenarios) {
      await drive(50, 1, call);
      rows.push(runRow(label, 'sequential', await drive(o.requests, 1, call)));
      rows.push(runRow('', `${o.concurrency} concurrent`, await drive(o.requests, o.concurrency, call)));
    }
    console.log(`${o.requests} requests per row over keep-alive HTTP on loopback; emulator, client and benchmark share one process.\n`);
    console.log(table(RUN_HEADERS, rows));
  } finally {
    await service.close();
    await emulator.close();
  }
}
