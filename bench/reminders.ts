// Reminders at scale, on each job engine: 10 000 users × 20 titles (1 500 distinct airing titles, 10%
// also follow their list) plus 500 servers × 10 channel follows, over simulated hours (a pass every
// 30 s of the simulated clock). Per engine: upstream requests per simulated hour (title polls and list
// syncs), real time from due to delivered, store operations per pass, pass times and the longest
// event-loop hold, and the memory the reminders hold. Delivery is a counter (Discord is not in it).
// memory and SQLite run on the in-process job engine and run each pass's jobs in it (`tick`); on
// PostgreSQL (pg-boss) and Redis (BullMQ) the workers take the jobs while the passes go on.

import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseStoreUrl } from '../src/config/store-url.js';
import type { JobEngine } from '../src/jobs/job-engine.js';
import { openJobEngine } from '../src/jobs/open.js';
import { silentLogger } from '../src/log/log.js';
import { QUEUE } from '../src/reminders/queues.js';
import { Reminders } from '../src/reminders/reminders.js';
import type { EngineKind } from '../src/store/engine.js';
import { prepareCase } from '../local-stack/store-engines.js';
import type { BenchOptions } from './options.js';
import { channelAgeRestriction } from '../src/discord-api/channel-state.js';
import { benchCatalogue, benchChannel, countingStore, GUILDS, LIST_USERS, listOf, PER_GUILD, PER_USER, seedFollows, TITLES, USERS } from './reminders-workload.js';
import { fixed, mb, section, summarize } from './stats.js';

const HOUR = 3_600_000;
const TICK_MS = 30_000;

interface EngineRun {
  kind: EngineKind;
  hours: number;
}

/** Every engine; PostgreSQL and Redis at TEST_POSTGRES_URL / TEST_REDIS_URL or the local defaults (skipped, with the reason, when they do not answer). */
function enginesToRun(o: BenchOptions): EngineRun[] {
  const local = o.quick ? 2 : 7;
  const networked = o.quick ? 1 : 2;
  process.env.TEST_POSTGRES_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  process.env.TEST_REDIS_URL ??= 'redis://127.0.0.1:6379';
  const all: EngineRun[] = [
    { kind: 'memory', hours: local },
    { kind: 'sqlite', hours: local },
    { kind: 'postgres', hours: networked },
    { kind: 'redis', hours: networked },
  ];
  // BENCH_REMINDER_ENGINES=postgres,redis runs only those.
  const only = process.env.BENCH_REMINDER_ENGINES?.split(',').map((e) => e.trim());
  return only ? all.filter((e) => only.includes(e.kind)) : all;
}

