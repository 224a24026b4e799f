// A person's year of a list (`/wrapped`), computed from the list as read (every entry, one read per
// 1 000): what they completed in the year and how each completion was dated, the episodes (chapters,
// volumes) and hours in them, what they started and dropped, their mean score against the service's
// mean for the same titles, their top titles, genres, studios (manga: authors), the month they
// finished most in, the start season they watched most, a hidden gem and the longest title. Pure: the
// result is plain data, kept in the store (src/store/recaps.ts) and drawn by src/render/wrapped-cards.ts.

import { KINDS, numberAt, type ListItem, type WorkKind } from '../service/kinds.js';
import type { Anime, Manga } from '../service/work-types.js';
import { notRatedSafe } from '../known-works/nsfw-ratings.js';

/** One title as a card shows it: its name and cover only where its rating allows (`nsfw`: not rated safe, unrated included). */
export interface RecapTitle {
  id: number;
  title: string;
  picture?: string;
  nsfw: boolean;
  /** The person's score, 0 = not scored. */
  score: number;
  /** The service's mean score, when it has one. */
  mean?: number;
  /** The service's popularity rank (1 = most popular), when known. */
  popularity?: number;
  /** Episodes (manga: chapters) in it as the person finished it. */
  units: number;
  /** Minutes it takes (episodes × their average length); 0 when unknown or for manga. */
  minutes: number;
}

export interface NamedCount {
  name: string;
  count: number;
}

export interface WrappedYear {
  kind: WorkKind;
  year: number;
  /** Entries on the list as read. */
  entries: number;
  completed: number;
  /** Of the completions, titles not safe for work (counted, never named or drawn outside age-restricted channels). */
  nsfwCompleted: number;
  /** How each completion was dated: its finish date, when the bot saw it become completed, or its last update. */
  dated: { finishDate: number; seen: number; updatedAt: number };
  /** Per unit of the kind (episodes; volumes and chapters), summed over the completions. */
  units: { unit: 'episodes' | 'volumes' | 'chapters'; total: number }[];
  /** Minutes the completions take (anime; 0 for manga). */
  minutes: number;
  /** Entries started in the year (their start date), and entries dropped in it. */
  started: number;
  dropped: number;
  /** The person's mean score and the service's over the same completed titles (both scored), and how many. */
  means?: { yours: number; service: number; titles: number };
  /** Top titles: the person's score, then the service's; a few more than shown, so some remain where titles are left out. */
  top: RecapTitle[];
  genres: NamedCount[];
  /** Studios (anime) or authors (manga). */
  makers: NamedCount[];
  /** The genres and makers of the titles rated safe for work only: what channels that are not age-restricted show. */
  safe: { genres: NamedCount[]; makers: NamedCount[] };
  /** Completions per month (January first); a completion dated only by its year is in none. */
  months: number[];
  /** The start season watched most (anime only). */
  season?: { season: string; year: number; count: number };
  /** Hidden gems in order (the highest score on the least popular title first). */
  gems: RecapTitle[];
  /** The longest titles finished, longest first. */
  longest: RecapTitle[];
  /** What is planned: how many, and a few of them (the service's best first), for a year without completions. */
  planned: { count: number; titles: RecapTitle[] };
}

/** Titles kept for each list on a card, and as many safe ones again: titles left out in a channel still leave a full card. */
export const KEPT_TITLES = 12;
const TOP_NAMES = 5;

/** A date of the service's (`2024-05-17`, `2024-05-00`, `2024-00-00`, `0000-00-00`) as UTC year and month (0–11, undefined when unknown). */
export function partialDate(value: string | undefined): { year: number; month?: number } | undefined {
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(value ?? '');
  if (!m) return undefined;
  const year = Number(m[1]);
  if (year === 0) return undefined;
  const month = Number(m[2] ?? '0');
  return month >= 1 && month <= 12 ? { year, month: month - 1 } : { year };
}

