// Part 9 (`--only economy`): the deployment as ONE client of the service. Two real bot processes
// (HTTP transport, behind the loopback balancer) share one PostgreSQL or Redis store and one upstream
// budget, SERVICE_REQUESTS_PER_SECOND = BUDGET, against an emulator that throttles the client ID
// above THRESHOLD requests per second (403 and a cool-off, as the real service does).
//
//   (a) people's mix (/anime info, search, ranking, title autocomplete) through both processes while
//       background work runs: reminder title refreshes of titles seeded into the store as followed
//       with no airing data fetched yet (as after a restore, or once the refresh period has passed);
//   (b) the same mix without background work (fresh store, nothing followed), for people's p95;
//   (c) upstream requests per /anime info of a title nobody has opened yet, on a fresh store, over
//       the popular titles with the most related works and recommendations, all on process 1;
//   (d) the same titles on process 2: what the shared cache of public answers saves (economy-details.ts);
//   (e) a burst at 2 requests/s (economy-burst.ts): 40 uncached commands at once;
//   (f) /profile at once at the default budget (economy-profile-burst.ts): 20 people together, and
//       40 commands from 20 people (a person's two on the two processes).
//       BENCH_ECONOMY_ONLY=burst runs only (e) and (f);
//   (g) processes paced alone while the store is slow (economy-slow-pacing.ts; BENCH_ECONOMY_ONLY=pacing).
// The titles and people's mix come from economy-workload.ts. Each phase runs on its own stack
// (emulator, fake Discord, balancer, two bots, fresh table or key prefix), removed afterwards.
// Figures are printed next to their targets; misses are marked.

import { performance } from 'node:perf_hooks';
import { waitFor } from '../local-stack/bot-process.js';
import { DEFAULT_REQUESTS_BURST } from '../src/config/defaults.js';
import { BUDGET, FOLLOWERS, THRESHOLD, withStack, type Engine } from './economy-stack.js';
import { measureBurst, printBurst } from './economy-burst.js';
import { measureProfileBurst, printProfileBurst } from './economy-profile-burst.js';
import { openTitles, type DetailsRun } from './economy-details.js';
import { FOLLOWED_TITLES, peopleSteps, peoplesMix, pickTitles, warmUp, type Answer, type MixResult, type Picks } from './economy-workload.js';
import type { BenchOptions } from './options.js';
import { fixed, section, summarize, table } from './stats.js';

// ---------------------------------------------------------------- output

const verdict = (ok: boolean): string => (ok ? 'met' : 'MISSED');
const ms = (x: number): string => (Number.isFinite(x) ? fixed(x, 0) : 'failed');

function p(answers: Answer[], key: 'firstMs' | 'finalMs'): { p50: number; p95: number } {
  const s = summarize(answers.map((a) => a[key]));
  return { p50: s.p50, p95: s.p95 };
}

const sum = (list: readonly number[]): number => list.reduce((s, n) => s + n, 0);
const commands = (r: MixResult): Answer[] => r.answers.filter((a) => a.kind !== 'autocomplete');
/** x ÷ y; infinite when either is missing (a failed p95). */
const ratio = (x: number, y: number): number => (Number.isFinite(x) && Number.isFinite(y) && y > 0 ? x / y : Number.POSITIVE_INFINITY);
const times = (x: number): string => (Number.isFinite(x) ? `${fixed(x, 2)}×` : 'n/a (failures)');

interface Phase {
  name: string;
  seconds: number;
  requests: number;
  peak: number;
  throttled: number;
  background: number;
  people: number;
}

interface EngineRun {
  titles: Picks['details'];
  first: DetailsRun;
  second: DetailsRun;
  without: MixResult;
  withBackground: MixResult;
  backgroundStart: number;
  mixSeconds: number;
  perSecond: number;
}

async function measureEngine(engine: Engine, o: BenchOptions, picks: Picks): Promise<EngineRun> {
  const mixSeconds = o.quick ? 15 : 40;
  const perSecond = 2;
  // (c) then (d) on a fresh store.
  const titles = o.quick ? picks.details.slice(0, 10) : picks.details;
  const { first, second } = await withStack(engine, undefined, async (stack) => ({ first: await openTitles(stack, 0, titles), second: await openTitles(stack, 1, titles) }));
  // (b) then (a): the same people's steps, each on a fresh stack.
  const count = mixSeconds * perSecond;
  const without = await withStack(engine, undefined, async (stack) => {
    await warmUp(stack);
    return peoplesMix(stack, peopleSteps(stack.discord, picks, count), perSecond);
  });
  let backgroundStart = 0;
  const withBackground = await withStack(engine, picks.followed, async (stack) => {
    await warmUp(stack);
    // The schedulers' first pass comes one tick after start: measure once background polls are under way.
    const t0 = performance.now();
    await waitFor(() => stack.monitor.counts().background >= 10, 30_000, () => 'background title polls to start').catch(() => undefined);
    backgroundStart = (performance.now() - t0) / 1000;
    return peoplesMix(stack, peopleSteps(stack.discord, picks, count), perSecond);
  });
  return { titles, first, second, without, withBackground, backgroundStart, mixSeconds, perSecond };
}

