// A server's leaderboards from its members' mirrored lists: who watched (read) the most, and the
// titles most members have. Pure: no store, no service.

import type { ListKind, MemberMirror } from './types.js';

export const LEADERBOARD_METRICS = ['episodes', 'days', 'completed', 'mean_score'] as const;
export type LeaderboardMetric = (typeof LEADERBOARD_METRICS)[number];

/** Status groups `/server top` filters by, the same for both kinds. */
export const TOP_STATUSES = ['current', 'completed', 'on_hold', 'dropped', 'planned'] as const;
export type TopStatus = (typeof TOP_STATUSES)[number];

/** A title is on the top list only when at least this many members have it. */
export const MIN_TOP_MEMBERS = 3;

const SECONDS_PER_DAY = 86_400;

/** The list status a status group stands for on a list of this kind. */
export function statusOf(kind: ListKind, group: TopStatus): string {
  switch (group) {
    case 'current':
      return kind === 'anime' ? 'watching' : 'reading';
    case 'planned':
      return kind === 'anime' ? 'plan_to_watch' : 'plan_to_read';
    default:
      return group;
  }
}

/** Whether a metric means something for a kind: days are counted from episode lengths, anime only. */
export function metricApplies(metric: LeaderboardMetric, kind: ListKind): boolean {
  return metric !== 'days' || kind === 'anime';
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
export function memberValue(mirror: MemberMirror, metric: LeaderboardMetric): { value: number; basis: number } | undefined {
  const entries = mirror.entries;
  switch (metric) {
    case 'episodes': {
      let sum = 0;
      for (const e of entries) sum += Math.max(0, e.progress);
      return { value: sum, basis: entries.length };
    }
    case 'days': {
      let seconds = 0;
      for (const e of entries) seconds += Math.max(0, e.progress) * Math.max(0, e.episodeSeconds);
      return { value: seconds / SECONDS_PER_DAY, basis: entries.length };
    }
    case 'completed': {
      let count = 0;
      for (const e of entries) if (e.status === 'completed') count++;
      return { value: count, basis: entries.length };
    }
    case 'mean_score': {
      let sum = 0;
      let scored = 0;
      for (const e of entries) {
        if (e.score > 0) {
          sum += e.score;
          scored++;
        }
      }
      return scored === 0 ? undefined : { value: sum / scored, basis: scored };
    }
  }
}

/**
 * Members ranked by a metric, highest first. `mirrors` come in join order, which breaks ties; members
 * without a value (nothing scored for mean_score) are left out.
 */
export function leaderboard(mirrors: readonly MemberMirror[], metric: LeaderboardMetric): LeaderboardRow[] {
  const rows: Array<Omit<LeaderboardRow, 'rank'> & { order: number }> = [];
  mirrors.forEach((mirror, order) => {
    const v = memberValue(mirror, metric);
    if (v) rows.push({ discordUserId: mirror.discordUserId, serviceUser: mirror.serviceUser, value: v.value, basis: v.basis, order });
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

export interface TopTitle {
  /** 1-based; titles with as many members and the same mean share a rank. */
  rank: number;
  id: number;
  /** Untrusted text, as the first member's list has it. */
  title: string;
  nsfw: boolean;
  /** Members who have it (with the status asked for, if any). */
  members: number;
  /** Mean of the scores members gave it, undefined when nobody scored it. */
  meanScore: number | undefined;
  scored: number;
  /** The title's cover, from the first member's mirror that has one. */
  picture?: string;
}

/**
 * The titles most members have (with a status, if given), at least `minMembers` of them: most members
 * first, then the higher mean score, then the lower id.
 */
export function topTitles(mirrors: readonly MemberMirror[], status?: string, minMembers = MIN_TOP_MEMBERS): TopTitle[] {
  const byId = new Map<number, { id: number; title: string; nsfw: boolean; members: number; sum: number; scored: number; picture?: string }>();
  for (const mirror of mirrors) {
    for (const e of mirror.entries) {
      if (status !== undefined && e.status !== status) continue;
      let t = byId.get(e.id);
      if (!t) {
        t = { id: e.id, title: e.title, nsfw: e.nsfw, members: 0, sum: 0, scored: 0 };
        byId.set(e.id, t);
      }
      t.members++;
      if (e.nsfw) t.nsfw = true;
      if (t.picture === undefined && e.picture !== undefined) t.picture = e.picture;
      if (e.score > 0) {
        t.sum += e.score;
        t.scored++;
      }
    }
  }
  const kept = [...byId.values()]
    .filter((t) => t.members >= minMembers)
    .map((t) => ({
      id: t.id,
      title: t.title,
      nsfw: t.nsfw,
      members: t.members,
      meanScore: t.scored > 0 ? t.sum / t.scored : undefined,
      scored: t.scored,
      ...(t.picture !== undefined ? { picture: t.picture } : {}),
    }));
  const mean = (t: { meanScore: number | undefined }) => t.meanScore ?? 0;
  kept.sort((a, b) => b.members - a.members || mean(b) - mean(a) || a.id - b.id);
  const ranked: TopTitle[] = [];
  kept.forEach((t, i) => {
    const previous = ranked[i - 1];
    const tied = previous !== undefined && previous.members === t.members && (previous.meanScore ?? 0) === mean(t);
    ranked.push({ rank: tied ? previous.rank : i + 1, ...t });
  });
  return ranked;
}
