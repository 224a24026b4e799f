// What the upstream-economy bench (economy.ts, economy-slow-store.ts) sends: titles picked from the
// emulator's own catalogue, people's mix of commands and autocompletes with how each answer is timed,
// run at a steady rate, and the warm-up before a measured run.

import { performance } from 'node:perf_hooks';
import { ANIME_RANKING_TYPES } from '../src/service/work-types.js';
import { DEFAULT_USERS } from '../emulator/server.js';
import { buildCatalogue, DEFAULT_CATALOGUE_SEED } from '../emulator/catalogue/index.js';
import type { AnimeCore } from '../emulator/catalogue/types.js';
import { Prng } from '../emulator/prng.js';
import { autocomplete, slashCommand, type FakeDiscord, type InteractionHandle } from '../fake-discord/index.js';
import { newUser } from '../local-stack/harness.js';
import { CATALOGUE_SIZE, CLIENT_ID, type Stack } from './economy-stack.js';

/** Titles followed in the seeded store of (a): the least popular ones, never in people's mix. */
export const FOLLOWED_TITLES = 3000;
/** Popular titles opened in (c) and (d). */
const DETAIL_TITLES = 20;
export const ANSWER_TIMEOUT_MS = 15_000;

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

export interface MixResult {
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
export async function peoplesMix(stack: Stack, steps: Step[], perSecond: number): Promise<MixResult> {
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

/** A few unmeasured commands (JIT, connections); the same in every run. Spaced to stay under the threshold. */
export async function warmUp(stack: Stack): Promise<void> {
  for (const type of ['all', 'airing'] as const) {
    const handle = stack.discord.interact(slashCommand({ name: 'anime', subcommand: 'ranking', options: { type }, where: { kind: 'guild' }, user: newUser('warm') }));
    await handle.settled(ANSWER_TIMEOUT_MS).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 500));
  }
}
