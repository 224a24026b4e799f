// The daily puzzle's secret: one title per kind per UTC day for the whole deployment, chosen with a
// cryptographic random draw when the day's first game starts, and kept by set-if-absent so every process
// (and a restart) plays the same one; the title is kept whole, so a pool read that day changes nothing.
// The ids of the last year's secrets are kept (`game:daily-history:<kind>`), and a draw leaves them out.

import { randomInt } from 'node:crypto';
import { ConcurrentChangeError, modify } from '../store/compare-and-set.js';
import { jsonDecoder } from '../store/record-decoder.js';
import { isRecord } from '../util/is-record.js';
import type { StoreEngine } from '../store/engine.js';
import type { GameKind, GamePool, PoolTitle } from './pool.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a day's secret is kept: past the day, so a game started before midnight ends on the same one. */
const SECRET_KEEP_MS = 3 * DAY_MS;
/** Secrets not drawn again within this many days. */
export const NO_REPEAT_DAYS = 366;

export const DAILY_KEY = {
  secret: (kind: GameKind, day: string) => `game:daily:${kind}:${day}`,
  history: (kind: GameKind) => `game:daily-history:${kind}`,
};

export type DailyKv = Pick<StoreEngine, 'get' | 'setIfAbsent' | 'compareAndSet' | 'compareAndDelete'>;

/** The UTC day of a time, `YYYY-MM-DD`. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** When the UTC day of a time ends. */
export function dayEndsAt(ms: number): number {
  return (Math.floor(ms / DAY_MS) + 1) * DAY_MS;
}

/** The day before, `YYYY-MM-DD`. */
export function previousDay(day: string): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) - DAY_MS);
}

interface HistoryEntry {
  d: string;
  id: number;
}

/** The kind's recent secrets (`[{ d: day, id }]`); a malformed record reads as none (counted and logged), a malformed entry is skipped. */
const HISTORY = jsonDecoder<HistoryEntry[]>('game-daily-history', (v) =>
  Array.isArray(v) ? v.filter((e): e is HistoryEntry => isRecord(e) && typeof e.d === 'string' && Number.isSafeInteger(e.id)) : undefined,
);

/** A day's secret title; a malformed record reads as absent (counted and logged). */
const SECRET = jsonDecoder<PoolTitle>('game-daily-secret', (v) => (isRecord(v) && Number.isSafeInteger(v.id) && typeof v.title === 'string' ? (v as unknown as PoolTitle) : undefined));

const parseHistory = (raw: string | undefined): HistoryEntry[] => HISTORY.decode(raw) ?? [];
const parseSecret = (raw: string | undefined): PoolTitle | undefined => SECRET.decode(raw);

export class DailySecrets {
  constructor(
    private readonly kv: DailyKv,
    /** A random index below `n` (crypto by default; tests pass their own). */
    private readonly draw: (n: number) => number = (n) => randomInt(n),
  ) {}

  /** The day's secret if it was chosen already. */
  async kept(kind: GameKind, day: string): Promise<PoolTitle | undefined> {
    return parseSecret(await this.kv.get(DAILY_KEY.secret(kind, day)));
  }

  /** The day's secret: the one kept, else one drawn now from the pool (the first process to keep it wins). */
  async secret(kind: GameKind, day: string, pool: GamePool): Promise<PoolTitle> {
    const kept = await this.kept(kind, day);
    if (kept) return kept;
    const since = utcDay(Date.parse(`${day}T00:00:00Z`) - NO_REPEAT_DAYS * DAY_MS);
    const recent = new Set(parseHistory(await this.kv.get(DAILY_KEY.history(kind))).filter((e) => e.d > since && e.d !== day).map((e) => e.id));
    const fresh = pool.titles.filter((t) => !recent.has(t.id));
    const from = fresh.length > 0 ? fresh : pool.titles;
    const drawn = from[this.draw(from.length)]!;
    if (!(await this.kv.setIfAbsent(DAILY_KEY.secret(kind, day), JSON.stringify(drawn), SECRET_KEEP_MS))) {
      const winner = await this.kept(kind, day);
      if (winner) return winner;
    }
    await this.remember(kind, day, drawn.id, since);
    return drawn;
  }

  /** Adds the day's secret to the kind's history (a compare-and-set, so concurrent days never lose one). */
  private async remember(kind: GameKind, day: string, id: number, since: string): Promise<void> {
    try {
      await modify(this.kv, DAILY_KEY.history(kind), (raw) => ({ value: JSON.stringify([...parseHistory(raw).filter((e) => e.d > since && e.d !== day), { d: day, id }]), result: undefined }));
    } catch (error) {
      // Given up (counted and logged by the store layer): the day's secret is kept; only the repeat check misses it.
      if (!(error instanceof ConcurrentChangeError)) throw error;
    }
  }
}
