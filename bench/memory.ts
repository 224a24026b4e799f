// Part 2: the bot's memory over thousands of interactions. The fake Discord and the emulator run
// here (they keep every message and request by design); the bot runs alone in a child process
// with --expose-gc, so each sample is its heap after forced garbage collection.

import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { CLIENT_ID, newUser, startStack } from '../local-stack/harness.js';
import type { Who } from '../fake-discord/index.js';
import { asFromBot, type FromBot, type MemorySample, type ToBot } from './bot-protocol.js';
import { sampleCatalogue } from './catalogue-sample.js';
import { DEFAULT_CACHE_MAX_BYTES, DEFAULT_STORE_STEP_TIMEOUT_MS } from '../src/config/defaults.js';
import type { BenchOptions } from './options.js';
import { fixed, mb, section, slope, table, withTimeout } from './stats.js';
import { Workload } from './workload.js';

/** Heap growth per 1 000 interactions (after warm-up) below which memory counts as flat: ≈1 KB retained per interaction. */
export const FLAT_THRESHOLD_MB_PER_1000 = 1;

/** Longer than the router's defer threshold (1200 ms), well inside Discord's 3 s. */
const DEFER_DELAY_MS = 1500;
const DEFERRED_IN_FLIGHT = 50;

const LINKED_ACCOUNTS = [
  { name: 'alice', password: 'alice-password' },
  { name: 'bob', password: 'bob-password' },
  { name: 'carol', password: 'carol-password' },
];

