// `--only games` (issue 41): the games through the real bot, the fake Discord and the emulator
// (local-stack), over a 1 000-title anime pool kept in the store. Per scenario `--samples` measured one at
// a time after 5 warm-up interactions: wall time from the interaction to the settled answer (a guess:
// the private row of clues) or to the autocomplete choices, and the emulator requests they made (must be
// 0). Then the pool's requests per week: one weekly read of each kind against the emulator, counted in
// its request log, and by page arithmetic for the full pools (ranking pages of 500).

import { performance } from 'node:perf_hooks';
import { GUILD, newUser, startStack, type Stack } from '../local-stack/harness.js';
import { answerOf } from '../local-stack/user-helpers.js';
import { POOL_SIZE, type PoolTitle } from '../src/games/pool.js';
import type { BenchOptions } from './options.js';
import { SUMMARY_HEADERS, section, summarize, summaryCells, table } from './stats.js';
import { runCoverRounds } from './cover-rounds.js';

const TARGET_MS = { guess: 50, autocomplete: 20 };
const GENRES = ['Action', 'Comedy', 'Drama', 'Fantasy', 'Romance', 'Sci-Fi', 'Slice of Life', 'Mystery'];

/** 1 000 anime with every field the clues read and four title forms each. */
function benchPool(n: number): PoolTitle[] {
  return Array.from({ length: n }, (_, i) => ({
    id: 100_000 + i,
    title: `Shiritsu Gakuen ${i} no Monogatari`,
    en: `The Story of School ${i}`,
    ja: `私立学園${i}の物語`,
    synonyms: [`SGM ${i}`, `Gakuen ${i}`],
    year: 1990 + (i % 35),
    season: ['winter', 'spring', 'summer', 'fall'][i % 4]!,
    mediaType: i % 5 === 0 ? 'movie' : 'tv',
    score: 6 + (i % 400) / 100,
    genres: [GENRES[i % 8]!, GENRES[(i * 3 + 1) % 8]!],
    episodes: 12 + (i % 3) * 12,
    studios: [`Studio ${i % 40}`],
    source: i % 2 ? 'manga' : 'original',
  }));
}

async function timed(samples: number, warmup: number, one: (i: number) => Promise<void>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await one(-1 - i);
  const out: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await one(i);
    out.push(performance.now() - t0);
  }
  return out;
}

async function measure(stack: Stack, o: BenchOptions, titles: PoolTitle[]): Promise<string[][]> {
  const rows: string[][] = [];
  const before = stack.emulator.requestLog.length;
  let user = newUser('bench-player');
  let guesses = 0;
  const guess = await timed(o.samples, 5, async (i) => {
    // A fresh player every 7 guesses, so each guess is counted (eight per day).
    if (guesses++ % 7 === 0) user = newUser('bench-player');
    const t = titles[(i * 37 + 500) % titles.length]!;
    const answer = await answerOf(stack.command({ name: 'game', subcommand: 'guess', options: { title: t.title }, user, where: GUILD }));
    if (!/Guess \d of 8|Solved/.test(answer.text)) throw new Error(`unexpected answer to a guess: ${answer.text.slice(0, 120)}`);
  });
  const guessRequests = stack.emulator.requestLog.length - before;
  const s1 = summarize(guess);
  rows.push(['guess (/game guess → clues)', ...summaryCells(s1), String(guessRequests), `≤ ${TARGET_MS.guess} p95: ${s1.p95 <= TARGET_MS.guess ? 'met' : 'NOT met'}`]);
  const typedFrom = stack.emulator.requestLog.length;
  const typed = ['story of', 'gakuen 4', '私立学園7', 'sgm 12', 'monogatari', 'shiritsu gakuen 99'];
  const complete = await timed(o.samples, 5, async (i) => {
    const value = typed[Math.abs(i) % typed.length]!;
    const choices = await stack.autocomplete({ name: 'game', subcommand: 'guess', focused: 'title', value, user, where: GUILD }).autocompleteChoices();
    if (choices.length === 0) throw new Error(`no choices for "${value}"`);
  });
  const s2 = summarize(complete);
  rows.push(['autocomplete over 1 000 titles', ...summaryCells(s2), String(stack.emulator.requestLog.length - typedFrom), `≤ ${TARGET_MS.autocomplete} p95: ${s2.p95 <= TARGET_MS.autocomplete ? 'met' : 'NOT met'}`]);
  return rows;
}

export async function runGames(o: BenchOptions): Promise<void> {
  section('games: /game guess and its autocomplete over a 1 000-title pool (ms, end to end)');
  const stack = await startStack();
  try {
    const titles = benchPool(POOL_SIZE.anime);
    await stack.bot.deps.games.pools.save('anime', titles, Date.now());
    console.log(table(['scenario', ...SUMMARY_HEADERS, 'upstream', 'target'], await measure(stack, o, titles)));
    const from = stack.emulator.requestLog.length;
    await stack.bot.deps.games.refresh.read('anime');
    await stack.bot.deps.games.refresh.read('manga');
    const read = stack.emulator.requestLog.length - from;
    const full = Math.ceil(POOL_SIZE.anime / 500) + Math.ceil(POOL_SIZE.manga / 500);
    console.log(`\npool requests per week: ${read} against the emulator's catalogue (one weekly read of each kind); ${full} for full pools (anime ${POOL_SIZE.anime} in pages of 500, manga ${POOL_SIZE.manga})`);
  } finally {
    await stack.stop();
  }
  section('games: cover rounds (a pixelated frame, ms; 100 rounds at once on two processes)');
  await runCoverRounds(o);
}
