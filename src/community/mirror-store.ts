// The one mirror of each joined member's lists: one record per member and kind, changed by syncs and
// by list changes made through the bot, each a compare-and-set against concurrent processes. A change
// the bot made after a sync started is never undone by that sync (the newer update time wins).
// Every change also goes to the title index (src/community/title-index.ts): removals before the mirror
// is written, additions and changes after, so a crash in between leaves at worst a row missing from
// the index — never a row of a title the mirror lost — and the member's next full pass writes it.
// After each mirror write the member's summary of that list (src/community/member-summary.ts) follows.
// A mirror dropped while another process writes it (a leave or "forget me" racing a sync) leaves no
// row or summary behind: the drop removes the rows of what it deleted before and again after deleting
// it, and a writer looks at the mirror (and the member's servers) after writing rows and a summary and
// takes back what the mirror no longer holds. Each write also notes what changed in the member's
// history (src/community/history.ts) and sums (src/community/tallies.ts); a drop takes them too.

import { decodeMirror, encodeMirror, entriesDiffer, KEY, KINDS, memberMirror, parseMember, type MirrorRecord } from './records.js';
import { modify, untilSettled } from '../store/compare-and-set.js';
import type { SocialKv } from './kv.js';
import { eventsOf } from './history-codec.js';
import { MemberHistories } from './history.js';
import { MemberSummaries } from './member-summary.js';
import { MemberTallies } from './tallies.js';
import { ServerTotals } from './server-totals.js';
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

/** Rounds of dropping a mirror that keeps changing under the drop before giving up. */
const DROP_ATTEMPTS = 16;

export class MirrorStore {
  /** The title index this store keeps along the mirrors (the server view reads it). */
  readonly titles: TitleIndex;
  /** The members' summaries this store keeps along the mirrors (the leaderboards read them). */
  readonly summaries: MemberSummaries;
  /** The servers' top titles counted from the summaries, kept until a summary changes (src/community/server-totals.ts). */
  readonly totals: ServerTotals;
  /** Each member's list history (what the syncs noticed). */
  readonly history: MemberHistories;
  /** Each member's yearly and weekly sums. */
  readonly tallies: MemberTallies;

  constructor(
    private readonly kv: SocialKv,
    private readonly now: () => number,
  ) {
    this.titles = new TitleIndex(kv);
    this.summaries = new MemberSummaries(kv);
    this.totals = new ServerTotals(kv, this.summaries);
    this.history = new MemberHistories(kv);
    this.tallies = new MemberTallies(kv);
  }

  async record(userId: string, kind: ListKind): Promise<MirrorRecord | undefined> {
    return decodeMirror(await this.kv.get(KEY.mirror(userId, kind)));
  }

