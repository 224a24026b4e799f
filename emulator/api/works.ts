import { type AnimeCore, type MangaCore, type WorkCore, type WorkKind } from '../catalogue/types.js';
import { hashString } from '../prng.js';
import { isSeason, monthIndexOfDate, seasonStartMonth, type Season } from '../time.js';
import { requireUser, viewer } from './caller.js';
import { ok, type ApiContext, type Answer } from './context.js';
import { badRequest, notFound } from './errors.js';
import { paginate } from './paging.js';
import { oneOf, parseFieldsParam, parseInteger, parseLimit, parseNsfw, parseOffset } from './params.js';

const ANIME_RANKINGS = ['all', 'airing', 'upcoming', 'tv', 'ova', 'movie', 'special', 'bypopularity', 'favorite'] as const;
const MANGA_RANKINGS = ['all', 'manga', 'novels', 'oneshots', 'doujin', 'manhwa', 'manhua', 'bypopularity', 'favorite'] as const;
const SEASON_SORTS = ['anime_score', 'anime_num_list_users'] as const;

const searchText = new WeakMap<WorkCore, string>();
const rankingCache = new WeakMap<object, Map<string, WorkCore[]>>();

function textOf(w: WorkCore): string {
  let t = searchText.get(w);
  if (t === undefined) {
    t = [w.title, w.alternative_titles.en, w.alternative_titles.ja, ...w.alternative_titles.synonyms].join('\n').toLowerCase();
    searchText.set(w, t);
  }
  return t;
}

/** Every word of q must occur in a title; exact and prefix title matches first, then by popularity. */
export function searchWorks<C extends WorkCore>(list: readonly C[], q: string): C[] {
  const needle = q.trim().toLowerCase();
  const words = needle.split(/\s+/);
  const relevance = (w: C): number => {
    const title = w.title.toLowerCase();
    if (title === needle) return 0;
    if (title.startsWith(needle)) return 1;
    if (title.includes(needle)) return 2;
    return 3;
  };
  return list
    .filter((w) => {
      const text = textOf(w);
      return words.every((word) => text.includes(word));
    })
    .map((w) => ({ w, r: relevance(w) }))
    .sort((a, b) => a.r - b.r || a.w.popularity - b.w.popularity || a.w.id - b.w.id)
    .map((x) => x.w);
}

