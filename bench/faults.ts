// Part 5: the real bot (default budgets and bounds) behind the fault proxy. Prints the time to a clear
// answer for stuck calls, healthy latency while a dozen calls are stuck, requests per command during
// a 403 storm and while cooling off, RSS growth over four 64 MB bodies, and the size of the largest
// legitimate answer (which sets the body cap).

import { performance } from 'node:perf_hooks';
import { DEFAULT_CLIENT_ID_HEADER } from '../src/config/defaults.js';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_STORE_STEP_TIMEOUT_MS } from '../src/config/defaults.js';
import { ANIME_FIELDS, LIST_STATUS_FIELDS } from '../src/service/fields.js';
import { CLIENT_ID, DM, GUILD, newUser, startStack, type Stack } from '../local-stack/harness.js';
import { answerOf } from '../local-stack/user-helpers.js';
import type { FaultProxy } from '../local-stack/fault-proxy.js';
import type { BenchOptions } from './options.js';
import { fixed, mb, section, summarize, table } from './stats.js';

const SEARCH = /^GET \/v2\/anime\?/;
const RANKING = /^GET \/v2\/anime\/ranking\?/;
const API = /^GET \/v2\//;
const RANKING_TYPES = ['all', 'airing', 'upcoming', 'tv', 'ova', 'movie', 'special', 'bypopularity', 'favorite'];

export interface FaultsResult {
  stuckAnswerMs: number;
  healthyP95Ms: number;
  healthyP95StuckMs: number;
  stormRequestsPerCommand: number;
  coolingRequestsPerCommand: number;
  /** After the four bodies, settled (gc). */
  rssGrowthMb: number;
  /** The highest RSS seen while they were read. */
  rssPeakGrowthMb: number;
  largestAnswerBytes: number;
}

interface Timed {
  ms: number;
  text: string;
}

/** The stack behind the fault proxy, with a fresh /anime search timed to its answer. */
interface FaultBench {
  stack: Stack;
  proxy: FaultProxy;
  /** A search for a title not searched before, by a new user, timed to its answer. */
  search: () => Promise<Timed>;
  waitCoolOff: () => Promise<void>;
}

function faultBench(stack: Stack): FaultBench {
  let n = 0;
  const fresh = () => `Hokuto no Ken ${(++n).toString(36)}`;
  return {
    stack,
    proxy: stack.proxy as FaultProxy,
    search: async () => {
      const t0 = performance.now();
      const answer = await answerOf(stack.command({ name: 'anime', subcommand: 'search', options: { query: fresh() }, where: GUILD, user: newUser() }), 20_000);
      return { ms: performance.now() - t0, text: answer.text };
    },
    waitCoolOff: async () => {
      while (stack.bot.deps.service.coolingOffMs > 0) await new Promise((r) => setTimeout(r, 20));
    },
  };
}

/** 1. RSS over four 64 MB bodies, first, before the other phases grow the heap. */
async function rssPhase(b: FaultBench) {
  const { proxy } = b;
  proxy.add({ match: SEARCH, fault: { kind: 'oversized', bytes: 64 * 1024 * 1024 } });
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const peakTimer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
  const oversized: Timed[] = [];
  for (let i = 0; i < 4; i++) oversized.push(await b.search());
  clearInterval(peakTimer);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 200));
  globalThis.gc?.();
  const rssAfter = process.memoryUsage().rss;
  const bytesSent = proxy.bytesSent;
  proxy.reset();
  return { rssBefore, rssPeak, rssAfter, oversized, bytesSent };
}

/** 2. Stuck calls (trickling bodies) get a clear answer when the budget ends. */
async function stuckPhase(b: FaultBench) {
  b.proxy.add({ match: SEARCH, fault: { kind: 'trickle', intervalMs: 500 } });
  const stuck = await Promise.all(Array.from({ length: 3 }, () => b.search()));
  b.proxy.reset();
  return { stuckAnswerMs: Math.max(...stuck.map((s) => s.ms)), stuckClear: stuck.every((s) => /slow right now/.test(s.text)) };
}

