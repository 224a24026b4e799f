// Endpoints about works, for either kind (src/service/kinds.ts): search, details, rankings, and
// what only some kinds have — the seasonal chart and the logged-in user's suggestions. Options are
// checked before any request.

import { requireAuth, type AuthedCallContext, type CallContext, type Requester } from './call-context.js';
import type { NodeItem, Page } from './common-types.js';
import {
  MAX_LIMIT,
  MIN_QUERY_LENGTH,
  SEASON_YEAR_RANGE,
  type DetailsOptions,
  type RankingOptions,
  type SearchOptions,
  type SeasonalAnimeOptions,
  type SuggestionsOptions,
} from './endpoint-options.js';
import { detailsQuery, workListQuery } from './endpoint-queries.js';
import { InvalidOptionError } from './errors.js';
import { KINDS, type WorkKind, type WorkOf } from './kinds.js';
import { parseNodePage, parseObject, parseSeasonalPage } from './parse.js';
import { checkEnum, checkId, checkIntRange, checkText } from './validate.js';
import { SEASONS, SEASON_SORTS, type RankedItem, type SeasonalPage } from './work-types.js';

export async function searchWorks<K extends WorkKind>(api: Requester, kind: K, o: SearchOptions, ctx: CallContext): Promise<Page<NodeItem<WorkOf<K>>>> {
  const query = workListQuery(o, MAX_LIMIT.search);
  query.set('q', checkText('q', o.q, MIN_QUERY_LENGTH));
  return parseNodePage<WorkOf<K>>(await api.get(KINDS[kind].paths.works, query, ctx));
}

export async function getWork<K extends WorkKind>(api: Requester, kind: K, id: number, o: DetailsOptions, ctx: CallContext): Promise<WorkOf<K>> {
  const query = detailsQuery(o);
  return parseObject<WorkOf<K>>(await api.get(`${KINDS[kind].paths.works}/${checkId('id', id)}`, query, ctx));
}

export async function workRanking<K extends WorkKind>(api: Requester, kind: K, o: RankingOptions<K>, ctx: CallContext): Promise<Page<RankedItem<WorkOf<K>>>> {
  const spec = KINDS[kind];
  const query = workListQuery(o, MAX_LIMIT.ranking);
  query.set('ranking_type', checkEnum('rankingType', o.rankingType, spec.rankingTypes));
  return parseNodePage<WorkOf<K>>(await api.get(`${spec.paths.works}/ranking`, query, ctx));
}

/** A path only some kinds have (the table says which), or a clear refusal before any request. */
function ownPath(kind: WorkKind, which: 'season' | 'suggestions'): string {
  const path = KINDS[kind].paths[which];
  if (path === undefined) throw new InvalidOptionError('kind', `${kind} have no ${which}`);
  return path;
}

export async function seasonalAnime(api: Requester, o: SeasonalAnimeOptions, ctx: CallContext): Promise<SeasonalPage> {
  const year = checkIntRange('year', o.year, SEASON_YEAR_RANGE.min, SEASON_YEAR_RANGE.max);
  const season = checkEnum('season', o.season, SEASONS);
  const query = workListQuery(o, MAX_LIMIT.season);
  if (o.sort !== undefined) query.set('sort', checkEnum('sort', o.sort, SEASON_SORTS));
  return parseSeasonalPage(await api.get(`${ownPath('anime', 'season')}/${year}/${season}`, query, ctx));
}

export async function suggestions<K extends WorkKind>(api: Requester, kind: K, o: SuggestionsOptions, ctx: AuthedCallContext): Promise<Page<NodeItem<WorkOf<K>>>> {
  const path = ownPath(kind, 'suggestions');
  const query = workListQuery(o, MAX_LIMIT.suggestions);
  requireAuth(ctx);
  return parseNodePage<WorkOf<K>>(await api.get(path, query, ctx));
}