function byRank(a: WorkCore, b: WorkCore): number {
  return (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.id - b.id;
}

function rankingList(list: readonly WorkCore[], type: string): WorkCore[] {
  let cache = rankingCache.get(list);
  if (!cache) {
    cache = new Map();
    rankingCache.set(list, cache);
  }
  const hit = cache.get(type);
  if (hit) return hit;
  const ranked = (pred: (w: WorkCore) => boolean): WorkCore[] => list.filter((w) => w.rank !== undefined && pred(w)).sort(byRank);
  const media = (...types: string[]) => ranked((w) => types.includes(w.media_type));
  let out: WorkCore[];
  switch (type) {
    case 'bypopularity':
      out = [...list].sort((a, b) => a.popularity - b.popularity);
      break;
    case 'favorite':
      out = [...list].sort((a, b) => b.num_favorites - a.num_favorites || a.id - b.id);
      break;
    case 'airing':
      out = ranked((w) => w.status === 'currently_airing');
      break;
    case 'upcoming':
      out = list.filter((w) => w.status === 'not_yet_aired').sort((a, b) => a.popularity - b.popularity);
      break;
    case 'tv':
    case 'ova':
    case 'movie':
      out = media(type);
      break;
    case 'special':
      out = media('special', 'tv_special');
      break;
    case 'manga':
      out = media('manga');
      break;
    case 'novels':
      out = media('novel', 'light_novel');
      break;
    case 'oneshots':
      out = media('one_shot');
      break;
    case 'doujin':
      out = media('doujinshi');
      break;
    case 'manhwa':
    case 'manhua':
      out = media(type);
      break;
    default:
      out = ranked(() => true);
  }
  cache.set(type, out);
  return out;
}

function workId(ctx: ApiContext, name: string): number {
  return parseInteger(ctx.params.id ?? '', name);
}

function renderWork(ctx: ApiContext, kind: WorkKind, w: WorkCore, fields: ReturnType<typeof parseFieldsParam>): Record<string, unknown> {
  return kind === 'anime'
    ? ctx.renderer.anime(w as AnimeCore, fields, viewer(ctx.caller))
    : ctx.renderer.manga(w as MangaCore, fields, viewer(ctx.caller));
}

function listOf(ctx: ApiContext, kind: WorkKind): readonly WorkCore[] {
  return kind === 'anime' ? ctx.state.catalogue.anime.list : ctx.state.catalogue.manga.list;
}

export function search(kind: WorkKind) {
  return (ctx: ApiContext): Answer => {
    const q = ctx.query.get('q');
    if (q === undefined || q.trim().length < 3) throw badRequest('q');
    const limit = parseLimit(ctx.query, 100);
    const offset = parseOffset(ctx.query);
    const fields = parseFieldsParam(ctx.query);
    const nsfw = parseNsfw(ctx.query);
    const results = searchWorks(listOf(ctx, kind), q);
    return ok(paginate(ctx.req, results, offset, limit, (w) => nsfw || w.nsfw === 'white', (w) => ({ node: renderWork(ctx, kind, w, fields) })));
  };
}

export function details(kind: WorkKind) {
  return (ctx: ApiContext): Answer => {
    const id = workId(ctx, `${kind}_id`);
    const fields = parseFieldsParam(ctx.query);
    const store = kind === 'anime' ? ctx.state.catalogue.anime : ctx.state.catalogue.manga;
    const work = store.byId.get(id);
    if (!work) throw notFound();
    return ok(renderWork(ctx, kind, work, fields));
  };
}

export function ranking(kind: WorkKind) {
  return (ctx: ApiContext): Answer => {
    const type = oneOf(ctx.query.get('ranking_type'), kind === 'anime' ? ANIME_RANKINGS : MANGA_RANKINGS, 'ranking_type');
    if (type === undefined) throw badRequest('ranking_type');
    const limit = parseLimit(ctx.query, 500);
    const offset = parseOffset(ctx.query);
    const fields = parseFieldsParam(ctx.query);
    const nsfw = parseNsfw(ctx.query);
    const list = rankingList(listOf(ctx, kind), type);
    const positions = list.map((w, i) => ({ w, rank: i + 1 }));
    return ok(
      paginate(ctx.req, positions, offset, limit, (p) => nsfw || p.w.nsfw === 'white', (p) => {
        const h = hashString(`prev:${type}:${p.w.id}`);
        const ranking: Record<string, number> = { rank: p.rank };
        if (type === 'all' && h % 3 === 0) ranking.previous_rank = Math.max(1, p.rank + (h % 7) - 3);
        return { node: renderWork(ctx, kind, p.w, fields), ranking };
      }),
    );
  };
}

/**
 * Anime of a season: those starting in it plus carry-overs (started earlier, still airing when the season begins).
 */
export function seasonAnime(list: readonly AnimeCore[], year: number, season: Season, nowMs: number): AnimeCore[] {
  const startMonth = year * 12 + seasonStartMonth(season) - 1;
  const now = new Date(nowMs);
  const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return list.filter((a) => {
    if (a.start_season?.year === year && a.start_season.season === season) return true;
    if (a.start_date === undefined || monthIndexOfDate(a.start_date) >= startMonth) return false;
    if (a.status === 'currently_airing') return startMonth <= nowMonth;
    return a.end_date !== undefined && a.end_date.length > 4 && monthIndexOfDate(a.end_date) >= startMonth;
  });
}

export function season(ctx: ApiContext): Answer {
  const year = parseInteger(ctx.params.year ?? '', 'year');
  const seasonName = ctx.params.season ?? '';
  if (!isSeason(seasonName)) throw badRequest('season');
  const sort = oneOf(ctx.query.get('sort'), SEASON_SORTS, 'sort');
  const limit = parseLimit(ctx.query, 500);
  const offset = parseOffset(ctx.query);
  const fields = parseFieldsParam(ctx.query);
  const nsfw = parseNsfw(ctx.query);
  const works = seasonAnime(ctx.state.catalogue.anime.list, year, seasonName, ctx.state.now());
  if (sort === 'anime_score') works.sort((a, b) => (b.mean ?? -1) - (a.mean ?? -1) || a.id - b.id);
  else if (sort === 'anime_num_list_users') works.sort((a, b) => b.num_list_users - a.num_list_users || a.id - b.id);
  else works.sort((a, b) => a.id - b.id);
  const page = paginate(ctx.req, works, offset, limit, (w) => nsfw || w.nsfw === 'white', (w) => ({ node: renderWork(ctx, 'anime', w, fields) }));
  return ok({ ...page, season: { year, season: seasonName } });
}

/** Recommendations of the user's list entries that are not on the list, strongest first; empty for a new user. */
export function suggestions(ctx: ApiContext): Answer {
  const user = requireUser(ctx.caller);
  const limit = parseLimit(ctx.query, 100);
  const offset = parseOffset(ctx.query);
  const fields = parseFieldsParam(ctx.query);
  const nsfw = parseNsfw(ctx.query);
  const store = ctx.state.catalogue.anime;
  const onList = user.lists.anime;
  const weight = new Map<number, number>();
  for (const id of [...onList.keys()].sort((a, b) => a - b)) {
    const work = store.byId.get(id);
    if (!work) continue;
    for (const r of store.details(work).recommendations) {
      if (!onList.has(r.id)) weight.set(r.id, (weight.get(r.id) ?? 0) + r.num_recommendations);
    }
  }
  const picked = [...weight.entries()]
    .map(([id, w]) => ({ work: store.byId.get(id), w }))
    .filter((x): x is { work: AnimeCore; w: number } => x.work !== undefined)
    .sort((a, b) => b.w - a.w || a.work.popularity - b.work.popularity)
    .map((x) => x.work);
  return ok(paginate(ctx.req, picked, offset, limit, (w) => nsfw || w.nsfw === 'white', (w) => ({ node: renderWork(ctx, 'anime', w, fields) })));
}