/** 3. Healthy latency alone, then while 12 calls are stuck. */
async function healthyPhase(b: FaultBench, samples: number) {
  const { proxy, stack } = b;
  const alone: number[] = [];
  for (let i = 0; i < 5; i++) await b.search();
  for (let i = 0; i < samples; i++) alone.push((await b.search()).ms);
  proxy.add({ match: RANKING, fault: { kind: 'trickle', intervalMs: 500 } });
  const stuckHandles = Array.from({ length: 12 }, (_, i) =>
    answerOf(stack.command({ name: 'anime', subcommand: 'ranking', options: { type: RANKING_TYPES[i % RANKING_TYPES.length] ?? 'all' }, where: DM, user: newUser() }), 20_000),
  );
  const t0 = performance.now();
  while (proxy.count(RANKING) < 12 && performance.now() - t0 < 3_000) await new Promise((r) => setTimeout(r, 10));
  // Let the 12 reach their trickling phase (their deferrals sent), so what is measured is being stuck, not starting.
  await new Promise((r) => setTimeout(r, 1_500));
  const during: number[] = [];
  // Only while the 12 are really stuck (their budget is 10 s).
  while (during.length < samples && performance.now() - t0 < 8_000) during.push((await b.search()).ms);
  const stuckExchanges = proxy.activeExchanges;
  await Promise.all(stuckHandles);
  proxy.reset();
  return { healthy: summarize(alone), loaded: summarize(during), stuckExchanges };
}

/** 4. A 403 storm: 100 commands at once, then 100 more over the next seconds while cooling off. */
async function stormPhase(b: FaultBench) {
  const { proxy } = b;
  await b.waitCoolOff();
  proxy.add({ match: API, fault: { kind: 'throttle' } });
  const storm = await Promise.all(Array.from({ length: 100 }, () => b.search()));
  const stormRequests = proxy.count(API);
  const stormClear = storm.filter((s) => /rate-limiting us/.test(s.text)).length;
  const coolingStart = proxy.count(API);
  const cooling: Timed[] = [];
  for (let wave = 0; wave < 10; wave++) {
    cooling.push(...(await Promise.all(Array.from({ length: 10 }, () => b.search()))));
    await new Promise((r) => setTimeout(r, 400));
  }
  const coolingRequests = proxy.count(API) - coolingStart;
  proxy.reset();
  await b.waitCoolOff();
  // The storm is over: the next commands are answered normally again (after the window).
  const resumed = await b.search();
  return { storm, stormRequests, stormClear, cooling, coolingRequests, resumed };
}

interface Phases {
  rss: Awaited<ReturnType<typeof rssPhase>>;
  stuck: Awaited<ReturnType<typeof stuckPhase>>;
  healthy: Awaited<ReturnType<typeof healthyPhase>>;
  storm: Awaited<ReturnType<typeof stormPhase>>;
}

function faultsResult(p: Phases, largestAnswerBytes: number): FaultsResult {
  const { rss, storm } = p;
  return {
    stuckAnswerMs: p.stuck.stuckAnswerMs,
    healthyP95Ms: p.healthy.healthy.p95,
    healthyP95StuckMs: p.healthy.loaded.p95,
    stormRequestsPerCommand: storm.stormRequests / storm.storm.length,
    coolingRequestsPerCommand: storm.coolingRequests / storm.cooling.length,
    rssGrowthMb: (rss.rssAfter - rss.rssBefore) / 1024 / 1024,
    rssPeakGrowthMb: (Math.max(rss.rssAfter, rss.rssPeak) - rss.rssBefore) / 1024 / 1024,
    largestAnswerBytes,
  };
}

