// Works (anime and manga) as the Anime and Manga List Service sends them, the pages they come in
// (rankings, seasons, a user's list rows), and the ranking and season request parameters.

import type { DateTime, NodeItem, Open, Page, PartialDate, Picture } from './common-types.js';
import type { AnimeListStatus, AnimeListStatusValue, MangaListStatus } from './list-types.js';

export interface AlternativeTitles {
  synonyms?: string[];
  en?: string;
  ja?: string;
}

export interface Genre {
  id?: number;
  name?: string;
}

export type NsfwLevel = Open<'white' | 'gray' | 'black'>;

/** The two kinds of work the catalogue holds. */
export type WorkKind = 'anime' | 'manga';

export type Season = 'winter' | 'spring' | 'summer' | 'fall';
export const SEASONS: readonly Season[] = ['winter', 'spring', 'summer', 'fall'];

export interface StartSeason {
  year?: number;
  season?: Open<Season>;
}

export interface Broadcast {
  day_of_the_week?: string;
  start_time?: string;
}

export type AnimeMediaType = Open<'unknown' | 'tv' | 'ova' | 'movie' | 'special' | 'ona' | 'music' | 'cm' | 'pv' | 'tv_special'>;
export type AnimeAiringStatus = Open<'finished_airing' | 'currently_airing' | 'not_yet_aired'>;
export type AnimeSource = Open<
  | 'other'
  | 'original'
  | 'manga'
  | '4_koma_manga'
  | 'web_manga'
  | 'digital_manga'
  | 'novel'
  | 'light_novel'
  | 'visual_novel'
  | 'game'
  | 'card_game'
  | 'book'
  | 'picture_book'
  | 'radio'
  | 'music'
>;
export type AnimeRating = Open<'g' | 'pg' | 'pg_13' | 'r' | 'r+' | 'rx'>;

export type MangaMediaType = Open<
  'unknown' | 'manga' | 'novel' | 'light_novel' | 'one_shot' | 'doujinshi' | 'manhwa' | 'manhua' | 'oel'
>;
export type MangaPublishingStatus = Open<'finished' | 'currently_publishing' | 'not_yet_published' | 'on_hiatus' | 'discontinued'>;

/** The reduced node found in related works and recommendations. */
export interface WorkRef {
  id: number;
  title?: string;
  main_picture?: Picture;
}

export interface RelatedWork {
  node?: WorkRef;
  relation_type?: string;
  relation_type_formatted?: string;
}

export interface Recommendation {
  node?: WorkRef;
  num_recommendations?: number;
}

export interface Studio {
  id?: number;
  name?: string;
}

export interface AnimeStatistics {
  /** Counts per list status; the real service sends them as strings. */
  status?: Partial<Record<Open<AnimeListStatusValue>, string | number>>;
  num_list_users?: number;
}

interface WorkCommon {
  id: number;
  title?: string;
  main_picture?: Picture;
  alternative_titles?: AlternativeTitles;
  start_date?: PartialDate;
  end_date?: PartialDate;
  synopsis?: string;
  mean?: number;
  rank?: number;
  popularity?: number;
  num_list_users?: number;
  num_scoring_users?: number;
  nsfw?: NsfwLevel;
  created_at?: DateTime;
  updated_at?: DateTime;
  genres?: Genre[];
  pictures?: Picture[];
  background?: string;
  related_anime?: RelatedWork[];
  related_manga?: RelatedWork[];
  recommendations?: Recommendation[];
}

export interface Anime extends WorkCommon {
  media_type?: AnimeMediaType;
  status?: AnimeAiringStatus;
  my_list_status?: AnimeListStatus;
  /** 0 means unknown. */
  num_episodes?: number;
  start_season?: StartSeason;
  broadcast?: Broadcast;
  source?: AnimeSource;
  /** Seconds. */
  average_episode_duration?: number;
  rating?: AnimeRating;
  studios?: Studio[];
  statistics?: AnimeStatistics;
}

export interface MangaAuthor {
  node?: { id: number; first_name?: string; last_name?: string };
  role?: string;
}

export interface MangaSerialization {
  node?: { id: number; name?: string };
  role?: string;
}

export interface Manga extends WorkCommon {
  media_type?: MangaMediaType;
  status?: MangaPublishingStatus;
  my_list_status?: MangaListStatus;
  /** 0 means unknown. */
  num_volumes?: number;
  /** 0 means unknown. */
  num_chapters?: number;
  authors?: MangaAuthor[];
  serialization?: MangaSerialization[];
}

export interface Ranking {
  rank?: number;
  previous_rank?: number;
}


export interface RankedItem<T> extends NodeItem<T> {
  ranking?: Ranking;
}
export interface AnimeListItem extends NodeItem<Anime> {
  list_status?: AnimeListStatus;
}
export interface MangaListItem extends NodeItem<Manga> {
  list_status?: MangaListStatus;
}

export interface SeasonalPage extends Page<NodeItem<Anime>> {
  season?: StartSeason;
}

export type AnimeRankingType = 'all' | 'airing' | 'upcoming' | 'tv' | 'ova' | 'movie' | 'special' | 'bypopularity' | 'favorite';
export const ANIME_RANKING_TYPES: readonly AnimeRankingType[] = [
  'all',
  'airing',
  'upcoming',
  'tv',
  'ova',
  'movie',
  'special',
  'bypopularity',
  'favorite',
];
export type MangaRankingType = 'all' | 'manga' | 'novels' | 'oneshots' | 'doujin' | 'manhwa' | 'manhua' | 'bypopularity' | 'favorite';
export const MANGA_RANKING_TYPES: readonly MangaRankingType[] = [
  'all',
  'manga',
  'novels',
  'oneshots',
  'doujin',
  'manhwa',
  'manhua',
  'bypopularity',
  'favorite',
];
export type SeasonSort = 'anime_score' | 'anime_num_list_users';
export const SEASON_SORTS: readonly SeasonSort[] = ['anime_score', 'anime_num_list_users'];
