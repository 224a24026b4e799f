// The games' pool per kind (src/games): the most popular titles (about 1 000 anime, 500 manga), with the
// fields the clues need and the picture, kept in the shared store and read back by every process.
// One small record says which pool is current (`game:pool-meta:<kind>`: when it was read and how many
// titles); the titles themselves are one gzipped record (`game:pool:<kind>`). A process keeps the last
// pool it parsed and reads the small record on each use, so a refresh elsewhere reaches it at once,
// without parsing the big record again per guess or keystroke.

import { gunzipSync, gzipSync } from 'node:zlib';
import type { StoreEngine } from '../store/engine.js';
import { jsonDecoder } from '../store/record-decoder.js';

export const GAME_KINDS = ['anime', 'manga'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

/** How many titles each kind's pool holds at most (ranking by popularity, top first). */
export const POOL_SIZE: Record<GameKind, number> = { anime: 1000, manga: 500 };
/** A pool older than this is read again. */
export const POOL_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;

/** One title of the pool: what autocomplete matches and what the clues compare. */
export interface PoolTitle {
  id: number;
  title: string;
  en?: string;
  ja?: string;
  synonyms: string[];
  picture?: string;
  /** Start year (anime: its start season's year, else its start date's). */
  year?: number;
  /** Anime only: the start season (winter, spring, summer, fall). */
  season?: string;
  mediaType?: string;
  /** Mean score; undefined when the service has none. */
  score?: number;
  genres: string[];
  /** Anime: episodes (undefined: unknown). */
  episodes?: number;
  studios?: string[];
  source?: string;
  /** Manga: volumes and chapters (undefined: unknown). */
  volumes?: number;
  chapters?: number;
  authors?: string[];
  serialization?: string[];
}

export interface GamePool {
  kind: GameKind;
  /** When it was read (the bot's clock). */
  readAt: number;
  titles: PoolTitle[];
}

interface PoolMeta {
  readAt: number;
  count: number;
}

export const POOL_KEY = {
  meta: (kind: GameKind) => `game:pool-meta:${kind}`,
  titles: (kind: GameKind) => `game:pool:${kind}`,
};

export type PoolKv = Pick<StoreEngine, 'get' | 'writeMany'>;

const metaDecoder = jsonDecoder<PoolMeta>('game:pool-meta', (value) => {
  const v = value as Partial<PoolMeta>;
  return typeof v.readAt === 'number' && typeof v.count === 'number' ? { readAt: v.readAt, count: v.count } : undefined;
});
const parseMeta = (raw: string | undefined): PoolMeta | undefined => metaDecoder.decode(raw);

function isPoolTitle(v: unknown): v is PoolTitle {
  if (typeof v !== 'object' || v === null) return false;
  const t = v as Partial<PoolTitle>;
  return Number.isSafeInteger(t.id) && typeof t.title === 'string' && Array.isArray(t.synonyms) && Array.isArray(t.genres);
}

const titlesDecoder = jsonDecoder<PoolTitle[]>('game:pool', (v) => (Array.isArray(v) && v.every(isPoolTitle) ? v : undefined), {
  unpack: (raw) => gunzipSync(Buffer.from(raw, 'base64')).toString('utf8'),
});
const parseTitles = (raw: string | undefined): PoolTitle[] | undefined => titlesDecoder.decode(raw);

/** The pools in the shared store, with this process's copy of the last one parsed per kind. */
export class GamePools {
  private readonly parsed = new Map<GameKind, GamePool>();

  constructor(private readonly kv: PoolKv) {}

  /** The current pool of a kind, or undefined while none was read yet (or its record is unreadable). */
  async current(kind: GameKind): Promise<GamePool | undefined> {
    const meta = parseMeta(await this.kv.get(POOL_KEY.meta(kind)));
    if (!meta) return undefined;
    const kept = this.parsed.get(kind);
    if (kept && kept.readAt === meta.readAt) return kept;
    const titles = parseTitles(await this.kv.get(POOL_KEY.titles(kind)));
    if (!titles || titles.length === 0) return undefined;
    const pool: GamePool = { kind, readAt: meta.readAt, titles };
    this.parsed.set(kind, pool);
    return pool;
  }

  /** When the kind's pool was read, or undefined when none is kept. */
  async readAt(kind: GameKind): Promise<number | undefined> {
    return parseMeta(await this.kv.get(POOL_KEY.meta(kind)))?.readAt;
  }

  /** Keeps a freshly read pool: the titles and the record naming them, in one batch. */
  async save(kind: GameKind, titles: readonly PoolTitle[], readAt: number): Promise<void> {
    const packed = gzipSync(Buffer.from(JSON.stringify(titles), 'utf8')).toString('base64');
    const meta: PoolMeta = { readAt, count: titles.length };
    await this.kv.writeMany([
      [POOL_KEY.titles(kind), packed],
      [POOL_KEY.meta(kind), JSON.stringify(meta)],
    ]);
  }
}
