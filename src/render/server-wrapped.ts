// `/server wrapped`'s pictures, as /wrapped draws them: the year in numbers (the most completed, the
// best loved, the most dropped, the start season that united the server, the members with the most
// completions) and a grid of the year's most shared titles, each with alt text in the reader's
// language; or the line saying there is nothing yet. Which titles a channel may show (and their covers'
// bytes) is decided and fetched by src/views/server-wrapped.ts. Pure: data and a Translator in.

import type { Translator } from '../i18n/index.js';
import type { ServerTitle, ServerYear } from '../community/server-year.js';
import type { ListKind } from '../community/types.js';
import type { MessageFile } from './attachments.js';
import type { RenderedMessage } from './limits.js';
import { pictureFile } from './pictures/attachment.js';
import { renderCoverGrid, type CoverTile } from './pictures/cover-grid.js';
import { renderRecapCard, type RecapBlock } from './pictures/recap-card.js';
import { term } from './terms.js';

/** Covers in the grid of the most shared titles (3 × 3). */
export const SERVER_WRAPPED_GRID = 9;
const GRID_COLUMNS = 3;
/** Members named among those with the most completions. */
const LEADERS = 5;

export interface ServerWrappedRequest {
  kind: ListKind;
  year: number;
}

/** A ranked title the channel may show, with its name and cover. */
export interface ShownTitle extends ServerTitle {
  title: string;
  picture?: string;
}

/** What the channel may show of the year's rankings. */
export interface ServerWrappedShown {
  most?: ShownTitle;
  loved?: ShownTitle;
  dropped?: ShownTitle;
  grid: ShownTitle[];
  /** Titles of the grid's candidates left out (not safe for work, outside age-restricted channels). */
  leftOut: number;
}

function fixed(t: Translator, n: number): string {
  return t.number(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function highlightLines(t: Translator, y: ServerYear, s: ServerWrappedShown): string[] {
  const lines: string[] = [];
  if (s.most) lines.push(t.t('recaps.server.most', { title: s.most.title, count: s.most.members }));
  if (s.loved?.meanScore !== undefined) lines.push(t.t('recaps.server.loved', { title: s.loved.title, mean: fixed(t, s.loved.meanScore), count: s.loved.scored }));
  if (s.dropped) lines.push(t.t('recaps.server.dropped', { title: s.dropped.title, count: s.dropped.members }));
  if (y.season) {
    const [year = '', season = ''] = y.season.season.split('-');
    lines.push(t.t('recaps.server.season', { season: term(t, 'season', season), year, members: y.season.members, titles: y.season.titles }));
  }
  return lines;
}

function sinceNote(t: Translator, y: ServerYear): string | undefined {
  if (y.since === undefined) return undefined;
  const date = new Intl.DateTimeFormat(t.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(y.since);
  return t.t('recaps.server.since', { date });
}

async function numbersCard(t: Translator, r: ServerWrappedRequest, caption: string, y: ServerYear, s: ServerWrappedShown): Promise<MessageFile> {
  const facts = [
    { label: t.t('recaps.server.fact.completions'), value: t.number(y.completions) },
    { label: t.t('recaps.server.fact.titles'), value: t.number(y.titles) },
    { label: t.t('recaps.server.fact.progress', { kind: r.kind }), value: t.number(y.progress) },
    { label: t.t('recaps.server.fact.completers'), value: t.number(y.completers) },
  ];
  const lines = highlightLines(t, y, s);
  // The members' service names (untrusted text, drawn only), as their sums keep them.
  const leaders = y.leaders.slice(0, LEADERS).map((l) => ({ label: l.serviceUser ?? t.t('social.member.unnamed'), count: l.completed, value: t.number(l.completed) }));
  const blocks: RecapBlock[] = [
    { type: 'facts', items: facts },
    ...(lines.length > 0 ? [{ type: 'lines' as const, lines }] : []),
    ...(leaders.length > 0 ? [{ type: 'bars' as const, heading: t.t('recaps.server.leaders'), items: leaders }] : []),
  ];
  const notes = [sinceNote(t, y), s.leftOut > 0 || hiddenCount(y, s) > 0 ? t.t('recaps.server.nsfw') : undefined].filter((n): n is string => n !== undefined);
  const subtitle = t.t('recaps.server.subtitle', { count: y.members });
  const picture = await renderRecapCard({ caption, subtitle, blocks, notes });
  const alt = t.t('recaps.server.alt.numbers', {
    caption,
    facts: facts.map((f) => `${f.label} ${f.value}`).join(', '),
    lines: [...lines, ...leaders.map((l) => `${l.label} ${l.value}`), ...notes].join(' '),
  });
  return pictureFile(`server-wrapped-${r.kind}-${r.year}-numbers`, picture, alt);
}

/** Whether a highlight was skipped for a title not safe for work (the top of a ranking not shown). */
function hiddenCount(y: ServerYear, s: ServerWrappedShown): number {
  const top = [y.completed[0], y.loved[0], y.dropped[0]];
  const shown = [s.most, s.loved, s.dropped];
  return top.filter((x, i) => x !== undefined && x.id !== shown[i]?.id).length;
}

async function gridCard(t: Translator, r: ServerWrappedRequest, caption: string, s: ServerWrappedShown, covers: readonly (Buffer | undefined)[]): Promise<MessageFile> {
  const tiles = s.grid.map((x, i): CoverTile => {
    const cover = covers[i];
    return {
      title: x.title,
      lines: [t.t('social.serverChart.members', { count: x.members })],
      ...(cover ? { cover } : {}),
      ...(x.meanScore !== undefined ? { badge: `★ ${fixed(t, x.meanScore)}` } : {}),
    };
  });
  const note = s.leftOut > 0 ? t.t('lists.chart.leftOut', { count: s.leftOut }) : undefined;
  const gridCaption = t.t('recaps.server.shared', { caption });
  const picture = await renderCoverGrid({ columns: Math.min(GRID_COLUMNS, s.grid.length), tiles, caption: gridCaption, ...(note !== undefined ? { note } : {}) });
  const titles = s.grid.map((x) => t.t('social.serverChart.altTile', { title: x.title, count: x.members, scored: x.meanScore === undefined ? 'no' : 'yes', mean: x.meanScore === undefined ? '' : fixed(t, x.meanScore) })).join('; ');
  return pictureFile(`server-wrapped-${r.kind}-${r.year}-shared`, picture, `${t.t('lists.chart.alt', { caption: gridCaption, count: s.grid.length, titles })}${note !== undefined ? ` ${note}` : ''}`);
}

const captionOf = (t: Translator, r: ServerWrappedRequest): string => t.t('recaps.server.caption', { year: String(r.year), kind: r.kind });

/** A year with no completion and no progress: one line (and since when sums are kept). */
export function serverWrappedEmpty(t: Translator, r: ServerWrappedRequest, y: ServerYear): RenderedMessage {
  return { content: [t.t('recaps.server.empty', { caption: captionOf(t, r) }), sinceNote(t, y)].filter((l) => l !== undefined).join('\n') };
}

/** The year's two pictures (the grid only when a title may be shown); `covers`: the grid's, in its order. */
export async function serverWrappedMessage(t: Translator, r: ServerWrappedRequest, y: ServerYear, shown: ServerWrappedShown, covers: readonly (Buffer | undefined)[]): Promise<RenderedMessage> {
  const caption = captionOf(t, r);
  const files = [await numbersCard(t, r, caption, y, shown)];
  if (shown.grid.length > 0) files.push(await gridCard(t, r, caption, shown, covers));
  return { files };
}
