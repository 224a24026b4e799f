// `npm run bench -- [--quick] [--only …]`: prints latency, memory, service-client and catalogue
// numbers. See bench/options.ts for the options and bench/README.md for how to read the output.

import { availableParallelism, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseOptions, USAGE, type Part } from './options.js';
import { runLatency } from './latency.js';
import { runMemory } from './memory.js';
import { runServiceThroughput } from './service-throughput.js';
import { runLargeCatalogue } from './large-catalogue.js';
import { runStore } from './store.js';
import { runOpsOverhead } from './ops-overhead.js';
import { runHttpThroughput } from './http-throughput.js';
import { runFaults } from './faults.js';
import { runReminders } from './reminders.js';
import { runEconomy } from './economy.js';
import { runSlowStore } from './economy-slow-store.js';
import { runSlowPacing } from './economy-slow-pacing.js';
import { runSocial } from './social.js';
import { runCatalogueFormatting } from './catalogue-formatting.js';
import { runPictures } from './pictures.js';
import { runListFiles } from './list-files.js';
import { runRecaps } from './recaps.js';
import { runGames } from './games.js';

async function main(): Promise<number> {
  const parsed = parseOptions(process.argv.slice(2));
  if (parsed === 'help') {
    console.log(USAGE);
    return 0;
  }
  const o = parsed;
  console.log(
    `amls-discord-bot benchmarks (${o.quick ? 'quick' : 'full'} run) — node ${process.version}, ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'})`,
  );
  const parts: Record<Part, () => Promise<unknown>> = {
    // First: pure CPU, and its first renders must be the process's first.
    formatting: () => runCatalogueFormatting(o),
    latency: () => runLatency(o),
    memory: () => runMemory(o),
    service: () => runServiceThroughput(o),
    store: () => runStore(o),
    ops: () => runOpsOverhead(o),
    reminders: () => runReminders(o),
    catalogue: () => runLargeCatalogue(o),
    http: () => runHttpThroughput(o),
    faults: () => runFaults(o),
    economy: async () => {
      if (process.env.BENCH_ECONOMY_ONLY !== 'pacing') {
        await runEconomy(o);
        await runSlowStore(o);
      }
      await runSlowPacing(o);
    },
    social: () => runSocial(o),
    pictures: () => runPictures(o),
    import: () => runListFiles(o),
    recaps: () => runRecaps(o),
    games: () => runGames(o),
  };
  const failed: string[] = [];
  const t0 = performance.now();
  for (const [name, run] of Object.entries(parts) as Array<[Part, () => Promise<unknown>]>) {
    if (!o.parts.has(name)) continue;
    try {
      await run();
    } catch (error) {
      failed.push(name);
      console.error(`\n${name} benchmark FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
  console.log(`\nbenchmarks finished in ${((performance.now() - t0) / 1000).toFixed(1)} s${failed.length > 0 ? `; FAILED: ${failed.join(', ')}` : ''}`);
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
