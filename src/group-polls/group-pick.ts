// `/server pick`: what a group of joined members could watch (read) together, from their summaries in
// the shared store (src/community/member-summary.ts; no request to the service). A title counts when it is
// on the plan list (plan_to_watch / plan_to_read) of at least one chosen member and none of them
// completed or dropped it; the titles most of them want come first.

import { statusCode } from '../community/member-summary.js';
import type { ListKind, MemberSummary } from '../community/types.js';

/** How many titles a pick shows (and a poll can hold: Discord allows ten answers). */
export const PICK_SIZE = 10;

export interface PickRow {
  id: number;
  /** The chosen members who plan it (Discord ids, in the order the members were given). */
  wanters: string[];
}

const PLANNED: Readonly<Record<ListKind, string>> = { anime: 'plan_to_watch', manga: 'plan_to_read' };

/**
 * Every title some of `summaries`' members plan and none completed or dropped: most members first, then
 * the lower id (a stable order the same for every process).
 */
export function groupPick(kind: ListKind, summaries: readonly MemberSummary[]): PickRow[] {
  const planned = statusCode(kind, PLANNED[kind]);
  const ruledOut = new Set([statusCode(kind, 'completed'), statusCode(kind, 'dropped')]);
  const wanted = new Map<number, string[]>();
  const excluded = new Set<number>();
  for (const s of summaries) {
    const titles = s.titles;
    for (let i = 0; i < titles.length; i += 2) {
      const id = titles[i] as number;
      const status = (titles[i + 1] as number) >> 4;
      if (ruledOut.has(status)) excluded.add(id);
      else if (status === planned) wanted.set(id, [...(wanted.get(id) ?? []), s.discordUserId]);
    }
  }
  const rows: PickRow[] = [];
  for (const [id, wanters] of wanted) if (!excluded.has(id)) rows.push({ id, wanters });
  return rows.sort((a, b) => b.wanters.length - a.wanters.length || a.id - b.id);
}
