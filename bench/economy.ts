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
//   (d) the same titles on process 2: what the shared cache of public answers saves;
//   (e) a burst beyond the line at 2 requests/s (economy-burst.ts): 40 uncached commands at once.
//       BENCH_ECONOMY_ONLY=burst runs only (e).
// Each phase runs on its own stack (emulator, fake Discord, balancer, two bots, fresh table or key
// prefix), removed afterwards. Figures are printed next to their targets; misses are marked.

import { performance } from 'node:perf_hooks';
import { ANIME_RANKING_TYPES } from '../src/service/work-types.js';
import { DEFAULT_USERS } from '../emulator/server.js';
import { buildCatalogue, DEFAULT_CATALOGUE_SEED } from '../emulator/catalogue/index.js';
import type { AnimeCore } from '../emulator/catalogue/types.js';
import { Prng } from '../emulator/prng.js';
import { autocomplete, slashCommand, type FakeDiscord, type InteractionHandle } from '../fake-discord/index.js';
import { newUser } from '../local-stack/harness.js';
import { waitFor } from '../local-stack/bot-process.js';
import { DEFAULT_REQUESTS_BURST } from '../src/config/defaults.js';
import { BUDGET, CATALOGUE_SIZE, CLIENT_ID, FOLLOWERS, THRESHOLD, withStack, type Engine, type Stack } from './economy-stack.js';
import { measureBurst, printBurst } from './economy-burst.js';
import type { BenchOptions } from './options.js';
import { fixed, section, summarize, table } from './stats.js';

/** Titles followed in the seeded store of (a): the least popular ones, never in people's mix. */
const FOLLOWED_TITLES = 3000;
/** Popular titles opened in (c) and (d). */
const DETAIL_TITLES = 20;
/** Pause between two opens in (c)/(d): at most 2 opens (≤ 6 requests today) in any second, under the threshold. */
const DETAIL_SPACING_MS = 600;
const ANSWER_TIMEOUT_MS = 15_000;

// ---------------------------------------------------------------- the catalogue, read in-process

export interface Picks {
  /** (c)/(d): popular safe titles with the most related works and recommendations. */
  details: Array<{ id: number; title: string; references: number }>;
  /** People's /anime info titles (popular, safe, not among `details`). */
  info: number[];
  queries: string[];
  typed: string[];
  /** Followed by the seeded users in (a). */
  followed: number[];
}

/** The emulator's own catalogue (deterministic, built as startEmulator builds it), read without requests. */
export function pickTitles(): Picks {
  const catalogue = buildCatalogue(CATALOGUE_SIZE, DEFAULT_CATALOGUE_SEED, Date.now(), DEFAULT_USERS.map((u) => u.name));
  const byPopularity = [...catalogue.anime.list].sort((a, b) => a.popularity - b.popularity);
  const safe = byPopularity.filter((a) => a.nsfw === 'white');
  const references = (a: AnimeCore): number => {
    const d = catalogue.anime.details(a);
    return d.related_anime.length + d.related_manga.length + d.recommendations.length;
  };
  const details = safe
    .slice(0, 300)
    .map((a) => ({ id: a.id, title: a.title, references: references(a) }))
    .sort((x, y) => y.references - x.references || x.id - y.id)
    .slice(0, DETAIL_TITLES);
  const taken = new Set(details.map((d) => d.id));
  const popular = safe.filter((a) => !taken.has(a.id)).slice(0, 60);
  const words = (t: string): string[] => t.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4);
  const queries = [...new Set(popular.flatMap((a) => words(a.title)))].slice(0, 30);
  const typed = [...new Set(popular.map((a) => a.title.slice(0, 5).trim()).filter((t) => t.length >= 3))].slice(0, 20);
  const followed = byPopularity.slice(-FOLLOWED_TITLES).map((a) => a.id);
  return { details, info: popular.slice(0, 40).map((a) => a.id), queries, typed, followed };
}

