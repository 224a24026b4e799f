// One of the two processes of the cover-rounds bench (bench/cover-rounds.ts): the rounds' domain on the
// shared store and its job engine, shown by a display that renders every frame (no Discord). Told over
// IPC which channels to answer in, it sends each player's right answer at once and reports how many of
// its answers won; at the end it reports the results it showed.

import { parseStoreUrl } from '../src/config/store-url.js';
import { GameBoards } from '../src/games/boards.js';
import { CoverRounds, type CoverRoundDisplay } from '../src/games/cover-rounds.js';
import { GamePools } from '../src/games/pool.js';
import { openJobEngine } from '../src/jobs/open.js';
import { silentLogger } from '../src/log/log.js';
import { openEngine } from '../src/store/engines/index.js';
import { renderClearCover, renderPixelFrame } from '../src/render/pictures/pixel-cover.js';

export type ToChild = { answer: { channels: string[]; players: number; tag: string } } | { stop: true };
export type FromChild = { ready: true } | { answered: { won: number; taken: number; other: number } } | { stopped: { results: number; frames: number } };

const url = process.env.COVER_BENCH_STORE ?? '';
const kv = await openEngine(url);
const jobs = await openJobEngine({ location: parseStoreUrl(url), store: kv, now: Date.now, keepDoneMs: 3_600_000, keepFailedMs: 3_600_000, leaseMs: 30_000, onError: () => undefined });
const pools = new GamePools(kv);
let results = 0;
let frames = 0;
const display: CoverRoundDisplay = {
  post: async (s) => {
    await renderPixelFrame(undefined, 0);
    frames++;
    return `m-${s.channelId}-${s.n}`;
  },
  edit: async (_s, frame) => {
    await renderPixelFrame(undefined, frame);
    frames++;
  },
  result: async () => {
    await renderClearCover(undefined);
    results++;
  },
};
const rounds = new CoverRounds({ kv, jobs, played: async (a) => void (await new GameBoards(kv, Date.now).recordPlay(a.guildId, a.userId, { game: 'cover' }, a.won ? 1 : 0)), pool: (kind) => pools.current(kind), now: Date.now, log: silentLogger, display });
await rounds.start();
const send = (m: FromChild) => process.send?.(m);

process.on('message', (m: ToChild) => {
  void (async () => {
    if ('stop' in m) {
      await jobs.stop();
      await kv.close();
      process.send?.({ stopped: { results, frames } } satisfies FromChild, () => process.exit(0));
      return;
    }
    const { channels, players, tag } = m.answer;
    const pool = await pools.current('anime');
    const answers = await Promise.all(
      channels.flatMap((channelId) =>
        Array.from({ length: players }, async (_, i) => {
          const s = await rounds.session(channelId);
          const right = pool?.titles.find((t) => t.id === s?.title.id);
          return right ? rounds.answer(channelId, `${tag}${String(i).padStart(3, '0')}`, right) : { none: true as const };
        }),
      ),
    );
    send({ answered: { won: answers.filter((a) => 'won' in a).length, taken: answers.filter((a) => 'taken' in a).length, other: answers.filter((a) => !('won' in a) && !('taken' in a)).length } });
  })();
});
send({ ready: true });