class BotProcess {
  private readonly waiting: Array<(m: FromBot) => void> = [];
  private exited: string | undefined;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (raw: unknown) => {
      const message = asFromBot(raw);
      if (message) this.waiting.shift()?.(message);
    });
    child.on('exit', (code, signal) => {
      this.exited = `bot process exited (${code ?? signal})`;
      for (const w of this.waiting.splice(0)) w({ type: 'error', message: this.exited });
    });
  }

  static start(): BotProcess {
    const entry = fileURLToPath(new URL('./bot-process.ts', import.meta.url));
    return new BotProcess(fork(entry, [], { execArgv: ['--expose-gc', '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  }

  async ask(message: ToBot, timeoutMs = 60_000): Promise<FromBot> {
    if (this.exited) throw new Error(this.exited);
    const answer = new Promise<FromBot>((resolve) => this.waiting.push(resolve));
    this.child.send(message);
    const reply = await withTimeout(answer, timeoutMs, `bot process answer to ${message.type}`);
    if (reply.type === 'error') throw new Error(`bot process: ${reply.message}`);
    return reply;
  }

  async sample(): Promise<MemorySample> {
    const reply = await this.ask({ type: 'sample' });
    if (reply.type !== 'sample') throw new Error(`expected a sample, got ${reply.type}`);
    return reply.sample;
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    try {
      await this.ask({ type: 'stop' }, 15_000);
      await withTimeout(exited, 10_000, 'bot process exit');
    } catch {
      this.child.kill('SIGKILL');
    }
  }
}

interface Row {
  interactions: number;
  sample: MemorySample;
  rate: number;
}

export interface MemoryResult {
  rows: Row[];
  growthMb: number;
  slopeMbPer1000: number;
  flat: boolean;
}

function printRows(rows: Row[]): void {
  const c = (n: number | null) => (n === null ? 'n/a' : String(n));
  console.log(
    table(
      ['after', 'heapUsed MB', 'heapTotal MB', 'rss MB', 'external MB', 'users', 'channels', 'guilds', 'responseCache', 'titleCache', 'rest handlers', 'interactions/s'],
      rows.map((r) => [
        r.interactions === 0 ? 'start (0)' : String(r.interactions),
        mb(r.sample.heapUsed),
        mb(r.sample.heapTotal),
        mb(r.sample.rss),
        mb(r.sample.external),
        c(r.sample.caches.users),
        c(r.sample.caches.channels),
        c(r.sample.caches.guilds),
        c(r.sample.caches.responseCache),
        c(r.sample.caches.titleCache),
        c(r.sample.caches.restHandlers),
        r.rate > 0 ? fixed(r.rate, 0) : '',
      ]),
    ),
  );
}

/** Warm-up (fillers, then the mix), then the measured interactions in steps: a row (bot sample) after each. */
async function measureRows(workload: Workload, bot: BotProcess, o: BenchOptions) {
  const rows: Row[] = [{ interactions: 0, sample: await bot.sample(), rate: 0 }];
  const timed = async (count: number | ReturnType<Workload['fillers']>): Promise<number> => {
    const t0 = performance.now();
    await workload.run(count, o.memoryConcurrency);
    return (typeof count === 'number' ? count : count.length) / ((performance.now() - t0) / 1000);
  };
  const fillers = workload.fillers();
  const warmup = fillers.length + o.memoryWarmup;
  await timed(fillers);
  let rate = await timed(o.memoryWarmup);
  const afterWarmup = await bot.sample();
  rows.push({ interactions: warmup, sample: afterWarmup, rate });
  for (let done = 0; done < o.memoryInteractions; ) {
    const step = Math.min(o.memoryStep, o.memoryInteractions - done);
    rate = await timed(step);
    done += step;
    rows.push({ interactions: warmup + done, sample: await bot.sample(), rate });
  }
  return { rows, fillers, afterWarmup };
}

function printWorkloadStats(workload: Workload): void {
  const kinds = Object.entries(workload.stats.byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  console.log(`\nall interactions sent (warm-up included): ${kinds}`);
  console.log(`interactions with rejected REST calls or no answer: ${workload.stats.problems} (failures without an answer: ${workload.stats.failures})`);
  for (const p of workload.stats.firstProblems) console.log(`  e.g. ${p}`);
}

/** Heap growth over the measured rows (total and least-squares slope), printed with the RSS change. */
function heapGrowth(measured: Row[], o: BenchOptions): { growthMb: number; slopeMbPer1000: number; flat: boolean } {
  const base = measured[0]?.sample.heapUsed ?? 0;
  const last = measured[measured.length - 1]?.sample.heapUsed ?? 0;
  const growthMb = (last - base) / 1024 / 1024;
  const slopeMbPer1000 = (slope(measured.map((r) => ({ x: r.interactions, y: r.sample.heapUsed / 1024 / 1024 }))) * 1000) || 0;
  const rssGrowth = ((measured[measured.length - 1]?.sample.rss ?? 0) - (measured[0]?.sample.rss ?? 0)) / 1024 / 1024;
  const flat = slopeMbPer1000 < FLAT_THRESHOLD_MB_PER_1000;
  console.log(
    `\nheap growth after warm-up: ${growthMb >= 0 ? '+' : ''}${fixed(growthMb, 2)} MB over ${o.memoryInteractions} interactions ` +
      `(least-squares slope ${fixed(slopeMbPer1000, 2)} MB per 1000; ${flat ? 'flat' : 'GROWING'}: threshold < ${FLAT_THRESHOLD_MB_PER_1000} MB per 1000)`,
  );
  console.log(`rss change after warm-up: ${rssGrowth >= 0 ? '+' : ''}${fixed(rssGrowth, 1)} MB (informative; the allocator keeps freed pages)`);
  return { growthMb, slopeMbPer1000, flat };
}

export async function runMemory(o: BenchOptions): Promise<MemoryResult> {
  section('2. Bot memory over thousands of interactions (bot in its own process, forced GC)');
  const stack = await startStack({ storeStepTimeoutMs: DEFAULT_STORE_STEP_TIMEOUT_MS });
  let bot: BotProcess | undefined;
  try {
    stack.emulator.faults.delayMs = 0;
    const sample = await sampleCatalogue(stack.emulator.url, CLIENT_ID);
    // The bot under test is the child process; the in-process one would answer every interaction too.
    await stack.bot.stop();
    bot = BotProcess.start();
    await bot.ask({ type: 'start', config: stack.config });
    await withTimeout(stack.discord.connected(), 10_000, 'gateway connection of the bot process');

    const linked: Who[] = [];
    for (const account of LINKED_ACCOUNTS) {
      const user = newUser('linked');
      await stack.login(user, account);
      linked.push(user);
    }
    const workload = new Workload(stack, sample, linked);
    const { rows, fillers, afterWarmup } = await measureRows(workload, bot, o);

    console.log(
      `warm-up: ${fillers.length} interactions that each ask for something new (fills the bounded caches) + ${o.memoryWarmup} of the mix; then ${o.memoryInteractions} measured; ${o.memoryConcurrency} in flight.\n` +
        'Each row: the bot process after gc() x4. users/channels/guilds = discord.js caches; ' +
        `responseCache = anonymous GET cache in KiB of bodies (max ${DEFAULT_CACHE_MAX_BYTES / 1024}); titleCache = autocomplete cache (max 500); rest handlers = discord.js REST queues.\n`,
    );
    printRows(rows);
    console.log(`\nresponse cache after warm-up: ${afterWarmup.caches.responseCache ?? 'n/a'} KiB of ${DEFAULT_CACHE_MAX_BYTES / 1024} KiB`);
    printWorkloadStats(workload);
    const measured = rows.slice(1);
    const { growthMb, slopeMbPer1000, flat } = heapGrowth(measured, o);

    // Slow service: answers are deferred and then edited through the interaction webhook.
    const deferred = o.quick ? 100 : 400;
    const problemsBefore = workload.stats.problems;
    const examplesBefore = workload.stats.firstProblems.length;
    stack.emulator.faults.delayMs = DEFER_DELAY_MS;
    await workload.run(workload.linkedInfo(deferred), DEFERRED_IN_FLIGHT);
    stack.emulator.faults.delayMs = 0;
    const afterDeferred = await bot.sample();
    const lastRow = measured[measured.length - 1]?.sample ?? afterWarmup;
    const handlers = afterDeferred.caches.restHandlers - lastRow.caches.restHandlers;
    const heapKb = (afterDeferred.heapUsed - lastRow.heapUsed) / 1024;
    console.log(
      `\nthen ${deferred} deferred answers (service delay ${DEFER_DELAY_MS} ms, linked users' /anime info, ${workload.stats.problems - problemsBefore} problems): ` +
        `rest handlers ${lastRow.caches.restHandlers} -> ${afterDeferred.caches.restHandlers} (+${handlers}), heapUsed ${heapKb >= 0 ? '+' : ''}${fixed(heapKb, 0)} KB ` +
        `(${fixed(heapKb / deferred, 2)} KB per deferred answer)`,
    );
    for (const p of workload.stats.firstProblems.slice(examplesBefore)) console.log(`  e.g. ${p}`);
    console.log('  discord.js keeps one REST queue per interaction webhook token until the bot sweeps idle ones (every minute)');
    return { rows, growthMb, slopeMbPer1000, flat };
  } finally {
    await bot?.stop();
    await stack.stop();
  }
}
