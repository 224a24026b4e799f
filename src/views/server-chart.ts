// /server chart: the titles most held by this server's joined members as a grid of covers, each with
// how many members have it and their mean score. Read from the mirror of the members' lists (which
// keeps each title's picture URL), so it costs no service request; titles not safe for work are left
// out outside age-restricted channels (never fetched) and counted in the note.

import type { BaseContext } from '../interactions/context.js';
import type { RenderedMessage } from '../render/limits.js';
import { term } from '../render/terms.js';
import { pictureFile } from '../render/pictures/attachment.js';
import { renderCoverGrid, type CoverTile } from '../render/pictures/cover-grid.js';
import { statusOf, topTitles, type TopStatus, type TopTitle } from '../social/leaderboards.js';
import { mirrorMemo } from '../social/mirror-memo.js';
import { memberMirrors } from '../social/server-view.js';
import type { ListKind } from '../social/types.js';
import { chartColumns, type ChartSize } from './list-chart.js';
import { serverOnly } from './social.js';

export async function renderServerChart(ctx: BaseContext, kind: ListKind, group: TopStatus, size: ChartSize): Promise<RenderedMessage> {
  const guildId = serverOnly(ctx, 'chart');
  const { t, where } = ctx;
  const mirrors = await memberMirrors(mirrorMemo(ctx.deps.social), guildId, kind);
  const status = statusOf(kind, group);
  const columns = chartColumns(size);
  const shown: TopTitle[] = [];
  let leftOut = 0;
  for (const title of topTitles(mirrors, status, 1)) {
    if (shown.length >= columns * columns) break;
    if (title.nsfw && !where.ageRestricted) leftOut++;
    else shown.push(title);
  }
  const caption = t.t('social.serverChart.caption', { kind, status: term(t, 'listStatus', status) });
  const note = leftOut > 0 ? t.t('lists.chart.leftOut', { count: leftOut }) : undefined;
  if (shown.length === 0) return { content: [t.t('social.serverChart.empty', { caption }), note].filter((l) => l !== undefined).join('\n') };
  const covers = await ctx.deps.covers.covers(
    shown.map((title) => title.picture),
    ctx.signal,
  );
  const mean = (title: TopTitle) => (title.meanScore === undefined ? undefined : t.number(title.meanScore, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
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
  const alt = t.t('lists.chart.alt', {
    caption,
    count: shown.length,
    titles: shown
      .map((title) => t.t('social.serverChart.altTile', { title: title.title, count: title.members, scored: title.meanScore === undefined ? 'no' : 'yes', mean: mean(title) ?? '' }))
      .join('; '),
  });
  return {
    ...(note !== undefined ? { content: note } : {}),
    files: [pictureFile(`server-${kind}-chart`, picture, note !== undefined ? `${alt} ${note}` : alt)],
  };
}
