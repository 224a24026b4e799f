// The title index, per server: one small record per (server, title, member) who has the title,
// `soc:h:<guild>:<kind>:<id>:<member>`, so "In this server" reads the rows of the server's members for
// that title in one read: the cost follows the server's members, never the deployment,
// and two members changing one title never write the same record. A title's name and rating,
// `soc:name:<kind>:<id>`, is one small record written only when it changes (it keeps the cover URL too,
// for /server chart; a record written before covers were kept gains it at the next full pass of a
// member who has the title). It is kept by the mirror
// store wherever a mirror changes (first sync, later syncs, list changes through the bot, a lost
// login, a mirror dropped) and by joins and leaves (a member's rows go into or out of that server);
// each change is one batch (`writeMany`: one transaction on SQLite and PostgreSQL, one script on
// Redis). Which servers may hold a member's rows is noted in `soc:ix:<member>` before any row is
// written there, so dropping a member finds every row even after their memberships are gone. A full
// sync pass rewrites the member's rows that are missing or differ, so an index write lost to a crash
// heals at the member's next full pass. Cost: a first sync writes one row per entry and server the
// member joined (one batch); about 60 bytes per row in the store.

import type { BatchWrite } from '../store/engine.js';
import { modify } from '../store/compare-and-set.js';
import { jsonDecoder } from '../store/record-decoder.js';
import type { SocialKv } from './kv.js';
import { KEY, parseMember } from './records.js';
import { statusAt, statusIndex } from './status-codes.js';
import type { ListKind, MirrorEntry, TitleHolder, TitleHolders, TitleName } from './types.js';

export const HOLDERS_PREFIX = 'soc:h:';
/** The rows of one title in one server. */
export const TITLE_PREFIX = (guildId: string, kind: ListKind, id: number): string => `${HOLDERS_PREFIX}${guildId}:${kind}:${id}:`;
export const ROW_KEY = (guildId: string, kind: ListKind, id: number, userId: string): string => `${TITLE_PREFIX(guildId, kind, id)}${userId}`;
export const NAME_KEY = (kind: ListKind, id: number): string => `soc:name:${kind}:${id}`;
/** The servers where a member's rows may be. */
export const INDEXED_KEY = (userId: string): string => `soc:ix:${userId}`;

/** [status (its code, or the name for a status not listed), score, progress, total, serviceUser, staleUntil?] */
type Row = [number | string, number, number, number, string] | [number | string, number, number, number, string, number];

function statusCode(kind: ListKind, status: string): number | string {
  return statusIndex(kind, status) ?? status;
}

function statusName(kind: ListKind, code: unknown): string | undefined {
  if (typeof code === 'string') return code;
  return typeof code === 'number' ? statusAt(kind, code) : undefined;
}

/** One holder's row as read from the index. */
export interface IndexedRow extends Omit<TitleHolder, 'discordUserId'> {
  /** The member's login was lost: the row is shown until then (epoch ms). */
  staleUntil?: number;
}

export interface IndexedTitle extends TitleName {
  rows: Map<string, IndexedRow>;
}

function rowOf(kind: ListKind, e: MirrorEntry, serviceUser: string, staleUntil: number | undefined): string {
  const row: Row = [statusCode(kind, e.status), e.score, e.progress, e.total, serviceUser];
  return JSON.stringify(staleUntil === undefined ? row : [...row, staleUntil]);
}

/** A row as stored, its status still a code (named by the list kind the key holds). */
type StoredRow = [code: unknown, score: number, progress: number, total: number, serviceUser: string, staleUntil?: unknown];

const rowDecoder = jsonDecoder<StoredRow>('soc:index-row', (r) => {
  if (!Array.isArray(r) || r.length < 5) return undefined;
  const [, score, progress, total, serviceUser] = r as unknown[];
  if (typeof serviceUser !== 'string' || typeof score !== 'number' || typeof progress !== 'number' || typeof total !== 'number') return undefined;
  return r as StoredRow;
});

