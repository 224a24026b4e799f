// A card of a user's list in numbers (`/list anime stats`, `/list manga stats`): entries by status,
// scores 1–10 and the unscored, the mean score, the progress counted in each of the kind's units, and,
// for the caller's own list of a kind whose profile keeps statistics, the days watched. One list
// request (the service's largest page), and one profile request only where days are shown.

import { MAX_LIMIT } from '../service/endpoint-options.js';
import { fields, nested, userFields, type ListStatusField } from '../service/fields.js';
import { KINDS, numberAt, type ListItem, type WorkKind } from '../service/kinds.js';
import type { BaseContext } from '../interactions/context.js';
import type { RenderedMessage } from '../render/limits.js';
import { listStatsEmptyMessage, listStatsMessage } from '../render/list-stats.js';
import { term } from '../render/terms.js';
import { unitWords } from '../render/kind-words.js';
import { renderStatsCard } from '../render/pictures/stats-card.js';
import { userListTitle } from './user-list.js';

export interface ListStats {
  /** Entries per status, in the kind's status order. */
  byStatus: { status: string; count: number }[];
  /** Entries scored 1 to 10 (index 0 is score 1). */
  histogram: number[];
  unscored: number;
  /** Mean of the scored entries; undefined when none is scored. */
  mean: number | undefined;
  /** Progress summed over the entries, per unit of the kind (episodes; volumes and chapters). */
  progress: { unit: (typeof KINDS)[WorkKind]['progress'][number]['unit']; total: number }[];
  entries: number;
}

/** The numbers of a list's entries. */
export function listStats<K extends WorkKind>(kind: K, entries: readonly ListItem<K>[]): ListStats {
  const spec = KINDS[kind];
  const byStatus = spec.statuses.map((status) => ({ status: status as string, count: 0 }));
  const histogram = Array.from({ length: 10 }, () => 0);
  let unscored = 0;
  let scoreSum = 0;
  const progress = spec.progress.map((unit) => ({ unit: unit.unit, read: unit.read as string, total: 0 }));
  for (const entry of entries) {
    const status = entry.list_status?.status;
    const slot = byStatus.find((s) => s.status === status);
    if (slot) slot.count++;
    const score = entry.list_status?.score ?? 0;
    if (score >= 1 && score <= 10) {
      histogram[score - 1] = (histogram[score - 1] ?? 0) + 1;
      scoreSum += score;
    } else unscored++;
    for (const p of progress) p.total += numberAt(entry.list_status, p.read) ?? 0;
  }
  const scored = entries.length - unscored;
  return {
    byStatus,
    histogram,
    unscored,
    mean: scored > 0 ? scoreSum / scored : undefined,
    progress: progress.map(({ unit, total }) => ({ unit, total })),
    entries: entries.length,
  };
}

export async function renderListStats<K extends WorkKind>(ctx: BaseContext, kind: K, user: string | undefined): Promise<RenderedMessage> {
  const { t } = ctx;
  const spec = KINDS[kind];
  const own = user === undefined;
  // Conditional login (not a declared rule): only one's own list needs it; another's public list does not.
  const auth = own ? await ctx.requireAuth() : undefined;
  const row = fields(nested('list_status', 'status', 'score', ...spec.progress.map((unit) => unit.read as ListStatusField)));
  // Titles are never shown, so every entry is counted (`nsfw=true`).
  const page = await ctx.deps.service.userList(kind, user ?? '@me', { limit: MAX_LIMIT.userList, nsfw: true, fields: row }, auth ? { auth } : {});
  const stats = listStats(kind, page.data);
  const caption = userListTitle(t, kind, { user, status: undefined, sort: undefined });
  if (stats.entries === 0) return listStatsEmptyMessage(t, caption);
  const days = auth && spec.has.profileStatistics ? (await ctx.deps.service.me({ fields: userFields('anime_statistics') }, { auth })).anime_statistics?.num_days_watched : undefined;
  const facts = [
    { label: t.t('lists.stats.mean'), value: stats.mean === undefined ? '–' : t.number(stats.mean, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) },
    { label: t.t('lists.stats.entries'), value: t.number(stats.entries) },
    ...stats.progress.map((p) => ({ label: t.t(unitWords(p.unit).entryField), value: t.number(p.total) })),
    ...(days !== undefined ? [{ label: t.t('lists.stats.days'), value: t.number(days, { maximumFractionDigits: 1 }) }] : []),
  ];
  const note = page.paging.next !== undefined ? t.t('lists.stats.firstEntries', { count: stats.entries }) : undefined;
  const picture = await renderStatsCard({
    caption,
    statusHeading: t.t('lists.stats.byStatus'),
    statuses: stats.byStatus.map((b) => ({ label: term(t, 'listStatus', b.status), count: b.count })),
    scoreHeading: t.t('lists.stats.scores'),
    histogram: stats.histogram,
    formatNumber: (n) => t.number(n),
    unscored: t.t('lists.stats.unscored', { count: stats.unscored }),
    facts,
    ...(note !== undefined ? { note } : {}),
  });
  return listStatsMessage(t, { kind, caption, byStatus: stats.byStatus, histogram: stats.histogram, unscored: stats.unscored, facts, note }, picture);
}
