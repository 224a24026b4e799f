// A server's leaderboards from its members' list summaries (src/community/member-summary.ts, kept at each
// sync): who watched (read) the most, and the titles most members have. Pure: no store, no service.

import { KINDS } from '../service/kinds.js';
import { OTHER_STATUS, statusCode } from './member-summary.js';
import type { ListKind, MemberSummary, MemberSums, TopCount } from './types.js';

export type { TopCount } from './types.js';

export const LEADERBOARD_METRICS = ['episodes', 'days', 'completed', 'mean_score'] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];

/** Status groups `/server top` filters by, the same for both kinds. */
export const TOP_STATUSES = ['current', 'completed', 'on_hold', 'dropped', 'planned'] as const;
export type TopStatus = (typeof TOP_STATUSES)[number];

/** A title is on the top list only when at least this many members have it. */
export const MIN_TOP_MEMBERS = 3;

const SECONDS_PER_DAY = 86_400;

/** Title ids up to this are counted in arrays indexed by id (the service's ids are in the hundreds of thousands). */
const DENSE_IDS = 1 << 20;

/** The list status a status group stands for on a list of this kind. */
export function statusOf(kind: ListKind, group: TopStatus): string {
  switch (group) {
    case 'current':
      return KINDS[kind].current;
    case 'planned':
      return KINDS[kind].planned;
    default:
      return group;
  }
}

/** Whether a metric means something for a kind: days are counted from episode lengths, where the kind has them. */
export function metricApplies(metric: LeaderboardMetric, kind: ListKind): boolean {
  return metric !== 'days' || KINDS[kind].has.episodeLength;
}

export interface LeaderboardRow {
  /** 1-based; members with equal values share a rank (1, 1, 3). */
  rank: number;
  discordUserId: string;
  /** Untrusted text. */
  serviceUser: string;
  value: number;
  /** What the value rests on: titles scored for mean_score, titles on the list otherwise. */
  basis: number;
}

/** One member's value for a metric, or undefined when it has none (mean score of a member who scored nothing). */
export function memberValue(s: MemberSums, metric: LeaderboardMetric): { value: number; basis: number } | undefined {
  switch (metric) {
    case 'episodes':
      return { value: s.progress, basis: s.count };
    case 'days':
      return { value: s.seconds / SECONDS_PER_DAY, basis: s.count };
    case 'completed':
      return { value: s.completed, basis: s.count };
    case 'mean_score':
      return s.scored === 0 ? undefined : { value: s.scoreSum / s.scored, basis: s.scored };
  }
}

/**
 * Members ranked by a metric, highest first. `summaries` come in join order, which breaks ties; members
 * without a value (nothing scored for mean_score) are left out.
 */
export function leaderboard(summaries: readonly MemberSums[], metric: LeaderboardMetric): LeaderboardRow[] {
  const rows: Array<Omit<LeaderboardRow, 'rank'> & { order: number }> = [];
  summaries.forEach((s, order) => {
    const v = memberValue(s, metric);
    if (v) rows.push({ discordUserId: s.discordUserId, serviceUser: s.serviceUser, value: v.value, basis: v.basis, order });
  });
  rows.sort((a, b) => b.value - a.value || a.order - b.order);
  const ranked: LeaderboardRow[] = [];
  rows.forEach((row, i) => {
    const previous = ranked[i - 1];
    const rank = previous !== undefined && previous.value === row.value ? previous.rank : i + 1;
    ranked.push({ rank, discordUserId: row.discordUserId, serviceUser: row.serviceUser, value: row.value, basis: row.basis });
  });
  return ranked;
}

/** A top title with its name, as shown. */
export interface TopTitle extends TopCount {
  /** Untrusted text. */
  title: string;
  nsfw: boolean;
}

/**
 * The titles most members have (with a status, if given), at least `minMembers` of them: most members
 * first, then the higher mean score, then the lower id.
 */
export function topTitles(summaries: readonly MemberSummary[], status?: string, minMembers = MIN_TOP_MEMBERS): TopCount[] {
  // Summaries keep the list's usual statuses: another one is on no title.
  if (status !== undefined && summaries.some((s) => statusCode(s.kind, status) === OTHER_STATUS)) return [];
  // Per title: members, score sum, scored, counted in typed arrays by title id (dense: ids are small) or by a
  // slot per id when they are not; the hot loop over every member's every title does no allocation.
  let maxId = 0;
  let total = 0;
  for (const s of summaries) {
    const titles = s.titles;
    total += titles.length >> 1;
    for (let i = 0; i < titles.length; i += 2) if ((titles[i] as number) > maxId) maxId = titles[i] as number;
  }
  const dense = maxId <= DENSE_IDS;
  const size = dense ? maxId + 1 : total;
  const members = new Int32Array(size);
  const sums = new Int32Array(size);
  const scoredBy = new Int32Array(size);
  const slots = new Map<number, number>();
  const idOfSlot: number[] = [];
  for (const s of summaries) {
    const code = status === undefined ? -1 : statusCode(s.kind, status);
    const titles = s.titles;
    for (let i = 0; i < titles.length; i += 2) {
      const packed = titles[i + 1] as number;
      if (code >= 0 && packed >> 4 !== code) continue;
      const id = titles[i] as number;
      let slot = id;
      if (!dense) {
        slot = slots.get(id) ?? idOfSlot.length;
        if (slot === idOfSlot.length) {
          slots.set(id, slot);
          idOfSlot.push(id);
        }
      }
      members[slot] = (members[slot] as number) + 1;
      const score = packed & 15;
      if (score > 0) {
        sums[slot] = (sums[slot] as number) + score;
        scoredBy[slot] = (scoredBy[slot] as number) + 1;
      }
    }
  }
  const kept: Array<Omit<TopCount, 'rank'>> = [];
  const slotCount = dense ? size : idOfSlot.length;
  for (let slot = 0; slot < slotCount; slot++) {
    const n = members[slot] as number;
    if (n < minMembers) continue;
    const scored = scoredBy[slot] as number;
    kept.push({ id: dense ? slot : (idOfSlot[slot] as number), members: n, meanScore: scored > 0 ? (sums[slot] as number) / scored : undefined, scored });
  }
  return rankTop(kept);
}

/** Counted titles in their order and with their ranks: most members first, then the higher mean score, then the lower id. */
export function rankTop(counts: ReadonlyArray<Omit<TopCount, 'rank'>>): TopCount[] {
  const mean = (t: { meanScore: number | undefined }) => t.meanScore ?? 0;
  const kept = [...counts].sort((a, b) => b.members - a.members || mean(b) - mean(a) || a.id - b.id);
  const ranked: TopCount[] = [];
  kept.forEach((t, i) => {
    const previous = ranked[i - 1];
    const tied = previous !== undefined && previous.members === t.members && (previous.meanScore ?? 0) === mean(t);
    ranked.push({ rank: tied ? previous.rank : i + 1, ...t });
  });
  return ranked;
}