function phasesOf(r: EngineRun): Phase[] {
  const detailsPhase = (name: string, run: DetailsRun): Phase => {
    const requests = sum(run.perTitle);
    return { name, seconds: run.seconds, requests, peak: run.peakPerSecond, throttled: run.throttled, background: 0, people: requests };
  };
  const mixPhase = (name: string, m: MixResult): Phase => ({ name, seconds: m.seconds, requests: m.traffic.requests, peak: m.traffic.peakPerSecond, throttled: m.traffic.throttled, ...m.split });
  return [
    detailsPhase('(c) uncached details, process 1', r.first),
    detailsPhase('(d) same titles, process 2', r.second),
    mixPhase('(b) people, no background', r.without),
    mixPhase('(a) people + background', r.withBackground),
  ];
}

function printPeople(r: EngineRun): void {
  const rows: string[][] = [];
  for (const [name, m] of [['(b) without background', r.without], ['(a) with background', r.withBackground]] as const) {
    for (const [label, list] of [['commands', commands(m)], ['autocomplete', m.answers.filter((a) => a.kind === 'autocomplete')]] as const) {
      const f = p(list, 'firstMs');
      const a = p(list, 'finalMs');
      rows.push([`${name}, ${label}`, String(list.length), ms(f.p50), ms(f.p95), ms(a.p50), ms(a.p95), String(list.filter((x) => x.failed).length)]);
    }
  }
  console.log(`\npeople's answers (${r.perSecond}/s for ${r.mixSeconds} s, same steps in both runs; a failed answer counts as slower than any answer):`);
  console.log(table(['run', 'n', 'first p50 ms', 'first p95', 'final p50 ms', 'final p95', 'failed'], rows));
  const failures = [...r.without.answers, ...r.withBackground.answers].flatMap((a) => (a.failed ? [a.failed] : []));
  if (failures.length > 0) console.log(`failures: ${failures.length}, e.g. ${[...new Set(failures)].slice(0, 3).join(' | ')}`);
}

function figures(r: EngineRun, phases: Phase[]): string[][] {
  const peak = Math.max(...phases.map((ph) => ph.peak));
  const mixMean = r.withBackground.traffic.requests / r.withBackground.seconds;
  const throttled = sum(phases.map((ph) => ph.throttled));
  const base = { first: p(commands(r.without), 'firstMs').p95, final: p(commands(r.without), 'finalMs').p95 };
  const loaded = { first: p(commands(r.withBackground), 'firstMs').p95, final: p(commands(r.withBackground), 'finalMs').p95 };
  const perDetails = summarize(r.first.perTitle);
  const [firstRequests, secondRequests] = [sum(r.first.perTitle), sum(r.second.perTitle)];
  const cache = r.second.cache;
  const lookups = cache ? cache.hit + cache.miss + cache.stale : 0;
  const p95Row = (what: string, x: number, y: number): string[] => [`people's ${what} p95, (a) ÷ (b)`, `${ms(x)} ÷ ${ms(y)} ms = ${times(ratio(x, y))}`, '≤ 1.5×', verdict(ratio(x, y) <= 1.5)];
  return [
    ['upstream req/s, peak 1 s (any phase)', String(peak), `≤ ${BUDGET + 1 + DEFAULT_REQUESTS_BURST} (budget ${BUDGET} + 1 + burst ${DEFAULT_REQUESTS_BURST})`, verdict(peak <= BUDGET + 1 + DEFAULT_REQUESTS_BURST)],
    ['upstream req/s, mean in (a)', fixed(mixMean, 2), `≤ ${BUDGET} (budget)`, verdict(mixMean <= BUDGET)],
    ['throttling 403s received (all phases)', String(throttled), `0 (budget ${BUDGET} < threshold ${THRESHOLD})`, verdict(throttled === 0)],
    p95Row('first response', loaded.first, base.first),
    p95Row('final answer', loaded.final, base.final),
    [
      `requests per uncached details (${r.first.perTitle.length} titles), mean / max`,
      `${fixed(perDetails.mean, 2)} / ${perDetails.max}`,
      'mean ≤ 1.5',
      verdict(perDetails.mean <= 1.5 && r.first.problems.length === 0 && r.first.throttled === 0),
    ],
    [
      'shared cache: requests on process 2 ÷ process 1',
      `${secondRequests} ÷ ${firstRequests} (saved ${fixed(firstRequests > 0 ? (100 * (firstRequests - secondRequests)) / firstRequests : Number.NaN, 0)} %)`,
      'for information',
      '',
    ],
    ['shared cache: opens on process 2 with no upstream request', `${r.second.perTitle.filter((n) => n === 0).length} / ${r.second.perTitle.length}`, 'for information', ''],
    [
      'shared cache hit rate on process 2 (amls_bot_response_cache_total)',
      cache ? `${cache.hit} / ${lookups} = ${lookups > 0 ? fixed((100 * cache.hit) / lookups, 0) : '-'} %${cache.stale > 0 ? ` (+${cache.stale} stale)` : ''}` : 'no metrics',
      'for information',
      '',
    ],
  ];
}

