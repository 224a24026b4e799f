// A board's standings: the people on a server's board of one game and kind (src/games/boards.ts),
// ranked. Cover rounds: the rounds won here. Daily streaks: the streak as it stands today, then the
// best; higher-or-lower: the best run; both read from each person's own records at once, so they are
// current wherever the person played since. People with nothing to show (no win, no streak, no run)
// are left out.

import type { BoardEntry, BoardGame } from './boards.js';
import { Plays } from './plays.js';
import type { GameKind } from './pool.js';

export interface BoardRow {
  /** 1-based; people with equal values share a rank (1, 1, 3). */
  rank: number;
  userId: string;
  value: number;
  /** Daily streaks: the best streak. */
  best?: number;
}

interface Unranked {
  userId: string;
  value: number;
  best?: number;
  /** When they last played here: the earlier comes first among equals. */
  at: number;
}

/** Highest value first, then the higher best; equals share a rank and keep the order of who played here first. */
export function rankBoard(rows: readonly Unranked[]): BoardRow[] {
  const sorted = [...rows].sort((a, b) => b.value - a.value || (b.best ?? 0) - (a.best ?? 0) || a.at - b.at || a.userId.localeCompare(b.userId));
  const ranked: BoardRow[] = [];
  sorted.forEach((row, i) => {
    const previous = ranked[i - 1];
    const tied = previous !== undefined && previous.value === row.value && (previous.best ?? 0) === (row.best ?? 0);
    ranked.push({ rank: tied ? previous.rank : i + 1, userId: row.userId, value: row.value, ...(row.best !== undefined ? { best: row.best } : {}) });
  });
  return ranked;
}

/** The standings of these people (already without anyone hidden) on the game's board; `today` is the UTC day, for streaks. */
export async function boardStandings(plays: Plays, entries: readonly BoardEntry[], game: BoardGame, kind: GameKind, today: string): Promise<BoardRow[]> {
  if (game === 'cover') return rankBoard(entries.filter((e) => e.value > 0));
  const stats = await plays.statsOfMany(
    entries.map((e) => e.userId),
    kind,
  );
  const rows: Unranked[] = [];
  entries.forEach((e, i) => {
    const s = stats[i];
    if (!s) return;
    if (game === 'daily' && s.best > 0) rows.push({ userId: e.userId, value: Plays.currentStreak(s, today), best: s.best, at: e.at });
    if (game === 'higher-lower' && s.higherLowerBest > 0) rows.push({ userId: e.userId, value: s.higherLowerBest, at: e.at });
  });
  return rankBoard(rows);
}
