// /anime random and /manga random in the shared store: the pool a person's pick is drawn from (their
// list as read once, kept a few minutes so autocomplete, the pick and every re-roll share one read),
// and each answer's session (the titles that fit its filters, those already shown, and the titles the
// person's list showed completed, for spoiler-safe synopses). Any process answers any click.

import { randomBytes } from 'node:crypto';
import type { StoreEngine } from './engine.js';
import { modify } from './compare-and-set.js';
import { jsonDecoder } from './record-decoder.js';
import { isRecord } from '../util/is-record.js';

/** One title of a pool, with what the filters ask of it. */
export interface PickCandidate {
  id: number;
  title: string;
  genres: string[];
  /** Episodes (anime) or volumes (manga); 0 when unknown. */
  count: number;
  mediaType: string;
  /** The work's status (`currently_airing`, `finished`, …); '' when unknown. */
  status: string;
  nsfw: boolean;
}

export interface PickPool {
  candidates: PickCandidate[];
  /** The titles the person's own list showed completed (only for a read of their own list). */
  completed: number[];
}

export interface PickSession {
  userId: string;
  /** The titles that fit the answer's filters, in the pool's order. */
  ids: number[];
  /** The titles shown in this answer so far, the current one last. */
  shown: number[];
  completed: number[];
}

/** What a draw came to: the session with the title drawn noted, none left, or no such session. */
export type Drawn = { session: PickSession; next: number } | { exhausted: PickSession } | { expired: true };

/** A pool is read again after this long (a list changes as people use the bot). */
export const POOL_TTL_MS = 10 * 60_000;
/** An answer's Another button works this long. */
export const SESSION_TTL_MS = 60 * 60_000;

/** Every key starts with the person's Discord id, so "forget me" finds them: pools `pick:pool:<id>:…`, sessions `pick:session:<id>:<session>`. */
const poolKey = (key: string) => `pick:pool:${key}`;
const sessionKey = (userId: string, id: string) => `pick:session:${userId}:${id}`;

function numbers(value: unknown): number[] | undefined {
  return Array.isArray(value) && value.every((n) => typeof n === 'number' && Number.isSafeInteger(n)) ? (value as number[]) : undefined;
}


function poolOf(v: Record<string, unknown>): PickPool | undefined {
  const completed = numbers(v.completed);
  if (!Array.isArray(v.candidates) || completed === undefined) return undefined;
  return { candidates: v.candidates as PickCandidate[], completed };
}

function sessionOf(v: Record<string, unknown>): PickSession | undefined {
  const [ids, shown, completed] = [numbers(v.ids), numbers(v.shown), numbers(v.completed)];
  if (typeof v.userId !== 'string' || !ids || !shown || !completed) return undefined;
  return { userId: v.userId, ids, shown, completed };
}

const poolDecoder = jsonDecoder<PickPool>('pick:pool', (v) => (isRecord(v) ? poolOf(v) : undefined));
const sessionDecoder = jsonDecoder<PickSession>('pick:session', (v) => (isRecord(v) ? sessionOf(v) : undefined));

export class PickSessions {
  constructor(private readonly kv: Pick<StoreEngine, 'get' | 'set' | 'setIfAbsent' | 'compareAndSet' | 'compareAndDelete' | 'keys' | 'delete'>) {}

  async pool(key: string): Promise<PickPool | undefined> {
    return poolDecoder.decode(await this.kv.get(poolKey(key)));
  }

  /** `key` starts with the person's Discord id and a colon. */
  async savePool(key: string, pool: PickPool): Promise<void> {
    await this.kv.set(poolKey(key), JSON.stringify(pool), POOL_TTL_MS);
  }

  /** Opens an answer's session; returns its id (12 characters, for the Another button's custom id). */
  async open(session: PickSession): Promise<string> {
    const id = randomBytes(9).toString('base64url');
    await this.kv.set(sessionKey(session.userId, id), JSON.stringify(session), SESSION_TTL_MS);
    return id;
  }

  /** The session with its stored text (for `advance`); undefined when unknown or expired. */
  async session(userId: string, id: string): Promise<{ session: PickSession; raw: string } | undefined> {
    const raw = await this.kv.get(sessionKey(userId, id));
    const session = sessionDecoder.decode(raw);
    return session && raw !== undefined ? { session, raw } : undefined;
  }

  /**
   * Draws the next title of the person's session (`draw` picks one it has not shown; undefined: none
   * left) and notes it shown, through the store's compare-and-set step: two clicks at once each get a
   * title of their own. `expired`: no such session of this person.
   */
  drawNext(userId: string, id: string, draw: (session: PickSession) => number | undefined): Promise<Drawn> {
    return modify<Drawn>(
      this.kv,
      sessionKey(userId, id),
      (raw) => {
        const session = sessionDecoder.decode(raw);
        if (!session || session.userId !== userId) return { keep: true, result: { expired: true } };
        const next = draw(session);
        if (next === undefined) return { keep: true, result: { exhausted: session } };
        const shown = { ...session, shown: [...session.shown, next] };
        return { value: JSON.stringify(shown), result: { session: shown, next } };
      },
      { ttlMs: SESSION_TTL_MS },
    );
  }

  /** "Forget me": deletes the person's pools and sessions; returns how many records. */
  async forgetUser(userId: string): Promise<number> {
    const keys = [...(await this.kv.keys(`pick:pool:${userId}:`)), ...(await this.kv.keys(`pick:session:${userId}:`))];
    const deleted = await Promise.all(keys.map((key) => this.kv.delete(key)));
    return deleted.filter(Boolean).length;
  }
}
