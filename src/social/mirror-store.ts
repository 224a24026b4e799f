// The one mirror of each joined member's lists: one record per member and kind, changed by syncs and
// by list changes made through the bot, each a compare-and-set against concurrent processes. A change
// the bot made after a sync started is never undone by that sync (the newer update time wins).
// Every change also goes to the title index (src/social/title-index.ts): removals before the mirror
// is written, additions and changes after, so a crash in between leaves at worst a row missing from
// the index — never a row of a title the mirror lost — and the member's next full pass writes it.
// After each mirror write the member's summary of that list (src/social/member-summary.ts) follows.

import { decodeMirror, encodeMirror, entriesDiffer, KEY, KINDS, memberMirror, parseMember, type MirrorRecord } from './records.js';
import { modify, type SocialKv } from './kv.js';
import { MemberSummaries } from './member-summary.js';
import { TitleIndex, type IndexedList } from './title-index.js';
import type { ListKind, MemberMirror, MirrorChange, MirrorEntry } from './types.js';

/** What one sync read from the service. */
export interface SyncRead {
  /** The whole list was read: titles missing from it were removed. */
  full: boolean;
  entries: MirrorEntry[];
  /** When the read started (a bot change after it is newer than anything read). */
  startedAt: number;
}

export class MirrorStore {
  /** The title index this store keeps along the mirrors (the server view reads it). */
  readonly titles: TitleIndex;
  /** The members' summaries this store keeps along the mirrors (the leaderboards read them). */
  readonly summaries: MemberSummaries;

  constructor(
    private readonly kv: SocialKv,
    private readonly now: () => number,
  ) {
    this.titles = new TitleIndex(kv);
    this.summaries = new MemberSummaries(kv);
  }

  async record(userId: string, kind: ListKind): Promise<MirrorRecord | undefined> {
    return decodeMirror(await this.kv.get(KEY.mirror(userId, kind)));
  }

  /** The mirror readers see: none once its stale time passed. */
  async view(userId: string, kind: ListKind): Promise<MemberMirror | undefined> {
    const record = await this.record(userId, kind);
    if (!record || (record.staleUntil !== undefined && record.staleUntil <= this.now())) return undefined;
    return memberMirror(userId, kind, record);
  }

  /** A list change made through the bot; nothing when no mirror is kept. Returns the change, if any. */
  async applyChange(userId: string, kind: ListKind, id: number, entry: MirrorEntry | undefined): Promise<MirrorChange | undefined> {
    if (!entry) await this.titles.remove(userId, kind, [id]);
    const done = await modify<{ record: MirrorRecord; change: MirrorChange | undefined; after?: MirrorEntry } | undefined>(this.kv, KEY.mirror(userId, kind), (raw) => {
      const record = decodeMirror(raw);
      if (!record) return { keep: true, result: undefined };
      const before = record.entries.get(id);
      if (!entry) {
        if (!before) return { keep: true, result: undefined };
        record.entries.delete(id);
        record.version++;
        return { value: encodeMirror(record), result: { record, change: { kind, before } } };
      }
      const after = mergedChange(before, { ...entry, id, updatedAt: entry.updatedAt > 0 ? entry.updatedAt : this.now() });
      record.entries.set(id, after);
      record.version++;
      const change: MirrorChange | undefined = !before ? { kind, after } : entriesDiffer(before, after) ? { kind, before, after } : undefined;
      return { value: encodeMirror(record), result: { record, change, after } };
    });
    const after = done?.after;
    if (done) {
      const { record } = done;
      await this.indexing(userId, kind, async () => {
        if (after) await this.titles.put(userId, kind, record.serviceUser, [after], record.staleUntil);
        await this.summaries.write(userId, kind, record);
      });
    }
    return done?.change;
  }

  /**
   * Takes a sync's read into the mirror (creating it on the first sync). Returns the changes found
   * against the mirror kept before (none on the first sync: there is nothing to compare with).
   */
  async applySync(userId: string, kind: ListKind, serviceUser: string, read: SyncRead): Promise<MirrorChange[]> {
    const key = KEY.mirror(userId, kind);
    if (read.full) {
      // Titles this full read no longer has leave the index before the mirror.
      const kept = decodeMirror(await this.kv.get(key));
      if (kept) {
        const readIds = new Set(read.entries.map((e) => e.id));
        const gone = [...kept.entries.values()].filter((e) => !readIds.has(e.id) && e.updatedAt <= read.startedAt).map((e) => e.id);
        await this.titles.remove(userId, kind, gone);
      }
    }
    const { record, previous, changes } = await modify(this.kv, key, (raw) => {
      const current = decodeMirror(raw);
      const next = new Map<number, MirrorEntry>(read.full || !current ? [] : current.entries);
      for (const entry of read.entries) {
        const kept = current?.entries.get(entry.id);
        next.set(entry.id, kept && kept.updatedAt > entry.updatedAt ? kept : entry);
      }
      // A title added through the bot after the full read started is not a deletion.
      if (read.full && current) {
        for (const [id, kept] of current.entries) if (!next.has(id) && kept.updatedAt > read.startedAt) next.set(id, kept);
      }
      const seen = read.entries.reduce((max, e) => Math.max(max, e.updatedAt), current?.seenUpdatedAt ?? 0);
      const record: MirrorRecord = {
        serviceUser,
        syncedAt: this.now(),
        seenUpdatedAt: seen,
        fullAt: read.full || !current ? read.startedAt : current.fullAt,
        version: (current?.version ?? 0) + 1,
        entries: next,
      };
      return { value: encodeMirror(record), result: { record, previous: current, changes: current ? diff(kind, current.entries, next) : [] } };
    });
    await this.indexing(userId, kind, async () => {
      const removed = changes.filter((c) => !c.after && c.before).map((c) => (c.before as MirrorEntry).id);
      if (removed.length > 0) await this.titles.remove(userId, kind, removed);
      // A full pass (or a first sync, a mirror no longer stale, another account) rewrites every row that
      // is missing or differs; otherwise only the changed titles are written.
      const whole = read.full || !previous || previous.staleUntil !== undefined || previous.serviceUser !== serviceUser;
      const put = whole ? [...record.entries.values()] : changes.flatMap((c) => (c.after ? [c.after] : []));
      // A first sync (no mirror was kept) finds no row of theirs to compare with.
      await this.titles.put(userId, kind, serviceUser, put, undefined, !previous);
      await this.summaries.write(userId, kind, record);
    });
    return changes;
  }

