// The one mirror of each joined member's lists: one record per member and kind, changed by syncs and
// by list changes made through the bot, each a compare-and-set against concurrent processes. A change
// the bot made after a sync started is never undone by that sync (the newer update time wins).

import { decodeMirror, encodeMirror, entriesDiffer, KEY, KINDS, memberMirror, type MirrorRecord } from './records.js';
import { modify, type SocialKv } from './kv.js';
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
  constructor(
    private readonly kv: SocialKv,
    private readonly now: () => number,
  ) {}

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
    return modify(this.kv, KEY.mirror(userId, kind), (raw) => {
      const record = decodeMirror(raw);
      if (!record) return { keep: true, result: undefined };
      const before = record.entries.get(id);
      if (!entry) {
        if (!before) return { keep: true, result: undefined };
        record.entries.delete(id);
        return { value: encodeMirror(record), result: { kind, before } };
      }
      const after = mergedChange(before, { ...entry, id, updatedAt: entry.updatedAt > 0 ? entry.updatedAt : this.now() });
      record.entries.set(id, after);
      const change: MirrorChange | undefined = !before ? { kind, after } : entriesDiffer(before, after) ? { kind, before, after } : undefined;
      return { value: encodeMirror(record), result: change };
    });
  }

  /**
   * Takes a sync's read into the mirror (creating it on the first sync). Returns the changes found
   * against the mirror kept before (none on the first sync: there is nothing to compare with).
   */
  async applySync(userId: string, kind: ListKind, serviceUser: string, read: SyncRead): Promise<MirrorChange[]> {
    return modify(this.kv, KEY.mirror(userId, kind), (raw) => {
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
        entries: next,
      };
      return { value: encodeMirror(record), result: current ? diff(kind, current.entries, next) : [] };
    });
  }

  /** The login was lost: the mirrors are shown until `staleUntil`, then swept. */
  async markStale(userId: string, staleUntil: number): Promise<void> {
    for (const kind of KINDS) {
      await modify(this.kv, KEY.mirror(userId, kind), (raw) => {
        const record = decodeMirror(raw);
        if (!record || record.staleUntil !== undefined) return { keep: true, result: undefined };
        record.staleUntil = staleUntil;
        return { value: encodeMirror(record), result: undefined };
      });
    }
  }

  /** Both mirrors of the user, gone. Returns how many records were deleted. */
  async drop(userId: string): Promise<number> {
    let count = 0;
    for (const kind of KINDS) if (await this.kv.delete(KEY.mirror(userId, kind))) count++;
    return count;
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
