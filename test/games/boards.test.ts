// The game boards' per-server records and standings: who played here, bounded; cover wins added, the
// other games' best kept; equal values share a rank; streaks read as they stand today; "forget me" takes
// the person off every board; bad input changes nothing.
import { describe, expect, it } from 'vitest';
import { BOARD_KEY, BOARD_MAX_PER_PERSON, GameBoards, withPlay } from '../../src/games/boards.js';
import { rankBoard } from '../../src/games/board-standings.js';
import { Games } from '../../src/games/games.js';
import { Plays } from '../../src/games/plays.js';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { createLogger } from '../../src/log/log.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';

const G = '1200000000000000001';
const G2 = '1200000000000000002';
const U = (n: number) => String(1_100_000_000_000_000_000n + BigInt(n));

function games(kv = new MemoryEngine(), now = () => 1_000) {
  return new Games({ kv, jobs: new InProcessJobEngine(kv, now, () => undefined, 0), source: async () => [], now, log: createLogger('error', () => undefined) });
}

describe('a board record', () => {
  it('adds cover wins, keeps the larger best for the other games, and notes when each last played here', () => {
    let board = withPlay([], U(1), 'cover', 1, 10);
    board = withPlay(board, U(1), 'cover', 1, 20);
    expect(board).toEqual([[U(1), 2, 20]]);
    let hl = withPlay([], U(1), 'higher-lower', 5, 10);
    hl = withPlay(hl, U(1), 'higher-lower', 3, 30);
    expect(hl).toEqual([[U(1), 5, 30]]);
  });

  it('is bounded: when full, the lowest value leaves first, then the one who played here longest ago', () => {
    let board = withPlay([], U(1), 'daily', 3, 1, 3);
    board = withPlay(board, U(2), 'daily', 1, 2, 3);
    board = withPlay(board, U(3), 'daily', 1, 3, 3);
    board = withPlay(board, U(4), 'daily', 2, 4, 3);
    expect(board.map((p) => p[0]).sort()).toEqual([U(1), U(3), U(4)]);
    // Someone already on it plays again: nobody leaves.
    expect(withPlay(board, U(3), 'daily', 9, 5, 3)).toHaveLength(3);
  });
});

describe('ranking', () => {
  it('puts the highest first, breaks ties by the best, and gives equals one rank (1, 1, 3)', () => {
    const rows = rankBoard([
      { userId: U(1), value: 2, best: 4, at: 5 },
      { userId: U(2), value: 3, best: 3, at: 9 },
      { userId: U(3), value: 2, best: 4, at: 1 },
      { userId: U(4), value: 2, best: 2, at: 1 },
    ]);
    expect(rows.map((r) => [r.rank, r.userId])).toEqual([
      [1, U(2)],
      [2, U(3)],
      [2, U(1)],
      [4, U(4)],
    ]);
  });
});