// ---------------------------------------------------------------- (a)/(b) people's mix

export interface Answer {
  kind: 'info' | 'search' | 'ranking' | 'autocomplete';
  firstMs: number;
  /** Both Infinity when the answer was an error reply, no choices, or never came. */
  finalMs: number;
  failed?: string;
}

interface MixResult {
  answers: Answer[];
  seconds: number;
  traffic: { requests: number; throttled: number; peakPerSecond: number };
  split: { background: number; people: number };
}

export type Step = { kind: Answer['kind']; start: () => InteractionHandle };

export function peopleSteps(discord: FakeDiscord, picks: Picks, count: number, where: { kind: 'guild' } | { kind: 'dm' } = { kind: 'guild' }): Step[] {
  const rng = new Prng(20_261_123);
  return Array.from({ length: count }, (): Step => {
    const r = rng.next();
    const user = newUser('person');
    if (r < 0.5) {
      const id = rng.pick(picks.info);
      return { kind: 'info', start: () => discord.interact(slashCommand({ name: 'anime', subcommand: 'info', options: { title: `id:${id}` }, where, user })) };
    }
    if (r < 0.75) {
      const query = rng.pick(picks.queries);
      return { kind: 'search', start: () => discord.interact(slashCommand({ name: 'anime', subcommand: 'search', options: { query }, where, user })) };
    }
    if (r < 0.9) {
      const type = rng.pick(ANIME_RANKING_TYPES);
      return { kind: 'ranking', start: () => discord.interact(slashCommand({ name: 'anime', subcommand: 'ranking', options: { type }, where, user })) };
    }
    const value = rng.pick(picks.typed);
    return { kind: 'autocomplete', start: () => discord.interact(autocomplete({ name: 'anime', subcommand: 'info', focused: 'title', value, where, user })) };
  });
}

export async function answer(step: Step): Promise<Answer> {
  const t0 = performance.now();
  const handle = step.start();
  let failed: string | undefined;
  try {
    if (step.kind === 'autocomplete') {
      const choices = await handle.autocompleteChoices(ANSWER_TIMEOUT_MS);
      if (choices.length === 0) failed = 'no choices';
    } else {
      await handle.settled(ANSWER_TIMEOUT_MS);
      if (handle.ephemeral()) failed = `error reply: ${JSON.stringify(handle.original()?.embeds?.[0]?.title ?? handle.original()?.content ?? '')}`;
    }
  } catch (error) {
    failed = error instanceof Error ? error.message.slice(0, 120) : String(error);
  }
  const finalMs = performance.now() - t0;
  if (handle.errors().length > 0) failed ??= handle.errors().map((e) => `${e.status} ${e.message}`).join('; ');
  const first = await handle.firstResponse(1).catch(() => undefined);
  // A quick "the service is busy" is no answer: a failed interaction counts as slower than any, for both times.
  if (failed) return { kind: step.kind, firstMs: Number.POSITIVE_INFINITY, finalMs: Number.POSITIVE_INFINITY, failed };
  return { kind: step.kind, firstMs: first?.at ?? Number.POSITIVE_INFINITY, finalMs };
}

