// The one API client: typed, validated calls; per-call auth; bounded concurrency; whole-call
// deadlines and body caps; throttle cool-off; retries with backoff inside the deadline; token
// refresh on 401; stale cached answers for public reads while the service fails.

import type { ResponseCache } from './response-cache.js';
import { type Dispatcher } from 'undici';
import {
  AbortedError,
  CoolingOffError,
  InvalidOptionError,
  ReauthRequiredError,
  ServiceBusyError,
  ServiceHttpError,
  ThrottledError,
  UpstreamUnavailableError,
  type ServiceError,
} from './errors.js';
import {
  abortable,
  BodyTooLargeError,
  createPool,
  headerValue,
  jitteredBackoff,
  sendOnce,
  sleep,
  throwIfAborted,
  UpstreamTimeoutError,
  type HttpMethod,
  type HttpResponse,
} from './http.js';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_CONNECTIONS, DEFAULT_TIMEOUT_MS } from '../config/defaults.js';
import { CoolOff, parseRetryAfter } from './cool-off.js';
import { Slots } from './slots.js';
import { endpointOf, type ServiceObserver, type UpstreamAttempt } from './observer.js';
import { apiV2Root, resolvePagingUrl, type PagingTarget } from './paging.js';
import {
  errorFromResponse,
  isInvalidTokenResponse,
  parseAnyPage,
  parseForumBoards,
  parseForumTopicPage,
  parseForumTopicsPage,
  parseJson,
  parseNodePage,
  parseObject,
  parseSeasonalPage,
} from './parse.js';
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
import { DEFAULT_CLIENT_ID_HEADER } from '../config/defaults.js';

export type { AuthedCallContext, CallContext, CallScope } from './call-context.js';

export interface ServiceClientOptions {
  /** API root; the client appends /v2. */
  apiUrl: string;
  clientId: string;
  /** Default `X-SERVICE-CLIENT-ID`. */
  clientIdHeader?: string;
  userAgent: string;
  /** Deadline of one attempt, headers and whole body; default 8 000 ms (a caller's deadline may cut it shorter). */
  timeoutMs?: number;
  /** Larger bodies are cut off and answered as an upstream error; default 12 MiB. */
  maxBodyBytes?: number;
  /** Requests in flight at once (and connections of the pool the client creates); default 16. */
  maxConcurrent?: number;
  /** Calls that may wait for a slot; more fail at once with ServiceBusyError; default 256. */
  maxQueued?: number;
  /** Whole-client back-off after throttling; default a CoolOff of 2 s doubling to 60 s. */
  coolOff?: CoolOff;
  /** Told about every attempt, retry, cache look-up, cool-off and call refused before sending (logs and metrics). */
  observer?: ServiceObserver;
  /** Retries after the first attempt for transient failures; default 2. */
  retries?: number;
  /** Defaults to a keep-alive Agent owned (and closed) by the client. */
  dispatcher?: Dispatcher;
  /** Delay in ms before retry number `attempt + 1`; default jittered exponential (250 ms base, 4 s cap). */
  backoff?: (attempt: number) => number;
  /** Upper bound of pages `pages()` yields; default 10 000. */
  maxPages?: number;
  /** Caches GET responses made with the client header (never those made with a user's token). */
  cache?: ResponseCache;
}

export const DEFAULT_RETRIES = 2;
export const DEFAULT_MAX_PAGES = 10_000;

interface Call {
  method: HttpMethod;
  target: PagingTarget;
  form?: URLSearchParams;
}

type Attempt = { kind: 'ok'; json: unknown; bytes: number } | { kind: 'token_rejected' };
type Loaded = { json: unknown; bytes: number };

export const DEFAULT_MAX_QUEUED = 256;
/** A retry is skipped when less than this is left before the caller's deadline. */
const MIN_ATTEMPT_MS = 500;

