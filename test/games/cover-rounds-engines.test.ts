// Cover rounds on every store engine, two connections racing as two processes would: of two starts in
// one channel one begins; of many right answers at once exactly one wins and one win is recorded on the
// server's board; a person forgotten leaves no cover record behind.
import { afterAll, describe, expect, it } from 'vitest';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';
import { GameBoards } from '../../src/games/boards.js';
import { CoverRounds } from '../../src/games/cover-rounds.js';
import { Games } from '../../src/games/games.js';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { createLogger } from '../../src/log/log.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { makePool } from './pool-fixture.js';

const log = createLogger('error', () => undefined);
const pool = makePool('anime', 30);
const G = '1200000000000000077';

describe.each(engineCases())('cover rounds on $kind', { timeout: 60_000 }, (engineCase) => {
  let place: OpenedCase | undefined;
  const opened: StoreEngine[] = [];
  const open = async (): Promise<StoreEngine> => {
    place ??= prepareCase(engineCase.kind);
    const kv = await place.open();
    opened.push(kv);
    return kv;
  };
  const rounds = async (kv: StoreEngine) => {
    const r = new CoverRounds({ kv, jobs: new InProcessJobEngine(kv, Date.now, () => undefined, 0), played: async (a) => void (await new GameBoards(kv, Date.now).recordPlay(a.guildId, a.userId, { game: 'cover' }, a.won ? 1 : 0)), pool: async () => pool, now: Date.now, log });
    await r.define();
    return r;
  };
  afterAll(async () => {
    for (const kv of opened) await kv.close();
    await place?.cleanup();
  });

  it.skipIf(engineCase.skipped !== undefined)('two connections: one start, one winner of 24 racing right answers, one win recorded; forget me clears it', async () => {
    const kvA = await open();
    const kvB = engineCase.shared ? await open() : kvA;
    const [a, b] = [await rounds(kvA), await rounds(kvB)];
    const start = { guildId: G, channelId: `c-${Date.now()}`, kind: 'anime' as const, locale: 'en-US', total: 1 };
    const starts = await Promise.all([a.begin(start, pool), b.begin(start, pool), a.begin(start, pool), b.begin(start, pool)]);
    expect(starts.filter((s) => 'started' in s)).toHaveLength(1);
    expect(starts.filter((s) => 'running' in s)).toHaveLength(3);
    const session = (await a.session(start.channelId))!;
    const right = pool.titles.find((t) => t.id === session.title.id)!;
    const wrong = pool.titles.find((t) => t.id !== session.title.id)!;
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).answer(start.channelId, `13100000000000000${String(i).padStart(2, '0')}`, i % 6 === 5 ? wrong : right)),
    );
    expect(answers.filter((x) => 'won' in x)).toHaveLength(1);
    const board = await new GameBoards(kvB, Date.now).players(G, { game: 'cover' });
    expect(board.reduce((n, p) => n + p.value, 0)).toBe(1);
    // Answers judged while the round was open put their people on the board; those told "already won" do not.
    expect(board).toHaveLength(answers.filter((x) => 'won' in x || 'wrong' in x).length);
    const winner = board.find((p) => p.value === 1)!;
    expect((await a.session(start.channelId))?.won?.userId).toBe(winner.userId);
    // Forget me: the person is off the board and their index is gone.
    const games = new Games({ kv: kvA, jobs: new InProcessJobEngine(kvA, Date.now, () => undefined, 0), source: async () => [], now: Date.now, log });
    expect(await games.forgetUser(winner.userId)).toBeGreaterThanOrEqual(1);
    expect((await games.boards.players(G, { game: 'cover' })).map((p) => p.userId)).not.toContain(winner.userId);
    expect(await kvA.keys(`game:user:${winner.userId}:`)).toEqual([]);
  });
});
