// The cards of a year (`/wrapped`), up to four pictures in one message, each with alt text in the
// reader's language: the year in numbers, the top titles (covers), the taste (genres, studios or
// authors, months, start season), and the highlights (hidden gem, longest title). A year without
// completions is one card saying so, with what is planned instead. Titles not safe for work are
// counted on the first card and never named or drawn outside age-restricted channels (their covers are
// never asked for: wrappedCoverUrls names only the shown ones). And the Share button under a private
// answer. Pure: the year, the covers' bytes and a Translator in, pictures and rows out.

import { ButtonStyle, ComponentType } from 'discord.js';
import type { Translator } from '../i18n/index.js';
import type { MessageFile } from './attachments.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { encodeCustomId } from './custom-ids.js';
import type { MessageRow } from './limits.js';
import { pictureFile } from './pictures/attachment.js';
import { renderCoverGrid, type CoverTile } from './pictures/cover-grid.js';
import { renderRecapCard, type RecapBlock } from './pictures/recap-card.js';
import { term } from './terms.js';
import type { WorkKind } from '../service/kinds.js';
import { shownTitles, verdictOf, type RecapTitle, type WrappedYear } from '../community/wrapped-year.js';

export interface WrappedCardsInput {
  t: Translator;
  ageRestricted: boolean;
  /** Whose year: "Your 2025 in anime". */
  caption: string;
  year: WrappedYear;
  /** Where the person stands in this server's community, when it applies. */
  standing?: string;
}

/** Cover bytes in the order of wrappedCoverUrls (undefined: a placeholder). */
export type WrappedCovers = readonly (Buffer | undefined)[];

const TOP_SHOWN = 5;

