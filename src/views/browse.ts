// Paged catalogue views: search, ranking, season and suggestions.

import type { Page } from '../service/common-types.js';
import { KINDS, type AnyWork, type RankingTypeOf, type WorkKind } from '../service/kinds.js';
import {
  SEASONS,
  SEASON_SORTS,
  type AnimeRankingType,
  type MangaRankingType,
  type RankedItem,
  type Season,
  type SeasonalPage,
  type SeasonSort,
} from '../service/work-types.js';
import type { BaseContext } from '../interactions/context.js';
import type { TokenSource } from '../service/token-source.js';
import type { FieldReader } from '../interactions/custom-id.js';
import type { MessageKey } from '../i18n/index.js';
import { formatSeason } from '../render/format.js';
import { KIND_WORDS } from '../render/kind-words.js';
import { term } from '../render/terms.js';
import { workFacts, workSummaryLine } from '../render/work-facts.js';
import type { WorkListItem } from '../render/lists.js';
import { carriedFooter, workListPage, type ListedWork } from '../render/work-pages.js';
import { allowNsfw, maskTitle, nsfwFilteredNote } from './nsfw.js';
import { renameOption } from '../interactions/user-errors.js';
import { KIND_FIELDS } from './kind-views.js';
import { kindCode } from '../render/kind-codes.js';
import { PAGE_SIZE, type LoadedPage, type PagedView } from './paged-view.js';

export function workItem(ctx: Pick<BaseContext, 'where' | 't'>, work: AnyWork, position: number, rank?: number): WorkListItem {
  return {
    ...(rank !== undefined ? { rank } : { position }),
    title: maskTitle(ctx.t, work.title, work.nsfw, ctx.where),
    extra: workSummaryLine(ctx.t, work),
  };
}

/** A work's reference for the open menu (`a:967`). */
export function itemRef(kind: WorkKind, work: Pick<AnyWork, 'id'>): string {
  return `${kindCode(kind)}:${work.id}`;
}

/** Every rating a page of works brings is kept for the deployment (never throws; the answer does not wait on it). */
function rememberRatings<P extends Page<RankedItem<AnyWork>>>(ctx: BaseContext, kind: WorkKind, page: P): P {
  void ctx.deps.nsfwRatings.remember(kind, page.data.map((entry) => entry.node));
  return page;
}

/** Turns a page of works into the list embed and the select options. */
export function workPage(
  ctx: Pick<BaseContext, 'where' | 't'>,
  kind: WorkKind,
  page: Page<RankedItem<AnyWork>>,
  offset: number,
  title: string,
  notes: { nsfwFiltered: boolean; nsfwOption?: string; description?: string; empty?: MessageKey; footer?: string | undefined },
): LoadedPage {
  const works = page.data.map((entry, i): ListedWork => ({
    ...workItem(ctx, entry.node, offset + i + 1, entry.ranking?.rank),
    ref: itemRef(kind, entry.node),
    facts: workFacts(ctx.t, entry.node).join(' · '),
  }));
  const rendered = workListPage(ctx.t, {
    title,
    works,
    ...(notes.description ? { description: notes.description } : {}),
    empty: notes.empty ?? (offset === 0 ? 'works.list.empty' : 'works.list.noMore'),
    note: notes.nsfwFiltered ? nsfwFilteredNote(ctx.t, ctx.where, notes.nsfwOption) : undefined,
    footer: notes.footer,
  });
  return { ...rendered, hasNext: page.paging.next !== undefined };
}

// ---- search ---------------------------------------------------------------------------------

interface SearchState {
  q: string;
  nsfw: boolean;
}

function searchView(kind: WorkKind, code: string): PagedView<SearchState> {
  return {
    code,
    openPlaceholder: (t) => t.t(KIND_WORDS[kind].open),
    encode: (s) => [s.nsfw, s.q],
    decode: (r: FieldReader) => {
      const nsfw = r.bool();
      return { nsfw, q: r.string() };
    },
    async load(ctx, s, offset) {
      const nsfw = allowNsfw(ctx.where, s.nsfw);
      const options = { q: s.q, limit: PAGE_SIZE, offset, nsfw };
      let page: Page<RankedItem<AnyWork>>;
      try {
        page = await ctx.deps.service.searchWorks(kind, { ...options, fields: KIND_FIELDS[kind].listRow });
      } catch (error) {
        throw renameOption(error, { q: 'query' });
      }
      return workPage(ctx, kind, rememberRatings(ctx, kind, page), offset, ctx.t.t('works.search.title', { kind, query: s.q }), {
        nsfwFiltered: !nsfw,
        nsfwOption: 'nsfw',
      });
    },
  };
}

/** Search of each kind. */
export const SEARCH_VIEWS: { readonly [K in WorkKind]: PagedView<SearchState> } = { anime: searchView('anime', 'as'), manga: searchView('manga', 'ms') };
export const { anime: animeSearchView, manga: mangaSearchView } = SEARCH_VIEWS;

// ---- ranking --------------------------------------------------------------------------------

/** English names of the rankings: the command definition's choices (Discord's localizations name them there). */
export const ANIME_RANKING_NAMES: Record<AnimeRankingType, string> = {
  all: 'Top anime series',
  airing: 'Top airing',
  upcoming: 'Top upcoming',
  tv: 'Top TV series',
  ova: 'Top OVA series',
  movie: 'Top movies',
  special: 'Top specials',
  bypopularity: 'Most popular',
  favorite: 'Most favorited',
};