/** People's steps at a steady `perSecond` (open loop: a slow answer does not delay the next one). */
async function peoplesMix(stack: Stack, steps: Step[], perSecond: number): Promise<MixResult> {
  stack.emulator.throttle.reset();
  const before = stack.monitor.counts();
  const t0 = performance.now();
  const answers = await Promise.all(
    steps.map(async (step, i) => {
      const wait = t0 + (i * 1000) / perSecond - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      return answer(step);
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const after = stack.monitor.counts();
  const { requests, throttled, peakPerSecond } = stack.emulator.throttle.traffic(CLIENT_ID);
  return { answers, seconds, traffic: { requests, throttled, peakPerSecond }, split: { background: after.background - before.background, people: after.people - before.people } };
}

// ---------------------------------------------------------------- (c)/(d) uncached details and the shared cache

interface DetailsRun {
  perTitle: number[];
  /** Opens whose answer offered "Check N more related works", and the N summed. */
  withCheckMore: number;
  unchecked: number;
  problems: string[];
  throttled: number;
  peakPerSecond: number;
  seconds: number;
  cache?: CacheCounts;
}

interface CacheCounts {
  /** Answered from this process's cache or the deployment's shared cache. */
  hit: number;
  miss: number;
  stale: number;
}

async function cacheCounts(port: number): Promise<CacheCounts | undefined> {
  try {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const read = (result: string): number => Number(new RegExp(`^amls_bot_response_cache_total\\{result="${result}"\\} ([0-9.e+]+)$`, 'm').exec(text)?.[1] ?? 0);
    return { hit: read('hit') + read('shared_hit'), miss: read('miss'), stale: read('stale') };
  } catch {
    return undefined;
  }
}

/** Opens each title once on one process (its own endpoint, not the balancer), counting upstream requests per open. */
async function openTitles(stack: Stack, process: number, titles: Picks['details']): Promise<DetailsRun> {
  await stack.discord.setInteractionsEndpoint(`http://127.0.0.1:${stack.ports[process] ?? 0}/interactions`);
  stack.emulator.throttle.reset();
  const cacheBefore = await cacheCounts(stack.metricsPorts[process] ?? 0);
  const run: DetailsRun = { perTitle: [], withCheckMore: 0, unchecked: 0, problems: [], throttled: 0, peakPerSecond: 0, seconds: 0 };
  const t0 = performance.now();
  for (const title of titles) {
    const started = performance.now();
    const before = stack.emulator.throttle.traffic(CLIENT_ID).requests;
    const handle = stack.discord.interact(slashCommand({ name: 'anime', subcommand: 'info', options: { title: `id:${title.id}` }, where: { kind: 'guild' }, user: newUser('opener') }));
    try {
      const message = await handle.settled(ANSWER_TIMEOUT_MS);
      if (handle.ephemeral()) run.problems.push(`#${title.id}: error reply`);
      const check = /Check (\d+) more related work/.exec(JSON.stringify(message.components ?? []));
      if (check) {
        run.withCheckMore++;
        run.unchecked += Number(check[1]);
      }
    } catch (error) {
      run.problems.push(`#${title.id}: ${error instanceof Error ? error.message.slice(0, 100) : String(error)}`);
    }
    // Look-ups still running after the answer count too: wait out the spacing before reading the counter.
    const rest = started + DETAIL_SPACING_MS - performance.now();
    if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    run.perTitle.push(stack.emulator.throttle.traffic(CLIENT_ID).requests - before);
  }
  run.seconds = (performance.now() - t0) / 1000;
  const traffic = stack.emulator.throttle.traffic(CLIENT_ID);
  run.throttled = traffic.throttled;
  run.peakPerSecond = traffic.peakPerSecond;
  const cacheAfter = await cacheCounts(stack.metricsPorts[process] ?? 0);
  if (cacheBefore && cacheAfter) run.cache = { hit: cacheAfter.hit - cacheBefore.hit, miss: cacheAfter.miss - cacheBefore.miss, stale: cacheAfter.stale - cacheBefore.stale };
  await stack.discord.setInteractionsEndpoint(`${stack.balancer.url}/interactions`);
  return run;
}

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

/** A few unmeasured commands (JIT, connections); the same in every run. Spaced to stay under the threshold. */
export async function warmUp(stack: Stack): Promise<void> {
  for (const type of ['all', 'airing'] as const) {
    const handle = stack.discord.interact(slashCommand({ name: 'anime', subcommand: 'ranking', options: { type }, where: { kind: 'guild' }, user: newUser('warm') }));
    await handle.settled(ANSWER_TIMEOUT_MS).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500));
  }
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
  if (process.env.BENCH_ECONOMY_ONLY === 'burst') {
    console.log(`\n-- ${engine} --`);
    printBurst(burst);
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