function indexedRow(kind: ListKind, raw: string | undefined): IndexedRow | undefined {
  const r = rowDecoder.decode(raw);
  if (r === undefined) return undefined;
  const [code, score, progress, total, serviceUser, staleUntil] = r;
  const status = statusName(kind, code);
  if (typeof status !== 'string') return undefined;
  const row: IndexedRow = { serviceUser, status, score, progress, total };
  if (typeof staleUntil === 'number') row.staleUntil = staleUntil;
  return row;
}

const nameOf = (e: MirrorEntry): string => JSON.stringify({ t: e.title, n: e.nsfw ? 1 : 0, ...(e.picture !== undefined ? { p: e.picture } : {}) });

const nameDecoder = jsonDecoder<TitleName>('soc:index-name', (value) => {
  const v = value as { t?: unknown; n?: unknown; p?: unknown };
  // A rating not known reads as not safe for work.
  const name: TitleName = { title: typeof v.t === 'string' ? v.t : '', nsfw: v.n !== 0 };
  if (typeof v.p === 'string' && v.p !== '') name.picture = v.p;
  return name;
});
const parseName = (raw: string | undefined): TitleName | undefined => nameDecoder.decode(raw);

const guildsDecoder = jsonDecoder<string[]>('soc:index-guilds', (v) => (Array.isArray(v) ? v.filter((g): g is string => typeof g === 'string') : undefined));
const parseGuilds = (raw: string | undefined): string[] => guildsDecoder.decode(raw) ?? [];

/** One member's list of one kind, as the index rows of a server are written from it. */
export interface IndexedList {
  kind: ListKind;
  serviceUser: string;
  entries: readonly MirrorEntry[];
  staleUntil?: number;
}

export class TitleIndex {
  constructor(private readonly kv: SocialKv) {}

  /**
   * The holders of one title among these members of the server, or undefined when none has it: one
   * read of their rows (a key per member: the cost follows the server's members, never the deployment's).
   */
  async read(guildId: string, kind: ListKind, id: number, memberIds: readonly string[]): Promise<IndexedTitle | undefined> {
    if (memberIds.length === 0) return undefined;
    const values = await this.kv.getMany([...memberIds.map((userId) => ROW_KEY(guildId, kind, id, userId)), NAME_KEY(kind, id)]);
    const rows = new Map<string, IndexedRow>();
    memberIds.forEach((userId, i) => {
      const row = indexedRow(kind, values[i]);
      if (row) rows.set(userId, row);
    });
    if (rows.size === 0) return undefined;
    return { ...(parseName(values[memberIds.length]) ?? { title: '', nsfw: true }), rows };
  }

  /** The names and ratings of these titles (those the index has). One store read. */
  async names(kind: ListKind, ids: readonly number[]): Promise<Map<number, TitleName>> {
    const raws = ids.length === 0 ? [] : await this.kv.getMany(ids.map((id) => NAME_KEY(kind, id)));
    const names = new Map<number, TitleName>();
    ids.forEach((id, i) => {
      const name = parseName(raws[i]);
      if (name) names.set(id, name);
    });
    return names;
  }

  /**
   * Writes the member's rows for these entries in every server they joined (rows and names that are
   * already so are not written again). `staleUntil`: the member's login was lost, shown until then.
   * Returns the servers written in.
   */
  async put(userId: string, kind: ListKind, serviceUser: string, entries: readonly MirrorEntry[], staleUntil?: number, fresh = false): Promise<string[]> {
    if (entries.length === 0) return [];
    const guilds = parseMember(await this.kv.get(KEY.member(userId)))?.guilds ?? [];
    await this.putIn(userId, guilds, [{ kind, serviceUser, entries, ...(staleUntil !== undefined ? { staleUntil } : {}) }], fresh);
    return guilds;
  }

