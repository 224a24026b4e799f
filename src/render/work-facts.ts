// Compact one-line facts about works and list entries, shared by detail and list embeds, in the reader's language.
import type { Translator } from '../i18n/index.js';
import type { Picture } from '../service/common-types.js';
import type { AnimeListStatus, MangaListStatus } from '../service/list-types.js';
import type { Anime, Manga } from '../service/work-types.js';
import { escapeMarkdown, formatNumber, formatPartialDate, formatSeason } from './text.js';
import { term } from './terms.js';
import { safeHttpUrl } from './url.js';

export type Work = Anime | Manga;

export function pictureUrl(picture: Picture | undefined): string | undefined {
  return safeHttpUrl(picture?.large) ?? safeHttpUrl(picture?.medium);
}

export function workTitle(w: { id: number; title?: string }): string {
  const title = w.title?.trim();
  return title ? title : `#${w.id}`;
}

type Unit = 'episodes' | 'volumes' | 'chapters';

function isPositive(n: number | undefined): n is number {
  return n !== undefined && Number.isFinite(n) && n > 0;
}

/** A total where the service uses 0 for unknown: `1 ep`, `24 eps`, `? eps`. */
function countOf(t: Translator, n: number, unit: Unit): string {
  return isPositive(n) ? t.t(`catalogue.facts.${unit}`, { count: n }) : t.t(`catalogue.facts.${unit}Unknown`);
}

/** Plain-text facts (no markdown): English title, type, size, start, score, rank, popularity, members. */
export function workFacts(t: Translator, w: Work): string[] {
  const facts: string[] = [];
  const en = w.alternative_titles?.en?.trim();
  if (en && en !== w.title?.trim()) facts.push(en);
  if (w.media_type && w.media_type !== 'unknown') facts.push(term(t, 'mediaType', w.media_type));
  if ('num_episodes' in w && w.num_episodes !== undefined) facts.push(countOf(t, w.num_episodes, 'episodes'));
  if ('num_volumes' in w && w.num_volumes !== undefined) facts.push(countOf(t, w.num_volumes, 'volumes'));
  if ('num_chapters' in w && w.num_chapters !== undefined) facts.push(countOf(t, w.num_chapters, 'chapters'));
  const season = 'start_season' in w ? formatSeason(t, w.start_season) : undefined;
  if (season) facts.push(season);
  else if (w.start_date) facts.push(formatPartialDate(t, w.start_date));
  if (isPositive(w.mean)) facts.push(`★ ${formatNumber(t, w.mean)}`);
  if (isPositive(w.rank)) facts.push(t.t('catalogue.facts.rank', { rank: formatNumber(t, w.rank) }));
  if (isPositive(w.popularity)) facts.push(t.t('catalogue.facts.popularity', { rank: formatNumber(t, w.popularity) }));
  if (isPositive(w.num_list_users)) facts.push(t.t('catalogue.facts.members', { count: w.num_list_users }));
  if (w.nsfw && w.nsfw !== 'white') facts.push(t.t('catalogue.facts.nsfw', { level: term(t, 'nsfw', w.nsfw) }));
  return facts;
}

/** Markdown-safe facts line for list pages. */
export function workSummaryLine(t: Translator, w: Work): string {
  return workFacts(t, w).map(escapeMarkdown).join(' · ');
}

/** `12/24 eps`, `1/1 ep`, `1/? eps`: the total picks the noun's form (the plural while it is unknown). */
function progress(t: Translator, done: number | undefined, total: number | undefined, unit: Unit): string | undefined {
  if (done === undefined && total === undefined) return undefined;
  const shown = formatNumber(t, done ?? 0);
  return isPositive(total) ? t.t(`catalogue.progress.${unit}`, { done: shown, total }) : t.t(`catalogue.progress.${unit}Unknown`, { done: shown });
}

function statusName(t: Translator, status: string | undefined): string {
  return status ? escapeMarkdown(term(t, 'listStatus', status)) : t.t('catalogue.listStatus.onList');
}

/** `Watching · 12/24 eps · ★ 8` (markdown-safe). */
export function animeListStatusLine(t: Translator, s: AnimeListStatus, numEpisodes?: number): string {
  const parts: string[] = [statusName(t, s.status)];
  const p = progress(t, s.num_episodes_watched, numEpisodes, 'episodes');
  if (p) parts.push(p);
  if (isPositive(s.score)) parts.push(`★ ${formatNumber(t, s.score)}`);
  if (s.is_rewatching) parts.push(t.t('catalogue.listStatus.rewatching'));
  return parts.join(' · ');
}

/** `Reading · 1/10 vols · 5/64 chs · ★ 8` (markdown-safe). */
export function mangaListStatusLine(t: Translator, s: MangaListStatus, numVolumes?: number, numChapters?: number): string {
  const parts: string[] = [statusName(t, s.status)];
  const v = progress(t, s.num_volumes_read, numVolumes, 'volumes');
  if (v) parts.push(v);
  const c = progress(t, s.num_chapters_read, numChapters, 'chapters');
  if (c) parts.push(c);
  if (isPositive(s.score)) parts.push(`★ ${formatNumber(t, s.score)}`);
  if (s.is_rereading) parts.push(t.t('catalogue.listStatus.rereading'));
  return parts.join(' · ');
}
