// The one API client: typed, validated calls; per-call auth; bounded concurrency; whole-call
// deadlines and body caps; throttle cool-off; retries with backoff inside the deadline; token
// refresh on 401; stale cached answers for public reads while the service fails.

import { InvalidOptionError } from './errors.js';
import { parseAnyPage, parseForumBoards, parseForumTopicPage, parseForumTopicsPage, parseNodePage, parseObject, parseSeasonalPage } from './parse.js';
import { DEFAULT_MAX_PAGES, pipelineSettings, type ServiceClientOptions } from './client-options.js';
import { RequestPipeline } from './request-pipeline.js';
import type { NodeItem, Page, Paging } from './common-types.js';
import type { ForumBoards, ForumTopicPage, ForumTopicSummary } from './forum-types.js';
import {
  ANIME_LIST_SORTS,
  ANIME_LIST_STATUSES,
  MANGA_LIST_SORTS,
  MANGA_LIST_STATUSES,
  type AnimeListStatus,
  type AnimeListUpdate,
  type MangaListStatus,
  type MangaListUpdate,
} from './list-types.js';
import type { User } from './user-types.js';
import {
  ANIME_RANKING_TYPES,
  MANGA_RANKING_TYPES,
  SEASONS,
  SEASON_SORTS,
  type Anime,
  type AnimeListItem,
  type Manga,
  type MangaListItem,
  type RankedItem,
  type SeasonalPage,
} from './work-types.js';
import { checkEnum, checkId, checkIntRange, checkText } from './validate.js';
import { requireAuth, type AuthedCallContext, type CallContext, type CallScope } from './call-context.js';
import {
  MAX_LIMIT,
  MIN_QUERY_LENGTH,
  SEASON_YEAR_RANGE,
  type AnimeListOptions,
  type AnimeRankingOptions,
  type DetailsOptions,
  type ForumTopicOptions,
  type ForumTopicsOptions,
  type MangaListOptions,
  type MangaRankingOptions,
  type MeOptions,
  type SearchOptions,
  type SeasonalAnimeOptions,
  type SuggestionsOptions,
} from './endpoint-options.js';
import { detailsQuery, listQuery, userSegment, workListQuery } from './endpoint-queries.js';
import { ANIME_UPDATE_RULES, MANGA_UPDATE_RULES, updateForm } from './list-update-form.js';

export type { AuthedCallContext, CallContext, CallScope } from './call-context.js';
export type { ServiceClientOptions } from './client-options.js';

export class ServiceClient {
  private readonly maxPages: number;
  /** Replaced by a scoped pipeline on scoped views (see `scoped`). */
  private pipeline: RequestPipeline;

  constructor(o: ServiceClientOptions) {
    const settings = pipelineSettings(o);
    this.maxPages = checkIntRange('maxPages', o.maxPages ?? DEFAULT_MAX_PAGES, 1);
    this.pipeline = new RequestPipeline(settings);
  }

  /**
   * A view of this client (same pool, queue, cache and cool-off) whose every call also honours
   * `scope`: the router gives each interaction one, so its budget covers all the calls it makes.
   */
  scoped(scope: CallScope): ServiceClient {
    const view = Object.create(this) as ServiceClient;
    view.pipeline = this.pipeline.scoped(scope);
    return view;
  }

  /** Milliseconds left of the current throttling cool-off (0 when none). */
  get coolingOffMs(): number {
    return this.pipeline.coolingOffMs;
  }

  /** Body bytes the anonymous response cache accounts for (0 without one). */
  get cachedResponseBytes(): number {
    return this.pipeline.cachedResponseBytes;
  }

  /** Responses held by the anonymous response cache (0 without one). */
  get cachedResponses(): number {
    return this.pipeline.cachedResponses;
  }

  /** Closes the connection pool the client created (an injected dispatcher is left to its owner). */
  async close(): Promise<void> {
    await this.pipeline.close();
  }

  // ---- Anime -------------------------------------------------------------------------------

  async searchAnime(o: SearchOptions, ctx: CallContext = {}): Promise<Page<NodeItem<Anime>>> {
    const query = workListQuery(o, MAX_LIMIT.search);
    query.set('q', checkText('q', o.q, MIN_QUERY_LENGTH));
    return parseNodePage<Anime>(await this.pipeline.get('anime', query, ctx));
  }

