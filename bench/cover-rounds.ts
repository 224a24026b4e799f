// `--only games`, cover rounds (issue 43): a pixelated frame's render time (p50/p95 over every frame of a
// detailed cover), and 100 rounds in 100 channels at once on two processes sharing one store (SQLite
// here, each process with its in-process job engine on the shared file; COVER_BENCH_STORE names another
// store): five players per channel in each process send the right answer at the same moment, and every
// round must end with exactly one winner, one result shown and one win recorded.

import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createCanvas } from '@napi-rs/canvas';
import { GameBoards } from '../src/games/boards.js';
import { CoverRounds } from '../src/games/cover-rounds.js';
import { GamePools, type PoolTitle } from '../src/games/pool.js';
import { InProcessJobEngine } from '../src/jobs/in-process.js';
import { silentLogger } from '../src/log/log.js';
import { openEngine } from '../src/store/engines/index.js';
import { decodeCover, PIXEL_COLUMNS, renderPixelFrame } from '../src/render/pictures/pixel-cover.js';
import type { FromChild, ToChild } from './cover-rounds-child.js';
import type { BenchOptions } from './options.js';
import { SUMMARY_HEADERS, summarize, summaryCells, table } from './stats.js';

const FRAME_TARGET_MS = 100;
const CHANNELS = 100;
const PLAYERS = 5;

/** A cover with detail everywhere, at the service's cover size. */
function detailedCover(): Promise<Buffer> {
  const canvas = createCanvas(225, 318);
  const ctx = canvas.getContext('2d');
  for (let y = 0; y < 318; y += 3) for (let x = 0; x < 225; x += 3) {
    ctx.fillStyle = `rgb(${(x * 7 + y) % 256}, ${(y * 5) % 256}, ${((x + y) * 3) % 256})`;
    ctx.fillRect(x, y, 3, 3);
  }
  return canvas.encode('webp', 82);
}

/** One frame's wall time: the cover decoded from its cached thumbnail, drawn and encoded. */
export async function frameTimes(samples: number): Promise<string[][]> {
  const cover = await detailedCover();
  const times: number[] = [];
  for (let i = -5; i < samples; i++) {
    const t0 = performance.now();
    await renderPixelFrame(await decodeCover(cover), Math.abs(i) % PIXEL_COLUMNS.length);
    if (i >= 0) times.push(performance.now() - t0);
  }
  const s = summarize(times);
  return [['pixelated frame (decode + draw + PNG)', ...summaryCells(s), `≤ ${FRAME_TARGET_MS} p95: ${s.p95 <= FRAME_TARGET_MS ? 'met' : 'NOT met'}`]];
}

const pool = (n: number): PoolTitle[] =>
  Array.from({ length: n }, (_, i) => ({ id: 200_000 + i, title: `Cover Bench ${i}`, synonyms: [], genres: [], picture: `https://cdn.example.test/${i}.webp` }));

function child(url: string): { proc: ChildProcess; next: (pred: (m: FromChild) => boolean) => Promise<FromChild> } {
  const entry = fileURLToPath(new URL('./cover-rounds-child.ts', import.meta.url));
  const proc = fork(entry, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, COVER_BENCH_STORE: url }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = (pred: (m: FromChild) => boolean) =>
    new Promise<FromChild>((resolve, reject) => {
      const on = (m: FromChild) => {
        if (!pred(m)) return;
        proc.off('message', on);
        resolve(m);
      };
      proc.on('message', on);
      proc.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`a cover bench process exited (${code})`))));
    });
  return { proc, next };
}

/** 100 rounds at once on two processes: counts of winners, results and recorded wins. */
export async function roundsOnTwoProcesses(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'cover-bench-'));
  const url = process.env.COVER_BENCH_STORE ?? `sqlite://${join(dir, 'store.sqlite')}`;
  const kv = await openEngine(url);
  const jobs = new InProcessJobEngine(kv, Date.now, () => undefined, 0);
  try {
    const pools = new GamePools(kv);
    await pools.save('anime', pool(1000), Date.now());
    const current = (await pools.current('anime'))!;
    const starter = new CoverRounds({ kv, jobs, played: async (a) => void (await new GameBoards(kv, Date.now).recordPlay(a.guildId, a.userId, { game: 'cover' }, a.won ? 1 : 0)), pool: async () => current, now: Date.now, log: silentLogger });
    await starter.define();
    const tag = Date.now().toString(36);
    const guildId = `12${Date.now()}`;
    const channels = Array.from({ length: CHANNELS }, (_, i) => `bench-${tag}-${i}`);
    for (const channelId of channels) await starter.begin({ guildId, channelId, kind: 'anime', locale: 'en-US', total: 1 }, current);
    const kids = [child(url), child(url)];
    await Promise.all(kids.map((k) => k.next((m) => 'ready' in m)));
    const t0 = performance.now();
    const answered = await Promise.all(
      kids.map((k, i) => {
        const got = k.next((m) => 'answered' in m);
        k.proc.send({ answer: { channels, players: PLAYERS, tag: `13${i}${Date.now()}` } } satisfies ToChild);
        return got;
      }),
    );
    const answerMs = performance.now() - t0;
    const won = answered.reduce((n, m) => n + ('answered' in m ? m.answered.won : 0), 0);
    const taken = answered.reduce((n, m) => n + ('answered' in m ? m.answered.taken : 0), 0);
    // Each round's result is a job either process runs; wait until every session is over.
    const deadline = Date.now() + 60_000;
    let over = 0;
    while (Date.now() < deadline) {
      over = (await Promise.all(channels.map((c) => starter.session(c)))).filter((s) => s?.over).length;
      if (over === CHANNELS) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const sessions = await Promise.all(channels.map((c) => starter.session(c)));
    const oneWinner = sessions.filter((s) => s?.played.length === 1 && s.played[0]?.winner !== undefined).length;
    const recorded = (await new GameBoards(kv, Date.now).players(guildId, { game: 'cover' })).reduce((n, p) => n + p.value, 0);
    const stopped = await Promise.all(
      kids.map((k) => {
        const got = k.next((m) => 'stopped' in m);
        k.proc.send({ stop: true } satisfies ToChild);
        return got;
      }),
    );
    const results = stopped.reduce((n, m) => n + ('stopped' in m ? m.stopped.results : 0), 0);
    const ok = won === CHANNELS && oneWinner === CHANNELS && recorded === CHANNELS && results === CHANNELS && over === CHANNELS;
    return [
      `${CHANNELS} rounds in ${CHANNELS} channels on two processes (${url.split(':')[0]}), ${PLAYERS * 2} racing right answers per round (${CHANNELS * PLAYERS * 2} in all, sent in ${answerMs.toFixed(0)} ms):`,
      `  winning answers ${won}, answers told "already won" ${taken}, rounds ended ${over}, rounds with exactly one winner ${oneWinner}, results shown ${results}, wins recorded ${recorded} → ${ok ? 'every round exactly one winner' : 'NOT every round exactly one winner'}`,
    ].join('\n');
  } finally {
    await jobs.stop();
    await kv.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runCoverRounds(o: BenchOptions): Promise<void> {
  console.log(table(['scenario', ...SUMMARY_HEADERS, 'target'], await frameTimes(Math.max(60, o.samples))));
  console.log(`\n${await roundsOnTwoProcesses()}`);
}
