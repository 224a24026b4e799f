// Compact one-line facts about works and list entries, shared by detail and list embeds.
import type { Picture } from '../service/common-types.js';
import type { AnimeListStatus, MangaListStatus } from '../service/list-types.js';
import type { Anime, Manga } from '../service/work-types.js';
import { escapeMarkdown, formatCount, formatNumber, formatPartialDate, formatSeason, humanize } from './text.js';
import { plural } from './text.js';
import { safeHttpUrl } from './url.js';

export type Work = Anime | Manga;

export function pictureUrl(picture: Picture | undefined): string | undefined {
  return safeHttpUrl(picture?.large) ?? safeHttpUrl(picture?.medium);
}

export function workTitle(w: { id: number; title?: string }): string {
  const title = w.title?.trim();
  return title ? title : `#${w.id}`;
}

/** A total where the service uses 0 for unknown: `1 ep`, `24 eps`, `? eps`. */
function countOf(n: number, one: string, other: string): string {
  return plural(n === 0 ? Number.NaN : n, one, other, formatCount(n));
}

function isPositive(n: number | undefined): n is number {
  return n !== undefined && Number.isFinite(n) && n > 0;
}

/** Plain-text facts (no markdown): English title, type, size, start, score, rank, popularity, members. */
export function workFacts(w: Work): string[] {
  const facts: string[] = [];
  const en = w.alternative_titles?.en?.trim();
  if (en && en !== w.title?.trim()) facts.push(en);
  if (w.media_type && w.media_type !== 'unknown') facts.push(humanize(w.media_type));
  if ('num_episodes' in w && w.num_episodes !== undefined) facts.push(countOf(w.num_episodes, 'ep', 'eps'));
  if ('num_volumes' in w && w.num_volumes !== undefined) facts.push(countOf(w.num_volumes, 'vol', 'vols'));
  if ('num_chapters' in w && w.num_chapters !== undefined) facts.push(countOf(w.num_chapters, 'ch', 'chs'));
  const season = 'start_season' in w ? formatSeason(w.start_season) : undefined;
  if (season) facts.push(season);
  else if (w.start_date) facts.push(formatPartialDate(w.start_date));
  if (isPositive(w.mean)) facts.push(`★ ${formatNumber(w.mean)}`);
  if (isPositive(w.rank)) facts.push(`Rank #${formatNumber(w.rank)}`);
  if (isPositive(w.popularity)) facts.push(`Popularity #${formatNumber(w.popularity)}`);
  if (isPositive(w.num_list_users)) facts.push(plural(w.num_list_users, 'member', 'members'));
  if (w.nsfw && w.nsfw !== 'white') facts.push(`NSFW: ${humanize(w.nsfw)}`);
  return facts;
}

/** Markdown-safe facts line for list pages. */
export function workSummaryLine(w: Work): string {
  return workFacts(w).map(escapeMarkdown).join(' · ');
}

const PRIORITY = ['Low', 'Medium', 'High'];
const REPEAT_VALUE = ['', 'Very Low', 'Low', 'Medium', 'High', 'Very High'];

export function priorityLabel(p: number | undefined): string | undefined {
  return p === undefined ? undefined : (PRIORITY[p] ?? String(p));
}

export function repeatValueLabel(v: number | undefined): string | undefined {
  if (v === undefined || v === 0) return undefined;
  return REPEAT_VALUE[v] || String(v);
}

/** `12/24 eps`, `1/1 ep`, `1/? eps`: the total picks the noun's form (the plural while it is unknown). */
function progress(done: number | undefined, total: number | undefined, one: string, other: string): string | undefined {
  if (done === undefined && total === undefined) return undefined;
  const known = total !== undefined && total > 0 && Number.isFinite(total);
  return plural(known ? total : Number.NaN, one, other, `${formatNumber(done ?? 0)}/${formatCount(total)}`);
}

/** `Watching · 12/24 eps · ★ 8` (markdown-safe). */
export function animeListStatusLine(s: AnimeListStatus, numEpisodes?: number): string {
  const parts: string[] = [];
  parts.push(s.status ? escapeMarkdown(humanize(s.status)) : 'On list');
  const p = progress(s.num_episodes_watched, numEpisodes, 'ep', 'eps');
  if (p) parts.push(p);
  if (isPositive(s.score)) parts.push(`★ ${s.score}`);
  if (s.is_rewatching) parts.push('Rewatching');
  return parts.join(' · ');
}

/** `Reading · 1/10 vols · 5/64 chs · ★ 8` (markdown-safe). */
export function mangaListStatusLine(s: MangaListStatus, numVolumes?: number, numChapters?: number): string {
  const parts: string[] = [];
  parts.push(s.status ? escapeMarkdown(humanize(s.status)) : 'On list');
  const v = progress(s.num_volumes_read, numVolumes, 'vol', 'vols');
  if (v) parts.push(v);
  const c = progress(s.num_chapters_read, numChapters, 'ch', 'chs');
  if (c) parts.push(c);
  if (isPositive(s.score)) parts.push(`★ ${s.score}`);
  if (s.is_rereading) parts.push('Rereading');
  return parts.join(' · ');
}