  async getAnime(id: number, o: DetailsOptions = {}, ctx: CallContext = {}): Promise<Anime> {
    const query = detailsQuery(o);
    return parseObject<Anime>(await this.pipeline.get(`anime/${checkId('id', id)}`, query, ctx));
  }

  async animeRanking(o: AnimeRankingOptions, ctx: CallContext = {}): Promise<Page<RankedItem<Anime>>> {
    const query = workListQuery(o, MAX_LIMIT.ranking);
    query.set('ranking_type', checkEnum('rankingType', o.rankingType, ANIME_RANKING_TYPES));
    return parseNodePage<Anime>(await this.pipeline.get('anime/ranking', query, ctx));
  }

  async seasonalAnime(o: SeasonalAnimeOptions, ctx: CallContext = {}): Promise<SeasonalPage> {
    const year = checkIntRange('year', o.year, SEASON_YEAR_RANGE.min, SEASON_YEAR_RANGE.max);
    const season = checkEnum('season', o.season, SEASONS);
    const query = workListQuery(o, MAX_LIMIT.season);
    if (o.sort !== undefined) query.set('sort', checkEnum('sort', o.sort, SEASON_SORTS));
    return parseSeasonalPage(await this.pipeline.get(`anime/season/${year}/${season}`, query, ctx));
  }

  async animeSuggestions(o: SuggestionsOptions = {}, ctx: AuthedCallContext): Promise<Page<NodeItem<Anime>>> {
    const query = workListQuery(o, MAX_LIMIT.suggestions);
    requireAuth(ctx);
    return parseNodePage<Anime>(await this.pipeline.get('anime/suggestions', query, ctx));
  }

  async updateAnimeListStatus(id: number, u: AnimeListUpdate, ctx: AuthedCallContext): Promise<AnimeListStatus> {
    const path = `anime/${checkId('id', id)}/my_list_status`;
    const form = updateForm(u, ANIME_UPDATE_RULES);
    requireAuth(ctx);
    return parseObject<AnimeListStatus>(await this.pipeline.write('PUT', path, ctx, form));
  }

  /** 404 (not on the list) → ServiceHttpError 404, except after a lost response on an earlier attempt. */
  async deleteAnimeListStatus(id: number, ctx: AuthedCallContext): Promise<void> {
    const path = `anime/${checkId('id', id)}/my_list_status`;
    requireAuth(ctx);
    await this.pipeline.write('DELETE', path, ctx);
  }

  /** `user` is a user name or `@me` (which needs ctx.auth). */
  async userAnimeList(user: string, o: AnimeListOptions = {}, ctx: CallContext = {}): Promise<Page<AnimeListItem>> {
    const query = workListQuery(o, MAX_LIMIT.userList);
    if (o.status !== undefined) query.set('status', checkEnum('status', o.status, ANIME_LIST_STATUSES));
    if (o.sort !== undefined) query.set('sort', checkEnum('sort', o.sort, ANIME_LIST_SORTS));
    const path = `users/${userSegment(user, ctx)}/animelist`;
    return parseNodePage<Anime>(await this.pipeline.get(path, query, ctx));
  }

  // ---- Manga -------------------------------------------------------------------------------

  async searchManga(o: SearchOptions, ctx: CallContext = {}): Promise<Page<NodeItem<Manga>>> {
    const query = workListQuery(o, MAX_LIMIT.search);
    query.set('q', checkText('q', o.q, MIN_QUERY_LENGTH));
    return parseNodePage<Manga>(await this.pipeline.get('manga', query, ctx));
  }

  async getManga(id: number, o: DetailsOptions = {}, ctx: CallContext = {}): Promise<Manga> {
    const query = detailsQuery(o);
    return parseObject<Manga>(await this.pipeline.get(`manga/${checkId('id', id)}`, query, ctx));
  }

  async mangaRanking(o: MangaRankingOptions, ctx: CallContext = {}): Promise<Page<RankedItem<Manga>>> {
    const query = workListQuery(o, MAX_LIMIT.ranking);
    query.set('ranking_type', checkEnum('rankingType', o.rankingType, MANGA_RANKING_TYPES));
    return parseNodePage<Manga>(await this.pipeline.get('manga/ranking', query, ctx));
  }

