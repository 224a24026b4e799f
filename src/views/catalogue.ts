// Paged catalogue views: search, ranking, season and suggestions.

import { animeFields, mangaFields } from '../service/fields.js';
import type { Page } from '../service/common-types.js';
import {
  ANIME_RANKING_TYPES,
  MANGA_RANKING_TYPES,
  SEASONS,
  SEASON_SORTS,
  type Anime,
  type AnimeRankingType,
  type Manga,
  type MangaRankingType,
  type RankedItem,
  type Season,
  type SeasonalPage,
  type SeasonSort,
  type WorkKind,
} from '../service/work-types.js';
import type { BaseContext } from '../interactions/context.js';
import type { FieldReader } from '../interactions/custom-id.js';
import type { MessageKey } from '../i18n/index.js';
import { formatSeason } from '../render/format.js';
import { term } from '../render/terms.js';
import { workFacts, workSummaryLine } from '../render/work-facts.js';
import { workListEmbed, type WorkListItem } from '../render/lists.js';
import { allowNsfw, maskTitle, nsfwFilteredNote } from './nsfw.js';
import { renameOption } from '../interactions/user-errors.js';
import { PAGE_SIZE, type LoadedPage, type OpenOption, type PagedView } from './paged-view.js';

export const ANIME_LIST_FIELDS = animeFields('mean', 'media_type', 'num_episodes', 'start_season', 'nsfw', 'status');
export const MANGA_LIST_FIELDS = mangaFields('mean', 'media_type', 'num_volumes', 'num_chapters', 'start_date', 'nsfw', 'status');

export function workItem(ctx: Pick<BaseContext, 'where' | 't'>, work: Anime | Manga, position: number, rank?: number): WorkListItem {
  return {
    ...(rank !== undefined ? { rank } : { position }),
    title: maskTitle(ctx.t, work.title, work.nsfw, ctx.where),
    extra: workSummaryLine(ctx.t, work),
  };
}

export function openOption(kind: WorkKind, work: Anime | Manga, label: string, detail?: string): OpenOption {
  return { label, value: `${kind === 'anime' ? 'a' : 'm'}:${work.id}`, ...(detail ? { description: detail } : {}) };
}

/** Every rating a page of works brings is kept for the deployment (never throws; the answer does not wait on it). */
function rememberRatings<P extends Page<RankedItem<Anime | Manga>>>(ctx: BaseContext, kind: WorkKind, page: P): P {
  void ctx.deps.nsfwRatings.remember(kind, page.data.map((entry) => entry.node));
  return page;
}

/** Turns a page of works into the list embed and the select options. */
export function workPage(
  ctx: Pick<BaseContext, 'where' | 't'>,
  kind: WorkKind,
  page: Page<RankedItem<Anime | Manga>>,
  offset: number,
  title: string,
  notes: { nsfwFiltered: boolean; nsfwOption?: string; description?: string },
): LoadedPage {
  const note = notes.nsfwFiltered ? nsfwFilteredNote(ctx.t, ctx.where, notes.nsfwOption) : undefined;
  const items = page.data.map((entry, i) => workItem(ctx, entry.node, offset + i + 1, entry.ranking?.rank));
  const embed = workListEmbed(ctx.t, {
    title,
    ...(notes.description ? { description: notes.description } : {}),
    items,
    emptyText: ctx.t.t(offset === 0 ? 'catalogue.list.empty' : 'catalogue.list.noMore'),
  });
  return {
    embeds: [embed],
    ...(note !== undefined ? { content: note } : {}),
    open: page.data.map((entry, i) =>
      openOption(kind, entry.node, `${items[i]?.rank ?? items[i]?.position ?? i + 1}. ${items[i]?.title ?? ''}`, workFacts(ctx.t, entry.node).join(' · ')),
    ),
    hasNext: page.paging.next !== undefined,
  };
}

// ---- search ---------------------------------------------------------------------------------

interface SearchState {
  q: string;
  nsfw: boolean;
}

