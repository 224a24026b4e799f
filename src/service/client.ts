// The one API client: typed, validated calls; per-call auth; bounded concurrency; whole-call
// deadlines and body caps; throttle cool-off; retries with backoff inside the deadline; token
// refresh on 401; stale cached answers for public reads while the service fails.
//
// ServiceClient is the public face: each endpoint method hands its call to the module of its
// subject (work-, list-, forum-, user-endpoints.ts), which checks the options and sends it through
// the request pipeline (request-pipeline.ts) that does everything between a path and parsed JSON.

import type { AuthedCallContext, CallContext, CallScope } from './call-context.js';
import { DEFAULT_MAX_PAGES, pipelineSettings, type ServiceClientOptions } from './client-options.js';
import type { NodeItem, Page, Paging } from './common-types.js';
import type {
  DetailsOptions,
  ForumTopicOptions,
  ForumTopicsOptions,
  MeOptions,
  RankingOptions,
  SearchOptions,
  SeasonalAnimeOptions,
  SuggestionsOptions,
  UserListOptions,
} from './endpoint-options.js';
import * as forum from './forum-endpoints.js';
import type { ForumBoards, ForumTopicPage, ForumTopicSummary } from './forum-types.js';
import * as lists from './list-endpoints.js';
import type { EntryOf, ListItem, UpdateOf, WorkKind, WorkOf } from './kinds.js';
import { parseAnyPage } from './parse.js';
import { RequestPipeline } from './request-pipeline.js';
import * as users from './user-endpoints.js';
import type { User } from './user-types.js';
import { checkIntRange } from './validate.js';
import * as works from './work-endpoints.js';
import type { Anime, Manga, RankedItem, SeasonalPage } from './work-types.js';

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

  // ---- Works and lists of either kind (work-endpoints.ts, list-endpoints.ts; kinds.ts) --------

  searchWorks<K extends WorkKind>(kind: K, o: SearchOptions, ctx: CallContext = {}): Promise<Page<NodeItem<WorkOf<K>>>> {
    return works.searchWorks(this.pipeline, kind, o, ctx);
  }

  getWork<K extends WorkKind>(kind: K, id: number, o: DetailsOptions = {}, ctx: CallContext = {}): Promise<WorkOf<K>> {
    return works.getWork(this.pipeline, kind, id, o, ctx);
  }

  workRanking<K extends WorkKind>(kind: K, o: RankingOptions<K>, ctx: CallContext = {}): Promise<Page<RankedItem<WorkOf<K>>>> {
    return works.workRanking(this.pipeline, kind, o, ctx);
  }

  /** Only for kinds whose table has a suggestions path (anime). */
  suggestions<K extends WorkKind>(kind: K, o: SuggestionsOptions, ctx: AuthedCallContext): Promise<Page<NodeItem<WorkOf<K>>>> {
    return works.suggestions(this.pipeline, kind, o, ctx);
  }

  updateListStatus<K extends WorkKind>(kind: K, id: number, u: UpdateOf<K>, ctx: AuthedCallContext): Promise<EntryOf<K>> {
    return lists.updateListStatus(this.pipeline, kind, id, u, ctx);
  }

  /** 404 (not on the list) → ServiceHttpError 404, except after a lost response on an earlier attempt. */
  deleteListStatus(kind: WorkKind, id: number, ctx: AuthedCallContext): Promise<void> {
    return lists.deleteListStatus(this.pipeline, kind, id, ctx);
  }

  /** `user` is a user name or `@me` (which needs ctx.auth). */
  userList<K extends WorkKind>(kind: K, user: string, o: UserListOptions<K> = {}, ctx: CallContext = {}): Promise<Page<ListItem<K>>> {
    return lists.userList(this.pipeline, kind, user, o, ctx);
  }

  seasonalAnime(o: SeasonalAnimeOptions, ctx: CallContext = {}): Promise<SeasonalPage> {
    return works.seasonalAnime(this.pipeline, o, ctx);
  }

  // ---- The same calls under the kind's name ---------------------------------------------------

  searchAnime(o: SearchOptions, ctx: CallContext = {}): Promise<Page<NodeItem<Anime>>> {
    return this.searchWorks('anime', o, ctx);
  }

  searchManga(o: SearchOptions, ctx: CallContext = {}): Promise<Page<NodeItem<Manga>>> {
    return this.searchWorks('manga', o, ctx);
  }

  getAnime(id: number, o: DetailsOptions = {}, ctx: CallContext = {}): Promise<Anime> {
    return this.getWork('anime', id, o, ctx);
  }

  getManga(id: number, o: DetailsOptions = {}, ctx: CallContext = {}): Promise<Manga> {
    return this.getWork('manga', id, o, ctx);
  }

  animeRanking(o: RankingOptions<'anime'>, ctx: CallContext = {}): Promise<Page<RankedItem<Anime>>> {
    return this.workRanking('anime', o, ctx);
  }

  mangaRanking(o: RankingOptions<'manga'>, ctx: CallContext = {}): Promise<Page<RankedItem<Manga>>> {
    return this.workRanking('manga', o, ctx);
  }

  animeSuggestions(o: SuggestionsOptions = {}, ctx: AuthedCallContext): Promise<Page<NodeItem<Anime>>> {
    return this.suggestions('anime', o, ctx);
  }

  updateAnimeListStatus(id: number, u: UpdateOf<'anime'>, ctx: AuthedCallContext): Promise<EntryOf<'anime'>> {
    return this.updateListStatus('anime', id, u, ctx);
  }

  updateMangaListStatus(id: number, u: UpdateOf<'manga'>, ctx: AuthedCallContext): Promise<EntryOf<'manga'>> {
    return this.updateListStatus('manga', id, u, ctx);
  }

  deleteAnimeListStatus(id: number, ctx: AuthedCallContext): Promise<void> {
    return this.deleteListStatus('anime', id, ctx);
  }

  deleteMangaListStatus(id: number, ctx: AuthedCallContext): Promise<void> {
    return this.deleteListStatus('manga', id, ctx);
  }

  userAnimeList(user: string, o: UserListOptions<'anime'> = {}, ctx: CallContext = {}): Promise<Page<ListItem<'anime'>>> {
    return this.userList('anime', user, o, ctx);
  }

  userMangaList(user: string, o: UserListOptions<'manga'> = {}, ctx: CallContext = {}): Promise<Page<ListItem<'manga'>>> {
    return this.userList('manga', user, o, ctx);
  }

  // ---- Forum (forum-endpoints.ts) ------------------------------------------------------------

  forumBoards(ctx: CallContext = {}): Promise<ForumBoards> {
    return forum.forumBoards(this.pipeline, ctx);
  }

  /** Needs one of boardId, subboardId, q (the real service hangs until a 504 otherwise). */
  forumTopics(o: ForumTopicsOptions, ctx: CallContext = {}): Promise<Page<ForumTopicSummary>> {
    return forum.forumTopics(this.pipeline, o, ctx);
  }

  forumTopic(id: number, o: ForumTopicOptions = {}, ctx: CallContext = {}): Promise<ForumTopicPage> {
    return forum.forumTopic(this.pipeline, id, o, ctx);
  }

  // ---- User (user-endpoints.ts) --------------------------------------------------------------

  me(o: MeOptions = {}, ctx: AuthedCallContext): Promise<User> {
    return users.me(this.pipeline, o, ctx);
  }

  // ---- Paging --------------------------------------------------------------------------------

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
