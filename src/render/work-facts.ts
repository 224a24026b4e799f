// Compact one-line facts about works and list entries, shared by detail and list embeds.
import type { Picture } from '../service/common-types.js';
import type { AnimeListStatus, MangaListStatus } from '../service/list-types.js';
import type { Anime, Manga } from '../service/work-types.js';
import { escapeMarkdown, formatCount, formatNumber, formatPartialDate, formatSeason, humanize } from './text.js';
import { safeHttpUrl } from './url.js';

export type Work = Anime | Manga;

export function pictureUrl(picture: Picture | undefined): string | undefined {
  return safeHttpUrl(picture?.large) ?? safeHttpUrl(picture?.medium);
}

export function workTitle(w: { id: number; title?: string }): string {
  const title = w.title?.trim();
  return title ? title : `#${w.id}`;
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
  if ('num_episodes' in w && w.num_episodes !== undefined) facts.push(`${formatCount(w.num_episodes)} eps`);
  if ('num_volumes' in w && w.num_volumes !== undefined) facts.push(`${formatCount(w.num_volumes)} vols`);
  if ('num_chapters' in w && w.num_chapters !== undefined) facts.push(`${formatCount(w.num_chapters)} ch`);
  const season = 'start_season' in w ? formatSeason(w.start_season) : undefined;
  if (season) facts.push(season);
  else if (w.start_date) facts.push(formatPartialDate(w.start_date));
  if (isPositive(w.mean)) facts.push(`★ ${formatNumber(w.mean)}`);
  if (isPositive(w.rank)) facts.push(`Rank #${formatNumber(w.rank)}`);
  if (isPositive(w.popularity)) facts.push(`Popularity #${formatNumber(w.popularity)}`);
  if (isPositive(w.num_list_users)) facts.push(`${formatNumber(w.num_list_users)} members`);
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

function progress(done: number | undefined, total: number | undefined, unit: string): string | undefined {
  if (done === undefined && total === undefined) return undefined;
  return `${formatNumber(done ?? 0)}/${formatCount(total)} ${unit}`;
}

/** `Watching · 12/24 eps · ★ 8` (markdown-safe). */
export function animeListStatusLine(s: AnimeListStatus, numEpisodes?: number): string {
  const parts: string[] = [];
  parts.push(s.status ? escapeMarkdown(humanize(s.status)) : 'On list');
  const p = progress(s.num_episodes_watched, numEpisodes, 'eps');
  if (p) parts.push(p);
  if (isPositive(s.score)) parts.push(`★ ${s.score}`);
  if (s.is_rewatching) parts.push('Rewatching');
  return parts.join(' · ');
}

/** `Reading · 1/10 vols · 5/64 ch · ★ 8` (markdown-safe). */
export function mangaListStatusLine(s: MangaListStatus, numVolumes?: number, numChapters?: number): string {
  const parts: string[] = [];
  parts.push(s.status ? escapeMarkdown(humanize(s.status)) : 'On list');
  const v = progress(s.num_volumes_read, numVolumes, 'vols');
  if (v) parts.push(v);
  const c = progress(s.num_chapters_read, numChapters, 'ch');
  if (c) parts.push(c);
  if (isPositive(s.score)) parts.push(`★ ${s.score}`);
  if (s.is_rereading) parts.push('Rereading');
  return parts.join(' · ');
}