export async function runReminders(o: BenchOptions): Promise<void> {
  section('reminders');
  console.log(
    `${USERS} users × ${PER_USER} titles (${TITLES} distinct, ${LIST_USERS} follow their list) + ${GUILDS} servers × ${PER_GUILD} channel follows; a pass every ${TICK_MS / 1000} s of simulated time`,
  );
  for (const e of enginesToRun(o)) {
    try {
      await runOn(e);
    } catch (error) {
      console.log(`  ${e.kind}: skipped (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    }
  }
  console.log('  store ops: through the store interface (settings, titles, markers, leases); the job engine\'s own SQL/Redis traffic is not in them');
}

/** What the bench's fakes saw: upstream requests, when each delivery became due, what was delivered. */
interface Tally {
  now: number;
  upstream: number;
  dueAt: Map<string, number>;
  latencies: number[];
  deliveredIds: Set<string>;
  duplicates: number;
  passStartedAt: number;
}

/** Reminders over the counted store and the job engine, with a service and a Discord that count into `tally`. */
function benchReminders(tally: Tally, catalogue: ReturnType<typeof benchCatalogue>, counting: ReturnType<typeof countingStore>, jobs: JobEngine): Reminders {
  const enqueue = jobs.enqueue.bind(jobs);
  jobs.enqueue = async (queue, id, data, opts) => {
    if (queue === QUEUE.deliveries && !tally.dueAt.has(id)) tally.dueAt.set(id, tally.passStartedAt);
    return enqueue(queue, id, data, opts);
  };
  return new Reminders({
    kv: counting.store,
    jobs,
    now: () => tally.now,
    log: silentLogger,
    source: {
      anime: async (id) => {
        tally.upstream++;
        const a = catalogue.get(id);
        if (!a) throw new Error(`no title ${id}`);
        return a;
      },
      airingList: async (userId) => {
        tally.upstream++;
        return listOf(catalogue, userId);
      },
    },
    deliver: async (r) => {
      const at = tally.dueAt.get(r.id);
      if (at !== undefined) tally.latencies.push(performance.now() - at);
      if (tally.deliveredIds.has(r.id)) tally.duplicates++;
      tally.deliveredIds.add(r.id);
      return { ok: true };
    },
    // Each channel post reads the channel's age restriction as the bot does: from the shared store, from "Discord" once per period.
    channelState: channelAgeRestriction({ get: async (route) => benchChannel(String(route)) }, counting.store, { now: () => tally.now }),
  });
}

interface PassStats {
  passMs: number[];
  holds: number[];
  opsPerPass: number[];
  perHour: number[];
  firstPassMs: number;
  heapIndexed: number;
}

/** A pass every TICK_MS of simulated time for `hours`; the first pass (loading the index) is kept apart. */
async function runPasses(tally: Tally, reminders: Reminders, counting: ReturnType<typeof countingStore>, run: { hours: number; inProcess: boolean; heapBefore: number }): Promise<PassStats> {
  const { hours, inProcess, heapBefore } = run;
  const stats: PassStats = { passMs: [], holds: [], opsPerPass: [], perHour: [], firstPassMs: 0, heapIndexed: 0 };
  for (let h = 0; h < hours; h++) {
    const before = tally.upstream;
    for (let t = 0; t < HOUR / TICK_MS; t++) {
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      const ops0 = counting.count();
      tally.passStartedAt = performance.now();
      if (inProcess) await reminders.tick();
      else await reminders.pass();
      const ms = performance.now() - tally.passStartedAt;
      loop.disable();
      if (h === 0 && t === 0) {
        stats.firstPassMs = ms;
        global.gc?.();
        stats.heapIndexed = process.memoryUsage().heapUsed - heapBefore;
      } else {
        stats.passMs.push(ms);
        stats.holds.push(loop.count > 0 ? loop.max / 1e6 : ms);
        stats.opsPerPass.push(counting.count() - ops0);
      }
      tally.now += TICK_MS;
      // The networked engines' workers deliver while the simulated clock moves on: give them real time.
      if (!inProcess) await new Promise((r) => setTimeout(r, 25));
    }
    stats.perHour.push(tally.upstream - before);
  }
  return stats;
}

/** Lets the last jobs drain (bounded). */
async function drain(reminders: Reminders): Promise<void> {
  const drainUntil = Date.now() + 60_000;
  for (;;) {
    const c = await reminders.deliveryCounts();
    if (c.waiting + c.active + c.delayed === 0 || Date.now() > drainUntil) break;
    await new Promise((r) => setTimeout(r, 250));
  }
}

function printRun(label: string, tally: Tally, stats: PassStats): void {
  const { perHour, firstPassMs, heapIndexed } = stats;
  const lat = summarize(tally.latencies);
  const p = summarize(stats.passMs);
  const b = summarize(stats.holds);
  const ops = summarize(stats.opsPerPass);
  const steady = perHour.slice(1);
  console.log(`  ${label}:`);
  console.log(
    `    upstream requests/hour: first ${perHour[0] ?? 0} (initial fetch)${steady.length > 0 ? `, then max ${Math.max(...steady)} avg ${fixed(steady.reduce((a, x) => a + x, 0) / steady.length, 0)}` : ''} (target ≤ 1500)`,
  );
  console.log(`    delivered ${tally.deliveredIds.size} reminders, ${tally.duplicates} twice; due → delivered p50 ${fixed(lat.p50)} ms p95 ${fixed(lat.p95)} ms max ${fixed(lat.max)} ms (real time)`);
  console.log(`    store ops per pass: avg ${fixed(ops.mean)} p95 ${fixed(ops.p95, 0)} max ${fixed(ops.max, 0)}; pass time first ${fixed(firstPassMs)} ms (loads the index), then p50 ${fixed(p.p50, 2)} p95 ${fixed(p.p95, 2)} max ${fixed(p.max)} ms`);
  console.log(`    longest event-loop hold per pass: p50 ${fixed(b.p50)} ms p95 ${fixed(b.p95)} ms max ${fixed(b.max)} ms (target ≤ 50 ms)`);
  console.log(`    memory: the reminders' index and titles ${mb(heapIndexed)} MB of heap; process RSS ${mb(process.memoryUsage().rss)} MB, heap ${mb(process.memoryUsage().heapUsed)} MB`);
}

async function runOn({ kind, hours }: EngineRun): Promise<void> {
  const start = Date.UTC(2026, 0, 8, 12, 0);
  const tally: Tally = { now: start, upstream: 0, dueAt: new Map(), latencies: [], deliveredIds: new Set(), duplicates: 0, passStartedAt: 0 };
  const place = prepareCase(kind);
  const engine = await place.open();
  let jobs: JobEngine | undefined;
  try {
    const catalogue = benchCatalogue(start);
    await seedFollows(engine, catalogue, start);
    const counting = countingStore(engine);
    jobs = await openJobEngine({ location: parseStoreUrl(place.url), store: engine, now: () => tally.now, keepDoneMs: 3 * 24 * HOUR, keepFailedMs: 7 * 24 * HOUR, leaseMs: 120_000, onError: () => undefined });
    const inProcess = jobs.kind === 'in-process';
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const reminders = benchReminders(tally, catalogue, counting, jobs);
    if (!inProcess) await reminders.start();
    const stats = await runPasses(tally, reminders, counting, { hours, inProcess, heapBefore });
    await drain(reminders);
    await reminders.stop();
    global.gc?.();
    printRun(`${kind} (${jobs.kind}, ${hours} simulated h)`, tally, stats);
  } finally {
    await jobs?.stop();
    await engine.close();
    await place.cleanup();
  }
}
