// "In this server" on a title's details: which joined members have the title, with what status,
// score and progress. Pure: no store, no service.

import type { ListKind, MemberMirror, MirrorEntry, SocialReader } from './types.js';

/** Each mirror's entries by title id, built once per mirror object (memoized mirrors are reused across requests). */
const indexes = new WeakMap<MemberMirror, ReadonlyMap<number, MirrorEntry>>();

export function entryIn(mirror: MemberMirror, id: number): MirrorEntry | undefined {
  let index = indexes.get(mirror);
  if (!index) {
    const built = new Map<number, MirrorEntry>();
    for (const e of mirror.entries) if (!built.has(e.id)) built.set(e.id, e);
    indexes.set(mirror, built);
    index = built;
  }
  return index.get(id);
}

const STATUS_ORDER: Readonly<Record<ListKind, readonly string[]>> = {
  anime: ['watching', 'completed', 'on_hold', 'dropped', 'plan_to_watch'],
  manga: ['reading', 'completed', 'on_hold', 'dropped', 'plan_to_read'],
};

export interface ServerViewLine {
  discordUserId: string;
  /** Untrusted text. */
  serviceUser: string;
  status: string;
  /** 0 = not scored. */
  score: number;
  progress: number;
  /** The title's episode (chapter) count, 0 when unknown. */
  total: number;
}

export interface ServerView {
  kind: ListKind;
  id: number;
  /** Members whose mirror holds the title. */
  members: number;
  /** How many of them per status, in the list's usual status order (statuses nobody has left out). */
  byStatus: Array<{ status: string; count: number }>;
  /** Mean of the scores given (undefined when nobody scored it) and how many scored it. */
  meanScore: number | undefined;
  scored: number;
  /** Every member who has it: by status order, then highest score, then furthest progress, then join order. */
  lines: ServerViewLine[];
}

function statusRank(kind: ListKind, status: string): number {
  const i = STATUS_ORDER[kind].indexOf(status);
  return i < 0 ? STATUS_ORDER[kind].length : i;
}

/** The server view of title `id` from the members' mirrors of its kind (in join order). */
export function serverView(kind: ListKind, id: number, mirrors: readonly MemberMirror[]): ServerView {
  const found: Array<ServerViewLine & { order: number }> = [];
  mirrors.forEach((mirror, order) => {
    if (mirror.kind !== kind) return;
    const e = entryIn(mirror, id);
    if (e) found.push({ discordUserId: mirror.discordUserId, serviceUser: mirror.serviceUser, status: e.status, score: e.score, progress: e.progress, total: e.total, order });
  });
  const counts = new Map<string, number>();
  let sum = 0;
  let scored = 0;
  for (const line of found) {
    counts.set(line.status, (counts.get(line.status) ?? 0) + 1);
    if (line.score > 0) {
      sum += line.score;
      scored++;
    }
  }
  const byStatus = [...counts.entries()]
    .map(([status, count]) => ({ status, count }))
    .sort((a, b) => statusRank(kind, a.status) - statusRank(kind, b.status) || a.status.localeCompare(b.status));
  found.sort(
    (a, b) => statusRank(kind, a.status) - statusRank(kind, b.status) || b.score - a.score || b.progress - a.progress || a.order - b.order,
  );
  return {
    kind,
    id,
    members: found.length,
    byStatus,
    meanScore: scored > 0 ? sum / scored : undefined,
    scored,
    lines: found.map(({ order: _order, ...line }) => line),
  };
}

/**
 * The mirrors of one kind of a server's joined members, in join order: one store read per member
 * (members without a mirror — never synced, expired — are left out).
 */
export async function memberMirrors(reader: SocialReader, guildId: string, kind: ListKind): Promise<MemberMirror[]> {
  const ids = await reader.members(guildId);
  const mirrors = await Promise.all(ids.map((id) => reader.mirror(id, kind)));
  return mirrors.filter((m): m is MemberMirror => m !== undefined);
}