function fixed(t: Translator, n: number): string {
  return t.number(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function nsfwNote(i: WrappedCardsInput): string | undefined {
  const count = i.year.nsfwCompleted;
  if (count === 0) return undefined;
  return i.t.t(i.ageRestricted ? 'recaps.nsfw.counted' : 'recaps.nsfw.hidden', { count });
}

function numberFacts(i: WrappedCardsInput): { label: string; value: string }[] {
  const { t, year: y } = i;
  return [
    { label: t.t('recaps.fact.completed'), value: t.number(y.completed) },
    ...y.units.map((u) => ({ label: t.t('recaps.fact.unit', { unit: u.unit }), value: t.number(u.total) })),
    ...(y.minutes > 0 ? [{ label: t.t('recaps.fact.hours'), value: t.number(y.minutes / 60, { maximumFractionDigits: 0 }) }] : []),
    { label: t.t('recaps.fact.started'), value: t.number(y.started) },
    { label: t.t('recaps.fact.dropped'), value: t.number(y.dropped) },
  ];
}

function verdictLine(i: WrappedCardsInput): string | undefined {
  const { t, year: y } = i;
  const verdict = verdictOf(y.means);
  if (!y.means || !verdict) return undefined;
  return t.t('recaps.verdict', { verdict, yours: fixed(t, y.means.yours), service: fixed(t, y.means.service), count: y.means.titles });
}

async function numbersCard(i: WrappedCardsInput): Promise<MessageFile> {
  const { t, year: y } = i;
  const facts = numberFacts(i);
  const verdict = verdictLine(i);
  const lines = [verdict, i.standing].filter((l): l is string => l !== undefined);
  const notes = [t.t('recaps.dated', { finish: y.dated.finishDate, seen: y.dated.seen, updated: y.dated.updatedAt }), nsfwNote(i)].filter((n): n is string => n !== undefined);
  const blocks: RecapBlock[] = [{ type: 'facts', items: facts }, ...(lines.length > 0 ? [{ type: 'lines' as const, lines }] : [])];
  const picture = await renderRecapCard({ caption: i.caption, subtitle: t.t('recaps.numbers.subtitle'), blocks, notes });
  const alt = t.t('recaps.alt.numbers', { caption: i.caption, facts: facts.map((f) => `${f.label} ${f.value}`).join(', '), verdict: [verdict, i.standing, ...notes].filter(Boolean).map((s) => ` ${s}`).join('') });
  return pictureFile(`wrapped-${y.kind}-${y.year}-numbers`, picture, alt);
}

function scoreBadge(t: Translator, x: RecapTitle): Pick<CoverTile, 'badge'> {
  return x.score > 0 ? { badge: `★ ${t.number(x.score)}` } : {};
}

async function topCard(i: WrappedCardsInput, shown: readonly RecapTitle[], covers: readonly (Buffer | undefined)[]): Promise<MessageFile> {
  const { t, year: y } = i;
  const caption = t.t('recaps.top.caption', { caption: i.caption });
  const tiles = shown.map((x, n): CoverTile => {
    const cover = covers[n];
    return { title: x.title, ...(cover ? { cover } : {}), ...scoreBadge(t, x), ...(x.mean !== undefined ? { lines: [t.t('recaps.top.mean', { mean: fixed(t, x.mean) })] } : {}) };
  });
  const picture = await renderCoverGrid({ columns: Math.min(TOP_SHOWN, shown.length), tiles, caption });
  const titles = shown.map((x) => t.t('recaps.alt.topTitle', { title: x.title, scored: x.score > 0 ? 'yes' : 'no', score: x.score })).join('; ');
  return pictureFile(`wrapped-${y.kind}-${y.year}-top`, picture, t.t('recaps.alt.top', { caption: i.caption, titles }));
}

function monthNames(t: Translator): string[] {
  const format = new Intl.DateTimeFormat(t.locale, { month: 'short', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, m) => format.format(Date.UTC(2001, m, 1)));
}

/** The genres and makers a channel may show: outside age-restricted channels, from titles rated safe only. */
function tasteOf(i: WrappedCardsInput): Pick<WrappedYear, 'genres' | 'makers'> {
  return i.ageRestricted ? i.year : i.year.safe;
}

function hasTaste(i: WrappedCardsInput): boolean {
  const { genres, makers } = tasteOf(i);
  return genres.length > 0 || makers.length > 0 || i.year.months.some((c) => c > 0);
}

async function tasteCard(i: WrappedCardsInput): Promise<MessageFile> {
  const { t, year: y } = i;
  const labels = monthNames(t);
  const most = Math.max(...y.months);
  const busiest = labels[y.months.indexOf(most)] ?? '';
  const { genres, makers } = tasteOf(i);
  const bars = (items: WrappedYear['genres']) => items.map((g) => ({ label: g.name, count: g.count, value: t.number(g.count) }));
  const blocks: RecapBlock[] = [
    ...(genres.length > 0 ? [{ type: 'bars' as const, heading: t.t('recaps.genres'), items: bars(genres) }] : []),
    ...(makers.length > 0 ? [{ type: 'bars' as const, heading: t.t('recaps.makers', { kind: y.kind }), items: bars(makers) }] : []),
    { type: 'months', heading: t.t('recaps.months', { month: most > 0 ? busiest : t.t('recaps.none') }), labels, counts: y.months, values: y.months.map((c) => t.number(c)) },
  ];
  const season = y.season ? t.t('recaps.season', { season: term(t, 'season', y.season.season), year: String(y.season.year), count: y.season.count }) : undefined;
  if (season) blocks.push({ type: 'lines', lines: [season] });
  // Outside age-restricted channels the bars leave out titles not safe for work (the months count everything): said on the card.
  const safeOnly = !i.ageRestricted && y.nsfwCompleted > 0 ? t.t('recaps.taste.safeOnly', { count: y.nsfwCompleted, kind: y.kind }) : undefined;
  const picture = await renderRecapCard({ caption: i.caption, subtitle: t.t('recaps.taste.subtitle'), blocks, ...(safeOnly !== undefined ? { notes: [safeOnly] } : {}) });
  const names = (items: WrappedYear['genres']) => (items.length > 0 ? items.map((g) => `${g.name} ${t.number(g.count)}`).join(', ') : t.t('recaps.none'));
  const months = y.months.map((c, m) => `${labels[m] ?? ''} ${t.number(c)}`).join(', ');
  const alt = t.t('recaps.alt.taste', { caption: i.caption, genres: names(genres), kind: y.kind, makers: names(makers), months }) + (season ? ` ${season}.` : '') + (safeOnly !== undefined ? ` ${safeOnly}` : '');
  return pictureFile(`wrapped-${y.kind}-${y.year}-taste`, picture, alt);
}

function sizeOf(t: Translator, x: RecapTitle): string {
  return t.t('recaps.longest.size', { hours: x.minutes > 0 ? t.number(x.minutes / 60, { maximumFractionDigits: 1 }) : 'none', units: x.units });
}

async function highlightsCard(i: WrappedCardsInput, items: readonly { label: string; title: RecapTitle; line: string }[], covers: readonly (Buffer | undefined)[]): Promise<MessageFile> {
  const { t, year: y } = i;
  const tiles = items.map((h, n): CoverTile => {
    const cover = covers[n];
    return { title: h.title.title, ...(cover ? { cover } : {}), ...scoreBadge(t, h.title), lines: [h.label, h.line] };
  });
  const picture = await renderCoverGrid({ columns: items.length, tiles, caption: t.t('recaps.highlights.caption', { caption: i.caption }) });
  const alt = t.t('recaps.alt.highlights', { caption: i.caption, items: items.map((h) => `${h.label}: ${h.title.title} (${h.line})`).join('; ') });
  return pictureFile(`wrapped-${y.kind}-${y.year}-highlights`, picture, alt);
}

function highlights(i: WrappedCardsInput): { label: string; title: RecapTitle; line: string }[] {
  const { t, year: y } = i;
  const gem = shownTitles(y.gems, i.ageRestricted, 1)[0];
  const longest = shownTitles(y.longest, i.ageRestricted, 1)[0];
  return [
    ...(gem ? [{ label: t.t('recaps.gem'), title: gem, line: gem.popularity !== undefined ? t.t('recaps.gem.popularity', { rank: gem.popularity }) : t.t('recaps.none') }] : []),
    ...(longest ? [{ label: t.t('recaps.longest'), title: longest, line: sizeOf(t, longest) }] : []),
  ];
}

async function emptyCard(i: WrappedCardsInput): Promise<MessageFile> {
  const { t, year: y } = i;
  const planned = shownTitles(y.planned.titles, i.ageRestricted, 3);
  const lines = [t.t('recaps.empty.text', { year: String(y.year) }), t.t('recaps.empty.planned', { count: y.planned.count })];
  const blocks: RecapBlock[] = [
    { type: 'lines', lines, strong: true },
    ...(planned.length > 0 ? [{ type: 'lines' as const, lines: planned.map((x) => t.t('recaps.empty.plannedTitle', { title: x.title })) }] : []),
  ];
  const picture = await renderRecapCard({ caption: i.caption, blocks });
  const alt = t.t('recaps.alt.empty', { caption: i.caption, year: String(y.year), planned: [lines[1], ...planned.map((x) => x.title)].join(' ') });
  return pictureFile(`wrapped-${y.kind}-${y.year}-empty`, picture, alt);
}

/** One card to draw: its name, and the drawing (covers already fetched). */
export interface CardJob {
  name: 'numbers' | 'top' | 'taste' | 'highlights' | 'empty';
  render: () => Promise<MessageFile>;
}

/**
 * The covers the cards show, to fetch once before drawing: the top titles', then the highlights' (only
 * titles the channel may show). Undefined for a year without completions: its one card has no cover.
 */
export function wrappedCoverUrls(i: WrappedCardsInput): (string | undefined)[] | undefined {
  if (i.year.completed === 0) return undefined;
  const top = shownTitles(i.year.top, i.ageRestricted, TOP_SHOWN);
  return [...top, ...highlights(i).map((h) => h.title)].map((x) => x.picture);
}

/** The year's cards to draw, in the order a reader swipes through them, with the covers wrappedCoverUrls named. */
export function wrappedCardJobs(i: WrappedCardsInput, covers: WrappedCovers): CardJob[] {
  if (i.year.completed === 0) return [{ name: 'empty', render: () => emptyCard(i) }];
  const top = shownTitles(i.year.top, i.ageRestricted, TOP_SHOWN);
  const lights = highlights(i);
  const jobs: CardJob[] = [{ name: 'numbers', render: () => numbersCard(i) }];
  if (top.length > 0) jobs.push({ name: 'top', render: () => topCard(i, top, covers.slice(0, top.length)) });
  if (hasTaste(i)) jobs.push({ name: 'taste', render: () => tasteCard(i) });
  if (lights.length > 0) jobs.push({ name: 'highlights', render: () => highlightsCard(i, lights, covers.slice(top.length)) });
  return jobs;
}

/** The year's cards, drawn. */
export async function wrappedCards(i: WrappedCardsInput, covers: WrappedCovers): Promise<MessageFile[]> {
  return Promise.all(wrappedCardJobs(i, covers).map((job) => job.render()));
}

/** Which year Share posts: the asker (encoded, the only one who may click it), the list's kind and year, and whose list. */
export interface WrappedShareIds {
  invoker: string;
  kind: WorkKind;
  year: number;
  /** A service user name; undefined for the asker's own list. */
  user: string | undefined;
}

/** Share under a private answer: posts the same cards in the channel. */
export function wrappedShareRow(t: Translator, s: WrappedShareIds): MessageRow[] {
  const button = { type: ComponentType.Button as const, style: ButtonStyle.Primary as const, label: t.t('recaps.share'), custom_id: encodeCustomId(COMPONENT_KINDS.wrappedShare, [s.invoker, s.kind, s.year, s.user]) };
  return [{ type: ComponentType.ActionRow, components: [button] }];
}