async function runEngine(engine: Engine, o: BenchOptions, picks: Picks): Promise<void> {
  const burst = await measureBurst(engine, [...picks.info, ...picks.details.map((d) => d.id)]);
  const profiles = await measureProfileBurst(engine);
  if (process.env.BENCH_ECONOMY_ONLY === 'burst') {
    console.log(`\n-- ${engine} --`);
    printBurst(burst);
    printProfileBurst(profiles);
    return;
  }
  const r = await measureEngine(engine, o, picks);
  const phases = phasesOf(r);
  console.log(`\n-- ${engine} --`);
  console.log(
    table(
      ['phase', 's', 'upstream req', 'mean/s', 'peak 1 s', '403s', 'people req', 'background req'],
      phases.map((ph) => [ph.name, fixed(ph.seconds), String(ph.requests), fixed(ph.requests / ph.seconds, 2), String(ph.peak), String(ph.throttled), String(ph.people), String(ph.background)]),
    ),
  );
  printPeople(r);
  console.log(`\nfigures against targets (${engine}):`);
  console.log(table(['figure', 'value', 'target', ''], figures(r, phases)));
  const refs = summarize(r.titles.map((t) => t.references));
  const problems = [...r.first.problems, ...r.second.problems];
  console.log(
    `(c)/(d): ${r.titles.length} popular titles with ${fixed(refs.mean, 1)} related works + recommendations on average (max ${refs.max}); ` +
      `answers offering "Check N more related works": ${r.first.withCheckMore} (N summed ${r.first.unchecked}) on process 1, ${r.second.withCheckMore} on process 2.` +
      (problems.length > 0 ? ` Problems: ${problems.slice(0, 3).join('; ')}` : ''),
  );
  console.log(`(a): background polls were under way ${fixed(r.backgroundStart)} s after the warm-up.`);
  printBurst(burst);
  printProfileBurst(profiles);
}

export async function runEconomy(o: BenchOptions): Promise<void> {
  section(`Upstream economy: 2 processes as one client (budget ${BUDGET} req/s, emulator throttles above ${THRESHOLD}/s)`);
  console.log(
    `SERVICE_REQUESTS_PER_SECOND=${BUDGET} for the deployment; HTTP transport, 2 bot processes behind the loopback balancer on one store.\n` +
      `Background work in (a): ${FOLLOWERS} users following ${FOLLOWED_TITLES} titles with no airing data fetched yet (seeded in the store); the reminder\n` +
      `scheduler polls them (REMINDER_TICK_SECONDS=5, REMINDER_TITLE_REFRESH_HOURS=0.25: ${Math.ceil((FOLLOWED_TITLES * 5 * 2) / 900)} polls per tick).`,
  );
  const engines: Array<[Engine, string | undefined]> = [
    ['postgres', process.env.TEST_POSTGRES_URL],
    ['redis', process.env.TEST_REDIS_URL],
  ];
  const picks = pickTitles();
  let ran = 0;
  for (const [engine, url] of engines) {
    if (!url) {
      console.log(`\n-- ${engine}: skipped (${engine === 'postgres' ? 'TEST_POSTGRES_URL' : 'TEST_REDIS_URL'} is not set) --`);
      continue;
    }
    await runEngine(engine, o, picks);
    ran++;
  }
  if (ran === 0) console.log('No engine to run on: set TEST_POSTGRES_URL and/or TEST_REDIS_URL.');
}
