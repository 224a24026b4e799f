// "In this server" on a title's details: which joined members have the title, with what status,
// score and progress, from the server's title index (src/community/title-index.ts). Pure: no store, no service.

import type { ListKind, TitleHolder } from './types.js';

const STATUS_ORDER: Readonly<Record<ListKind, readonly string[]>> = {
  anime: ['watching', 'completed', 'on_hold', 'dropped', 'plan_to_watch'],
  manga: ['reading', 'completed', 'on_hold', 'dropped', 'plan_to_read'],
};

export type ServerViewLine = TitleHolder;

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

/** The server view of title `id` from the members who have it, in join order (the title index's answer). */
export function serverViewOf(kind: ListKind, id: number, holders: readonly TitleHolder[]): ServerView {
  const found = holders.map((line, order) => ({ ...line, order }));
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
