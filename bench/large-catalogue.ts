// Part 4: the emulator with a large generated catalogue: startup (generation) time and the
// latency of ranking pages on it. Runs last: the catalogue stays in this process's memory.

import { performance } from 'node:perf_hooks';
import { ServiceClient } from '../src/service/client.js';
import { ANIME_RANKING_TYPES } from '../src/service/work-types.js';
import { DEFAULT_CLIENT, startEmulator } from '../emulator/server.js';
import type { BenchOptions } from './options.js';
import { drive, RUN_HEADERS, runRow } from './service-throughput.js';
import { fixed, mb, section, table } from './stats.js';

export async function runLargeCatalogue(o: BenchOptions): Promise<void> {
  section(`4. Emulator with a large catalogue (${o.catalogueSize} anime + ${o.catalogueSize} manga)`);
  const heapBefore = process.memoryUsage();
  const t0 = performance.now();
  const emulator = await startEmulator({ clients: [DEFAULT_CLIENT], catalogue: { size: o.catalogueSize } });
  const startupMs = performance.now() - t0;
  const heapAfter = process.memoryUsage();
  const service = new ServiceClient({ apiUrl: emulator.url, clientId: DEFAULT_CLIENT.id, userAgent: 'amls-bench' });
  try {
    console.log(
      `startup (catalogue generation + listen): ${fixed(startupMs, 0)} ms; ` +
        `heapUsed +${mb(heapAfter.heapUsed - heapBefore.heapUsed)} MB, rss +${mb(heapAfter.rss - heapBefore.rss)} MB (no forced GC)\n`,
    );
    const rows: string[][] = [];
    // First request of each ranking type: the emulator orders the whole catalogue for it once.
    rows.push(
      runRow('first page of each anime ranking type (cold)', 'sequential', await drive(ANIME_RANKING_TYPES.length, 1, (i) =>
        service.animeRanking({ rankingType: ANIME_RANKING_TYPES[i] ?? 'all', limit: 10 }),
      )),
    );
    const pages = Math.max(1, Math.floor(o.catalogueSize / 100));
    // A fixed stride spreads the offsets over the whole ranking.
    const offset = (i: number): number => ((i * 7919) % pages) * 100;
    // Rankings that hold every work, so each offset lands on a full page.
    const whole = ['all', 'bypopularity', 'favorite'] as const;
    const page = (limit: number) => (i: number) => service.animeRanking({ rankingType: whole[i % whole.length] ?? 'all', limit, offset: offset(i) });
    rows.push(runRow('ranking page, limit 10, offsets across the list', 'sequential', await drive(o.catalogueRequests, 1, page(10))));
    rows.push(runRow('ranking page, limit 100, offsets across the list', 'sequential', await drive(o.catalogueRequests, 1, page(100))));
    rows.push(runRow('ranking page, limit 100', `${o.concurrency} concurrent`, await drive(o.catalogueRequests, o.concurrency, page(100))));
    rows.push(
      runRow('search q=<word>, limit 10', 'sequential', await drive(Math.min(o.catalogueRequests, 20), 1, (i) =>
        service.searchAnime({ q: ['shingeki', 'hikari', 'densetsu', 'kaisen'][i % 4] ?? 'hikari', limit: 10 }),
      )),
    );
    console.log(table(RUN_HEADERS, rows));
  } finally {
    await service.close();
    await emulator.close();
  }
}
