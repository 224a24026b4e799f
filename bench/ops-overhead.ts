// Part "ops": what structured logs and Prometheus metrics cost. The same interaction workload runs
// against a bot with both off (silent logger, METRICS unset) and with both on (JSON logs at info
// and at debug, METRICS=on, process metrics included), alternating rounds; the target is that
// logs at info + metrics keep at least 95 % of the throughput with both off.

import { performance } from 'node:perf_hooks';
import { GUILD, newUser, startStack, type Stack } from '../local-stack/harness.js';
import { DEFAULT_STORE_STEP_TIMEOUT_MS } from '../src/config/defaults.js';
import { createLogger, silentLogger, type Logger } from '../src/log/log.js';
import type { BenchOptions } from './options.js';
import { fixed, section, table } from './stats.js';

interface Mode {
  name: string;
  logger: () => { log: Logger; lines: () => number };
  metrics: boolean;
}

/** Logs at info + metrics keep at least this share of the throughput with both off. */
const TARGET_PERCENT = 95;

const QUERIES = ['hokuto', 'naruto', 'bleach', 'monster', 'gintama', 'one piece', 'berserk', 'cowboy'];

function counting(level: 'info' | 'debug'): () => { log: Logger; lines: () => number } {
  return () => {
    let lines = 0;
    // A sink that keeps nothing: every line is still built, redacted and serialised by pino.
    const log = createLogger(level, () => {
      lines++;
    });
    return { log, lines: () => lines };
  };
}

const MODES: Mode[] = [
  { name: 'logs off, metrics off', logger: () => ({ log: silentLogger, lines: () => 0 }), metrics: false },
  { name: 'logs info, metrics on', logger: counting('info'), metrics: true },
  { name: 'logs debug, metrics on', logger: counting('debug'), metrics: true },
];

async function round(mode: Mode, interactions: number, concurrency: number): Promise<{ perSecond: number; cpuPer: number; linesPer: number; problems: number }> {
  const { log, lines } = mode.logger();
  const stack: Stack = await startStack({ logger: log, metrics: mode.metrics, storeStepTimeoutMs: DEFAULT_STORE_STEP_TIMEOUT_MS });
  try {
    const user = newUser('ops');
    const one = async (i: number): Promise<boolean> => {
      const handle = stack.command({ name: 'anime', subcommand: 'search', options: { query: QUERIES[i % QUERIES.length] ?? 'hokuto' }, user, where: GUILD });
      await handle.settled(15_000);
      return handle.errors().length === 0 && !handle.ephemeral();
    };
    // Warm-up fills the response cache, so the rounds measure the bot rather than the emulator.
    for (let i = 0; i < QUERIES.length * 2; i++) await one(i);
    const before = lines();
    let next = 0;
    let problems = 0;
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < interactions) {
          const i = next++;
          if (!(await one(i))) problems++;
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    return { perSecond: interactions / seconds, cpuPer: (cpu.user + cpu.system) / interactions, linesPer: (lines() - before) / interactions, problems };
  } finally {
    await stack.stop();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export async function runOpsOverhead(o: BenchOptions): Promise<void> {
  section('Logs and metrics overhead (interactions/s, cached /anime search through the fake Discord)');
  const interactions = o.quick ? 150 : 600;
  const rounds = o.quick ? 2 : 3;
  const concurrency = 4;
  const results = new Map<string, { perSecond: number[]; cpuPer: number[]; linesPer: number[]; problems: number }>();
  // One unmeasured round first: the first stack of a process runs colder code, which would count against the mode that goes first.
  for (const mode of MODES) await round(mode, Math.ceil(interactions / 3), concurrency);
  for (let r = 0; r < rounds; r++) {
    for (const mode of MODES) {
      const result = await round(mode, interactions, concurrency);
      const entry = results.get(mode.name) ?? { perSecond: [], cpuPer: [], linesPer: [], problems: 0 };
      entry.perSecond.push(result.perSecond);
      entry.cpuPer.push(result.cpuPer);
      entry.linesPer.push(result.linesPer);
      entry.problems += result.problems;
      results.set(mode.name, entry);
    }
  }
  const baseline = median(results.get(MODES[0]?.name ?? '')?.perSecond ?? []);
  const cpuBaseline = median(results.get(MODES[0]?.name ?? '')?.cpuPer ?? []);
  const rows = MODES.map((mode) => {
    const entry = results.get(mode.name);
    const perSecond = median(entry?.perSecond ?? []);
    return [
      mode.name,
      fixed(perSecond),
      mode === MODES[1] ? `${fixed((perSecond / baseline) * 100)} % (target ≥ ${TARGET_PERCENT} %)` : `${fixed((perSecond / baseline) * 100)} %`,
      `${fixed(median(entry?.cpuPer ?? []), 0)} (${fixed((cpuBaseline / median(entry?.cpuPer ?? [])) * 100)} %)`,
      fixed(median(entry?.linesPer ?? []), 2),
      String(entry?.problems ?? 0),
    ];
  });
  console.log(`one warm-up round, then ${rounds} alternating rounds of ${interactions} interactions, ${concurrency} at a time; medians`);
  console.log(table(['mode', 'interactions/s', 'vs off', 'CPU µs/interaction (off ÷ this)', 'log lines/interaction', 'problems'], rows));
  console.log('CPU: the whole process (bot, fake Discord, emulator); another view of the same rounds, as noisy on a shared machine.');
  const target = median(results.get(MODES[1]?.name ?? '')?.perSecond ?? []) / baseline;
  console.log(
    `target: logs at info + metrics keep ≥ ${TARGET_PERCENT} % of the throughput with both off — ${target * 100 >= TARGET_PERCENT ? 'met' : 'NOT met'} (${fixed(target * 100)} %; rounds differ by ±20 % from noise on a shared machine: read several runs)`,
  );
}
