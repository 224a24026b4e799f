// /server chart: the titles most held by this server's joined members as a grid of covers, each with
// how many members have it and their mean score. Read from the members' list summaries (the counts)
// and the title index's names (name, rating and cover URL), never a member's mirror, so it costs no
// service request; titles not safe for work are left out outside age-restricted channels (never
// fetched) and counted in the note.

import type { BaseContext, InServer } from '../interactions/context.js';
import { chartMean, leftOutNote, serverChartEmptyMessage, serverChartMessage } from '../render/chart-messages.js';
import type { RenderedMessage } from '../render/limits.js';
import { term } from '../render/terms.js';
import { renderCoverGrid, type CoverTile } from '../render/pictures/cover-grid.js';
import { statusOf, type TopStatus, type TopTitle } from '../community/leaderboards.js';
import type { ListKind } from '../community/types.js';
import { chartColumns, type ChartSize } from './list-chart.js';
import { notSafeForWork } from './social.js';

/** A top title with its cover, as the chart shows it. */
type ChartTitle = TopTitle & { picture?: string };

/** The top titles to show, in order: names read a page at a time until the grid is full (or none are left). */
async function chartTitles(ctx: InServer<BaseContext>, kind: ListKind, status: string, cells: number): Promise<{ shown: ChartTitle[]; leftOut: number }> {
  const counts = await ctx.deps.social.topCounts(ctx.guildId, kind, status, 1);
  const shown: ChartTitle[] = [];
  let leftOut = 0;
  for (let offset = 0; offset < counts.length && shown.length < cells; offset += cells) {
    const page = counts.slice(offset, offset + cells);
    const names = await ctx.deps.social.titleNames(kind, page.map((c) => c.id));
    for (const count of page) {
      if (shown.length >= cells) break;
      const name = names.get(count.id);
      const nsfw = await notSafeForWork(ctx, kind, count.id, name?.nsfw);
      if (nsfw && !ctx.where.ageRestricted) leftOut++;
      else shown.push({ ...count, title: name?.title || `#${count.id}`, nsfw, ...(name?.picture !== undefined ? { picture: name.picture } : {}) });
    }
  }
  return { shown, leftOut };
}

export async function renderServerChart(ctx: InServer<BaseContext>, kind: ListKind, group: TopStatus, size: ChartSize): Promise<RenderedMessage> {
  const { t } = ctx;
  const columns = chartColumns(size);
  const status = statusOf(kind, group);
  const { shown, leftOut } = await chartTitles(ctx, kind, status, columns * columns);
  const caption = t.t('social.serverChart.caption', { kind, status: term(t, 'listStatus', status) });
  const note = leftOutNote(t, leftOut);
  if (shown.length === 0) return serverChartEmptyMessage(t, caption, note);
  const covers = await ctx.deps.covers.covers(
    shown.map((title) => title.picture),
    ctx.signal,
  );
  const mean = (title: ChartTitle) => (title.meanScore === undefined ? undefined : chartMean(t, title.meanScore));
  const tiles = shown.map((title, i): CoverTile => {
    const cover = covers[i];
    const score = mean(title);
    return {
      title: title.title,
      lines: [t.t('social.serverChart.members', { count: title.members })],
      ...(cover ? { cover } : {}),
      ...(score !== undefined ? { badge: `★ ${score}` } : {}),
    };
  });
  const picture = await renderCoverGrid({ columns, tiles, caption, ...(note !== undefined ? { note } : {}) });
  return serverChartMessage(t, { kind, caption, note, titles: shown }, picture);
}