function searchView(kind: WorkKind, code: string): PagedView<SearchState> {
  return {
    code,
    openPlaceholder: (t) => t.t(kind === 'anime' ? 'catalogue.open.anime' : 'catalogue.open.manga'),
    encode: (s) => [s.nsfw, s.q],
    decode: (r: FieldReader) => {
      const nsfw = r.bool();
      return { nsfw, q: r.string() };
    },
    async load(ctx, s, offset) {
      const nsfw = allowNsfw(ctx.where, s.nsfw);
      const options = { q: s.q, limit: PAGE_SIZE, offset, nsfw };
      let page: Page<RankedItem<Anime | Manga>>;
      try {
        page =
          kind === 'anime'
            ? await ctx.deps.service.searchAnime({ ...options, fields: ANIME_LIST_FIELDS })
            : await ctx.deps.service.searchManga({ ...options, fields: MANGA_LIST_FIELDS });
      } catch (error) {
        throw renameOption(error, { q: 'query' });
      }
      return workPage(ctx, kind, rememberRatings(ctx, kind, page), offset, ctx.t.t('catalogue.search.title', { kind, query: s.q }), {
        nsfwFiltered: !nsfw,
        nsfwOption: 'nsfw',
      });
    },
  };
}

export const animeSearchView = searchView('anime', 'as');
export const mangaSearchView = searchView('manga', 'ms');

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

interface RankingState<T extends string> {
  type: T;
}

function rankingView<T extends AnimeRankingType | MangaRankingType>(
  kind: WorkKind,
  code: string,
  types: readonly T[],
): PagedView<RankingState<T>> {
  return {
    code,
    openPlaceholder: (t) => t.t('catalogue.open.title'),
    encode: (s) => [s.type],
    decode: (r) => ({ type: r.oneOf(types) }),
    async load(ctx, s, offset) {
      const nsfw = allowNsfw(ctx.where);
      const options = { limit: PAGE_SIZE, offset, nsfw };
      const page =
        kind === 'anime'
          ? await ctx.deps.service.animeRanking({ ...options, rankingType: s.type as AnimeRankingType, fields: ANIME_LIST_FIELDS })
          : await ctx.deps.service.mangaRanking({ ...options, rankingType: s.type as MangaRankingType, fields: MANGA_LIST_FIELDS });
      return workPage(ctx, kind, rememberRatings(ctx, kind, page), offset, ctx.t.t('catalogue.ranking.title', { kind, name: ctx.t.t(`catalogue.ranking.${kind}.${s.type}` as MessageKey) }), { nsfwFiltered: !nsfw });
    },
  };
}

export const animeRankingView = rankingView('anime', 'ar', ANIME_RANKING_TYPES);
export const mangaRankingView = rankingView('manga', 'mr', MANGA_RANKING_TYPES);

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
  const shown = formatSeason(ctx.t, page.season ?? s) ?? ctx.t.t('catalogue.season.name', { season: term(ctx.t, 'season', s.season), year: String(s.year) });
  const loaded = workPage(ctx, 'anime', page, offset, ctx.t.t('catalogue.season.title', { season: shown, sort: s.sort }), notes);
  // Carry-overs from earlier seasons are part of the season's list; mark them.
  const embed = loaded.embeds[0];
  if (embed) {
    const carried = page.data.filter((e) => {
      const start = e.node.start_season;
      return start?.year !== undefined && (start.year !== s.year || start.season !== s.season);
    }).length;
    if (carried > 0) embed.footer = { text: ctx.t.t('catalogue.season.carried', { count: carried }) };
  }
  return loaded;
}

export const seasonView: PagedView<SeasonState> = {
  code: 'se',
  openPlaceholder: (t) => t.t('catalogue.open.anime'),
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
      fields: ANIME_LIST_FIELDS,
    });
    return seasonPage(ctx, s, rememberRatings(ctx, 'anime', page), offset, { nsfwFiltered: !nsfw });
  },
};

// ---- suggestions ----------------------------------------------------------------------------

export const suggestionsView: PagedView<Record<string, never>> = {
  code: 'su',
  openPlaceholder: (t) => t.t('catalogue.open.anime'),
  encode: () => [],
  decode: () => ({}),
  async load(ctx, _s, offset) {
    const auth = await ctx.requireAuth();
    const nsfw = allowNsfw(ctx.where);
    const page = await ctx.deps.service.animeSuggestions({ limit: PAGE_SIZE, offset, nsfw, fields: ANIME_LIST_FIELDS }, { auth });
    const loaded = workPage(ctx, 'anime', rememberRatings(ctx, 'anime', page), offset, ctx.t.t('catalogue.suggestions.title'), { nsfwFiltered: !nsfw });
    if (page.data.length === 0 && offset === 0) {
      const embed = loaded.embeds[0];
      if (embed) embed.description = ctx.t.t('catalogue.suggestions.empty');
    }
    return loaded;
  },
};
