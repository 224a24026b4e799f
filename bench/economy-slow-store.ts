// Part 9 (`--only economy`), (e): a slow store. The same two processes, balancer and emulator as the
// other phases, on a PostgreSQL or Redis store reached through local-stack/latency-proxy.ts, which adds
// STORE_LATENCY_MS to every store round trip once the bots are up (their connections opened while it
// was fast, as a store that slows down under load). The service stays healthy. People's mix (the
// steps of (b): titles, searches, rankings, suggestions) runs in a server, and on the gateway also in
// a DM (no "In this server" part); their p95 is printed beside the same mix with the store at full
// speed, each run on a fresh store and stack. Over HTTP every interaction's replay check is a store
// step before the answer (src/transport/replay.ts): it has a deadline of its own, after which the
// process's memory of interaction ids decides, so the 3 s store does not miss Discord's 3 s there either.

import { BUDGET, CATALOGUE_SIZE, freshStore, startEconomyStack, THRESHOLD, type Engine } from './economy-stack.js';
import { answer, peopleSteps, pickTitles, warmUp, type Answer, type Picks } from './economy-workload.js';
import { startLatencyProxy, targetOf } from '../local-stack/latency-proxy.js';
import { startStack } from '../local-stack/harness.js';
import type { BenchOptions } from './options.js';
import { DEFAULT_STORE_STEP_TIMEOUT_MS } from '../src/config/defaults.js';
import { fixed, section, summarize, table } from './stats.js';

const STORE_LATENCY_MS = 3_000;
/** People's steps per place, at PER_SECOND (open loop). */
const STEPS = 24;
const PER_SECOND = 2;

interface Run {
  transport: 'http, 2 processes' | 'gateway, 1 process';
  where: 'dm' | 'guild';
  latencyMs: number;
  answers: Answer[];
  failedOpen: number;
}

async function failedOpenCount(metricsPorts: number[]): Promise<number> {
  let total = 0;
  for (const port of metricsPorts) {
    try {
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      for (const m of text.matchAll(/^amls_bot_store_steps_failed_open_total\{[^}]*\} ([0-9.e+]+)$/gm)) total += Number(m[1]);
    } catch {
      // A process without metrics counts nothing.
    }
  }
  return total;
}

async function mix(steps: ReturnType<typeof peopleSteps>): Promise<Answer[]> {
  const t0 = performance.now();
  return Promise.all(
    steps.map(async (step, i) => {
      const wait = t0 + (i * 1000) / PER_SECOND - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      return answer(step);
    }),
  );
}

/** One run on its own fresh store and stack (cold caches in both runs), the store `latencyMs` slower once the bots are up. */
async function measure(engine: Engine, picks: Picks, quick: boolean, latencyMs: number, where: Run['where']): Promise<Run> {
  const store = freshStore(engine);
  const proxy = await startLatencyProxy({ target: targetOf(store.url), lifetimeMs: 15 * 60_000 });
  try {
    const stack = await startEconomyStack(proxy.proxiedUrl(store.url));
    try {
      await warmUp(stack);
      proxy.setLatency(latencyMs);
      const before = await failedOpenCount(stack.metricsPorts);
      const answers = await mix(peopleSteps(stack.discord, picks, quick ? STEPS / 2 : STEPS, { kind: where }));
      const failedOpen = (await failedOpenCount(stack.metricsPorts)) - before;
      proxy.setLatency(0);
      return { transport: 'http, 2 processes', where, latencyMs, answers, failedOpen };
    } finally {
      await stack.close();
    }
  } finally {
    await proxy.close();
    await store.cleanup().catch((error: unknown) => console.error(`could not remove the bench store ${store.url}: ${String(error)}`));
  }
}

