// How the community is kept in the shared store: one record per server (its members in join order),
// one per joined member (the servers they joined and their sync state) and one mirror per member and
// list kind (compact rows, so a server view reads one small record per member and kind).

import type { ListKind, MemberMirror, MirrorEntry } from './types.js';
import { jsonDecoder } from '../store/record-decoder.js';

export const KEY = {
  guild: (guildId: string) => `soc:guild:${guildId}`,
  member: (userId: string) => `soc:member:${userId}`,
  members: 'soc:member:',
  mirror: (userId: string, kind: ListKind) => `soc:mirror:${userId}:${kind}`,
  /** The title index of an earlier version, one record per title for the whole deployment (moved at start: src/community/layout.ts). */
  legacyTitlePrefix: 'soc:title:',
} as const;

export const KINDS: readonly ListKind[] = ['anime', 'manga'];

/** One list kind's sync pace. */
export interface KindSync {
  changedAt: number;
  nextAt: number;
}

/** A kind's newest change and next read time (the member's own when that kind has none yet). */
export function kindSync(m: Pick<MemberRecord, 'changedAt' | 'nextAt' | 'kinds'>, kind: ListKind): KindSync {
  return m.kinds?.[kind] ?? { changedAt: m.changedAt, nextAt: m.nextAt };
}

/** A server's community. */
export interface GuildRecord {
  /** Discord user ids, in join order. */
  members: string[];
}

/** One joined member: where they joined and how their lists are synced. */
export interface MemberRecord {
  /** Server ids, in join order. */
  guilds: string[];
  /** The service account's name when they joined or were last synced. */
  serviceUser: string;
  /** Last time they used the bot (noted at most every few minutes). */
  activeAt: number;
  /** The newest change on their lists: the newest update time a sync saw, or a change made through the bot. */
  changedAt: number;
  /** When their next sync is due (epoch ms): the soonest of the kinds' own times. */
  nextAt: number;
  /**
   * Each list kind's own pace: the newest change seen on that list and when it is next read (a member
   * busy with their anime list does not make their quiet manga list read as often). Absent: `changedAt`/`nextAt`.
   */
  kinds?: Partial<Record<ListKind, KindSync>>;
  /** Ids of their latest sync jobs (removed from the job engine when they are forgotten). */
  jobIds?: string[];
  /** A process syncing them now holds this until then (epoch ms). */
  claimUntil?: number;
  /** Set when their login was lost: no more syncs; the mirrors are shown until `staleUntil`. */
  lost?: { at: number; staleUntil: number };
}

/** One mirrored list as stored: the shared fields once, each entry one compact row. */
export interface MirrorRecord {
  serviceUser: string;
  syncedAt: number;
  /** The newest `updated_at` a sync of the service has seen: later incremental syncs stop before it. */
  seenUpdatedAt: number;
  /** When the whole list was last read (deletions are found then). */
  fullAt: number;
  staleUntil?: number;
  /** Counts the record's writes (0: written by an earlier version): what the member's summary was computed from. */
  version: number;
  entries: Map<number, MirrorEntry>;
}

/**
 * [id, title, status, score, progress, total, episodeSeconds, nsfw (0|1), updatedAt (epoch s), picture?, finishedOn?, season?]:
 * the picture as what follows the mirror's shared picture prefix (`1953/147885.jpg`), or a whole URL
 * when it does not start with it; `''` or absent when there is none (rows written before pictures were
 * kept). The finish date (`2025-03-00`) and the start season (`2025-spring`): `''` or absent when
 * unknown (rows written before they were kept, 9 or 10 long, still read).
 */
type Row = [number, string, string, number, number, number, number, number, number, string?, string?, string?];

interface StoredMirror {
  u: string;
  s: number;
  w: number;
  f: number;
  x?: number;
  v?: number;
  /** The picture URLs' shared prefix (`https://cdn.example/images/anime/`), kept once. */
  p?: string;
  e: Row[];
}

