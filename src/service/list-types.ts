// A user's list entries for the Anime and Manga List Service: the list statuses, an entry as read
// back (`my_list_status`, `list_status`), the writable fields of an update, and the list sorts.

import type { DateTime, Open, PartialDate } from './common-types.js';

export type AnimeListStatusValue = 'watching' | 'completed' | 'on_hold' | 'dropped' | 'plan_to_watch';
export const ANIME_LIST_STATUSES: readonly AnimeListStatusValue[] = [
  'watching',
  'completed',
  'on_hold',
  'dropped',
  'plan_to_watch',
];
export type MangaListStatusValue = 'reading' | 'completed' | 'on_hold' | 'dropped' | 'plan_to_read';
export const MANGA_LIST_STATUSES: readonly MangaListStatusValue[] = [
  'reading',
  'completed',
  'on_hold',
  'dropped',
  'plan_to_read',
];

/** A user's entry for an anime, as read back (note `num_episodes_watched`, written as `num_watched_episodes`). */
export interface AnimeListStatus {
  status?: Open<AnimeListStatusValue>;
  score?: number;
  num_episodes_watched?: number;
  is_rewatching?: boolean;
  start_date?: PartialDate;
  finish_date?: PartialDate;
  priority?: number;
  num_times_rewatched?: number;
  rewatch_value?: number;
  tags?: string[];
  comments?: string;
  updated_at?: DateTime;
}

export interface MangaListStatus {
  status?: Open<MangaListStatusValue>;
  score?: number;
  num_volumes_read?: number;
  num_chapters_read?: number;
  is_rereading?: boolean;
  start_date?: PartialDate;
  finish_date?: PartialDate;
  priority?: number;
  num_times_reread?: number;
  reread_value?: number;
  tags?: string[];
  comments?: string;
  updated_at?: DateTime;
}


export type AnimeListSort = 'list_score' | 'list_updated_at' | 'anime_title' | 'anime_start_date' | 'anime_id';
export const ANIME_LIST_SORTS: readonly AnimeListSort[] = [
  'list_score',
  'list_updated_at',
  'anime_title',
  'anime_start_date',
  'anime_id',
];
export type MangaListSort = 'list_score' | 'list_updated_at' | 'manga_title' | 'manga_start_date' | 'manga_id';
export const MANGA_LIST_SORTS: readonly MangaListSort[] = [
  'list_score',
  'list_updated_at',
  'manga_title',
  'manga_start_date',
  'manga_id',
];

/** Writable fields of an anime list entry (spec names: progress is `num_watched_episodes`). */
export interface AnimeListUpdate {
  status?: AnimeListStatusValue;
  is_rewatching?: boolean;
  score?: number;
  num_watched_episodes?: number;
  priority?: number;
  num_times_rewatched?: number;
  rewatch_value?: number;
  tags?: string[];
  comments?: string;
}

export interface MangaListUpdate {
  status?: MangaListStatusValue;
  is_rereading?: boolean;
  score?: number;
  num_volumes_read?: number;
  num_chapters_read?: number;
  priority?: number;
  num_times_reread?: number;
  reread_value?: number;
  tags?: string[];
  comments?: string;
}