  async updateMangaListStatus(id: number, u: MangaListUpdate, ctx: AuthedCallContext): Promise<MangaListStatus> {
    const path = `manga/${checkId('id', id)}/my_list_status`;
    const form = updateForm(u, MANGA_UPDATE_RULES);
    requireAuth(ctx);
    return parseObject<MangaListStatus>(await this.pipeline.write('PUT', path, ctx, form));
  }

  async deleteMangaListStatus(id: number, ctx: AuthedCallContext): Promise<void> {
    const path = `manga/${checkId('id', id)}/my_list_status`;
    requireAuth(ctx);
    await this.pipeline.write('DELETE', path, ctx);
  }

  async userMangaList(user: string, o: MangaListOptions = {}, ctx: CallContext = {}): Promise<Page<MangaListItem>> {
    const query = workListQuery(o, MAX_LIMIT.userList);
    if (o.status !== undefined) query.set('status', checkEnum('status', o.status, MANGA_LIST_STATUSES));
    if (o.sort !== undefined) query.set('sort', checkEnum('sort', o.sort, MANGA_LIST_SORTS));
    const path = `users/${userSegment(user, ctx)}/mangalist`;
    return parseNodePage<Manga>(await this.pipeline.get(path, query, ctx));
  }

  // ---- Forum -------------------------------------------------------------------------------

  async forumBoards(ctx: CallContext = {}): Promise<ForumBoards> {
    return parseForumBoards(await this.pipeline.get('forum/boards', new URLSearchParams(), ctx));
  }

  /** Needs one of boardId, subboardId, q (the real service hangs until a 504 otherwise). */
  async forumTopics(o: ForumTopicsOptions, ctx: CallContext = {}): Promise<Page<ForumTopicSummary>> {
    const query = listQuery(o, MAX_LIMIT.forumTopics);
    if (o.boardId === undefined && o.subboardId === undefined && o.q === undefined) {
      throw new InvalidOptionError('boardId', 'forum topics need at least one of boardId, subboardId or q');
    }
    if (o.boardId !== undefined) query.set('board_id', String(checkId('boardId', o.boardId)));
    if (o.subboardId !== undefined) query.set('subboard_id', String(checkId('subboardId', o.subboardId)));
    if (o.q !== undefined) query.set('q', checkText('q', o.q, MIN_QUERY_LENGTH));
    if (o.topicUserName !== undefined) query.set('topic_user_name', checkText('topicUserName', o.topicUserName, 1));
    if (o.userName !== undefined) query.set('user_name', checkText('userName', o.userName, 1));
    if (o.sort !== undefined) query.set('sort', checkEnum('sort', o.sort, ['recent'] as const));
    return parseForumTopicsPage(await this.pipeline.get('forum/topics', query, ctx));
  }

  async forumTopic(id: number, o: ForumTopicOptions = {}, ctx: CallContext = {}): Promise<ForumTopicPage> {
    const path = `forum/topic/${checkId('id', id)}`;
    const query = listQuery(o, MAX_LIMIT.forumTopic);
    return parseForumTopicPage(await this.pipeline.get(path, query, ctx));
  }

  // ---- User --------------------------------------------------------------------------------

  async me(o: MeOptions = {}, ctx: AuthedCallContext): Promise<User> {
    const query = detailsQuery(o);
    requireAuth(ctx);
    return parseObject<User>(await this.pipeline.get('users/@me', query, ctx));
  }

  // ---- Paging ------------------------------------------------------------------------------

  /** Requests a `paging.next` / `paging.previous` URL as given, after checking it is inside the API root + /v2. */
  async followPage<T>(url: string, ctx: CallContext = {}): Promise<T> {
    return parseAnyPage<T>(await this.pipeline.getPagingUrl(url, ctx));
  }

  /** Yields `first`, then each `next` page until `next` is absent (or repeats, or maxPages is reached). */
  async *pages<P extends { paging: Paging }>(first: P, ctx: CallContext = {}): AsyncGenerator<P, void, undefined> {
    yield first;
    const seen = new Set<string>();
    let current = first;
    for (let count = 1; count < this.maxPages; count++) {
      const next = current.paging?.next;
      if (typeof next !== 'string' || next === '' || seen.has(next)) return;
      seen.add(next);
      current = await this.followPage<P>(next, ctx);
      yield current;
    }
  }
}