  /** Both mirrors of the member, in one store read. */
  async records(userId: string): Promise<Record<ListKind, MirrorRecord | undefined>> {
    const raws = await this.kv.getMany(KINDS.map((kind) => KEY.mirror(userId, kind)));
    return Object.fromEntries(KINDS.map((kind, i) => [kind, decodeMirror(raws[i])])) as Record<ListKind, MirrorRecord | undefined>;
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
        if (after) await this.putRows(userId, kind, record.serviceUser, [after], record.staleUntil);
        await this.summarize(userId, kind, record);
      });
      await this.notice(userId, kind, record, done.change ? [done.change] : []);
    }
    return done?.change;
  }

  /**
   * Takes a sync's read into the mirror (creating it on the first sync). Returns the changes found
   * against the mirror kept before (none on the first sync: there is nothing to compare with).
   * `before`: the mirror as the caller read it before the read (not read again for the titles a full
   * read no longer has; titles removed meanwhile are found by the write's own comparison and leave after).
   */
  async applySync(userId: string, kind: ListKind, serviceUser: string, read: SyncRead, before?: { record: MirrorRecord | undefined }): Promise<MirrorChange[]> {
    const key = KEY.mirror(userId, kind);
    if (read.full) {
      // Titles this full read no longer has leave the index before the mirror.
      const kept = before ? before.record : decodeMirror(await this.kv.get(key));
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
      await this.putRows(userId, kind, serviceUser, put, undefined, !previous);
      await this.summarize(userId, kind, record);
    });
    await this.notice(userId, kind, record, changes);
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
          await this.putRows(userId, kind, marked.serviceUser, [...marked.entries.values()], staleUntil);
          await this.summarize(userId, kind, marked);
        });
      }
    }
  }

  /**
   * Both mirrors of the user, gone, with their summaries. Each mirror's rows leave the title index
   * before it is deleted (a crash in between leaves no row) and again after (rows a concurrent writer
   * put meanwhile); a mirror changed meanwhile is read again. Returns how many records were deleted.
   */
  async drop(userId: string): Promise<number> {
    let count = 0;
    for (const kind of KINDS) if (await this.dropOne(userId, kind)) count++;
    // No row left: the note of the servers that held them goes too.
    await this.titles.removeAll(userId, []);
    return count + (await this.history.drop(userId, KINDS)) + (await this.tallies.drop(userId, KINDS));
  }

  private async dropOne(userId: string, kind: ListKind): Promise<boolean> {
    // The rows of the mirror as read leave the index before the mirror goes; a mirror changed meanwhile is read again.
    const dropped = await modify<number[] | undefined>(
      this.kv,
      KEY.mirror(userId, kind),
      async (raw) => {
        if (raw === undefined) return { keep: true, result: undefined };
        const ids = [...(decodeMirror(raw)?.entries.keys() ?? [])];
        await this.titles.remove(userId, kind, ids);
        return { value: undefined, result: ids };
      },
      { attempts: DROP_ATTEMPTS },
    );
    if (dropped === undefined) {
      if (await this.summaries.drop(userId, kind)) await this.totals.changed(userId);
      return false;
    }
    await this.titles.remove(userId, kind, dropped);
    await this.summaries.drop(userId, kind);
    await this.totals.changed(userId);
    return true;
  }

  /** The member joined another server: their mirrored titles get rows there (one batch), taken back if their record no longer names it. */
  async indexGuild(userId: string, guildId: string): Promise<void> {
    const lists = await this.indexedLists(userId);
    await this.titles.putIn(userId, [guildId], lists, true);
    if (!(await this.listedIn(userId, guildId))) await this.settleGuild(userId, guildId, lists);
  }

  /** The member left one server (and may stay in others): their rows there go, unless their record names it again. */
  async unindexGuild(userId: string, guildId: string): Promise<void> {
    await this.settleGuild(userId, guildId);
  }

  /**
   * Makes the member's rows in one server agree with their record (rows there exactly while it names
   * the server), again while it changed meanwhile. `written`: rows just written there (taken back even
   * when their mirror is gone).
   */
  private async settleGuild(userId: string, guildId: string, written: readonly IndexedList[] = []): Promise<void> {
    const step = async (): Promise<{ settled: boolean; result: undefined }> => {
      const listed = await this.listedIn(userId, guildId);
      const lists = await this.indexedLists(userId);
      if (listed) await this.titles.putIn(userId, [guildId], lists);
      else await this.titles.removeIn(userId, guildId, [...lists, ...written].map((l) => ({ kind: l.kind, ids: l.entries.map((e) => e.id) })));
      return { settled: (await this.listedIn(userId, guildId)) === listed, result: undefined };
    };
    await untilSettled(KEY.member(userId), step, { attempts: DROP_ATTEMPTS });
  }

  private async listedIn(userId: string, guildId: string): Promise<boolean> {
    return parseMember(await this.kv.get(KEY.member(userId)))?.guilds.includes(guildId) ?? false;
  }

  /**
   * Writes the member's index rows in every server they joined and their summaries from the mirrors
   * as kept (a mirror of an earlier version, or the layout moving: src/community/layout.ts).
   */
  async reindex(userId: string): Promise<void> {
    const guilds = parseMember(await this.kv.get(KEY.member(userId)))?.guilds ?? [];
    const lists = await this.indexedLists(userId);
    await this.titles.putIn(userId, guilds, lists);
    for (const list of lists) {
      await this.takeBack(userId, list.kind, list.entries.map((e) => e.id), guilds);
    }
    for (const kind of KINDS) {
      const record = await this.record(userId, kind);
      if (record) await this.summarize(userId, kind, record);
    }
  }

  private async indexedLists(userId: string): Promise<IndexedList[]> {
    const lists: IndexedList[] = [];
    const records = await this.records(userId);
    for (const kind of KINDS) {
      const record = records[kind];
      if (!record) continue;
      lists.push({ kind, serviceUser: record.serviceUser, entries: [...record.entries.values()], ...(record.staleUntil !== undefined ? { staleUntil: record.staleUntil } : {}) });
    }
    return lists;
  }

  /** Writes the member's rows for these entries in every server they joined, then takes back what no longer holds. */
  private async putRows(userId: string, kind: ListKind, serviceUser: string, entries: readonly MirrorEntry[], staleUntil?: number, fresh = false): Promise<void> {
    if (entries.length === 0) return;
    const guilds = await this.titles.put(userId, kind, serviceUser, entries, staleUntil, fresh);
    await this.takeBack(userId, kind, entries.map((e) => e.id), guilds);
  }

  /**
   * After rows of these titles were written in these servers: rows of titles the mirror no longer
   * holds go (dropped or removed meanwhile: nothing else would ever remove them), and so do rows in
   * servers the member's record no longer names (a leave meanwhile); no mirror left, no note either.
   */
  private async takeBack(userId: string, kind: ListKind, ids: readonly number[], guilds: readonly string[]): Promise<void> {
    const [rawMirror, rawMember] = await this.kv.getMany([KEY.mirror(userId, kind), KEY.member(userId)]);
    const mirror = decodeMirror(rawMirror);
    const joined = parseMember(rawMember)?.guilds ?? [];
    const gone = ids.filter((id) => !mirror?.entries.has(id));
    const held = ids.filter((id) => mirror?.entries.has(id));
    const left = guilds.filter((g) => !joined.includes(g));
    if (gone.length > 0) await this.titles.remove(userId, kind, gone, guilds);
    if (held.length > 0 && left.length > 0) await this.titles.removeRows(userId, left, kind, held);
    if (!mirror) await this.dropNoteWithoutMirrors(userId);
  }

  /** No mirror of the member is kept: the note of where their rows were goes (kept when a mirror is made meanwhile). */
  private async dropNoteWithoutMirrors(userId: string): Promise<void> {
    const mirrored = async () => (await this.kv.getMany(KINDS.map((kind) => KEY.mirror(userId, kind)))).some((raw) => raw !== undefined);
    if (await mirrored()) return;
    const noted = await this.titles.dropNote(userId);
    if (noted.length > 0 && (await mirrored())) await this.titles.note(userId, noted);
  }

  /**
   * Writes the summary of this mirror, then takes it back when the mirror was dropped meanwhile (or
   * dropped and made anew: its version behind this one), putting the summary of the mirror kept now.
   */
  private async summarize(userId: string, kind: ListKind, record: MirrorRecord): Promise<void> {
    let changed = await this.summaries.write(userId, kind, record);
    const now = await this.record(userId, kind);
    if (!now || now.version < record.version) {
      await this.summaries.takeBack(userId, kind, record.version);
      if (now) await this.summaries.write(userId, kind, now);
      changed = true;
    }
    // After the summary: the servers' kept counts are counted again (src/community/server-totals.ts).
    if (changed) await this.totals.changed(userId);
  }

  /**
   * The changes a mirror write found go into the member's history and sums (with the mirror as written);
   * both go again when the mirror was dropped meanwhile (a leave or "forget me" racing this write).
   */
  private async notice(userId: string, kind: ListKind, record: MirrorRecord, changes: readonly MirrorChange[]): Promise<void> {
    const at = this.now();
    const events = eventsOf(changes, at);
    await this.history.note(userId, kind, events, at);
    await this.tallies.note(userId, kind, { serviceUser: record.serviceUser, entries: record.entries.values() }, events, at);
    if (!(await this.record(userId, kind))) {
      await this.history.drop(userId, [kind]);
      await this.tallies.drop(userId, [kind]);
    }
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
    ...(after.season ?? before.season ? { season: after.season ?? before.season } : {}),
    ...(after.finishedOn ?? before.finishedOn ? { finishedOn: after.finishedOn ?? before.finishedOn } : {}),
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
