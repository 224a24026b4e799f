// A season at a glance (`/anime season-chart`): up to 30 of the season's titles as a grid of covers,
// each with its title in the reader's title form, its media type and its broadcast weekday and time
// (Japan time, as the note under the grid says). One seasonal request; titles not safe for work are
// left out outside age-restricted channels (never fetched) and counted in the note.

import { MAX_LIMIT } from '../service/endpoint-options.js';
import { fields } from '../service/fields.js';
import type { Anime, Season, SeasonSort } from '../service/work-types.js';
import type { NodeItem } from '../service/common-types.js';
import type { BaseContext } from '../interactions/context.js';
import { chartMean, leftOutNote, seasonChartEmptyMessage, seasonChartMessage, seasonChartNote } from '../render/chart-messages.js';
import type { RenderedMessage } from '../render/limits.js';
import { broadcastText } from '../render/details.js';
import { formatSeason } from '../render/format.js';
import { term } from '../render/terms.js';
import { renderCoverGrid, type CoverTile } from '../render/pictures/cover-grid.js';
import { isNsfw } from './nsfw.js';

export const SEASON_CHART_SORTS = ['popularity', 'score'] as const;
export type SeasonChartSort = (typeof SEASON_CHART_SORTS)[number];
const SERVICE_SORT: Record<SeasonChartSort, SeasonSort> = { popularity: 'anime_num_list_users', score: 'anime_score' };

/** Titles a season chart shows at most, six to a row. */
export const SEASON_CHART_TILES = 30;
const COLUMNS = 6;
const ROW = fields('media_type', 'broadcast', 'mean', 'nsfw');

export interface SeasonChartRequest {
  year: number;
  season: Season;
  sort: SeasonChartSort;
}

export async function renderSeasonChart(ctx: BaseContext, r: SeasonChartRequest): Promise<RenderedMessage> {
  const { t, where } = ctx;
  // Always with `nsfw=true`, so the titles left out can be counted; they are never shown nor fetched.
  const page = await ctx.deps.service.seasonalAnime({
    year: r.year,
    season: r.season,
    sort: SERVICE_SORT[r.sort],
    limit: Math.min(MAX_LIMIT.season, where.ageRestricted ? SEASON_CHART_TILES : SEASON_CHART_TILES * 2),
    nsfw: true,
    fields: ROW,
  });
  const shown: NodeItem<Anime>[] = [];
  let leftOut = 0;
  for (const entry of page.data) {
    if (shown.length >= SEASON_CHART_TILES) break;
    if (!where.ageRestricted && isNsfw(entry.node.nsfw)) leftOut++;
    else shown.push(entry);
  }
  const season = formatSeason(t, { year: r.year, season: r.season }) ?? `${r.season} ${r.year}`;
  const caption = t.t('works.season.title', { season, sort: SERVICE_SORT[r.sort] });
  const notes = [leftOutNote(t, leftOut)].filter((n): n is string => n !== undefined);
  if (shown.length === 0) return seasonChartEmptyMessage(t, season, notes);
  const covers = await ctx.deps.covers.covers(
    shown.map((e) => e.node.main_picture?.medium ?? e.node.main_picture?.large),
    ctx.signal,
  );
  const untitled = t.t('works.untitled');
  const linesOf = (a: Anime): string[] => [a.media_type ? term(t, 'mediaType', a.media_type) : undefined, broadcastText(t, a)].filter((l): l is string => l !== undefined);
  const tiles = shown.map((e, i): CoverTile => {
    const cover = covers[i];
    const mean = e.node.mean;
    return {
      title: e.node.title ?? untitled,
      lines: linesOf(e.node),
      ...(cover ? { cover } : {}),
      ...(mean !== undefined ? { badge: `★ ${chartMean(t, mean)}` } : {}),
    };
  });
  const note = seasonChartNote(t, notes);
  const picture = await renderCoverGrid({ columns: COLUMNS, tiles, caption, note });
  const titles = shown.map((e) => ({ title: e.node.title ?? untitled, lines: linesOf(e.node) }));
  return seasonChartMessage(t, { year: r.year, season: r.season, caption, notes, note, titles }, picture);
}
