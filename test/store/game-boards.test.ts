// The game boards' records on every engine: two openings of one store (two processes) noting plays at
// once each count (cover wins add up exactly), a board is read in one step, the hide choices of a board's
// people are read at once, and "forget me" takes the person off every board.
import { afterEach, describe, expect, it } from 'vitest';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { GameBoards } from '../../src/games/boards.js';
import { Plays } from '../../src/games/plays.js';
import { TitlePreferences } from '../../src/preferences/title-preferences.js';

const G = '1200000000000000001';
const G2 = '1200000000000000002';
const U = (n: number) => String(1_100_000_000_000_000_000n + BigInt(n));

describe.each(engineCases())('the game boards on $kind', (engineCase) => {
  let place: OpenedCase | undefined;
  const opened: StoreEngine[] = [];
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
    await place?.cleanup();
  });

  const open = async () => {
    const store = await place!.open();
    opened.push(store);
    return store;
  };

  it.skipIf(engineCase.skipped !== undefined)('counts every win noted at once from two processes, reads the board in one step, and forgets a person everywhere', async () => {
    place = prepareCase(engineCase.kind);
    const [a, b] = [await open(), await open()];
    const boards = [new GameBoards(a), new GameBoards(b)];
    // 12 wins of 4 people, noted from both processes at once.
    await Promise.all(Array.from({ length: 12 }, (_, i) => boards[i % 2]!.recordPlay(G, U(i % 4), { game: 'cover' }, 1)));
    const board = await boards[0]!.board(G);
    expect(board.map((p) => [p.userId, p.wins]).sort()).toEqual([U(0), U(1), U(2), U(3)].map((u) => [u, 3]));

    await boards[1]!.recordPlay(G2, U(0), { game: 'higher-lower', kind: 'anime' }, 4);
    await new Plays(a).higherLowerRun(U(0), 'anime', 4);
    expect(await boards[0]!.forgetUser(U(0))).toBe(2);
    await new Plays(a).forgetUser(U(0));
    expect((await boards[1]!.board(G)).map((p) => p.userId).sort()).toEqual([U(1), U(2), U(3)]);
    expect(await boards[1]!.players(G2, { game: 'higher-lower', kind: 'anime' })).toEqual([]);
    expect(await a.keys(`game:user:${U(0)}:`)).toEqual([]);
  });

  it.skipIf(engineCase.skipped !== undefined)('reads who hides themselves from the boards in one step; forget me deletes the choice', async () => {
    place = prepareCase(engineCase.kind);
    const store = await open();
    const prefs = new TitlePreferences({ kv: store });
    await prefs.setBoardsHidden(U(1), true);
    await prefs.setBoardsHidden(U(2), true);
    await prefs.setBoardsHidden(U(2), false);
    expect([...(await prefs.hiddenFromBoards([U(0), U(1), U(2)]))]).toEqual([U(1)]);
    expect(await prefs.boardsHidden(U(1))).toBe(true);
    expect(await prefs.forgetUser(U(1))).toBe(1);
    expect(await prefs.boardsHidden(U(1))).toBe(false);
  });
});
