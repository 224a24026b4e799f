// A chart of a user's list (`/list anime chart`, `/list manga chart`): a grid of covers, each with its
// title in the reader's title form and the user's score, read with one list request sorted by the
// service. Titles not safe for work are left out outside age-restricted channels (their covers are
// never fetched) and the note under the grid says how many.

import { MAX_LIMIT } from '../service/endpoint-options.js';
import type { ListItem, ListSortOf, ListStatusOf, WorkKind } from '../service/kinds.js';
import type { BaseContext } from '../interactions/context.js';
import { leftOutNote, listChartEmptyMessage, listChartMessage } from '../render/chart-messages.js';
import type { RenderedMessage } from '../render/limits.js';
import { renderCoverGrid, type CoverTile } from '../render/pictures/cover-grid.js';
import { fields, nested } from '../service/fields.js';
import { isNsfw } from './nsfw.js';
import { userListTitle } from './user-list.js';

export const CHART_SIZES = ['3x3', '4x4', '5x5'] as const;
export type ChartSize = (typeof CHART_SIZES)[number];
export const CHART_SORTS = ['score', 'recent'] as const;
export type ChartSort = (typeof CHART_SORTS)[number];

/** The service's list order for each chart order (both kinds sort their lists by these). */
const SERVICE_SORT = { score: 'list_score', recent: 'list_updated_at' } as const satisfies Record<ChartSort, ListSortOf<'anime'> & ListSortOf<'manga'>>;

/** The list row a chart needs: the entry's score and the work's rating (id, title and picture come anyway). */
const CHART_ROW = fields(nested('list_status', 'status', 'score', 'updated_at'), 'nsfw');

export interface ListChartRequest<K extends WorkKind> {
  kind: K;
  /** A service user name; undefined for the caller's own list. */
  user: string | undefined;
  size: ChartSize;
  status: ListStatusOf<K>;
  sort: ChartSort;
}

/** Columns of a size (`4x4` → 4). */
export function chartColumns(size: ChartSize): number {
  return Number(size.slice(0, size.indexOf('x')));
}

/**
 * How many entries to ask for: the grid, and where titles not safe for work will be left out as many
 * again, so a list with some of them still fills its grid.
 */
export function chartLimit(tiles: number, ageRestricted: boolean): number {
  return Math.min(MAX_LIMIT.userList, ageRestricted ? tiles : tiles * 2);
}

export interface ChartPick<K extends WorkKind> {
  shown: ListItem<K>[];
  /** Titles not safe for work that would have been on the grid. */
  leftOut: number;
}

/** The entries the grid shows, in the service's order, skipping titles not safe for work unless allowed. */
export function pickChartEntries<K extends WorkKind>(entries: readonly ListItem<K>[], tiles: number, ageRestricted: boolean): ChartPick<K> {
  const shown: ListItem<K>[] = [];
  let leftOut = 0;
  for (const entry of entries) {
    if (shown.length >= tiles) break;
    if (!ageRestricted && isNsfw(entry.node.nsfw)) leftOut++;
    else shown.push(entry);
  }
  return { shown, leftOut };
}

export async function renderListChart<K extends WorkKind>(ctx: BaseContext, r: ListChartRequest<K>): Promise<RenderedMessage> {
  const { t, where } = ctx;
  const own = r.user === undefined;
  // Conditional login (not a declared rule): only one's own list needs it; another's public list does not.
  const auth = own ? await ctx.requireAuth() : undefined;
  const columns = chartColumns(r.size);
  const tiles = columns * columns;
  // Always with `nsfw=true`, so the titles left out can be counted; they are never shown nor fetched.
  const page = await ctx.deps.service.userList(
    r.kind,
    r.user ?? '@me',
    { limit: chartLimit(tiles, where.ageRestricted), nsfw: true, fields: CHART_ROW, status: r.status, sort: SERVICE_SORT[r.sort] },
    auth ? { auth } : {},
  );
  const { shown, leftOut } = pickChartEntries(page.data, tiles, where.ageRestricted);
  const caption = userListTitle(t, r.kind, { user: r.user, status: r.status, sort: SERVICE_SORT[r.sort] });
  const note = leftOutNote(t, leftOut);
  if (shown.length === 0) return listChartEmptyMessage(t, caption, note);
  const covers = await ctx.deps.covers.covers(
    shown.map((e) => e.node.main_picture?.medium ?? e.node.main_picture?.large),
    ctx.signal,
  );
  const untitled = t.t('works.untitled');
  const tileOf = (entry: ListItem<K>, i: number): CoverTile => {
    const score = entry.list_status?.score ?? 0;
    const cover = covers[i];
    return { title: entry.node.title ?? untitled, ...(cover ? { cover } : {}), ...(score > 0 ? { badge: `★ ${t.number(score)}` } : {}) };
  };
  const picture = await renderCoverGrid({ columns, tiles: shown.map(tileOf), caption, ...(note !== undefined ? { note } : {}) });
  const titles = shown.map((e) => ({ title: e.node.title ?? untitled, score: e.list_status?.score ?? 0 }));
  return listChartMessage(t, { kind: r.kind, caption, note, titles }, picture);
}