/** The same on the gateway transport: one bot process in this one (local-stack harness), its metrics read in-process. */
async function measureGateway(engine: Engine, picks: Picks, quick: boolean, latencyMs: number, where: Run['where']): Promise<Run> {
  const store = freshStore(engine);
  const proxy = await startLatencyProxy({ target: targetOf(store.url), lifetimeMs: 15 * 60_000 });
  const counted = async (): Promise<number> => {
    const text = (await stack.bot.metrics?.render())?.body ?? '';
    return [...text.matchAll(/^amls_bot_store_steps_failed_open_total\{[^}]*\} ([0-9.e+]+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
  };
  const stack = await startStack({
    storeUrl: proxy.proxiedUrl(store.url),
    metrics: true,
    // The deployment's store step deadline is what this measures (the test stacks' is longer).
    storeStepTimeoutMs: DEFAULT_STORE_STEP_TIMEOUT_MS,
    limits: { serviceRequestsPerSecond: BUDGET },
    emulator: { catalogue: { size: CATALOGUE_SIZE }, throttle: { requestsPerSecond: THRESHOLD } },
  });
  try {
    for (const type of ['all', 'airing'] as const) await stack.command({ name: 'anime', subcommand: 'ranking', options: { type }, where: { kind: 'guild' }, user: { id: '1000000000000000001', username: 'warm' } }).settled(15_000).catch(() => undefined);
    proxy.setLatency(latencyMs);
    const before = await counted();
    const answers = await mix(peopleSteps(stack.discord, picks, quick ? STEPS / 2 : STEPS, { kind: where }));
    const failedOpen = (await counted()) - before;
    proxy.setLatency(0);
    return { transport: 'gateway, 1 process', where, latencyMs, answers, failedOpen };
  } finally {
    proxy.setLatency(0);
    await stack.stop();
    await proxy.close();
    await store.cleanup().catch((error: unknown) => console.error(`could not remove the bench store ${store.url}: ${String(error)}`));
  }
}

const ms = (x: number): string => (Number.isFinite(x) ? fixed(x, 0) : 'failed');

export async function runSlowStore(o: BenchOptions): Promise<void> {
  section(`Upstream economy (e): a slow store, ${STORE_LATENCY_MS} ms added per store round trip, the service healthy`);
  console.log(`2 processes, SERVICE_REQUESTS_PER_SECOND=${BUDGET}, STORE_STEP_TIMEOUT_MS at its default; people's mix at ${PER_SECOND}/s, a failed answer counts as slower than any.`);
  const picks = pickTitles();
  for (const [engine, url] of [['postgres', process.env.TEST_POSTGRES_URL], ['redis', process.env.TEST_REDIS_URL]] as const) {
    if (!url) {
      console.log(`\n-- ${engine}: skipped (its TEST_*_URL is not set) --`);
      continue;
    }
    const runs: Run[] = [];
    for (const [latencyMs, where] of [[0, 'guild'], [STORE_LATENCY_MS, 'guild']] as const) runs.push(await measure(engine, picks, o.quick, latencyMs, where));
    for (const [latencyMs, where] of [[0, 'guild'], [STORE_LATENCY_MS, 'guild'], [STORE_LATENCY_MS, 'dm']] as const) runs.push(await measureGateway(engine, picks, o.quick, latencyMs, where));
    console.log(`\n-- ${engine} --`);
    const rows = runs.map((r) => {
      const commands = r.answers.filter((a) => a.kind !== 'autocomplete');
      const first = summarize(commands.map((a) => a.firstMs));
      const final = summarize(commands.map((a) => a.finalMs));
      const failures = r.answers.filter((a) => a.failed);
      return [
        r.transport,
        r.latencyMs === 0 ? 'store at full speed' : `store +${r.latencyMs} ms per round trip`,
        r.where,
        String(commands.length),
        ms(first.p50),
        ms(first.p95),
        ms(final.p50),
        ms(final.p95),
        String(failures.length),
        String(r.failedOpen),
      ];
    });
    console.log(table(['transport', 'store', 'where', 'commands', 'first p50 ms', 'first p95', 'final p50 ms', 'final p95', 'failed (all)', 'store steps failed open'], rows));
    const failures = runs.flatMap((r) => r.answers.flatMap((a) => (a.failed ? [`${r.where}: ${a.failed}`] : [])));
    if (failures.length > 0) console.log(`failures: ${failures.length}, e.g. ${[...new Set(failures)].slice(0, 3).join(' | ')}`);
  }
}
