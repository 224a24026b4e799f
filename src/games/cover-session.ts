// A channel's cover rounds as stored (`game:cover:<channel id>`, one record per channel): the rounds
// asked for, the round being played (its title, when it started, its message, its winner), and the
// rounds played so far. Every change is a compare-and-set over the value read (src/store/compare-and-set.ts),
// so of two answers at once exactly one finds the round open and wins it, in whichever process.

import { createHash, randomBytes, randomInt } from 'node:crypto';
import { jsonDecoder } from '../store/record-decoder.js';
import { GAME_KINDS, type GameKind, type GamePool, type PoolTitle } from './pool.js';

/** A frame every 10 s: the first at the start, the sixth (the sharpest) at 50 s; the round ends at 60 s. */
export const COVER_FRAMES = 6;
export const COVER_STEP_MS = 10_000;
export const COVER_ROUND_MS = COVER_FRAMES * COVER_STEP_MS;
export const MAX_COVER_ROUNDS = 10;
/** How long a channel's record is kept after its last change (an ended one: for answers that come late). */
export const COVER_KEEP_MS = 30 * 60_000;

export const coverKey = (channelId: string) => `game:cover:${channelId}`;

/** A round played: its title and who won it when (none: no one named it in time). */
export interface PlayedRound {
  n: number;
  titleId: number;
  title: string;
  winner?: { userId: string; ms: number };
}

export interface CoverSession {
  /** Random, names the session in custom ids (never the title). */
  sid: string;
  guildId: string;
  channelId: string;
  kind: GameKind;
  /** The language the posts are written in (the server's, else the starter's). */
  locale: string;
  total: number;
  /** The round being played, from 1. */
  n: number;
  title: PoolTitle;
  startedAt: number;
  /** The round's message (its frames are edits of it), once posted. */
  messageId?: string;
  won?: { userId: string; at: number };
  /** No one named it within the round's 60 s. */
  timedOut?: boolean;
  /** Title ids drawn in this session (not drawn again). */
  used: number[];
  played: PlayedRound[];
  /** Every round was played (kept a while for late answers). */
  over?: boolean;
}

const isStr = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

export const sessionDecoder = jsonDecoder<CoverSession>('game:cover', (v) => {
  const s = v as Partial<CoverSession>;
  const ok =
    isStr(s.sid) && isStr(s.guildId) && isStr(s.channelId) && isStr(s.locale) && (GAME_KINDS as readonly unknown[]).includes(s.kind) &&
    isInt(s.total) && isInt(s.n) && isInt(s.startedAt) && typeof s.title === 'object' && s.title !== null && isInt(s.title.id) &&
    Array.isArray(s.used) && Array.isArray(s.played);
  return ok ? (s as CoverSession) : undefined;
});

/** The round's open: no winner yet, not timed out, the session not over. */
export const roundOpen = (s: CoverSession): boolean => !s.won && !s.timedOut && !s.over;

/** Titles a round may draw: those with a picture. The pool holds only titles rated safe for work, so every channel draws from all of it. */
export function drawable(pool: GamePool, used: readonly number[]): PoolTitle[] {
  const fresh = pool.titles.filter((t) => t.picture !== undefined && !used.includes(t.id));
  return fresh.length > 0 ? fresh : pool.titles.filter((t) => t.picture !== undefined);
}

export type Draw = (n: number) => number;
export const cryptoDraw: Draw = (n) => randomInt(n);

export interface SessionStart {
  guildId: string;
  channelId: string;
  kind: GameKind;
  locale: string;
  total: number;
}

/** A new session's first round; undefined when the pool has no title with a picture. */
export function newSession(o: SessionStart, pool: GamePool, now: number, draw: Draw): CoverSession | undefined {
  const from = drawable(pool, []);
  if (from.length === 0) return undefined;
  const title = from[draw(from.length)]!;
  return { sid: randomBytes(6).toString('base64url'), ...o, n: 1, title, startedAt: now, used: [title.id], played: [] };
}

/** The round just ended, as played. */
export function playedRound(s: CoverSession): PlayedRound {
  return { n: s.n, titleId: s.title.id, title: s.title.title, ...(s.won ? { winner: { userId: s.won.userId, ms: Math.max(0, s.won.at - s.startedAt) } } : {}) };
}

/** The session after its round `n` ended: the next round, or over. */
export function nextRound(s: CoverSession, pool: GamePool | undefined, now: number, draw: Draw): CoverSession {
  const played = [...s.played, playedRound(s)];
  const from = pool ? drawable(pool, s.used) : [];
  if (s.n >= s.total || from.length === 0) return { ...s, played, over: true };
  const title = from[draw(from.length)]!;
  const { messageId: _m, won: _w, timedOut: _t, ...rest } = s;
  return { ...rest, n: s.n + 1, title, startedAt: now, used: [...s.used, title.id], played };
}

/** A Discord nonce (25 characters at most) for one post of a round: the same on every retry and process. */
export function coverNonce(sid: string, n: number, what: string): string {
  return createHash('sha256').update(`cover:${sid}:${n}:${what}`).digest('base64url').slice(0, 25);
}
