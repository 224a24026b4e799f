// A joined member's yearly and weekly sums of one list kind, pure: what `/server wrapped`, `/wrapped`'s
// standing and the weekly recap read instead of mirrors. Years are UTC calendar years.
//
// - Completions of a year come from the mirror (recomputed at each mirror write): a completed title
//   whose finish date is in that year, or, lacking one, which the bot saw become completed then.
// - Drops of a year: titles dropped whose last update is in that year (from the mirror).
// - Episodes (chapters), started titles and titles watched come from the changes the bot saw (its
//   history starts at the upgrade that brought it: `since`).
// - A week (any window of the last 15 days, in any time zone) is summed from the recent events kept.

import type { HistoryEvent, ListKind, MirrorEntry, WeekSums, YearSums, YearCompletion } from './types.js';


/** What is kept of a year (the stored form of YearSums). */
export interface YearRaw {
  p: number;
  n: number;
  t: number[];
  /** Flat triples: id, score, season code (year × 4 + season index; 0 unknown). */
  c: number[];
  d: number[];
}

/** Recent events are kept this long (a weekly recap late by days still finds its week). */
export const RECENT_MS = 15 * 24 * 3_600_000;
/** A completion the bot saw is kept this long (a title completed in December, asked about the January after). */
export const SEEN_KEEP_MS = 396 * 24 * 3_600_000;

const SEASONS = ['winter', 'spring', 'summer', 'fall'] as const;

export function seasonCode(season: string | undefined): number {
  const m = season === undefined ? null : /^(\d{4})-(winter|spring|summer|fall)$/.exec(season);
  return m ? Number(m[1]) * 4 + SEASONS.indexOf(m[2] as (typeof SEASONS)[number]) : 0;
}

export function seasonOfCode(code: number): string | undefined {
  return code > 0 ? `${Math.floor(code / 4)}-${SEASONS[code % 4] ?? 'winter'}` : undefined;
}

export const utcYear = (ms: number): number => new Date(ms).getUTCFullYear();

export function emptyYear(): YearRaw {
  return { p: 0, n: 0, t: [], c: [], d: [] };
}

const CURRENT: Readonly<Record<ListKind, string>> = { anime: 'watching', manga: 'reading' };

/** The progress an event shows made (an added title counts its progress). */
export function progressOf(e: HistoryEvent): number {
  if (e.removed) return 0;
  return Math.max(0, e.progress - (e.before?.progress ?? 0));
}

const became = (e: HistoryEvent, status: string): boolean => !e.removed && e.status === status && e.before?.status !== status;

/** Adds the events to the years they were seen in; completions seen noted in `seen` (id → epoch s). */
export function addEvents(kind: ListKind, years: Record<string, YearRaw>, seen: Map<number, number>, events: readonly HistoryEvent[]): void {
  for (const e of events) {
    const y = (years[String(utcYear(e.at * 1000))] ??= emptyYear());
    const p = progressOf(e);
    if (p > 0) {
      y.p += p;
      if (!y.t.includes(e.id)) y.t.push(e.id);
    }
    if (became(e, CURRENT[kind])) y.n++;
    if (became(e, 'completed')) seen.set(e.id, e.at);
  }
}

function finishYear(entry: MirrorEntry): number | undefined {
  const y = entry.finishedOn === undefined ? 0 : Number(entry.finishedOn.slice(0, 4));
  return y > 0 ? y : undefined;
}

/** The year's completions and drops, from the mirror and the completions seen (id → epoch s). */
export function yearFromMirror(year: number, entries: Iterable<MirrorEntry>, seen: ReadonlyMap<number, number>): Pick<YearRaw, 'c' | 'd'> {
  const c: number[] = [];
  const d: number[] = [];
  for (const e of entries) {
    if (e.status === 'completed') {
      const at = seen.get(e.id);
      const y = finishYear(e) ?? (at !== undefined ? utcYear(at * 1000) : undefined);
      if (y === year) c.push(e.id, Math.max(0, Math.min(10, Math.round(e.score))), seasonCode(e.season));
    } else if (e.status === 'dropped' && e.updatedAt > 0 && utcYear(e.updatedAt) === year) d.push(e.id);
  }
  return { c, d };
}

/** The stored year as read. */
export function yearSums(year: number, raw: YearRaw): YearSums {
  const completed: YearCompletion[] = [];
  for (let i = 0; i + 2 < raw.c.length; i += 3) {
    const season = seasonOfCode(raw.c[i + 2] ?? 0);
    completed.push({ id: raw.c[i] ?? 0, score: raw.c[i + 1] ?? 0, ...(season !== undefined ? { season } : {}) });
  }
  return { year, progress: raw.p, titles: [...raw.t], started: raw.n, completed, dropped: [...raw.d] };
}

/** The sums of the events seen in [fromMs, toMs). */
export function weekSums(kind: ListKind, events: readonly HistoryEvent[], fromMs: number, toMs: number): WeekSums {
  const week: WeekSums = { progress: 0, watched: [], completed: [], started: [], dropped: [], scored: [] };
  const watched = new Map<number, number>();
  for (const e of events) {
    const ms = e.at * 1000;
    if (ms < fromMs || ms >= toMs) continue;
    const p = progressOf(e);
    if (p > 0) {
      week.progress += p;
      watched.set(e.id, (watched.get(e.id) ?? 0) + p);
    }
    if (became(e, 'completed')) week.completed.push(e.id);
    if (became(e, CURRENT[kind])) week.started.push(e.id);
    if (became(e, 'dropped')) week.dropped.push(e.id);
    if (!e.removed && e.score > 0 && e.score !== (e.before?.score ?? 0)) week.scored.push({ id: e.id, score: e.score });
  }
  week.watched = [...watched].map(([id, progress]) => ({ id, progress })).sort((a, b) => b.progress - a.progress || a.id - b.id);
  return week;
}
