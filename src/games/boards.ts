// Who played each game in a server, kept per server and board so a board (`/game leaderboard`) reads
// one record instead of every person's: `game:guild:<server id>:board:cover` (cover rounds, both kinds
// together) and `game:guild:<server id>:board:<daily|higher-lower>:<kind>`, at most BOARD_MAX_PLAYERS
// people each (when full, the one with the lowest kept value, then the longest since playing here, makes
// room). Playing here means winning or answering a cover round in one of the server's channels, sharing
// a daily grid there, or ending a higher-or-lower run there. Each person's boards are listed under their
// own records (`game:user:<id>:boards`, at most BOARD_MAX_PER_PERSON), so "forget me" takes them off every
// board without scanning the servers. Every change is a compare-and-set.

import { modify } from '../store/compare-and-set.js';
import { jsonDecoder } from '../store/record-decoder.js';
import { isRecord } from '../util/is-record.js';
import { PLAY_KEY, type PlaysKv } from './plays.js';
import { GAME_KINDS, type GameKind } from './pool.js';

export const BOARD_GAMES = ['cover', 'daily', 'higher-lower'] as const;
export type BoardGame = (typeof BOARD_GAMES)[number];

/** The most people one server's board of one game and kind keeps. */
export const BOARD_MAX_PLAYERS = 500;
/** The most boards one person is on (server × game × kind); past it, a new server's board does not list them. */
export const BOARD_MAX_PER_PERSON = 600;

/** One board of a server: cover rounds count both kinds together; the others are per kind. */
export type BoardId = { game: 'cover' } | { game: Exclude<BoardGame, 'cover'>; kind: GameKind };

/** The board's name in keys and in a person's list: `cover`, `daily:anime`, … */
const boardName = (b: BoardId) => (b.game === 'cover' ? 'cover' : `${b.game}:${b.kind}`);

/** The board of a game, with the kind where the game has boards per kind. */
export const boardOf = (game: BoardGame, kind: GameKind): BoardId => (game === 'cover' ? { game } : { game, kind });

export const BOARD_KEY = {
  board: (guildId: string, board: BoardId) => `game:guild:${guildId}:board:${boardName(board)}`,
  /** Under the person's game records (PLAY_KEY.user), so deleting those deletes it too. */
  person: (userId: string) => `${PLAY_KEY.user(userId)}boards`,
};

/** One person on a board: their Discord id, the value kept here, when they last played here (epoch ms). */
export interface BoardEntry {
  userId: string;
  /** Cover rounds: the rounds won here. Daily streaks and higher-or-lower: the best seen when playing here. */
  value: number;
  at: number;
}

/** One person on a server's cover rounds board: the rounds they won there, when they last answered one there. */
export interface CoverBoardPlayer {
  userId: string;
  wins: number;
  lastAnswerAt: number;
}

/**
 * Where a server's cover rounds board is read from: GameBoards' own record (the rounds note each play
 * with `recordPlay(guildId, userId, { game: 'cover' }, wins)`), or any keeper of cover rounds with this
 * shape (the cover rounds' own per-server record, src/games/cover-records.ts, has it).
 */
export interface CoverBoardSource {
  board(guildId: string): Promise<readonly CoverBoardPlayer[]>;
}

/** A board as kept: `[user id, value, at]` per person. */
type StoredBoard = Array<[string, number, number]>;

