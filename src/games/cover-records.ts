// What cover rounds keep per server and person, for the boards: each person's answers and round wins in
// a server (`game:cover-board:<guild id>`, one record per server, changed by compare-and-set so two
// answers at once both count), and the servers a person played in (`game:user:<id>:cover-guilds`, under
// the person's prefix, so "forget me" finds them and deletes the index with the rest). A win is recorded
// once: only the answer the store made the round's winner records one (src/games/cover-rounds.ts).

import { modify } from '../store/compare-and-set.js';
import type { StoreEngine } from '../store/engine.js';
import { jsonDecoder } from '../store/record-decoder.js';
import { PLAY_KEY } from './plays.js';

export const COVER_RECORD_KEY = {
  board: (guildId: string) => `game:cover-board:${guildId}`,
  guilds: (userId: string) => `${PLAY_KEY.user(userId)}cover-guilds`,
};

/** One person's cover rounds in one server. */
export interface CoverPlayer {
  userId: string;
  /** Rounds won (the first correct answer). */
  wins: number;
  /** Answers given in running rounds, right or wrong (a person with one "played here"). */
  answers: number;
  /** When the person last answered here, and last won here (the bot's clock, ms). */
  lastAnswerAt: number;
  lastWinAt?: number;
}

type Board = Record<string, Omit<CoverPlayer, 'userId'>>;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

const boardDecoder = jsonDecoder<Board>('game:cover-board', (v) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const board: Board = {};
  for (const [id, p] of Object.entries(v as Record<string, Partial<CoverPlayer>>)) {
    if (!isCount(p.wins) || !isCount(p.answers) || typeof p.lastAnswerAt !== 'number') return undefined;
    board[id] = { wins: p.wins, answers: p.answers, lastAnswerAt: p.lastAnswerAt, ...(typeof p.lastWinAt === 'number' ? { lastWinAt: p.lastWinAt } : {}) };
  }
  return board;
});

const guildsDecoder = jsonDecoder<string[]>('game:cover-guilds', (v) => (Array.isArray(v) && v.every((g) => typeof g === 'string') ? v : undefined));

export type CoverRecordsKv = Pick<StoreEngine, 'get' | 'setIfAbsent' | 'compareAndSet' | 'compareAndDelete'>;

/** One answer in a running round: who, where, when, and whether it won the round. */
export interface CoverAnswerRecord {
  guildId: string;
  userId: string;
  at: number;
  won: boolean;
}

export class CoverRecords {
  constructor(private readonly kv: CoverRecordsKv) {}

  /** Counts an answer (and a win when `won`) for the person in the server. */
  async recordAnswer(a: CoverAnswerRecord): Promise<void> {
    await modify(this.kv, COVER_RECORD_KEY.guilds(a.userId), (raw) => {
      const guilds = guildsDecoder.decode(raw) ?? [];
      return guilds.includes(a.guildId) ? { keep: true, result: undefined } : { value: JSON.stringify([...guilds, a.guildId]), result: undefined };
    });
    await modify(this.kv, COVER_RECORD_KEY.board(a.guildId), (raw) => {
      const board = boardDecoder.decode(raw) ?? {};
      const was = board[a.userId] ?? { wins: 0, answers: 0, lastAnswerAt: a.at };
      board[a.userId] = { ...was, answers: was.answers + 1, lastAnswerAt: a.at, ...(a.won ? { wins: was.wins + 1, lastWinAt: a.at } : {}) };
      return { value: JSON.stringify(board), result: undefined };
    });
  }

  /** Everyone who answered a round in the server, most wins first (then most answers, then id). */
  async board(guildId: string): Promise<CoverPlayer[]> {
    const board = boardDecoder.decode(await this.kv.get(COVER_RECORD_KEY.board(guildId))) ?? {};
    return Object.entries(board)
      .map(([userId, p]) => ({ userId, ...p }))
      .sort((a, b) => b.wins - a.wins || b.answers - a.answers || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  }

  /** One person's record in the server, or undefined when they never answered there. */
  async player(guildId: string, userId: string): Promise<CoverPlayer | undefined> {
    const p = (boardDecoder.decode(await this.kv.get(COVER_RECORD_KEY.board(guildId))) ?? {})[userId];
    return p && { userId, ...p };
  }

  /** The servers the person answered a round in. */
  async guildsOf(userId: string): Promise<string[]> {
    return guildsDecoder.decode(await this.kv.get(COVER_RECORD_KEY.guilds(userId))) ?? [];
  }

  /** "Forget me": the person taken off every server's board; returns how many boards changed. The index itself goes with the person's prefix. */
  async forgetUser(userId: string): Promise<number> {
    let changed = 0;
    for (const guildId of await this.guildsOf(userId)) {
      const removed = await modify(this.kv, COVER_RECORD_KEY.board(guildId), (raw) => {
        const board = boardDecoder.decode(raw);
        if (!board || !(userId in board)) return { keep: true, result: false };
        delete board[userId];
        return { value: Object.keys(board).length === 0 ? undefined : JSON.stringify(board), result: true };
      });
      if (removed) changed++;
    }
    return changed;
  }
}
