// The pool /anime random and /manga random draw from, read once and kept in the shared store a few
// minutes (src/store/pick-sessions.ts) so autocomplete, the pick and every re-roll share one read; and
// the filters, each counted, so an empty answer can say which filter emptied the pool.

import type { BaseContext } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import { fields, nested, type AnyFieldItem } from '../service/fields.js';
import { KINDS, numberAt, type AnyWork, type WorkKind } from '../service/kinds.js';
import type { PickCandidate, PickPool } from '../store/pick-sessions.js';
import { notRatedSafe } from '../known-works/nsfw-ratings.js';
import { seasonOf } from './browse.js';

export const PICK_SOURCES = ['plan_to_watch', 'suggestions', 'season'] as const;
export type PickSource = (typeof PICK_SOURCES)[number];
export const RUN_FILTERS = ['airing', 'finished', 'not_yet_aired'] as const;
export type RunFilter = (typeof RUN_FILTERS)[number];

/** What a pick is drawn from: the kind, the source (manga: plan to read only) and whose list. */
export interface PoolSource {
  kind: WorkKind;
  from: PickSource;
  /** A service user name; undefined for the invoker's own list. */
  user: string | undefined;
}

export interface PickFilters {
  genre?: string;
  /** At most this many episodes (anime) or volumes (manga); titles whose count is unknown are left out. */
  max?: number;
  mediaType?: string;
  airing?: RunFilter;
}

/** One list page is read for a pool; a longer list is drawn from its first entries. */
export const POOL_LIMIT = { list: 1000, suggestions: 100, season: 500 } as const;

function poolFields(kind: WorkKind, withStatus: boolean): string {
  const own: AnyFieldItem[] = withStatus ? [nested('list_status', 'status')] : [];
  return fields('genres', 'media_type', 'status', 'nsfw', KINDS[kind].pickCount.total, ...own);
}

function candidateOf(kind: WorkKind, work: AnyWork): PickCandidate {
  return {
    id: work.id,
    title: work.title ?? '',
    genres: (work.genres ?? []).flatMap((g) => (typeof g.name === 'string' && g.name.trim() !== '' ? [g.name.trim()] : [])),
    count: numberAt(work, KINDS[kind].pickCount.total) ?? 0,
    mediaType: typeof work.media_type === 'string' ? work.media_type : '',
    status: typeof work.status === 'string' ? work.status : '',
    nsfw: notRatedSafe(work.nsfw),
  };
}

/** Refusals before any request: a source that needs the invoker's account, or takes no `user`. */
async function authFor(ctx: BaseContext, source: PoolSource) {
  if (source.from !== 'plan_to_watch' && source.user !== undefined) throw new UserFacingError('picks.error.userNotHere', { from: source.from });
  if (source.from === 'season' || source.user !== undefined) return undefined;
  const auth = await ctx.viewerAuth();
  if (!auth) throw new UserFacingError(source.from === 'suggestions' ? 'picks.error.suggestionsNeedLogin' : 'picks.error.whoseList');
  return auth;
}

/** The store key of a source's pool: per invoker (their own list needs their token), kind, source and list owner. */
function poolKey(ctx: BaseContext, source: PoolSource): string {
  const season = source.from === 'season' ? seasonOf(new Date(ctx.deps.now())) : undefined;
  const owner = source.user === undefined ? '@me' : source.user.toLowerCase();
  return [ctx.userId, source.kind, source.from, season ? `${season.year}-${season.season}` : owner].join(':');
}

