// Endpoints about works (anime and manga): search, details, rankings, the seasonal chart and the
// logged-in user's suggestions. Options are checked before any request.

import { requireAuth, type AuthedCallContext, type CallContext, type Requester } from './call-context.js';
import type { NodeItem, Page } from './common-types.js';
import {
  MAX_LIMIT,
  MIN_QUERY_LENGTH,
  SEASON_YEAR_RANGE,
  type AnimeRankingOptions,
  type DetailsOptions,
  type MangaRankingOptions,
  type SearchOptions,
  type SeasonalAnimeOptions,
  type SuggestionsOptions,
} from './endpoint-options.js';
import { detailsQuery, workListQuery } from './endpoint-queries.js';
import { parseNodePage, parseObject, parseSeasonalPage } from './parse.js';
import { checkEnum, checkId, checkIntRange, checkText } from './validate.js';
import {
  ANIME_RANKING_TYPES,
  MANGA_RANKING_TYPES,
  SEASONS,
  SEASON_SORTS,
  type Anime,
  type Manga,
  type RankedItem,
  type SeasonalPage,
} from './work-types.js';

export async function searchAnime(api: Requester, o: SearchOptions, ctx: CallContext): Promise<Page<NodeItem<Anime>>> {
  const query = workListQuery(o, MAX_LIMIT.search);
  query.set('q', checkText('q', o.q, MIN_QUERY_LENGTH));
  return parseNodePage<Anime>(await api.get('anime', query, ctx));
}

export async function getAnime(api: Requester, id: number, o: DetailsOptions, ctx: CallContext): Promise<Anime> {
  const query = detailsQuery(o);
  return parseObject<Anime>(await api.get(`anime/${checkId('id', id)}`, query, ctx));
}

export async function animeRanking(api: Requester, o: AnimeRankingOptions, ctx: CallContext): Promise<Page<RankedItem<Anime>>> {
  const query = workListQuery(o, MAX_LIMIT.ranking);
  query.set('ranking_type', checkEnum('rankingType', o.rankingType, ANIME_RANKING_TYPES));
  return parseNodePage<Anime>(await api.get('anime/ranking', query, ctx));
}

export async function seasonalAnime(api: Requester, o: SeasonalAnimeOptions, ctx: CallContext): Promise<SeasonalPage> {
  const year = checkIntRange('year', o.year, SEASON_YEAR_RANGE.min, SEASON_YEAR_RANGE.max);
  const season = checkEnum('season', o.season, SEASONS);
  const query = workListQuery(o, MAX_LIMIT.season);
  if (o.sort !== undefined) query.set('sort', checkEnum('sort', o.sort, SEASON_SORTS));
  return parseSeasonalPage(await api.get(`anime/season/${year}/${season}`, query, ctx));
}

export async function animeSuggestions(api: Requester, o: SuggestionsOptions, ctx: AuthedCallContext): Promise<Page<NodeItem<Anime>>> {
  const query = workListQuery(o, MAX_LIMIT.suggestions);
  requireAuth(ctx);
  return parseNodePage<Anime>(await api.get('anime/suggestions', query, ctx));
}

export async function searchManga(api: Requester, o: SearchOptions, ctx: CallContext): Promise<Page<NodeItem<Manga>>> {
  const query = workListQuery(o, MAX_LIMIT.search);
  query.set('q', checkText('q', o.q, MIN_QUERY_LENGTH));
  return parseNodePage<Manga>(await api.get('manga', query, ctx));
}

export async function getManga(api: Requester, id: number, o: DetailsOptions, ctx: CallContext): Promise<Manga> {
  const query = detailsQuery(o);
  return parseObject<Manga>(await api.get(`manga/${checkId('id', id)}`, query, ctx));
}

export async function mangaRanking(api: Requester, o: MangaRankingOptions, ctx: CallContext): Promise<Page<RankedItem<Manga>>> {
  const query = workListQuery(o, MAX_LIMIT.ranking);
  query.set('ranking_type', checkEnum('rankingType', o.rankingType, MANGA_RANKING_TYPES));
  return parseNodePage<Manga>(await api.get('manga/ranking', query, ctx));
}