/** The part of a picture URL every picture of a list shares: all up to its last two path segments. */
export function picturePrefix(url: string | undefined): string | undefined {
  const m = url === undefined ? null : /^(https?:\/\/[^/?#]+\/(?:[^/?#]+\/)*?)[^/?#]+\/[^/?#]+$/.exec(url);
  return m?.[1];
}

function rowOf(e: MirrorEntry, prefix: string | undefined): Row {
  const row: Row = [e.id, e.title, e.status, e.score, e.progress, e.total, e.episodeSeconds, e.nsfw ? 1 : 0, Math.round(e.updatedAt / 1000)];
  const picture = e.picture === undefined ? '' : prefix !== undefined && e.picture.startsWith(prefix) ? e.picture.slice(prefix.length) : e.picture;
  const tail = [picture, e.finishedOn ?? '', e.season ?? ''];
  // Trailing unknowns are left out (a row of an entry with none of them is as an earlier version wrote it).
  while (tail.length > 0 && tail[tail.length - 1] === '') tail.pop();
  row.push(...tail);
  return row;
}

function entryOf(r: unknown, prefix: string | undefined): MirrorEntry | undefined {
  if (!Array.isArray(r) || r.length < 9 || r.length > 12) return undefined;
  const [id, title, status, score, progress, total, episodeSeconds, nsfw, updated, picture, finishedOn, season] = r as unknown[];
  if (typeof id !== 'number' || typeof title !== 'string' || typeof status !== 'string') return undefined;
  const nums = [score, progress, total, episodeSeconds, nsfw, updated];
  if (!nums.every((n) => typeof n === 'number' && Number.isFinite(n))) return undefined;
  const entry: MirrorEntry = {
    id,
    title,
    status,
    score: score as number,
    progress: progress as number,
    total: total as number,
    episodeSeconds: episodeSeconds as number,
    nsfw: nsfw === 1,
    updatedAt: (updated as number) * 1000,
  };
  if (typeof picture === 'string' && picture !== '') entry.picture = picture.includes('://') || prefix === undefined ? picture : prefix + picture;
  if (typeof finishedOn === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(finishedOn)) entry.finishedOn = finishedOn;
  if (typeof season === 'string' && /^\d{4}-(winter|spring|summer|fall)$/.test(season)) entry.season = season;
  return entry;
}

export function encodeMirror(m: MirrorRecord): string {
  const entries = [...m.entries.values()];
  const prefix = picturePrefix(entries.find((e) => e.picture !== undefined)?.picture);
  const stored: StoredMirror = { u: m.serviceUser, s: m.syncedAt, w: m.seenUpdatedAt, f: m.fullAt, e: entries.map((e) => rowOf(e, prefix)) };
  if (prefix !== undefined) stored.p = prefix;
  if (m.staleUntil !== undefined) stored.x = m.staleUntil;
  if (m.version > 0) stored.v = m.version;
  return JSON.stringify(stored);
}

const mirrorDecoder = jsonDecoder<MirrorRecord>('soc:mirror', (value) => {
  const v = value as Partial<StoredMirror>;
  if (typeof v.u !== 'string' || typeof v.s !== 'number' || !Array.isArray(v.e)) return undefined;
  const entries = new Map<number, MirrorEntry>();
  for (const row of v.e) {
    const entry = entryOf(row, typeof v.p === 'string' ? v.p : undefined);
    if (entry) entries.set(entry.id, entry);
  }
  const record: MirrorRecord = { serviceUser: v.u, syncedAt: v.s, seenUpdatedAt: typeof v.w === 'number' ? v.w : 0, fullAt: typeof v.f === 'number' ? v.f : 0, version: typeof v.v === 'number' ? v.v : 0, entries };
  if (typeof v.x === 'number') record.staleUntil = v.x;
  return record;
});

export function decodeMirror(raw: string | undefined): MirrorRecord | undefined {
  return mirrorDecoder.decode(raw);
}

/** The mirror as readers see it (entries in list order: most recently updated first). */
export function memberMirror(discordUserId: string, kind: ListKind, m: MirrorRecord): MemberMirror {
  const entries = [...m.entries.values()].sort((a, b) => b.updatedAt - a.updatedAt || a.id - b.id);
  const mirror: MemberMirror = { discordUserId, serviceUser: m.serviceUser, kind, entries, syncedAt: m.syncedAt };
  if (m.staleUntil !== undefined) mirror.staleUntil = m.staleUntil;
  return mirror;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

const guildDecoder = jsonDecoder<GuildRecord>('soc:guild', (value) => {
  const v = value as { members?: unknown };
  return { members: strings(v.members) };
});

export function parseGuild(raw: string | undefined): GuildRecord | undefined {
  return guildDecoder.decode(raw);
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

const memberDecoder = jsonDecoder<MemberRecord>('soc:member', (value) => {
  const v = value as Record<string, unknown>;
  const record: MemberRecord = {
    guilds: strings(v.guilds),
    serviceUser: typeof v.serviceUser === 'string' ? v.serviceUser : '',
    activeAt: num(v.activeAt),
    changedAt: num(v.changedAt),
    nextAt: num(v.nextAt),
  };
  if (Array.isArray(v.jobIds)) record.jobIds = strings(v.jobIds);
  if (typeof v.claimUntil === 'number') record.claimUntil = v.claimUntil;
  const kinds = parseKinds(v.kinds);
  if (kinds) record.kinds = kinds;
  const lost = v.lost as { at?: unknown; staleUntil?: unknown } | undefined;
  if (lost && typeof lost.at === 'number' && typeof lost.staleUntil === 'number') record.lost = { at: lost.at, staleUntil: lost.staleUntil };
  return record;
});

export function parseMember(raw: string | undefined): MemberRecord | undefined {
  return memberDecoder.decode(raw);
}

function parseKinds(v: unknown): Partial<Record<ListKind, KindSync>> | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const kinds: Partial<Record<ListKind, KindSync>> = {};
  for (const kind of KINDS) {
    const k = (v as Record<string, { changedAt?: unknown; nextAt?: unknown } | undefined>)[kind];
    if (k && typeof k.changedAt === 'number' && typeof k.nextAt === 'number') kinds[kind] = { changedAt: k.changedAt, nextAt: k.nextAt };
  }
  return kinds;
}

/** Whether two entries differ in anything the server features show (the update time alone is no change). */
export function entriesDiffer(a: MirrorEntry, b: MirrorEntry): boolean {
  return a.status !== b.status || a.score !== b.score || a.progress !== b.progress || a.total !== b.total || a.title !== b.title || a.nsfw !== b.nsfw || a.episodeSeconds !== b.episodeSeconds;
}
