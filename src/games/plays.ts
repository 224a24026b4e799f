// What the games keep per person (`game:user:<Discord id>:…`, deleted by "forget me"): each daily
// puzzle's guesses (the title ids guessed, kept three days), the daily streak and stats per kind, and
// higher-or-lower's best run. Every change is a compare-and-set over the value read, so two guesses at
// once never count twice, and only the guess that ends a game moves the streak.

import { modify } from '../store/compare-and-set.js';
import { jsonDecoder } from '../store/record-decoder.js';
import type { StoreEngine } from '../store/engine.js';
import { previousDay } from './daily.js';
import type { GameKind } from './pool.js';

export const MAX_GUESSES = 8;
const DAY_MS = 24 * 60 * 60 * 1000;
const PLAY_KEEP_MS = 3 * DAY_MS;

export const PLAY_KEY = {
  user: (userId: string) => `game:user:${userId}:`,
  play: (userId: string, kind: GameKind, day: string) => `game:user:${userId}:play:${kind}:${day}`,
  stats: (userId: string, kind: GameKind) => `game:user:${userId}:stats:${kind}`,
};

export type PlaysKv = Pick<StoreEngine, 'get' | 'getMany' | 'setIfAbsent' | 'compareAndSet' | 'compareAndDelete' | 'keys' | 'delete'>;

/** One person's daily puzzle of one kind and day. */
export interface Play {
  /** Title ids guessed, in order (only guesses in the pool count). */
  guesses: number[];
  /** The grid's row of each guess (squares only: no title, no value). */
  rows: string[];
  /** Set once the game ended. */
  end?: 'solved' | 'lost';
}

/** One person's daily record of one kind. */
export interface DailyStats {
  /** Days in a row solved, up to `lastSolved`. */
  streak: number;
  best: number;
  /** The last day solved, `YYYY-MM-DD`. */
  lastSolved?: string;
  solved: number;
  lost: number;
  /** Solved games by guesses used: index 0 = solved in one guess. */
  distribution: number[];
  /** Higher-or-lower's best run. */
  higherLowerBest: number;
}

export const emptyStats = (): DailyStats => ({ streak: 0, best: 0, solved: 0, lost: 0, distribution: Array<number>(MAX_GUESSES).fill(0), higherLowerBest: 0 });

/** A decoder for an object record that `check` accepts. */
const objectDecoder = <T>(record: string, check: (v: T) => boolean) =>
  jsonDecoder<T>(record, (v) => (typeof v === 'object' && v !== null && check(v as T) ? (v as T) : undefined));

const playDecoder = objectDecoder<Play>('game:play', (v) => Array.isArray(v.guesses) && v.guesses.every(Number.isSafeInteger) && Array.isArray(v.rows) && v.rows.length === v.guesses.length);
const statsDecoder = objectDecoder<DailyStats>('game:stats', (v) => typeof v.streak === 'number' && Array.isArray(v.distribution) && v.distribution.length === MAX_GUESSES);
const parsePlay = (raw: string | undefined) => playDecoder.decode(raw);
const parseStats = (raw: string | undefined) => statsDecoder.decode(raw);

/** What a guess did: added (and maybe ended the game), or not, as the game had ended or the title was guessed already. */
export type GuessResult = { added: true; play: Play } | { added: false; play: Play; why: 'ended' | 'repeated' };

export class Plays {
  constructor(private readonly kv: PlaysKv) {}

  async play(userId: string, kind: GameKind, day: string): Promise<Play> {
    return parsePlay(await this.kv.get(PLAY_KEY.play(userId, kind, day))) ?? { guesses: [], rows: [] };
  }

  async stats(userId: string, kind: GameKind): Promise<DailyStats> {
    return { ...emptyStats(), ...parseStats(await this.kv.get(PLAY_KEY.stats(userId, kind))) };
  }

  /** Several people's records of one kind, read in one step (a board's people). */
  async statsOfMany(userIds: readonly string[], kind: GameKind): Promise<DailyStats[]> {
    if (userIds.length === 0) return [];
    const raws = await this.kv.getMany(userIds.map((id) => PLAY_KEY.stats(id, kind)));
    return raws.map((raw) => ({ ...emptyStats(), ...parseStats(raw) }));
  }

  /** The streak as it stands today: broken when the last day solved is neither today nor yesterday. */
  static currentStreak(stats: DailyStats, today: string): number {
    return stats.lastSolved === today || stats.lastSolved === previousDay(today) ? stats.streak : 0;
  }

  /** Adds a guess (a pool title's id) with its grid row; `solved` when it is the secret. The guess that ends the game moves the stats once. */
  async guess(userId: string, kind: GameKind, day: string, guess: { id: number; row: string; solved: boolean }): Promise<GuessResult> {
    const { id, row, solved } = guess;
    const result = await modify<GuessResult>(
      this.kv,
      PLAY_KEY.play(userId, kind, day),
      (raw) => {
        const play = parsePlay(raw) ?? { guesses: [], rows: [] };
        if (play.end) return { keep: true, result: { added: false, play, why: 'ended' } };
        if (play.guesses.includes(id)) return { keep: true, result: { added: false, play, why: 'repeated' } };
        const guesses = [...play.guesses, id];
        const next: Play = { guesses, rows: [...play.rows, row], ...(solved ? { end: 'solved' } : guesses.length >= MAX_GUESSES ? { end: 'lost' } : {}) };
        return { value: JSON.stringify(next), result: { added: true, play: next } };
      },
      PLAY_KEEP_MS,
    );
    const { play } = result;
    if (result.added && play.end) await this.update(userId, kind, (s) => ended(s, day, play));
    return result;
  }

  /** Keeps a higher-or-lower run if it is the person's best; returns the best. */
  async higherLowerRun(userId: string, kind: GameKind, run: number): Promise<number> {
    const s = await this.update(userId, kind, (s) => (run > s.higherLowerBest ? { ...s, higherLowerBest: run } : undefined));
    return s.higherLowerBest;
  }

  private async update(userId: string, kind: GameKind, change: (s: DailyStats) => DailyStats | undefined): Promise<DailyStats> {
    return modify(this.kv, PLAY_KEY.stats(userId, kind), (raw) => {
      const before = { ...emptyStats(), ...parseStats(raw) };
      const after = change(before);
      return after ? { value: JSON.stringify(after), result: after } : { keep: true, result: before };
    });
  }

  /** "Forget me": every game record of the person. */
  async forgetUser(userId: string): Promise<number> {
    const keys = await this.kv.keys(PLAY_KEY.user(userId));
    let deleted = 0;
    for (const key of keys) if (await this.kv.delete(key)) deleted++;
    return deleted;
  }
}

function ended(s: DailyStats, day: string, play: Play): DailyStats {
  if (play.end === 'lost') return { ...s, lost: s.lost + 1, streak: 0 };
  const streak = s.lastSolved === previousDay(day) ? s.streak + 1 : 1;
  const distribution = s.distribution.map((n, i) => (i === play.guesses.length - 1 ? n + 1 : n));
  return { ...s, solved: s.solved + 1, streak, best: Math.max(s.best, streak), lastSolved: day, distribution };
}