const isSnowflake = (v: unknown): v is string => typeof v === 'string' && /^\d{1,21}$/.test(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

const boardDecoder = jsonDecoder<StoredBoard>('game:board', (v) =>
  isRecord(v) && Array.isArray(v.players) && v.players.every((p) => Array.isArray(p) && p.length === 3 && isSnowflake(p[0]) && isCount(p[1]) && isCount(p[2]))
    ? (v.players as StoredBoard)
    : undefined,
);

/** A board's reference in a person's list: `<server id>:<board name>`. */
interface BoardRef {
  guildId: string;
  board: BoardId;
}
const refOf = (r: BoardRef) => `${r.guildId}:${boardName(r.board)}`;
function parseRef(text: string): BoardRef | undefined {
  const [guildId, game, kind, ...rest] = text.split(':');
  if (!isSnowflake(guildId) || rest.length > 0) return undefined;
  if (game === 'cover') return kind === undefined ? { guildId, board: { game } } : undefined;
  const g = BOARD_GAMES.find((x) => x === game && x !== 'cover');
  const k = GAME_KINDS.find((x) => x === kind);
  return g && g !== 'cover' && k ? { guildId, board: { game: g, kind: k } } : undefined;
}

const personDecoder = jsonDecoder<string[]>('game:user-boards', (v) =>
  isRecord(v) && Array.isArray(v.boards) && v.boards.every((r) => typeof r === 'string' && parseRef(r) !== undefined) ? (v.boards as string[]) : undefined,
);

const encodeBoard = (players: StoredBoard) => JSON.stringify({ players });

/** The board with the person's play added: their value kept (cover: added, others: the larger), at = now; the least kept one leaves when full. */
export function withPlay(players: StoredBoard, userId: string, game: BoardGame, value: number, now: number, max = BOARD_MAX_PLAYERS): StoredBoard {
  const mine = players.find((p) => p[0] === userId);
  const others = players.filter((p) => p[0] !== userId);
  const kept = mine ? mine[1] : 0;
  const next: [string, number, number] = [userId, game === 'cover' ? kept + value : Math.max(kept, value), now];
  if (mine === undefined && others.length >= max) {
    // The lowest value leaves first, then the one who has not played here for longest.
    const least = others.reduce((a, b) => (b[1] < a[1] || (b[1] === a[1] && b[2] < a[2]) ? b : a));
    return [...others.filter((p) => p !== least), next];
  }
  return [...others, next];
}

export class GameBoards implements CoverBoardSource {
  constructor(
    private readonly kv: PlaysKv,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Notes that the person played the game here. `value`: for cover rounds the rounds won to add (1 per
   * round won, 0 for an answer that did not win); for daily streaks and higher-or-lower the person's best
   * so far (the larger is kept; it decides who leaves a full board). Returns false when the person is on
   * too many boards already to be put on another (nothing changes then).
   */
  async recordPlay(guildId: string, userId: string, board: BoardId, value: number): Promise<boolean> {
    if (!isSnowflake(guildId) || !isSnowflake(userId) || !isCount(value)) throw new RangeError('a board play needs Discord ids and a whole, non-negative value');
    const ref = refOf({ guildId, board });
    // The person's list first: a board never names someone whose list misses it ("forget me" reads the list).
    const listed = await modify(this.kv, BOARD_KEY.person(userId), (raw) => {
      const boards = personDecoder.decode(raw) ?? [];
      if (boards.includes(ref)) return { keep: true, result: true };
      if (boards.length >= BOARD_MAX_PER_PERSON) return { keep: true, result: false };
      return { value: JSON.stringify({ boards: [...boards, ref] }), result: true };
    });
    if (!listed) return false;
    const at = this.now();
    await modify(this.kv, BOARD_KEY.board(guildId, board), (raw) => ({ value: encodeBoard(withPlay(boardDecoder.decode(raw) ?? [], userId, board.game, value, at)), result: undefined }));
    return true;
  }

  /** Everyone on the server's board (unordered). */
  async players(guildId: string, board: BoardId): Promise<BoardEntry[]> {
    const players = boardDecoder.decode(await this.kv.get(BOARD_KEY.board(guildId, board))) ?? [];
    return players.map(([userId, value, at]) => ({ userId, value, at }));
  }

  /** The cover rounds' board of a server in the shape of CoverBoardSource (src/games/board-standings.ts). */
  async board(guildId: string): Promise<CoverBoardPlayer[]> {
    return (await this.players(guildId, { game: 'cover' })).map((p) => ({ userId: p.userId, wins: p.value, lastAnswerAt: p.at }));
  }

  /** "Forget me": takes the person off every board they are on (the list of them goes with their game records). Returns how many boards changed. */
  async forgetUser(userId: string): Promise<number> {
    const refs = (personDecoder.decode(await this.kv.get(BOARD_KEY.person(userId))) ?? []).map(parseRef).filter((r): r is BoardRef => r !== undefined);
    let changed = 0;
    for (const r of refs) {
      const removed = await modify(this.kv, BOARD_KEY.board(r.guildId, r.board), (raw) => {
        const players = boardDecoder.decode(raw);
        if (!players?.some((p) => p[0] === userId)) return { keep: true, result: false };
        const rest = players.filter((p) => p[0] !== userId);
        return { value: rest.length > 0 ? encodeBoard(rest) : undefined, result: true };
      });
      if (removed) changed++;
    }
    return changed;
  }
}
