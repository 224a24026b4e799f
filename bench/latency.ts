// Part 1: time from interaction to first response (and to the final answer) on the fake Discord,
// with the real bot against the emulator (no artificial delay), for uncached and cached calls.

import { CLIENT_ID, GUILD, newUser, startStack, type Stack } from '../local-stack/harness.js';
import { DEFAULT_STORE_STEP_TIMEOUT_MS } from '../src/config/defaults.js';
import type { RecordedMessage, Who } from '../fake-discord/index.js';
import { ANIME_RANKING_TYPES } from '../src/service/work-types.js';
import { sampleCatalogue, type CatalogueSample } from './catalogue-sample.js';
import { nextButton, timeAutocomplete, timeMessage, type Timed } from './interactions.js';
import type { BenchOptions } from './options.js';
import { SUMMARY_HEADERS, section, summarize, summaryCells, table } from './stats.js';

const WARMUP = 5;

interface Scenario {
  name: string;
  first: number[];
  wall: number[];
  problems: string[];
  /** Emulator requests per measured interaction. */
  upstream: number;
}

export interface LatencyResult {
  scenarios: Scenario[];
}

/** Runs `once` WARMUP times unrecorded, then `n` times recorded. */
/** `untimedRequests()` counts emulator requests made by untimed setup steps inside `once`. */
async function measure(stack: Stack, name: string, n: number, once: (i: number) => Promise<Timed>, untimedRequests = () => 0): Promise<Scenario> {
  for (let i = 0; i < WARMUP; i++) await once(i);
  const scenario: Scenario = { name, first: [], wall: [], problems: [], upstream: 0 };
  const before = stack.emulator.stats.requests - untimedRequests();
  for (let i = 0; i < n; i++) {
    const t = await once(WARMUP + i);
    scenario.first.push(t.firstMs);
    scenario.wall.push(t.wallMs);
    if (t.problem) scenario.problems.push(t.problem);
  }
  scenario.upstream = (stack.emulator.stats.requests - untimedRequests() - before) / n;
  return scenario;
}

function distinct<T>(list: readonly T[], needed: number, what: string): T[] {
  if (list.length < needed) throw new Error(`need ${needed} distinct ${what}, the catalogue has ${list.length}`);
  return list.slice(0, needed);
}

