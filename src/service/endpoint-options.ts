// The options of the client's endpoint methods and the limits the service documents for them.

import type { ListSortOf, ListStatusOf, RankingTypeOf, WorkKind } from './kinds.js';
import type { Season, SeasonSort } from './work-types.js';

/** The documented default; always sent because the real service defaults to 10. */
export const DEFAULT_LIMIT = 100;
export const MIN_QUERY_LENGTH = 3;
export const MAX_LIMIT = {
  search: 100,
  suggestions: 100,
  ranking: 500,
  season: 500,
  userList: 1000,
  forumTopics: 100,
  forumTopic: 100,
} as const;
export const SEASON_YEAR_RANGE = { min: 1900, max: 2999 } as const;

export interface ListOptions {
  limit?: number;
  offset?: number;
}
export interface WorkListOptions extends ListOptions {
  fields?: string;
  nsfw?: boolean;
}
export interface SearchOptions extends WorkListOptions {
  q: string;
}
export interface DetailsOptions {
  fields?: string;
}
export interface RankingOptions<K extends WorkKind> extends WorkListOptions {
  rankingType: RankingTypeOf<K>;
}
export type AnimeRankingOptions = RankingOptions<'anime'>;
export type MangaRankingOptions = RankingOptions<'manga'>;
export interface SeasonalAnimeOptions extends WorkListOptions {
  year: number;
  season: Season;
  sort?: SeasonSort;
}
export type SuggestionsOptions = WorkListOptions;
export interface UserListOptions<K extends WorkKind> extends WorkListOptions {
  status?: ListStatusOf<K>;
  sort?: ListSortOf<K>;
}
export type AnimeListOptions = UserListOptions<'anime'>;
export type MangaListOptions = UserListOptions<'manga'>;
export interface ForumTopicsOptions extends ListOptions {
  boardId?: number;
  subboardId?: number;
  q?: string;
  topicUserName?: string;
  userName?: string;
  sort?: 'recent';
}
export type ForumTopicOptions = ListOptions;
export interface MeOptions {
  fields?: string;
}