/** A timestamp (`updated_at`) as UTC year and month. */
export function timestampDate(value: string | undefined): { year: number; month: number } | undefined {
  const ms = Date.parse(value ?? '');
  if (!Number.isFinite(ms)) return undefined;
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() };
}

/**
 * When an entry was completed: its finish date when the list has one, else when the bot saw it become
 * completed (`seenMs`, src/community/completions-seen.ts) where it has a record, else its last update.
 */
export function completionDate(
  status: { finish_date?: string; updated_at?: string } | undefined,
  seenMs?: number,
): { year: number; month?: number; by: 'finishDate' | 'seen' | 'updatedAt' } | undefined {
  const finish = partialDate(status?.finish_date);
  if (finish) return { ...finish, by: 'finishDate' };
  if (seenMs !== undefined) {
    const seen = new Date(seenMs);
    return { year: seen.getUTCFullYear(), month: seen.getUTCMonth(), by: 'seen' };
  }
  const updated = timestampDate(status?.updated_at);
  return updated ? { ...updated, by: 'updatedAt' } : undefined;
}

/** The year `/wrapped` shows without one asked: this year, or the one just ended during January (UTC). */
export function defaultRecapYear(nowMs: number): number {
  const now = new Date(nowMs);
  return now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
}

type AnyWork = Anime & Manga;

function titleOf<K extends WorkKind>(kind: K, item: ListItem<K>): RecapTitle {
  const work = item.node as AnyWork;
  const spec = KINDS[kind];
  const unit = spec.progress[spec.progress.length - 1] ?? spec.mainProgress;
  const read = numberAt(item.list_status, unit.read) ?? 0;
  const units = read > 0 ? read : (numberAt(work, unit.total) ?? 0);
  const seconds = spec.has.episodeLength ? (work.average_episode_duration ?? 0) : 0;
  const picture = work.main_picture?.medium ?? work.main_picture?.large;
  return {
    id: work.id,
    title: work.title ?? `#${work.id}`,
    ...(picture !== undefined ? { picture } : {}),
    // A title the service gave no rating counts as not safe: the cards can be posted for a whole channel.
    nsfw: notRatedSafe(work.nsfw),
    score: item.list_status?.score ?? 0,
    ...(typeof work.mean === 'number' ? { mean: work.mean } : {}),
    ...(typeof work.popularity === 'number' && work.popularity > 0 ? { popularity: work.popularity } : {}),
    units,
    minutes: Math.round((units * seconds) / 60),
  };
}

function countNames(into: Map<string, number>, names: Iterable<string>): void {
  for (const name of names) if (name !== '') into.set(name, (into.get(name) ?? 0) + 1);
}

function topNames(counts: Map<string, number>): NamedCount[] {
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)).slice(0, TOP_NAMES);
}

function makersOf(work: AnyWork): string[] {
  const studios = (work.studios ?? []).map((s) => s.name ?? '');
  const authors = (work.authors ?? []).map((a) => [a.node?.first_name, a.node?.last_name].filter((n) => n !== undefined && n !== '').join(' '));
  return [...studios, ...authors];
}

/** The first `KEPT_TITLES` in `order`, and the first as many safe for work (all in order): a channel that leaves the others out still has some. */
function keptSome<T>(titles: readonly T[], order: (a: T, b: T) => number, unsafe: (x: T) => boolean): T[] {
  let safe = 0;
  return [...titles].sort(order).filter((x, n) => {
    if (unsafe(x)) return n < KEPT_TITLES;
    safe++;
    return n < KEPT_TITLES || safe <= KEPT_TITLES;
  });
}

const keptTitles = (titles: readonly RecapTitle[], order: (a: RecapTitle, b: RecapTitle) => number) => keptSome(titles, order, (x) => x.nsfw);

