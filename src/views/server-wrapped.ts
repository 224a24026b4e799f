// `/server wrapped`: the server's year, from its joined members' yearly sums (src/community/tallies.ts),
// the title index's names and covers and the members' kept sums (their service names): store reads
// only, no service request. Two pictures, as /wrapped draws them: the year in numbers (the most
// completed, the best loved, the most dropped, the start season that united the server, the members
// with the most completions), and a grid of the year's most shared titles. Outside age-restricted
// channels a title not safe for work is never named or drawn (its cover never fetched): the next safe
// one is shown, and the grid says how many were left out.

import type { Translator } from '../i18n/index.js';
import type { BaseContext, InServer } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { MessageFile } from '../render/attachments.js';
import type { RenderedMessage } from '../render/limits.js';
import { pictureFile } from '../render/pictures/attachment.js';
import { renderCoverGrid, type CoverTile } from '../render/pictures/cover-grid.js';
import { renderRecapCard, type RecapBlock } from '../render/pictures/recap-card.js';
import { term } from '../render/terms.js';
import { serverYear, type ServerTitle, type ServerYear } from '../community/server-year.js';
import type { ListKind, TitleName } from '../community/types.js';
import { notSafeForWork } from './social.js';

/** Covers in the grid of the most shared titles (3 × 3). */
const GRID = 9;
const GRID_COLUMNS = 3;
/** Members named among those with the most completions. */
const LEADERS = 5;
/** Titles looked at per ranking to find safe ones to name. */
const CANDIDATES = 30;

export interface ServerWrappedRequest {
  kind: ListKind;
  year: number;
}

/** A ranked title the channel may show, with its name and cover. */
interface ShownTitle extends ServerTitle {
  title: string;
  picture?: string;
}

interface Shown {
  most?: ShownTitle;
  loved?: ShownTitle;
  dropped?: ShownTitle;
  grid: ShownTitle[];
  /** Titles of the grid's candidates left out (not safe for work, outside age-restricted channels). */
  leftOut: number;
}

/** The titles the channel may show: names read once (the index), ratings as the server views read them. */
async function shownTitles(ctx: InServer<BaseContext>, kind: ListKind, y: ServerYear): Promise<Shown> {
  const lists = [y.completed, y.loved, y.dropped, y.shared].map((l) => l.slice(0, CANDIDATES));
  const ids = [...new Set(lists.flat().map((x) => x.id))];
  const names = await ctx.deps.social.titleNames(kind, ids);
  // The ratings read at once (each one store read, or the process's memory).
  const rated = await Promise.all(ids.map(async (id) => ctx.where.ageRestricted || !(await notSafeForWork(ctx, kind, id, names.get(id)?.nsfw))));
  const safe = new Map(ids.map((id, i) => [id, rated[i] === true]));
  const show = (x: ServerTitle, name: TitleName | undefined): ShownTitle => ({ ...x, title: name?.title || `#${x.id}`, ...(name?.picture !== undefined ? { picture: name.picture } : {}) });
  const first = (list: readonly ServerTitle[]): ShownTitle | undefined => {
    const x = list.find((t) => safe.get(t.id) === true);
    return x ? show(x, names.get(x.id)) : undefined;
  };
  const candidates = lists[3] ?? [];
  const grid = candidates.filter((x) => safe.get(x.id) === true).slice(0, GRID);
  const last = grid.at(-1);
  const through = last === undefined ? candidates.length : candidates.indexOf(last) + 1;
  const leftOut = candidates.slice(0, through).filter((x) => safe.get(x.id) !== true).length;
  const scores = new Map(y.completed.map((c) => [c.id, c]));
  const sharedShown = grid.map((x) => show({ ...x, ...(scores.get(x.id)?.meanScore !== undefined ? { meanScore: scores.get(x.id)?.meanScore } : {}) }, names.get(x.id)));
  const out: Shown = { grid: sharedShown, leftOut };
  const most = first(y.completed);
  const loved = first(y.loved);
  const dropped = first(y.dropped);
  return { ...out, ...(most ? { most } : {}), ...(loved ? { loved } : {}), ...(dropped ? { dropped } : {}) };
}

function fixed(t: Translator, n: number): string {
  return t.number(n, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function highlightLines(t: Translator, y: ServerYear, s: Shown): string[] {
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

async function numbersCard(ctx: InServer<BaseContext>, r: ServerWrappedRequest, caption: string, y: ServerYear, s: Shown): Promise<MessageFile> {
  const { t } = ctx;
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
function hiddenCount(y: ServerYear, s: Shown): number {
  const top = [y.completed[0], y.loved[0], y.dropped[0]];
  const shown = [s.most, s.loved, s.dropped];
  return top.filter((x, i) => x !== undefined && x.id !== shown[i]?.id).length;
}

async function gridCard(ctx: InServer<BaseContext>, r: ServerWrappedRequest, caption: string, s: Shown): Promise<MessageFile> {
  const { t } = ctx;
  const covers = await ctx.deps.covers.covers(
    s.grid.map((x) => x.picture),
    ctx.signal,
  );
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

/** The first and last year whose sums are kept (the current UTC year and the one before). */
export function keptYears(nowMs: number): { first: number; last: number } {
  const last = new Date(nowMs).getUTCFullYear();
  return { first: last - 1, last };
}

/** `/server wrapped`: the server's year in two pictures (or a line saying there is nothing yet). */
export async function renderServerWrapped(ctx: InServer<BaseContext>, r: ServerWrappedRequest): Promise<RenderedMessage> {
  const { t } = ctx;
  const { first, last } = keptYears(ctx.deps.now());
  if (r.year > last || r.year < first) throw new UserFacingError('recaps.server.notKept', { year: String(r.year), first: String(first), last: String(last) });
  const y = serverYear(r.year, await ctx.deps.social.yearSums(ctx.guildId, r.kind, r.year));
  const caption = t.t('recaps.server.caption', { year: String(r.year), kind: r.kind });
  if (y.completions === 0 && y.progress === 0) return { content: [t.t('recaps.server.empty', { caption }), sinceNote(t, y)].filter((l) => l !== undefined).join('\n') };
  const shown = await shownTitles(ctx, r.kind, y);
  const files = [await numbersCard(ctx, r, caption, y, shown)];
  if (shown.grid.length > 0) files.push(await gridCard(ctx, r, caption, shown));
  return { files };
}