function printFaults(p: Phases, result: FaultsResult): void {
  const { stuckAnswerMs, stuckClear } = p.stuck;
  const { healthy, loaded, stuckExchanges } = p.healthy;
  const { storm, stormClear, cooling, resumed } = p.storm;
  const { oversized, bytesSent } = p.rss;
  const ok = (pass: boolean) => (pass ? 'ok' : 'MISSED');
  console.log(
    table(
      ['measure', 'value', 'target', ''],
      [
        ['time to a clear answer, 3 stuck calls (max ms)', fixed(stuckAnswerMs, 0), '≤ 12000', ok(stuckAnswerMs <= 12_000 && stuckClear)],
        [`healthy search p95, alone (ms, n=${healthy.n})`, fixed(healthy.p95), '', ''],
        [`healthy search p95, ${stuckExchanges} stuck (ms, n=${loaded.n})`, fixed(loaded.p95), `≤ 2× alone`, ok(loaded.p95 <= 2 * Math.max(healthy.p95, 20))],
        [`requests per command, 403 storm (${storm.length} at once)`, fixed(result.stormRequestsPerCommand, 2), '≤ 1.3', ok(result.stormRequestsPerCommand <= 1.3 && stormClear === storm.length)],
        [`requests per command, cooling off (${cooling.length} over ~5 s)`, fixed(result.coolingRequestsPerCommand, 2), '≤ 0.5', ok(result.coolingRequestsPerCommand <= 0.5)],
        [`RSS growth after four 64 MB bodies (MB${globalThis.gc ? ', after gc' : ''})`, fixed(result.rssGrowthMb), '≤ 50', ok(result.rssGrowthMb <= 50)],
        ['RSS peak growth while reading them (MB)', fixed(result.rssPeakGrowthMb), '', ''],
      ],
    ),
  );
  console.log(
    `\nstorm answers saying "rate-limiting": ${stormClear}/${storm.length}; slowest storm answer ${fixed(Math.max(...storm.map((s) => s.ms)), 0)} ms; ` +
      `after the storm: ${/Hokuto/.test(resumed.text) ? 'answered normally' : `NOT answered normally (${resumed.text.slice(0, 80)})`} in ${fixed(resumed.ms, 0)} ms`,
  );
  console.log(
    `oversized bodies: answered in ${oversized.map((s) => fixed(s.ms, 0)).join(', ')} ms; proxy wrote ${mb(bytesSent)} MB of 256 MB offered (cap ${mb(DEFAULT_MAX_BODY_BYTES)} MB)` +
      `${globalThis.gc ? '' : '; run with --expose-gc for settled RSS'}`,
  );
  console.log(`largest legitimate answer: a 1000-entry list with every field ≈ ${mb(result.largestAnswerBytes)} MB (the cap is ${fixed(DEFAULT_MAX_BODY_BYTES / result.largestAnswerBytes, 1)}× that)`);
}

export async function runFaults(o: BenchOptions): Promise<FaultsResult> {
  section('Faults: the bot behind a misbehaving service (default budgets: 10 s commands, 8 s per request)');
  const stack = await startStack({ faultProxy: true, storeStepTimeoutMs: DEFAULT_STORE_STEP_TIMEOUT_MS, emulator: { catalogue: { size: 2_000 } } });
  const b = faultBench(stack);
  const t00 = performance.now();
  const phase = (name: string) => console.log(`  [${fixed((performance.now() - t00) / 1000, 1)} s] ${name}…`);
  try {
    const largestAnswerBytes = await largestLegitimateAnswer(stack);
    phase('1. RSS');
    const rss = await rssPhase(b);
    phase('2. Stuck');
    const stuck = await stuckPhase(b);
    phase('3. Healthy');
    const healthy = await healthyPhase(b, o.quick ? 15 : 40);
    phase('4. A 403');
    const storm = await stormPhase(b);
    const phases: Phases = { rss, stuck, healthy, storm };
    const result = faultsResult(phases, largestAnswerBytes);
    printFaults(phases, result);
    return result;
  } finally {
    await stack.stop();
  }
}

/** Two 500-entry ranking pages with every anime field, plus a list_status per entry: the size of a 1000-entry list. */
async function largestLegitimateAnswer(stack: Stack): Promise<number> {
  const fields = [...ANIME_FIELDS].join(',');
  let bytes = 0;
  for (const offset of [0, 500]) {
    const res = await fetch(`${stack.emulator.url}/v2/anime/ranking?ranking_type=all&limit=500&offset=${offset}&fields=${fields}`, {
      headers: { [DEFAULT_CLIENT_ID_HEADER]: CLIENT_ID },
    });
    bytes += (await res.arrayBuffer()).byteLength;
  }
  const listStatus = JSON.stringify(Object.fromEntries(LIST_STATUS_FIELDS.map((f) => [f, 'x'.repeat(24)])));
  return bytes + 1000 * (listStatus.length + 16);
}