  /** The login was lost: the mirrors are shown until `staleUntil`, then swept. */
  async markStale(userId: string, staleUntil: number): Promise<void> {
    for (const kind of KINDS) {
      const marked = await modify(this.kv, KEY.mirror(userId, kind), (raw) => {
        const record = decodeMirror(raw);
        if (!record || record.staleUntil !== undefined) return { keep: true, result: undefined };
        record.staleUntil = staleUntil;
        record.version++;
        return { value: encodeMirror(record), result: record };
      });
      if (marked) {
        await this.indexing(userId, kind, async () => {
          await this.titles.put(userId, kind, marked.serviceUser, [...marked.entries.values()], staleUntil);
          await this.summaries.write(userId, kind, marked);
        });
      }
    }
  }

  /** Both mirrors of the user, gone (their rows leave the title index first, their summaries after). Returns how many records were deleted. */
  async drop(userId: string): Promise<number> {
    const kept = await Promise.all(KINDS.map(async (kind) => ({ kind, ids: [...((await this.record(userId, kind))?.entries.keys() ?? [])] })));
    await this.titles.removeAll(userId, kept);
    let count = 0;
    for (const kind of KINDS) {
      if (await this.kv.delete(KEY.mirror(userId, kind))) count++;
      await this.summaries.drop(userId, kind);
    }
    return count;
  }

  /** The member joined another server: their mirrored titles get rows there (one batch). */
  async indexGuild(userId: string, guildId: string): Promise<void> {
    await this.titles.putIn(userId, [guildId], await this.indexedLists(userId), true);
  }

  /** The member left one server (and stays in others): their rows there go. */
  async unindexGuild(userId: string, guildId: string): Promise<void> {
    const kept = await Promise.all(KINDS.map(async (kind) => ({ kind, ids: [...((await this.record(userId, kind))?.entries.keys() ?? [])] })));
    await this.titles.removeIn(userId, guildId, kept);
  }

  /**
   * Writes the member's index rows in every server they joined and their summaries from the mirrors
   * as kept (a mirror of an earlier version, or the layout moving: src/social/layout.ts).
   */
  async reindex(userId: string): Promise<void> {
    const guilds = parseMember(await this.kv.get(KEY.member(userId)))?.guilds ?? [];
    await this.titles.putIn(userId, guilds, await this.indexedLists(userId));
    for (const kind of KINDS) {
      const record = await this.record(userId, kind);
      if (record) await this.summaries.write(userId, kind, record);
    }
  }

  private async indexedLists(userId: string): Promise<IndexedList[]> {
    const lists: IndexedList[] = [];
    for (const kind of KINDS) {
      const record = await this.record(userId, kind);
      if (!record) continue;
      lists.push({ kind, serviceUser: record.serviceUser, entries: [...record.entries.values()], ...(record.staleUntil !== undefined ? { staleUntil: record.staleUntil } : {}) });
    }
    return lists;
  }

  /**
   * An index write that failed (the store, or a title changed concurrently too often) makes the
   * member's next sync a full pass, which rewrites their rows; the error goes on to the caller.
   */
  private async indexing(userId: string, kind: ListKind, write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      await modify(this.kv, KEY.mirror(userId, kind), (raw) => {
        const record = decodeMirror(raw);
        if (!record || record.fullAt === 0) return { keep: true, result: undefined };
        record.fullAt = 0;
        return { value: encodeMirror(record), result: undefined };
      }).catch(() => undefined);
      throw error;
    }
  }
}

/**
 * A change the bot made, over what the mirror knew: the bot's answer may lack the episode length or the
 * total (0 = unknown here) and the title (a placeholder); a title known not safe for work stays so.
 */
function mergedChange(before: MirrorEntry | undefined, after: MirrorEntry): MirrorEntry {
  if (!before) return after;
  return {
    ...after,
    title: after.title === '' || after.title.endsWith(`#${after.id}`) ? before.title : after.title,
    total: after.total > 0 ? after.total : before.total,
    episodeSeconds: after.episodeSeconds > 0 ? after.episodeSeconds : before.episodeSeconds,
    nsfw: after.nsfw || before.nsfw,
  };
}

function diff(kind: ListKind, before: Map<number, MirrorEntry>, after: Map<number, MirrorEntry>): MirrorChange[] {
  const changes: MirrorChange[] = [];
  for (const [id, entry] of after) {
    const old = before.get(id);
    if (!old) changes.push({ kind, after: entry });
    else if (entriesDiffer(old, entry)) changes.push({ kind, before: old, after: entry });
  }
  for (const [id, old] of before) if (!after.has(id)) changes.push({ kind, before: old });
  return changes;
}