async function scenarios(stack: Stack, sample: CatalogueSample, n: number): Promise<Scenario[]> {
  const out: Scenario[] = [];
  const total = WARMUP + n;
  const infoIds = distinct(sample.anime, total + 1, 'anime');
  const cachedId = infoIds.pop()?.id ?? 0;
  const queries = distinct(sample.queries, total + 1, 'search texts');
  const searchWords = queries.slice(0, total);
  const cachedQuery = queries[total] ?? 'hokuto';
  // The title cache is keyed by the exact text, so each of these is new to it.
  const typed = distinct(sample.typed, total + 1, 'typed texts');
  const typedWords = typed.slice(0, total);
  const cachedTyped = typed[total] ?? 'hokuto';

  const info = (id: number) => () => stack.command({ name: 'anime', subcommand: 'info', options: { title: `id:${id}` }, where: GUILD, user: newUser() });
  out.push(await measure(stack, '/anime info, uncached (new id each time)', n, (i) => timeMessage(info(infoIds[i]?.id ?? 0))));
  await timeMessage(info(cachedId));
  out.push(await measure(stack, '/anime info, cached (same id again)', n, () => timeMessage(info(cachedId))));

  const search = (query: string) => () => stack.command({ name: 'anime', subcommand: 'search', options: { query }, where: GUILD, user: newUser() });
  out.push(await measure(stack, '/anime search, uncached (new query)', n, (i) => timeMessage(search(searchWords[i] ?? ''))));
  await timeMessage(search(cachedQuery));
  out.push(await measure(stack, '/anime search, cached (same query)', n, () => timeMessage(search(cachedQuery))));

  const typing = (value: string) => () =>
    stack.autocomplete({ name: 'anime', subcommand: 'info', focused: 'title', value, where: GUILD, user: newUser() });
  out.push(await measure(stack, 'autocomplete title, new text', n, (i) => timeAutocomplete(typing(typedWords[i] ?? ''))));
  await timeAutocomplete(typing(cachedTyped));
  out.push(await measure(stack, 'autocomplete title, same text', n, () => timeAutocomplete(typing(cachedTyped))));

  // Walks "next" through the anime rankings: every click loads a page not seen before.
  let rankingIndex = 0;
  let walking: { message: RecordedMessage; user: Who } | undefined;
  let rankingRequests = 0;
  const newRanking = async (): Promise<{ message: RecordedMessage; user: Who }> => {
    const type = ANIME_RANKING_TYPES[rankingIndex++ % ANIME_RANKING_TYPES.length] ?? 'all';
    const user = newUser();
    const before = stack.emulator.stats.requests;
    const { message } = await timeMessage(() => stack.command({ name: 'anime', subcommand: 'ranking', options: { type }, where: GUILD, user }));
    rankingRequests += stack.emulator.stats.requests - before;
    return { message, user };
  };
  out.push(
    await measure(stack, 'pager click "next", uncached page', n, async () => {
      let next = walking ? nextButton(walking.message) : undefined;
      while (!walking || !next) {
        walking = await newRanking();
        next = nextButton(walking.message);
      }
      const { message, user } = walking;
      const id = next;
      const t = await timeMessage(() => stack.click(message, id, user));
      walking = { message: t.message, user };
      return t;
    }, () => rankingRequests),
  );
  // The same "next" button of one message, clicked again and again: its page is cached after the first.
  const fixed = await (async () => {
    const user = newUser();
    const { message } = await timeMessage(() => stack.command({ name: 'manga', subcommand: 'ranking', options: { type: 'all' }, where: GUILD, user }));
    const id = nextButton(message);
    if (!id) throw new Error('the manga ranking has no "next" button');
    return { message, user, id };
  })();
  out.push(await measure(stack, 'pager click "next", cached page', n, () => timeMessage(() => stack.click(fixed.message, fixed.id, fixed.user))));
  return out;
}

export async function runLatency(o: BenchOptions): Promise<LatencyResult> {
  section('1. Interaction -> first response on the fake Discord (real bot, emulator delay 0)');
  const stack = await startStack({ storeStepTimeoutMs: DEFAULT_STORE_STEP_TIMEOUT_MS });
  try {
    stack.emulator.faults.delayMs = 0;
    const sample = await sampleCatalogue(stack.emulator.url, CLIENT_ID);
    const results = await scenarios(stack, sample, o.samples);
    console.log(`${WARMUP} warm-up interactions per scenario, then ${o.samples} measured, one at a time; ms.`);
    console.log('first = fake-clock ms from dispatch to the accepted interaction callback (handle.firstResponse().at)');
    console.log('final = wall-clock ms from interact() to the settled answer (message or autocomplete choices)\n');
    const rows: string[][] = [];
    for (const s of results) {
      rows.push([s.name, 'first', ...summaryCells(summarize(s.first)), s.upstream.toFixed(2), String(s.problems.length)]);
      rows.push(['', 'final', ...summaryCells(summarize(s.wall)), '', '']);
    }
    console.log(table(['scenario', 'metric', ...SUMMARY_HEADERS, 'upstream/op', 'problems'], rows));
    console.log('upstream/op = emulator requests per measured interaction (0 = answered from the bot\'s caches)');
    for (const s of results) {
      if (s.problems.length > 0) console.log(`problems in "${s.name}": ${[...new Set(s.problems)].slice(0, 3).join(' | ')}`);
    }
    return { scenarios: results };
  } finally {
    await stack.stop();
  }
}