describe('GameBoards and the standings', () => {
  it('keeps who played in each server apart, per game and kind; cover rounds count both kinds', async () => {
    const g = games();
    await g.boards.recordPlay(G, U(1), { game: 'cover' }, 1);
    await g.boards.recordPlay(G, U(1), { game: 'cover' }, 1);
    await g.boards.recordPlay(G, U(2), { game: 'cover' }, 0);
    await g.boards.recordPlay(G2, U(3), { game: 'cover' }, 1);
    const cover = await g.standings(await g.boardPlayers(G, 'cover', 'manga'), 'cover', 'anime', '2026-12-07');
    // Someone who answered without winning played here but has no win to show.
    expect(cover).toEqual([{ rank: 1, userId: U(1), value: 2 }]);
    expect((await g.boardPlayers(G, 'daily', 'anime')).length).toBe(0);
  });

  it('reads streaks and runs from each person, as they stand today', async () => {
    const kv = new MemoryEngine();
    const g = games(kv);
    const plays = new Plays(kv);
    await plays.guess(U(1), 'anime', '2026-12-05', { id: 1, row: 'r', solved: true });
    await plays.guess(U(1), 'anime', '2026-12-06', { id: 1, row: 'r', solved: true });
    await plays.guess(U(2), 'anime', '2026-12-01', { id: 1, row: 'r', solved: true });
    await plays.higherLowerRun(U(2), 'anime', 7);
    for (const u of [U(1), U(2), U(3)]) {
      await g.boards.recordPlay(G, u, { game: 'daily', kind: 'anime' }, 1);
      await g.boards.recordPlay(G, u, { game: 'higher-lower', kind: 'anime' }, 0);
    }
    const daily = await g.standings(await g.boardPlayers(G, 'daily', 'anime'), 'daily', 'anime', '2026-12-07');
    // U(2)'s streak broke (last solved days ago): 0 now, best 1; U(3) never solved: not shown.
    expect(daily).toEqual([
      { rank: 1, userId: U(1), value: 2, best: 2 },
      { rank: 2, userId: U(2), value: 0, best: 1 },
    ]);
    const hl = await g.standings(await g.boardPlayers(G, 'higher-lower', 'anime'), 'higher-lower', 'anime', '2026-12-07');
    expect(hl).toEqual([{ rank: 1, userId: U(2), value: 7 }]);
    expect(await g.standings(await g.boardPlayers(G, 'higher-lower', 'manga'), 'higher-lower', 'manga', '2026-12-07')).toEqual([]);
  });

  it('"forget me" takes the person off every board of every server and deletes their list of boards', async () => {
    const kv = new MemoryEngine();
    const g = games(kv);
    await g.boards.recordPlay(G, U(1), { game: 'cover' }, 1);
    await g.boards.recordPlay(G2, U(1), { game: 'daily', kind: 'manga' }, 2);
    await g.boards.recordPlay(G2, U(2), { game: 'daily', kind: 'manga' }, 1);
    await g.plays.higherLowerRun(U(1), 'anime', 3);
    expect(await g.forgetUser(U(1))).toBeGreaterThanOrEqual(3);
    expect(await kv.get(BOARD_KEY.board(G, { game: 'cover' }))).toBeUndefined();
    expect((await g.boardPlayers(G2, 'daily', 'manga')).map((p) => p.userId)).toEqual([U(2)]);
    expect(await kv.keys(`game:user:${U(1)}:`)).toEqual([]);
  });

  it('refuses bad input and changes nothing; a person on too many boards is not put on another', async () => {
    const kv = new MemoryEngine();
    const boards = new GameBoards(kv, () => 1);
    await expect(boards.recordPlay('not-an-id', U(1), { game: 'cover' }, 1)).rejects.toThrow(RangeError);
    await expect(boards.recordPlay(G, U(1), { game: 'cover' }, -1)).rejects.toThrow(RangeError);
    expect(await kv.keys('game:')).toEqual([]);
    const full = Array.from({ length: BOARD_MAX_PER_PERSON }, (_, i) => `${String(1_300_000_000_000_000_000n + BigInt(i))}:cover`);
    await kv.set(BOARD_KEY.person(U(1)), JSON.stringify({ boards: full }));
    expect(await boards.recordPlay(G, U(1), { game: 'cover' }, 1)).toBe(false);
    expect(await boards.players(G, { game: 'cover' })).toEqual([]);
  });

  it('reads a malformed record as empty', async () => {
    const kv = new MemoryEngine();
    await kv.set(BOARD_KEY.board(G, { game: 'cover' }), '{"players":[["x",1,1]]}');
    const boards = new GameBoards(kv);
    expect(await boards.players(G, { game: 'cover' })).toEqual([]);
    await boards.recordPlay(G, U(1), { game: 'cover' }, 1);
    expect(await boards.board(G)).toEqual([{ userId: U(1), wins: 1, lastAnswerAt: expect.any(Number) as number }]);
  });
});