const byTop = (a: RecapTitle, b: RecapTitle) => b.score - a.score || (b.mean ?? 0) - (a.mean ?? 0) || a.id - b.id;
const byGem = (a: RecapTitle, b: RecapTitle) => b.score - a.score || (b.popularity ?? 0) - (a.popularity ?? 0) || a.id - b.id;
const byLength = (a: RecapTitle, b: RecapTitle) => b.minutes - a.minutes || b.units - a.units || a.id - b.id;
const byMean = (a: RecapTitle, b: RecapTitle) => (b.mean ?? 0) - (a.mean ?? 0) || a.id - b.id;

interface Tally {
  finished: { item: ListItem<WorkKind>; title: RecapTitle }[];
  dated: { finishDate: number; seen: number; updatedAt: number };
  months: number[];
  started: number;
  dropped: number;
  planned: RecapTitle[];
}

function tally<K extends WorkKind>(kind: K, year: number, items: readonly ListItem<K>[], seen: ReadonlyMap<number, number>): Tally {
  const spec = KINDS[kind];
  const t: Tally = { finished: [], dated: { finishDate: 0, seen: 0, updatedAt: 0 }, months: Array.from({ length: 12 }, () => 0), started: 0, dropped: 0, planned: [] };
  for (const item of items) {
    const status = item.list_status;
    if (partialDate(status?.start_date)?.year === year) t.started++;
    if (status?.status === spec.planned) t.planned.push(titleOf(kind, item));
    if (status?.status !== spec.finished && status?.status !== 'dropped') continue;
    const when = completionDate(status, status.status === spec.finished ? seen.get(item.node.id) : undefined);
    if (when?.year !== year) continue;
    if (status.status === 'dropped') {
      t.dropped++;
      continue;
    }
    t.dated[when.by]++;
    if (when.month !== undefined) t.months[when.month] = (t.months[when.month] ?? 0) + 1;
    t.finished.push({ item, title: titleOf(kind, item) });
  }
  return t;
}

function meansOf(titles: readonly RecapTitle[]): WrappedYear['means'] {
  const both = titles.filter((x) => x.score > 0 && x.mean !== undefined);
  if (both.length === 0) return undefined;
  const yours = both.reduce((s, x) => s + x.score, 0) / both.length;
  const service = both.reduce((s, x) => s + (x.mean ?? 0), 0) / both.length;
  return { yours, service, titles: both.length };
}

function topSeason(items: readonly ListItem<WorkKind>[]): WrappedYear['season'] {
  const counts = new Map<string, { season: string; year: number; count: number }>();
  for (const item of items) {
    const s = (item.node as AnyWork).start_season;
    if (s?.season === undefined || s.year === undefined) continue;
    const key = `${s.year}-${s.season}`;
    const c = counts.get(key) ?? { season: s.season, year: s.year, count: 0 };
    c.count++;
    counts.set(key, c);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || b.year - a.year)[0];
}

/**
 * What of a list its year needs, kept as the list is read: the entries started, completed or dropped
 * in the year, the best planned ones, and how many entries and planned there were. Small whatever the
 * list's length, so a read handed over to background work is stored as it stands.
 */
export interface YearRead {
  entries: number;
  planned: number;
  items: ListItem<WorkKind>[];
}

export function emptyYearRead(): YearRead {
  return { entries: 0, planned: 0, items: [] };
}

const plannedFirst = (a: ListItem<WorkKind>, b: ListItem<WorkKind>) => (b.node.mean ?? 0) - (a.node.mean ?? 0) || a.node.id - b.node.id;