export class ServiceClient {
  private readonly root: URL;
  private readonly clientId: string;
  private readonly clientIdHeader: string;
  private readonly userAgent: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoff: (attempt: number) => number;
  private readonly maxPages: number;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;
  private readonly cache: ResponseCache | undefined;
  private readonly maxBodyBytes: number;
  private readonly maxQueued: number;
  private readonly queue: Slots;
  private readonly coolOff: CoolOff;
  private readonly observer: ServiceObserver;
  /** Set only on scoped views (see `scoped`). */
  private scope: CallScope | undefined;

  constructor(o: ServiceClientOptions) {
    this.cache = o.cache;
    this.maxBodyBytes = checkIntRange('maxBodyBytes', o.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, 1024);
    const maxConcurrent = checkIntRange('maxConcurrent', o.maxConcurrent ?? DEFAULT_MAX_CONNECTIONS, 1, 1024);
    this.maxQueued = checkIntRange('maxQueued', o.maxQueued ?? DEFAULT_MAX_QUEUED, 0);
    this.queue = new Slots(maxConcurrent);
    this.coolOff = o.coolOff ?? new CoolOff();
    this.observer = o.observer ?? {};
    this.root = apiV2Root(o.apiUrl);
    this.clientId = checkText('clientId', o.clientId, 1);
    this.clientIdHeader = o.clientIdHeader ?? DEFAULT_CLIENT_ID_HEADER;
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(this.clientIdHeader)) {
      throw new InvalidOptionError('clientIdHeader', 'clientIdHeader must be a valid HTTP header name');
    }
    this.userAgent = checkText('userAgent', o.userAgent, 1);
    this.timeoutMs = checkIntRange('timeoutMs', o.timeoutMs ?? DEFAULT_TIMEOUT_MS, 1);
    this.retries = checkIntRange('retries', o.retries ?? DEFAULT_RETRIES, 0, 10);
    this.maxPages = checkIntRange('maxPages', o.maxPages ?? DEFAULT_MAX_PAGES, 1);
    this.backoff = o.backoff ?? jitteredBackoff();
    this.ownsDispatcher = o.dispatcher === undefined;
    this.dispatcher = o.dispatcher ?? createPool(this.root.origin, maxConcurrent); // paging stays on this origin
  }

  /**
   * A view of this client (same pool, queue, cache and cool-off) whose every call also honours
   * `scope`: the router gives each interaction one, so its budget covers all the calls it makes.
   */
  scoped(scope: CallScope): ServiceClient {
    const view = Object.create(this) as ServiceClient;
    view.scope = scope;
    return view;
  }

  /** Milliseconds left of the current throttling cool-off (0 when none). */
  get coolingOffMs(): number {
    return this.coolOff.remainingMs;
  }

  /** Body bytes the anonymous response cache accounts for (0 without one). */
  get cachedResponseBytes(): number {
    return this.cache?.bytes ?? 0;
  }

  /** Responses held by the anonymous response cache (0 without one). */
  get cachedResponses(): number {
    return this.cache?.size ?? 0;
  }

  /** Closes the connection pool the client created (an injected dispatcher is left to its owner). */
  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  // ---- Anime -------------------------------------------------------------------------------

  async searchAnime(o: SearchOptions, ctx: CallContext = {}): Promise<Page<NodeItem<Anime>>> {
    const query = workListQuery(o, MAX_LIMIT.search);
    query.set('q', checkText('q', o.q, MIN_QUERY_LENGTH));
    return parseNodePage<Anime>(await this.get('anime', query, ctx));
  }

  async getAnime(id: number, o: DetailsOptions = {}, ctx: CallContext = {}): Promise<Anime> {
    const query = detailsQuery(o);
    return parseObject<Anime>(await this.get(`anime/${checkId('id', id)}`, query, ctx));
  }

  async animeRanking(o: AnimeRankingOptions, ctx: CallContext = {}): Promise<Page<RankedItem<Anime>>> {
    const query = workListQuery(o, MAX_LIMIT.ranking);
    query.set('ranking_type', checkEnum('rankingType', o.rankingType, ANIME_RANKING_TYPES));
    return parseNodePage<Anime>(await this.get('anime/ranking', query, ctx));
  }

  async seasonalAnime(o: SeasonalAnimeOptions, ctx: CallContext = {}): Promise<SeasonalPage> {
    const year = checkIntRange('year', o.year, SEASON_YEAR_RANGE.min, SEASON_YEAR_RANGE.max);
    const season = checkEnum('season', o.season, SEASONS);
    const query = workListQuery(o, MAX_LIMIT.season);
    if (o.sort !== undefined) query.set('sort', checkEnum('sort', o.sort, SEASON_SORTS));
    return parseSeasonalPage(await this.get(`anime/season/${year}/${season}`, query, ctx));
  }

  async animeSuggestions(o: SuggestionsOptions = {}, ctx: AuthedCallContext): Promise<Page<NodeItem<Anime>>> {
    const query = workListQuery(o, MAX_LIMIT.suggestions);
    requireAuth(ctx);
    return parseNodePage<Anime>(await this.get('anime/suggestions', query, ctx));
  }

  async updateAnimeListStatus(id: number, u: AnimeListUpdate, ctx: AuthedCallContext): Promise<AnimeListStatus> {
    const path = `anime/${checkId('id', id)}/my_list_status`;
    const form = updateForm(u, ANIME_UPDATE_RULES);
    requireAuth(ctx);
    return parseObject<AnimeListStatus>((await this.execute({ method: 'PUT', target: this.target(path), form }, ctx)).json);
  }

  /** 404 (not on the list) → ServiceHttpError 404, except after a lost response on an earlier attempt. */
  async deleteAnimeListStatus(id: number, ctx: AuthedCallContext): Promise<void> {
    const path = `anime/${checkId('id', id)}/my_list_status`;
    requireAuth(ctx);
    await this.execute({ method: 'DELETE', target: this.target(path) }, ctx);
  }

  /** `user` is a user name or `@me` (which needs ctx.auth). */
  async userAnimeList(user: string, o: AnimeListOptions = {}, ctx: CallContext = {}): Promise<Page<AnimeListItem>> {
    const query = workListQuery(o, MAX_LIMIT.userList);
    if (o.status !== undefined) query.set('status', checkEnum('status', o.status, ANIME_LIST_STATUSES));
    if (o.sort !== undefined) query.set('sort', checkEnum('sort', o.sort, ANIME_LIST_SORTS));
    const path = `users/${userSegment(user, ctx)}/animelist`;
    return parseNodePage<Anime>(await this.get(path, query, ctx));
  }

  // ---- Manga -------------------------------------------------------------------------------

  async searchManga(o: SearchOptions, ctx: CallContext = {}): Promise<Page<NodeItem<Manga>>> {
    const query = workListQuery(o, MAX_LIMIT.search);
    query.set('q', checkText('q', o.q, MIN_QUERY_LENGTH));
    return parseNodePage<Manga>(await this.get('manga', query, ctx));
  }

  async getManga(id: number, o: DetailsOptions = {}, ctx: CallContext = {}): Promise<Manga> {
    const query = detailsQuery(o);
    return parseObject<Manga>(await this.get(`manga/${checkId('id', id)}`, query, ctx));
  }

  async mangaRanking(o: MangaRankingOptions, ctx: CallContext = {}): Promise<Page<RankedItem<Manga>>> {
    const query = workListQuery(o, MAX_LIMIT.ranking);
    query.set('ranking_type', checkEnum('rankingType', o.rankingType, MANGA_RANKING_TYPES));
    return parseNodePage<Manga>(await this.get('manga/ranking', query, ctx));
  }

  async updateMangaListStatus(id: number, u: MangaListUpdate, ctx: AuthedCallContext): Promise<MangaListStatus> {
    const path = `manga/${checkId('id', id)}/my_list_status`;
    const form = updateForm(u, MANGA_UPDATE_RULES);
    requireAuth(ctx);
    return parseObject<MangaListStatus>((await this.execute({ method: 'PUT', target: this.target(path), form }, ctx)).json);
  }

  async deleteMangaListStatus(id: number, ctx: AuthedCallContext): Promise<void> {
    const path = `manga/${checkId('id', id)}/my_list_status`;
    requireAuth(ctx);
    await this.execute({ method: 'DELETE', target: this.target(path) }, ctx);
  }

  async userMangaList(user: string, o: MangaListOptions = {}, ctx: CallContext = {}): Promise<Page<MangaListItem>> {
    const query = workListQuery(o, MAX_LIMIT.userList);
    if (o.status !== undefined) query.set('status', checkEnum('status', o.status, MANGA_LIST_STATUSES));
    if (o.sort !== undefined) query.set('sort', checkEnum('sort', o.sort, MANGA_LIST_SORTS));
    const path = `users/${userSegment(user, ctx)}/mangalist`;
    return parseNodePage<Manga>(await this.get(path, query, ctx));
  }

  // ---- Forum -------------------------------------------------------------------------------

  async forumBoards(ctx: CallContext = {}): Promise<ForumBoards> {
    return parseForumBoards(await this.get('forum/boards', new URLSearchParams(), ctx));
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
    return parseForumTopicsPage(await this.get('forum/topics', query, ctx));
  }

  async forumTopic(id: number, o: ForumTopicOptions = {}, ctx: CallContext = {}): Promise<ForumTopicPage> {
    const path = `forum/topic/${checkId('id', id)}`;
    const query = listQuery(o, MAX_LIMIT.forumTopic);
    return parseForumTopicPage(await this.get(path, query, ctx));
  }

  // ---- User --------------------------------------------------------------------------------

  async me(o: MeOptions = {}, ctx: AuthedCallContext): Promise<User> {
    const query = detailsQuery(o);
    requireAuth(ctx);
    return parseObject<User>(await this.get('users/@me', query, ctx));
  }

  // ---- Paging ------------------------------------------------------------------------------

  /** Requests a `paging.next` / `paging.previous` URL as given, after checking it is inside the API root + /v2. */
  async followPage<T>(url: string, ctx: CallContext = {}): Promise<T> {
    const target = resolvePagingUrl(url, this.root);
    return parseAnyPage<T>((await this.execute({ method: 'GET', target }, ctx)).json);
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

  // ---- Transport ---------------------------------------------------------------------------

  private target(relativePath: string, query?: URLSearchParams): PagingTarget {
    const qs = query?.toString();
    return { origin: this.root.origin, path: `${this.root.pathname}${relativePath}${qs ? `?${qs}` : ''}` };
  }

  private async get(relativePath: string, query: URLSearchParams, ctx: CallContext): Promise<unknown> {
    const call: Call = { method: 'GET', target: this.target(relativePath, query) };
    // People's lists change as they use the bot, so they are always read fresh.
    const cache = this.cache && !ctx.auth && !relativePath.startsWith('users/') ? this.cache : undefined;
    if (!cache) return (await this.execute(call, ctx)).json;
    const key = call.target.path;
    const endpoint = endpointOf(relativePath);
    const hit = cache.peek(key);
    this.observer.cache?.({ endpoint, result: hit ? 'hit' : 'miss' });
    if (hit) return hit.value;
    try {
      // A shared load cannot honour one caller's abort signal: such a call loads on its own, but
      // still fills the cache.
      if (!ctx.signal && !this.scope) return await cache.getOrLoad(key, async () => (await this.execute(call, ctx)).json);
      const loaded = await this.execute(call, ctx);
      cache.set(key, loaded.json, loaded.bytes);
      return loaded.json;
    } catch (error) {
      const stale = isOutage(error) ? cache.stale(key) : undefined;
      if (!stale) throw error;
      this.observer.cache?.({ endpoint, result: 'stale' });
      this.scope?.onStale?.(stale.ageMs);
      return stale.value;
    }
  }

  /** Auth, one refresh-and-retry on 401 invalid_token, transient retries inside. Returns parsed JSON (undefined for DELETE). */
  private async execute(call: Call, ctx: CallContext): Promise<Loaded> {
    const { auth } = ctx;
    const [own, scoped] = [ctx.signal, this.scope?.signal];
    const signal = own && scoped && own !== scoped ? AbortSignal.any([own, scoped]) : (own ?? scoped);
    throwIfAborted(signal);
    let token = auth ? await abortable(auth.getAccessToken(), signal) : undefined;
    for (let refreshed = false; ; refreshed = true) {
      const outcome = await this.attempts(call, token, signal);
      if (outcome.kind === 'ok') return outcome;
      if (refreshed || !auth || token === undefined) throw new ReauthRequiredError('token_rejected');
      token = await abortable(auth.refreshAfterRejection(token), signal);
    }
  }

  /** Time left before the scope's deadline (Infinity without one). */
  private remainingMs(): number {
    const at = this.scope?.deadlineAt;
    return at === undefined ? Infinity : at - Date.now();
  }

  /** Waits for a slot (bounded by the caller's signal), then sends unless the client is cooling off. */
  private async send(call: Call, endpoint: string, attempt: number, auth: UpstreamAttempt['auth'], request: Omit<Parameters<typeof sendOnce>[1], 'timeoutMs' | 'maxBodyBytes'>): Promise<{ res: HttpResponse; throttled: boolean }> {
    if (this.coolOff.remainingMs > 0) {
      this.observer.rejected?.({ endpoint, reason: 'cooling_off' });
      throw new CoolingOffError(this.coolOff.remainingMs);
    }
    if (this.queue.size >= this.maxQueued) {
      this.observer.rejected?.({ endpoint, reason: 'queue_full' });
      throw new ServiceBusyError();
    }
    const { signal } = request;
    try {
      return await this.queue.run(
        async () => {
          throwIfAborted(signal);
          const gate = this.coolOff.tryAcquire();
          if (!gate.ok) {
            this.observer.rejected?.({ endpoint, reason: 'cooling_off' });
            throw new CoolingOffError(this.coolOff.remainingMs);
          }
          const timeoutMs = Math.max(1, Math.min(this.timeoutMs, this.remainingMs()));
          // Cut short by the caller's deadline: running out of it is the caller's abort, not an upstream timeout.
          const cutByDeadline = timeoutMs < this.timeoutMs;
          const started = performance.now();
          const base = { endpoint, method: call.method, attempt, auth };
          try {
            const res = await sendOnce(this.dispatcher, { ...request, timeoutMs, maxBodyBytes: this.maxBodyBytes });
            this.observer.attempt?.({ ...base, status: res.status, durationMs: performance.now() - started });
            const throttled = isThrottle(res, call.target.path, this.coolOff.active);
            if (throttled) {
              const windowMs = this.coolOff.throttled(gate.ticket, parseRetryAfter(headerValue(res.headers, 'retry-after'), Date.now()));
              if (windowMs !== undefined) this.observer.coolOff?.({ ms: windowMs, status: res.status });
            } else {
              this.coolOff.succeeded(gate.ticket);
            }
            return { res, throttled };
          } catch (caught) {
            const e = cutByDeadline && caught instanceof UpstreamTimeoutError ? new AbortedError(caught) : caught;
            const aborted = e instanceof AbortedError;
            this.observer.attempt?.({
              ...base,
              status: e instanceof BodyTooLargeError ? e.status : undefined,
              durationMs: performance.now() - started,
              ...(aborted ? { aborted } : {}),
              error: e instanceof Error ? e.name : 'unknown',
            });
            throw e;
          } finally {
            this.coolOff.released(gate.ticket);
          }
        },
        signal,
      );
    } catch (e) {
      if (signal?.aborted) {
        if (!(e instanceof AbortedError)) this.observer.rejected?.({ endpoint, reason: 'queue_deadline' });
        throw e instanceof AbortedError ? e : new AbortedError(signal.reason);
      }
      throw e;
    }
  }

  // GET, PUT (sets absolute values) and DELETE (404 after a lost response = done) are idempotent, so
  // all are retried — but only 5xx and network failures, and only while the caller's deadline allows.
  // Throttling is never retried: it starts a cool-off for the whole client.
  private async attempts(call: Call, token: string | undefined, signal: AbortSignal | undefined): Promise<Attempt> {
    const headers: Record<string, string> = { 'user-agent': this.userAgent, accept: 'application/json' };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    else headers[this.clientIdHeader.toLowerCase()] = this.clientId;
    if (call.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const body = call.form?.toString();
    const endpoint = endpointOf(call.target.path.slice(this.root.pathname.length));

    const auth = token !== undefined ? 'user' : 'client';
    let maybeApplied = false;
    let lastError: ServiceError | undefined;
    let retryReason: 'network' | 'unavailable' | 'bad_body' = 'network';
    for (let attempt = 0; attempt <= this.retries; attempt++) {
      if (attempt > 0) {
        const delay = this.backoff(attempt - 1);
        if (this.remainingMs() - delay < MIN_ATTEMPT_MS) break;
        this.observer.retry?.({ endpoint, attempt, reason: retryReason });
        await sleep(delay, signal);
      }
      let res;
      let throttled;
      try {
        ({ res, throttled } = await this.send(call, endpoint, attempt, auth, {
          method: call.method,
          origin: call.target.origin,
          path: call.target.path,
          headers,
          ...(body !== undefined ? { body } : {}),
          ...(signal ? { signal } : {}),
        }));
      } catch (e) {
        if (e instanceof AbortedError || e instanceof CoolingOffError || e instanceof ServiceBusyError || e instanceof BodyTooLargeError) throw e;
        maybeApplied = true;
        lastError = e instanceof UpstreamUnavailableError ? e : new UpstreamUnavailableError('The service could not be reached', { cause: e });
        retryReason = 'network';
        continue;
      }

      const { status } = res;
      if (status >= 200 && status < 300) {
        if (call.method === 'DELETE') return { kind: 'ok', json: undefined, bytes: res.bytes };
        const parsed = parseJson(res.body);
        if (parsed.ok) return { kind: 'ok', json: parsed.value, bytes: res.bytes };
        maybeApplied = true;
        lastError = errorFromResponse(status, res.body);
        retryReason = 'bad_body';
        continue;
      }
      if (call.method === 'DELETE' && status === 404 && maybeApplied) return { kind: 'ok', json: undefined, bytes: res.bytes };

      const parsed = parseJson(res.body);
      const wwwAuthenticate = headerValue(res.headers, 'www-authenticate');
      if (token !== undefined && isInvalidTokenResponse(status, parsed.ok ? parsed.value : undefined, wwwAuthenticate)) {
        return { kind: 'token_rejected' };
      }
      if (throttled) {
        const error = errorFromResponse(status, res.body, { credentialsSent: true });
        throw error instanceof ThrottledError ? error : new ThrottledError(status, res.body);
      }
      const error = errorFromResponse(status, res.body, { credentialsSent: true });
      if (status === 403 && error instanceof ThrottledError) {
        // A 403 on someone else's list while the service is not otherwise throttling: a permission refusal.
        throw new ServiceHttpError(403, res.body, error.code, error.serviceMessage);
      }
      if (error.kind === 'unavailable') {
        if (status >= 500) maybeApplied = true;
        lastError = error;
        retryReason = 'unavailable';
        continue;
      }
      throw error;
    }
    throw lastError ?? new UpstreamUnavailableError('The service could not be reached');
  }
}

/** Failures where an earlier answer beats an error: the service is down, slow, throttling, or the user's deadline passed. */
function isOutage(error: unknown): boolean {
  return error instanceof UpstreamUnavailableError || error instanceof ThrottledError || error instanceof AbortedError;
}

const OTHER_USERS_LIST = /\/users\/(?!@me\/)[^/]+\/(anime|manga)list$/;

/**
 * The service's "slow down": any 429, any answer with Retry-After, and a 403 to a request with
 * credentials — except a 403 on another user's list (private) while no throttling is going on.
 */
function isThrottle(res: HttpResponse, path: string, throttlingSeen: boolean): boolean {
  if (res.status === 429) return true;
  if (res.status >= 400 && headerValue(res.headers, 'retry-after') !== undefined) return true;
  if (res.status !== 403) return false;
  const pathOnly = path.split('?', 1)[0] ?? '';
  return throttlingSeen || !OTHER_USERS_LIST.test(pathOnly);
}