  /**
   * Writes the member's rows of these lists in these servers (a server they just joined: `[guildId]`), one
   * batch. `fresh`: no row of theirs is there yet (a first sync, a server just joined), so none is read first.
   */
  async putIn(userId: string, guilds: readonly string[], lists: readonly IndexedList[], fresh = false): Promise<void> {
    if (guilds.length === 0 || lists.every((l) => l.entries.length === 0)) return;
    await this.note(userId, guilds, []);
    const wanted: BatchWrite[] = [];
    for (const list of lists) {
      for (const e of list.entries) {
        const row = rowOf(list.kind, e, list.serviceUser, list.staleUntil);
        for (const g of guilds) wanted.push([ROW_KEY(g, list.kind, e.id, userId), row]);
        wanted.push([NAME_KEY(list.kind, e.id), nameOf(e)]);
      }
    }
    // Rows already so, and names (shared by every holder of a title), are not written again.
    const compared = fresh ? wanted.filter(([key]) => !key.startsWith(HOLDERS_PREFIX)) : wanted;
    const kept = new Map(compared.map(([key], i) => [key, i]));
    const values = await this.kv.getMany(compared.map(([key]) => key));
    const writes = wanted.filter(([key, value]) => {
      const i = kept.get(key);
      return i === undefined || values[i] !== value;
    });
    if (writes.length > 0) await this.kv.writeMany(writes);
  }

  /** Removes the member's rows for these titles, in every server that may hold them (and in `also`). */
  async remove(userId: string, kind: ListKind, ids: readonly number[], also: readonly string[] = []): Promise<void> {
    if (ids.length === 0) return;
    await this.removeRows(userId, [...new Set([...(await this.guildsOf(userId)), ...also])], kind, ids);
  }

  /** Removes the member's rows for these titles in these servers (the note of where they are unchanged). */
  async removeRows(userId: string, guilds: readonly string[], kind: ListKind, ids: readonly number[]): Promise<void> {
    const writes: BatchWrite[] = [];
    for (const g of guilds) for (const id of ids) writes.push([ROW_KEY(g, kind, id, userId), undefined]);
    if (writes.length > 0) await this.kv.writeMany(writes);
  }

  /** Removes the member's rows for these titles from one server (they left it). */
  async removeIn(userId: string, guildId: string, titles: ReadonlyArray<{ kind: ListKind; ids: readonly number[] }>): Promise<void> {
    const writes: BatchWrite[] = titles.flatMap(({ kind, ids }) => ids.map((id): BatchWrite => [ROW_KEY(guildId, kind, id, userId), undefined]));
    if (writes.length > 0) await this.kv.writeMany(writes);
    await this.note(userId, [], [guildId]);
  }

  /** Every row of the member, in every server, and the note of where they were: gone. */
  async removeAll(userId: string, titles: ReadonlyArray<{ kind: ListKind; ids: readonly number[] }>): Promise<void> {
    const guilds = await this.guildsOf(userId);
    const writes: BatchWrite[] = [];
    for (const g of guilds) for (const { kind, ids } of titles) for (const id of ids) writes.push([ROW_KEY(g, kind, id, userId), undefined]);
    if (writes.length > 0) await this.kv.writeMany(writes);
    await this.kv.delete(INDEXED_KEY(userId));
  }

  /** The servers that may hold the member's rows: those noted and those they joined. */
  private async guildsOf(userId: string): Promise<string[]> {
    const [noted, member] = await this.kv.getMany([INDEXED_KEY(userId), KEY.member(userId)]);
    return [...new Set([...parseGuilds(noted), ...(parseMember(member)?.guilds ?? [])])];
  }

  /**
   * The note of where the member's rows are, deleted unless it changed meanwhile (a writer noting a
   * server checks its own rows afterwards). Returns the servers it named when it was deleted.
   */
  async dropNote(userId: string): Promise<string[]> {
    const raw = await this.kv.get(INDEXED_KEY(userId));
    if (raw === undefined || !(await this.kv.compareAndDelete(INDEXED_KEY(userId), raw))) return [];
    return parseGuilds(raw);
  }

  /** Notes servers that may now hold the member's rows (before writing them) and servers that no longer do. */
  async note(userId: string, add: readonly string[], drop: readonly string[] = []): Promise<void> {
    await modify(this.kv, INDEXED_KEY(userId), (raw) => {
      const before = parseGuilds(raw);
      const after = [...new Set([...before, ...add])].filter((g) => !drop.includes(g));
      if (after.length === before.length && after.every((g) => before.includes(g))) return { keep: true, result: undefined };
      return { value: after.length === 0 ? undefined : JSON.stringify(after), result: undefined };
    });
  }
}

/**
 * The holders among a server's members (in join order): the server's rows may still hold a member who
 * just left, the server's record says who is a member; a lost login's rows are shown until their stale time.
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
