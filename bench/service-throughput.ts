// Part 3: the service client alone against the emulator, without the response cache:
// N sequential and N concurrent GET /anime/{id}, next to a raw undici Pool doing the same requests
// (same headers, body read and parsed as JSON) so the client's overhead shows as a ratio in one run.

import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
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

const SLICES = 5;

/**
 * `total` calls of each of `a` and `b` in SLICES alternating slices; the rows merge the slices, the
 * ratio is the median of the slices' a/b req/s ratios.
 */
async function alternate(total: number, concurrency: number, a: (i: number) => Promise<unknown>, b: (i: number) => Promise<unknown>): Promise<{ a: Run; b: Run; ratio: number }> {
  const per = Math.max(1, Math.floor(total / SLICES));
  const merged = { a: { latencies: [] as number[], seconds: 0 }, b: { latencies: [] as number[], seconds: 0 } };
  const ratios: number[] = [];
  for (let slice = 0; slice < SLICES; slice++) {
    const ra = await drive(per, concurrency, a);
    const rb = await drive(per, concurrency, b);
    for (const [into, run] of [[merged.a, ra], [merged.b, rb]] as const) {
      into.latencies.push(...run.latencies);
      into.seconds += run.seconds;
    }
    ratios.push(rb.seconds / ra.seconds);
  }
  ratios.sort((x, y) => x - y);
  return { ...merged, ratio: ratios[Math.floor(ratios.length / 2)] ?? 0 };
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
  const pool = new Pool(emulator.url, { connections: 16 });
  const rawHeaders = { 'user-agent': 'amls-bench', accept: 'application/json', 'x-service-client-id': DEFAULT_CLIENT.id };
  const raw = async (path: string): Promise<unknown> => {
    const res = await pool.request({ method: 'GET', path, headers: rawHeaders });
    const body = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`raw undici: HTTP ${res.statusCode}`);
    return JSON.parse(body) as unknown;
  };
  try {
    const { anime } = await sampleCatalogue(emulator.url, DEFAULT_CLIENT.id);
    const id = (i: number): number => anime[i % anime.length]?.id ?? 1;
    // The emulator builds a work's details on first use; do that before timing anything.
    await drive(anime.length, 4, (i) => service.getAnime(id(i), { fields: ANIME_DETAIL_FIELDS }));
    const rows: string[][] = [];
    const detailsQuery = `?fields=${encodeURIComponent(ANIME_DETAIL_FIELDS)}`;
    const scenarios: Array<[string, (i: number) => Promise<unknown>, (i: number) => Promise<unknown>]> = [
      ['GET /anime/{id} (default fields)', (i) => service.getAnime(id(i)), (i) => raw(`/v2/anime/${id(i)}`)],
      [
        'GET /anime/{id} (details fields)',
        (i) => service.getAnime(id(i), { fields: ANIME_DETAIL_FIELDS }),
        (i) => raw(`/v2/anime/${id(i)}${detailsQuery}`),
      ],
    ];
    const ratios: string[] = [];
    for (const [label, call, rawCall] of scenarios) {
      await drive(200, 1, call);
      await drive(200, 1, rawCall);
      for (const [mode, concurrency] of [['sequential', 1], [`${o.concurrency} concurrent`, o.concurrency]] as const) {
        // Alternating slices, so a burst of load from elsewhere on the machine hits both alike.
        const client = await alternate(o.requests, concurrency, call, rawCall);
        rows.push(runRow(mode === 'sequential' ? label : '', `${mode}`, client.a));
        rows.push(runRow('', `${mode}, raw undici Pool`, client.b));
        ratios.push(`${label.replace('GET /anime/{id} ', '')} ${mode}: ${fixed(client.ratio, 2)}×`);
      }
    }
    console.log(`${o.requests} requests per row (${SLICES} slices alternating with the raw row) over keep-alive HTTP on loopback; emulator, client and benchmark share one process.`);
    console.log('raw undici Pool: the same requests and headers, body read and parsed, no deadline, cap, queue or retry.\n');
    console.log(table(RUN_HEADERS, rows));
    console.log(`\nServiceClient req/s ÷ raw undici Pool req/s, median of ${SLICES} alternating slices (target ≥ 0.90×): ${ratios.join('; ')}`);
  } finally {
    await pool.close();
    await service.close();
    await emulator.close();
  }
}
