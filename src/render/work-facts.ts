// Compact one-line facts about works and list entries, shared by detail and list embeds, in the reader's language.
import type { Translator } from '../i18n/index.js';
import type { Picture } from '../service/common-types.js';
import { flagAt, KINDS, numberAt, WORK_KINDS, type AnyProgressUnit, type AnyWork, type EntryOf, type ProgressUnitName, type WorkKind, type WorkOf } from '../service/kinds.js';
import { escapeMarkdown, formatNumber, formatPartialDate, formatSeason } from './text.js';
import { term } from './terms.js';
import { safeHttpUrl } from './url.js';
import { KIND_WORDS, unitWords } from './kind-words.js';

export type Work = AnyWork;

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

/** Every kind's units of progress: a work shows the totals it has. */
const ALL_UNITS = WORK_KINDS.flatMap((kind): readonly AnyProgressUnit[] => KINDS[kind].progress);

/** A total where the service uses 0 for unknown: `1 ep`, `24 eps`, `? eps`. */
function countOf(t: Translator, n: number, unit: ProgressUnitName): string {
  const words = unitWords(unit);
  return isPositive(n) ? t.t(words.facts, { count: n }) : t.t(words.factsUnknown);
}

/** Plain-text facts (no markdown): English title, type, size, start, score, rank, popularity, members. */
export function workFacts(t: Translator, w: Work): string[] {
  const facts: string[] = [];
  const en = w.alternative_titles?.en?.trim();
  if (en && en !== w.title?.trim()) facts.push(en);
  if (w.media_type && w.media_type !== 'unknown') facts.push(term(t, 'mediaType', w.media_type));
  for (const unit of ALL_UNITS) {
    const total = numberAt(w, unit.total);
    if (total !== undefined) facts.push(countOf(t, total, unit.unit));
  }
  const season = 'start_season' in w ? formatSeason(t, w.start_season) : undefined;
  if (season) facts.push(season);
  else if (w.start_date) facts.push(formatPartialDate(t, w.start_date));
  if (isPositive(w.mean)) facts.push(`★ ${formatNumber(t, w.mean)}`);
  if (isPositive(w.rank)) facts.push(t.t('works.facts.rank', { rank: formatNumber(t, w.rank) }));
  if (isPositive(w.popularity)) facts.push(t.t('works.facts.popularity', { rank: formatNumber(t, w.popularity) }));
  if (isPositive(w.num_list_users)) facts.push(t.t('works.facts.members', { count: w.num_list_users }));
  if (w.nsfw && w.nsfw !== 'white') facts.push(t.t('works.facts.nsfw', { level: term(t, 'nsfw', w.nsfw) }));
  return facts;
}

/** Markdown-safe facts line for list pages. */
export function workSummaryLine(t: Translator, w: Work): string {
  return workFacts(t, w).map(escapeMarkdown).join(' · ');
}

/** `12/24 episodes`, `1/1 episode`, `1/? episodes`: the total picks the noun's form (the plural while it is unknown). */
function progress(t: Translator, done: number | undefined, total: number | undefined, unit: ProgressUnitName): string | undefined {
  if (done === undefined && total === undefined) return undefined;
  const shown = formatNumber(t, done ?? 0);
  const words = unitWords(unit);
  return isPositive(total) ? t.t(words.progress, { done: shown, total }) : t.t(words.progressUnknown, { done: shown });
}

/**
 * A list entry on one line, markdown-safe: `Watching · 12/24 episodes · ★ 8`, `Reading · 1/10 volumes ·
 * 5/64 chapters · ★ 8`; `work` gives the totals (the kind's progress units say which).
 */
export function listStatusLine<K extends WorkKind>(t: Translator, kind: K, s: EntryOf<K>, work?: Partial<WorkOf<K>>): string {
  const spec = KINDS[kind];
  const parts: string[] = [s.status ? escapeMarkdown(term(t, 'listStatus', s.status)) : t.t('works.listStatus.onList')];
  for (const unit of spec.progress) {
    const p = progress(t, numberAt(s, unit.read), numberAt(work, unit.total), unit.unit);
    if (p) parts.push(p);
  }
  if (isPositive(s.score)) parts.push(`★ ${formatNumber(t, s.score)}`);
  if (flagAt(s, spec.repeat.flag)) parts.push(t.t(KIND_WORDS[kind].repeat.line));
  return parts.join(' · ');
}
