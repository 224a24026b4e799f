// A server's year (`/server wrapped`), pure: counted from its joined members' yearly sums
// (src/community/tallies.ts), never a mirror. Titles are ranked in full here; which of them a channel may
// name (not safe for work) is the view's choice.

import type { MemberYear } from './types.js';

/** A title as the server's year ranks it. */
export interface ServerTitle {
  id: number;
  /** Members who completed it (dropped it, for the most dropped; completed or watched it, for the most shared). */
  members: number;
  /** Mean of the scores those members gave it; undefined when none did. */
  meanScore?: number;
  scored: number;
}

export interface ServerYear {
  year: number;
  /** Joined members with sums. */
  members: number;
  /** Members who completed at least one title. */
  completers: number;
  /** Completions (a title completed by three members counts three). */
  completions: number;
  /** Different titles completed. */
  titles: number;
  /** Episodes watched (chapters read) the bot saw, since `since`. */
  progress: number;
  /** The earliest time the bot began noticing a member's changes (epoch ms); undefined without members. */
  since?: number;
  /** Completed titles, most completed first (then best mean, then id). */
  completed: ServerTitle[];
  /** Completed titles scored by at least `minScored` members, best mean first. */
  loved: ServerTitle[];
  /** Dropped titles, most dropped first. */
  dropped: ServerTitle[];
  /** Titles completed or watched that year by the most members. */
  shared: ServerTitle[];
  /** The start season whose titles the most members completed (anime). */
  season?: { season: string; members: number; titles: number };
  /** Members by completions, most first (members with none left out). */
  leaders: Array<{ discordUserId: string; completed: number }>;
}

/** Members who must have scored a title for it to be best loved. */
export const MIN_LOVED_MEMBERS = 3;

interface Tally {
  members: number;
  scoreSum: number;
  scored: number;
}

function ranked(counts: ReadonlyMap<number, Tally>): ServerTitle[] {
  return [...counts]
    .map(([id, c]): ServerTitle => ({ id, members: c.members, scored: c.scored, ...(c.scored > 0 ? { meanScore: c.scoreSum / c.scored } : {}) }))
    .sort((a, b) => b.members - a.members || (b.meanScore ?? 0) - (a.meanScore ?? 0) || a.id - b.id);
}

function add(counts: Map<number, Tally>, id: number, score = 0): void {
  const c = counts.get(id) ?? { members: 0, scoreSum: 0, scored: 0 };
  c.members++;
  if (score > 0) {
    c.scoreSum += score;
    c.scored++;
  }
  counts.set(id, c);
}

function topSeason(members: readonly MemberYear[]): ServerYear['season'] {
  const seasons = new Map<string, { members: number; titles: Set<number> }>();
  for (const m of members) {
    const mine = new Set<string>();
    for (const c of m.sums.completed) {
      if (c.season === undefined) continue;
      const s = seasons.get(c.season) ?? { members: 0, titles: new Set<number>() };
      s.titles.add(c.id);
      if (!mine.has(c.season)) s.members++;
      mine.add(c.season);
      seasons.set(c.season, s);
    }
  }
  const best = [...seasons].sort((a, b) => b[1].members - a[1].members || b[1].titles.size - a[1].titles.size || b[0].localeCompare(a[0]))[0];
  return best ? { season: best[0], members: best[1].members, titles: best[1].titles.size } : undefined;
}

/** The server's year from its members' yearly sums (members of one kind, that year). */
export function serverYear(year: number, members: readonly MemberYear[], minScored = MIN_LOVED_MEMBERS): ServerYear {
  const completed = new Map<number, Tally>();
  const dropped = new Map<number, Tally>();
  const shared = new Map<number, Tally>();
  let completions = 0;
  let progress = 0;
  for (const m of members) {
    progress += m.sums.progress;
    completions += m.sums.completed.length;
    const mine = new Set<number>();
    for (const c of m.sums.completed) {
      add(completed, c.id, c.score);
      mine.add(c.id);
    }
    for (const id of m.sums.titles) mine.add(id);
    for (const id of mine) add(shared, id);
    for (const id of new Set(m.sums.dropped)) add(dropped, id);
  }
  const all = ranked(completed);
  const leaders = members
    .filter((m) => m.sums.completed.length > 0)
    .map((m) => ({ discordUserId: m.discordUserId, completed: m.sums.completed.length }))
    .sort((a, b) => b.completed - a.completed);
  const season = topSeason(members);
  const since = members.length > 0 ? Math.min(...members.map((m) => m.since)) : undefined;
  return {
    year,
    members: members.length,
    completers: leaders.length,
    completions,
    titles: completed.size,
    progress,
    ...(since !== undefined ? { since } : {}),
    completed: all,
    loved: all.filter((t) => t.scored >= minScored).sort((a, b) => (b.meanScore ?? 0) - (a.meanScore ?? 0) || b.scored - a.scored || a.id - b.id),
    dropped: ranked(dropped),
    shared: ranked(shared),
    ...(season ? { season } : {}),
    leaders,
  };
}