/** A page of the list added to what the year keeps of it (`seen` as for `wrappedYear`). */
export function addToYearRead<K extends WorkKind>(kind: K, year: number, read: YearRead, page: readonly ListItem<K>[], seen: ReadonlyMap<number, number> = new Map()): YearRead {
  const spec = KINDS[kind];
  const kept: ListItem<WorkKind>[] = [];
  const planned: ListItem<WorkKind>[] = read.items.filter((item) => item.list_status?.status === spec.planned);
  let plannedCount = read.planned;
  for (const item of page) {
    const status = item.list_status;
    if (status?.status === spec.planned) {
      plannedCount++;
      planned.push(item);
      continue;
    }
    const finished = status?.status === spec.finished || status?.status === 'dropped';
    const when = finished ? completionDate(status, status.status === spec.finished ? seen.get(item.node.id) : undefined) : undefined;
    if (partialDate(status?.start_date)?.year === year || when?.year === year) kept.push(item);
  }
  const others = read.items.filter((item) => item.list_status?.status !== spec.planned);
  return { entries: read.entries + page.length, planned: plannedCount, items: [...others, ...kept, ...keptSome(planned, plannedFirst, (item) => notRatedSafe(item.node.nsfw))] };
}

/**
 * The year of a list: everything the cards show, from the entries as read (all of them, or what
 * `addToYearRead` kept of them with its counts), and for one's own list when the bot saw titles become
 * completed (id → epoch ms; none for other lists).
 */
export function wrappedYear<K extends WorkKind>(
  kind: K,
  year: number,
  items: readonly ListItem<K>[],
  seen: ReadonlyMap<number, number> = new Map(),
  counts?: Pick<YearRead, 'entries' | 'planned'>,
): WrappedYear {
  const spec = KINDS[kind];
  const t = tally(kind, year, items, seen);
  const titles = t.finished.map((f) => f.title);
  const all = { genres: new Map<string, number>(), makers: new Map<string, number>() };
  const safe = { genres: new Map<string, number>(), makers: new Map<string, number>() };
  for (const { item, title } of t.finished) {
    const work = item.node as AnyWork;
    for (const into of title.nsfw ? [all] : [all, safe]) {
      countNames(into.genres, (work.genres ?? []).map((g) => g.name ?? ''));
      countNames(into.makers, makersOf(work));
    }
  }
  const units = spec.progress.map((unit) => ({
    unit: unit.unit,
    total: t.finished.reduce((sum, f) => sum + (numberAt(f.item.list_status, unit.read) || (numberAt(f.item.node, unit.total) ?? 0)), 0),
  }));
  const means = meansOf(titles);
  const season = spec.has.episodeLength ? topSeason(t.finished.map((f) => f.item)) : undefined;
  return {
    kind,
    year,
    entries: counts?.entries ?? items.length,
    completed: titles.length,
    nsfwCompleted: titles.filter((x) => x.nsfw).length,
    dated: t.dated,
    units,
    minutes: titles.reduce((sum, x) => sum + x.minutes, 0),
    started: t.started,
    dropped: t.dropped,
    ...(means ? { means } : {}),
    top: keptTitles(titles, byTop),
    genres: topNames(all.genres),
    makers: topNames(all.makers),
    safe: { genres: topNames(safe.genres), makers: topNames(safe.makers) },
    months: t.months,
    ...(season ? { season } : {}),
    gems: keptTitles(titles.filter((x) => x.score > 0), byGem),
    longest: keptTitles(titles, byLength),
    planned: { count: counts?.planned ?? t.planned.length, titles: keptTitles(t.planned, byMean) },
  };
}

/** Kinder or harsher than everyone: the person's mean against the service's on the same titles (within 0.05: the same). */
export function verdictOf(means: WrappedYear['means']): 'kinder' | 'harsher' | 'same' | undefined {
  if (!means) return undefined;
  const diff = means.yours - means.service;
  return diff > 0.05 ? 'kinder' : diff < -0.05 ? 'harsher' : 'same';
}

/** The titles a channel may show, in order: outside age-restricted channels, none not safe for work. */
export function shownTitles(titles: readonly RecapTitle[], ageRestricted: boolean, most: number): RecapTitle[] {
  return titles.filter((x) => ageRestricted || !x.nsfw).slice(0, most);
}
