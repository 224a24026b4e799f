// Higher or lower: two pool titles, which has the higher score? One round per person and kind in the
// store (`game:user:<id>:hl:<kind>`, an hour), its buttons naming only the round's nonce and a side, so
// a stale button is refused and a click counts once (compare-and-set). Right: the second title stays
// and a new one comes; wrong: the run ends and the best run is kept (src/games/plays.ts).

import { randomBytes, randomInt } from 'node:crypto';
import type { StoreEngine } from '../store/engine.js';
import { jsonDecoder } from '../store/record-decoder.js';
import { PLAY_KEY } from './plays.js';
import type { GameKind, GamePool, PoolTitle } from './pool.js';

const ROUND_KEEP_MS = 60 * 60 * 1000;

export const hlKey = (userId: string, kind: GameKind) => `${PLAY_KEY.user(userId)}hl:${kind}`;

export interface HlRound {
  nonce: string;
  a: PoolTitle;
  b: PoolTitle;
  run: number;
}

export type HlKv = Pick<StoreEngine, 'get' | 'set' | 'compareAndSet' | 'delete'>;

/** The outcome of a pick: right (and the next round), or wrong (the run ended), or a stale button. */
export type HlPick = { right: true; was: HlRound; next: HlRound } | { right: false; was: HlRound } | { stale: true };

const scored = (pool: GamePool) => pool.titles.filter((t) => t.score !== undefined);

const roundDecoder = jsonDecoder<HlRound>('game:hl', (value) => {
  const v = value as HlRound;
  return typeof v.nonce === 'string' && typeof v.run === 'number' && v.a && v.b ? v : undefined;
});
const parse = (raw: string | undefined): HlRound | undefined => roundDecoder.decode(raw);

export class HigherLower {
  constructor(
    private readonly kv: HlKv,
    private readonly draw: (n: number) => number = (n) => randomInt(n),
  ) {}

  /** A title of the pool with a score other than `than`'s (so one answer is right). */
  private other(pool: GamePool, than: PoolTitle | undefined): PoolTitle | undefined {
    const from = scored(pool).filter((t) => t.id !== than?.id && t.score !== than?.score);
    return from.length === 0 ? undefined : from[this.draw(from.length)];
  }

  /** Starts a run: a new round of two titles; undefined when the pool has too few scored titles. */
  async start(userId: string, kind: GameKind, pool: GamePool): Promise<HlRound | undefined> {
    const a = this.other(pool, undefined);
    const b = a && this.other(pool, a);
    if (!a || !b) return undefined;
    const round: HlRound = { nonce: randomBytes(6).toString('base64url'), a, b, run: 0 };
    await this.kv.set(hlKey(userId, kind), JSON.stringify(round), ROUND_KEEP_MS);
    return round;
  }

  /** A pick of side a or b in the round with this nonce. Ties never happen (the two scores differ). */
  async pick(userId: string, kind: GameKind, nonce: string, side: 'a' | 'b', pool: GamePool): Promise<HlPick> {
    const key = hlKey(userId, kind);
    const raw = await this.kv.get(key);
    const was = parse(raw);
    if (!raw || !was || was.nonce !== nonce) return { stale: true };
    const [chosen, other] = side === 'a' ? [was.a, was.b] : [was.b, was.a];
    const right = (chosen.score ?? 0) > (other.score ?? 0);
    const nextB = right ? this.other(pool, was.b) : undefined;
    // Single compare-and-sets, not `modify`: losing is the answer. A round changed meanwhile was answered
    // by another click (its nonce is spent), so this click is stale.
    if (!right || !nextB) {
      if (!(await this.kv.compareAndSet(key, raw, JSON.stringify({ ...was, nonce: '' }), ROUND_KEEP_MS))) return { stale: true };
      return right ? { right: true, was, next: { ...was, nonce: '', run: was.run + 1 } } : { right: false, was };
    }
    const next: HlRound = { nonce: randomBytes(6).toString('base64url'), a: was.b, b: nextB, run: was.run + 1 };
    if (!(await this.kv.compareAndSet(key, raw, JSON.stringify(next), ROUND_KEEP_MS))) return { stale: true };
    return { right: true, was, next };
  }
}
