// The title index: one record per (kind, title) holding a compact row for every mirrored member who
// has that title, so the server view reads two records (the server's members and the title's
// holders) instead of every member's whole mirror. It is kept by the mirror store wherever a mirror
// changes (first sync, later syncs, list changes through the bot, a lost login, a mirror dropped),
// each title record changed by compare-and-set so concurrent processes never lose a row; a record
// left without rows is deleted. A full sync pass rewrites the member's rows that are missing or
// differ, so an index write lost to a crash heals at the member's next full pass. Migration: a
// mirror kept by an older version, without rows here, is indexed at its next full pass (daily).
// Cost: a first sync writes one title record per entry (about 300 writes for 300 entries), later
// syncs one per changed title; a full pass reads each of the member's title records and writes only
// those that differ. About 45 bytes per entry in the store, besides the mirror.

import { modify, type SocialKv } from './kv.js';
import { KEY } from './records.js';
import type { ListKind, MirrorEntry, TitleHolder, TitleHolders } from './types.js';

export const TITLE_KEY = (kind: ListKind, id: number): string => `${KEY.titlePrefix}${kind}:${id}`;

/** [status (its code, or the name for a status not listed), score, progress, total, serviceUser, staleUntil?] */
type Row = [number | string, number, number, number, string] | [number | string, number, number, number, string, number];

/** Status codes in rows (a few bytes less per row than the names). */
const STATUS_CODES: Readonly<Record<ListKind, readonly string[]>> = {
  anime: ['watching', 'completed', 'on_hold', 'dropped', 'plan_to_watch'],
  manga: ['reading', 'completed', 'on_hold', 'dropped', 'plan_to_read'],
};

function statusCode(kind: ListKind, status: string): number | string {
  const i = STATUS_CODES[kind].indexOf(status);
  return i < 0 ? status : i;
}

function statusName(kind: ListKind, code: unknown): string | undefined {
  if (typeof code === 'string') return code;
  return typeof code === 'number' ? STATUS_CODES[kind][code] : undefined;
}

interface StoredTitle {
  /** The title's name as a holder's mirror has it (untrusted text). */
  t: string;
  /** 1: not safe for work. */
  n: 0 | 1;
  /** Discord user id → row. */
  r: Record<string, Row>;
}

/** One holder's row as read from the index. */
export interface IndexedRow extends Omit<TitleHolder, 'discordUserId'> {
  /** The member's login was lost: the row is shown until then (epoch ms). */
  staleUntil?: number;
}

export interface IndexedTitle {
  title: string;
  nsfw: boolean;
  rows: Map<string, IndexedRow>;
}

function rowOf(kind: ListKind, e: MirrorEntry, serviceUser: string, staleUntil: number | undefined): Row {
  const row: Row = [statusCode(kind, e.status), e.score, e.progress, e.total, serviceUser];
  return staleUntil === undefined ? row : [...row, staleUntil];
}

function parse(raw: string | undefined): StoredTitle | undefined {
  if (raw === undefined) return undefined;
  try {
    const v = JSON.parse(raw) as Partial<StoredTitle>;
    if (typeof v.r !== 'object' || v.r === null) return undefined;
    return { t: typeof v.t === 'string' ? v.t : '', n: v.n === 1 ? 1 : 0, r: v.r };
  } catch {
    return undefined;
  }
}

function indexedRow(kind: ListKind, r: unknown): IndexedRow | undefined {
  if (!Array.isArray(r) || r.length < 5) return undefined;
  const [code, score, progress, total, serviceUser, staleUntil] = r as unknown[];
  const status = statusName(kind, code);
  if (typeof status !== 'string' || typeof serviceUser !== 'string') return undefined;
  if (typeof score !== 'number' || typeof progress !== 'number' || typeof total !== 'number') return undefined;
  const row: IndexedRow = { serviceUser, status, score, progress, total };
  if (typeof staleUntil === 'number') row.staleUntil = staleUntil;
  return row;
}

const sameRow = (a: Row | undefined, b: Row): boolean => a !== undefined && a.length === b.length && a.every((v, i) => v === b[i]);

/** Title records changed at once by one member's update (bounded: a first sync touches hundreds). */
const PARALLEL = 8;

async function eachLimited<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

export class TitleIndex {
  constructor(private readonly kv: SocialKv) {}

  /** The holders of one title, or undefined when nobody mirrored has it. */
  async read(kind: ListKind, id: number): Promise<IndexedTitle | undefined> {
    const stored = parse(await this.kv.get(TITLE_KEY(kind, id)));
    if (!stored) return undefined;
    const rows = new Map<string, IndexedRow>();
    for (const [userId, r] of Object.entries(stored.r)) {
      const row = indexedRow(kind, r);
      if (row) rows.set(userId, row);
    }
    return { title: stored.t, nsfw: stored.n === 1, rows };
  }

  /**
   * Writes the member's rows for these entries (a record is only rewritten when its row or the
   * title's name differs). `staleUntil`: the member's login was lost, shown until then.
   */
  async put(userId: string, kind: ListKind, serviceUser: string, entries: readonly MirrorEntry[], staleUntil?: number): Promise<void> {
    await eachLimited(entries, async (e) => {
      const row = rowOf(kind, e, serviceUser, staleUntil);
      await modify(this.kv, TITLE_KEY(kind, e.id), (raw) => {
        const stored = parse(raw) ?? { t: e.title, n: e.nsfw ? 1 : 0, r: {} };
        const n = e.nsfw ? 1 : 0;
        if (sameRow(stored.r[userId], row) && stored.t === e.title && stored.n === n) return { keep: true, result: undefined };
        stored.r[userId] = row;
        stored.t = e.title;
        stored.n = n;
        return { value: JSON.stringify(stored), result: undefined };
      });
    });
  }

  /** Removes the member's rows for these titles (a record left empty is deleted). */
  async remove(userId: string, kind: ListKind, ids: readonly number[]): Promise<void> {
    await eachLimited(ids, async (id) => {
      await modify(this.kv, TITLE_KEY(kind, id), (raw) => {
        const stored = parse(raw);
        if (!stored || !(userId in stored.r)) return { keep: true, result: undefined };
        delete stored.r[userId];
        return { value: Object.keys(stored.r).length === 0 ? undefined : JSON.stringify(stored), result: undefined };
      });
    });
  }
}

/**
 * The holders among a server's members (in join order): the index keeps rows of every mirrored
 * member, the server's record says who joined here; a lost login's rows are shown until their stale time.
 */
export function holdersIn(memberIds: readonly string[], indexed: IndexedTitle | undefined, now: number): TitleHolders {
  const holders: TitleHolder[] = [];
  for (const discordUserId of memberIds) {
    const row = indexed?.rows.get(discordUserId);
    if (!row || (row.staleUntil !== undefined && row.staleUntil <= now)) continue;
    holders.push({ discordUserId, serviceUser: row.serviceUser, status: row.status, score: row.score, progress: row.progress, total: row.total });
  }
  const found: TitleHolders = { joined: memberIds.length, holders };
  if (indexed && holders.length > 0) found.title = { title: indexed.title, nsfw: indexed.nsfw };
  return found;
}