export const MANGA_RANKING_NAMES: Record<MangaRankingType, string> = {
  all: 'All',
  manga: 'Top manga',
  novels: 'Top novels',
  oneshots: 'Top one-shots',
  doujin: 'Top doujinshi',
  manhwa: 'Top manhwa',
  manhua: 'Top manhua',
  bypopularity: 'Most popular',
  favorite: 'Most favorited',
};

/** The rankings' English names, by kind. */
export const RANKING_NAMES: { readonly [K in WorkKind]: Readonly<Record<RankingTypeOf<K>, string>> } = { anime: ANIME_RANKING_NAMES, manga: MANGA_RANKING_NAMES };

interface RankingState<T extends string> {
  type: T;
}

function rankingView<K extends WorkKind>(kind: K, code: string): PagedView<RankingState<RankingTypeOf<K>>> {
  return {
    code,
    openPlaceholder: (t) => t.t('works.open.title'),
    encode: (s) => [s.type],
    decode: (r) => ({ type: r.oneOf(KINDS[kind].rankingTypes) }),
    async load(ctx, s, offset) {
      const nsfw = allowNsfw(ctx.where);
      const page = await ctx.deps.service.workRanking(kind, { limit: PAGE_SIZE, offset, nsfw, rankingType: s.type, fields: KIND_FIELDS[kind].listRow });
      const name = ctx.t.t(`works.ranking.${kind}.${s.type}` as MessageKey);
      return workPage(ctx, kind, rememberRatings(ctx, kind, page), offset, ctx.t.t('works.ranking.title', { kind, name }), { nsfwFiltered: !nsfw });
    },
  };
}

/** The rankings of each kind. */
export const RANKING_VIEWS: { readonly [K in WorkKind]: PagedView<RankingState<RankingTypeOf<K>>> } = { anime: rankingView('anime', 'ar'), manga: rankingView('manga', 'mr') };
export const { anime: animeRankingView, manga: mangaRankingView } = RANKING_VIEWS;

// ---- season ---------------------------------------------------------------------------------

export interface SeasonState {
  year: number;
  season: Season;
  sort: SeasonSort;
}

/** The season a date falls in: winter is January–March, and so on. */
export function seasonOf(date: Date): { year: number; season: Season } {
  const season = SEASONS[Math.floor(date.getUTCMonth() / 3)] ?? 'winter';
  return { year: date.getUTCFullYear(), season };
}

/** A page of seasonal anime titled from the page's own season; carry-overs are counted in the footer. */
export function seasonPage(
  ctx: Pick<BaseContext, 'where' | 't'>,
  s: SeasonState,
  page: SeasonalPage,
  offset: number,
  notes: { nsfwFiltered: boolean },
): LoadedPage {
  const shown = formatSeason(ctx.t, page.season ?? s) ?? ctx.t.t('works.season.name', { season: term(ctx.t, 'season', s.season), year: String(s.year) });
  // Carry-overs from earlier seasons are part of the season's list; mark them.
  const carried = page.data.filter((e) => {
    const start = e.node.start_season;
    return start?.year !== undefined && (start.year !== s.year || start.season !== s.season);
  }).length;
  return workPage(ctx, 'anime', page, offset, ctx.t.t('works.season.title', { season: shown, sort: s.sort }), { ...notes, footer: carriedFooter(ctx.t, carried) });
}

export const seasonView: PagedView<SeasonState> = {
  code: 'se',
  openPlaceholder: (t) => t.t('works.open.anime'),
  encode: (s) => [s.year, s.season, s.sort],
  decode: (r) => ({ year: r.int(), season: r.oneOf(SEASONS), sort: r.oneOf(SEASON_SORTS) }),
  async load(ctx, s, offset) {
    const nsfw = allowNsfw(ctx.where);
    const page = await ctx.deps.service.seasonalAnime({
      year: s.year,
      season: s.season,
      sort: s.sort,
      limit: PAGE_SIZE,
      offset,
      nsfw,
      fields: KIND_FIELDS.anime.listRow,
    });
    return seasonPage(ctx, s, rememberRatings(ctx, 'anime', page), offset, { nsfwFiltered: !nsfw });
  },
};

// ---- suggestions ----------------------------------------------------------------------------

export const suggestionsView: PagedView<Record<string, never>, BaseContext & { auth: TokenSource }> = {
  code: 'su',
  // Suggestions are the user's own: the command and its pager buttons need a login (declared, checked by the router).
  linked: true,
  openPlaceholder: (t) => t.t('works.open.anime'),
  encode: () => [],
  decode: () => ({}),
  async load(ctx, _s, offset) {
    const nsfw = allowNsfw(ctx.where);
    const page = await ctx.deps.service.suggestions('anime', { limit: PAGE_SIZE, offset, nsfw, fields: KIND_FIELDS.anime.listRow }, { auth: ctx.auth });
    return workPage(ctx, 'anime', rememberRatings(ctx, 'anime', page), offset, ctx.t.t('works.suggestions.title'), {
      nsfwFiltered: !nsfw,
      ...(offset === 0 ? { empty: 'works.suggestions.empty' as const } : {}),
    });
  },
};