async function readPool(ctx: BaseContext, source: PoolSource): Promise<PickPool> {
  const { kind } = source;
  const spec = KINDS[kind];
  const auth = await authFor(ctx, source);
  const { service } = ctx.deps;
  if (source.from === 'season') {
    const { year, season } = seasonOf(new Date(ctx.deps.now()));
    const page = await service.seasonalAnime({ year, season, limit: POOL_LIMIT.season, nsfw: true, fields: poolFields(kind, false) });
    return { candidates: page.data.map((item) => candidateOf(kind, item.node)), completed: [] };
  }
  if (source.from === 'suggestions' && auth) {
    const page = await service.suggestions(kind, { limit: POOL_LIMIT.suggestions, nsfw: true, fields: poolFields(kind, false) }, { auth });
    return { candidates: page.data.map((item) => candidateOf(kind, item.node)), completed: [] };
  }
  if (auth) {
    // The invoker's whole list in one read: its planned titles are the pool, its completed ones tell spoilers apart.
    const page = await service.userList(kind, '@me', { limit: POOL_LIMIT.list, nsfw: true, fields: poolFields(kind, true) }, { auth });
    const planned = page.data.filter((item) => item.list_status?.status === spec.planned);
    const completed = page.data.filter((item) => item.list_status?.status === spec.finished).map((item) => item.node.id);
    return { candidates: planned.map((item) => candidateOf(kind, item.node)), completed };
  }
  const page = await service.userList(kind, source.user ?? '', { status: spec.planned, limit: POOL_LIMIT.list, nsfw: true, fields: poolFields(kind, false) });
  return { candidates: page.data.map((item) => candidateOf(kind, item.node)), completed: [] };
}

/** The source's pool from the store, else read from the service once and kept (a store that fails just costs the read). */
export async function loadPool(ctx: BaseContext, source: PoolSource): Promise<PickPool> {
  const key = poolKey(ctx, source);
  const kept = await ctx.deps.picks.pool(key).catch((error: unknown) => {
    ctx.deps.log.warn('a pick pool could not be read from the store; reading the list', { userId: ctx.userId, error });
    return undefined;
  });
  if (kept) return kept;
  const pool = await readPool(ctx, source);
  await ctx.deps.picks.savePool(key, pool).catch((error: unknown) => ctx.deps.log.warn('a pick pool could not be kept', { userId: ctx.userId, error }));
  return pool;
}

// ---- filters ---------------------------------------------------------------------------------

export type FilterName = 'nsfw' | 'genre' | 'max' | 'mediaType' | 'airing';

export interface FilterStep {
  filter: FilterName;
  /** How many titles were left after it. */
  kept: number;
}

export interface Filtered {
  total: number;
  kept: PickCandidate[];
  steps: FilterStep[];
}

/** The filters in order, each applied to what the one before left; titles not safe for work first, outside age-restricted channels. */
export function applyFilters(kind: WorkKind, candidates: readonly PickCandidate[], f: PickFilters, ageRestricted: boolean): Filtered {
  const run = f.airing === undefined ? undefined : KINDS[kind].runStatuses[f.airing];
  const genre = f.genre?.trim().toLowerCase();
  const tests: Array<[FilterName, ((c: PickCandidate) => boolean) | undefined]> = [
    ['nsfw', ageRestricted ? undefined : (c) => !c.nsfw],
    ['genre', genre ? (c) => c.genres.some((g) => g.toLowerCase() === genre) : undefined],
    ['max', f.max === undefined ? undefined : (c) => c.count > 0 && c.count <= (f.max ?? 0)],
    ['mediaType', f.mediaType ? (c) => c.mediaType === f.mediaType : undefined],
    ['airing', run === undefined ? undefined : (c) => c.status === run],
  ];
  let kept = [...candidates];
  const steps: FilterStep[] = [];
  for (const [filter, test] of tests) {
    if (!test) continue;
    kept = kept.filter(test);
    steps.push({ filter, kept: kept.length });
  }
  return { total: candidates.length, kept, steps };
}

/** The values a filter's autocomplete offers: those present in the pool (after the safe-for-work filter), most common first. */
export function valuesInPool(candidates: readonly PickCandidate[], of: (c: PickCandidate) => readonly string[]): Array<{ value: string; count: number }> {
  const counts = new Map<string, number>();
  for (const c of candidates) for (const v of new Set(of(c))) if (v !== '') counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
}
