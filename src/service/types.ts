// Response and request types of the Anime and Manga List Service.
// Every response field is optional: the real service omits fields freely (see real-service-notes.md).
// Enumerations are open unions: the service adds values without notice, so any string is accepted.

/** An enum value the service documents, or any other string it may start sending. */
export type Open<T extends string> = T | (string & {});

/** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, kept as sent. */
export type PartialDate = string;
/** ISO 8601 with offset, e.g. `2021-03-16T07:36:44+00:00`. */
export type DateTime = string;

export interface Picture {
  medium?: string;
  large?: string;
}

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

export interface Paging {
  previous?: string;
  next?: string;
}

/** The list envelope. */
export interface Page<T> {
  data: T[];
  paging: Paging;
}

export interface Ranking {
  rank?: number;
  previous_rank?: number;
}

export interface NodeItem<T> {
  node: T;
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

export interface UserAnimeStatistics {
  num_items_watching?: number;
  num_items_completed?: number;
  num_items_on_hold?: number;
  num_items_dropped?: number;
  num_items_plan_to_watch?: number;
  num_items?: number;
  num_days_watched?: number;
  num_days_watching?: number;
  num_days_completed?: number;
  num_days_on_hold?: number;
  num_days_dropped?: number;
  num_days?: number;
  num_episodes?: number;
  num_times_rewatched?: number;
  mean_score?: number;
}

export interface User {
  id?: number;
  name?: string;
  picture?: string;
  gender?: string;
  birthday?: PartialDate;
  location?: string;
  joined_at?: DateTime;
  time_zone?: string;
  is_supporter?: boolean;
  anime_statistics?: UserAnimeStatistics;
}

export interface ForumSubboard {
  id: number;
  title?: string;
}
export interface ForumBoard {
  id: number;
  title?: string;
  description?: string;
  subboards?: ForumSubboard[];
}
export interface ForumCategory {
  title?: string;
  boards?: ForumBoard[];
}
export interface ForumBoards {
  categories?: ForumCategory[];
}

export interface ForumUserRef {
  id?: number;
  name?: string;
  forum_avator?: string;
  forum_title?: string;
}

export interface ForumTopicSummary {
  id: number;
  title?: string;
  created_at?: DateTime;
  created_by?: ForumUserRef;
  number_of_posts?: number;
  last_post_created_at?: DateTime;
  last_post_created_by?: ForumUserRef;
  is_locked?: boolean;
}

export interface ForumPost {
  id?: number;
  number?: number;
  created_at?: DateTime;
  created_by?: ForumUserRef;
  /** BBCode with HTML entities and literal `<br />`. */
  body?: string;
  signature?: string;
}

export interface ForumPollOption {
  id?: number;
  text?: string;
  votes?: number;
}
export interface ForumPoll {
  id?: number;
  question?: string;
  closed?: boolean;
  options?: ForumPollOption[];
}

export interface ForumTopicDetail {
  title?: string;
  posts?: ForumPost[];
  poll?: ForumPoll | null;
}

export interface ForumTopicPage {
  data: ForumTopicDetail;
  paging: Paging;
}

/** The error object the service answers with. */
export interface ServiceErrorBody {
  error?: string;
  message?: string;
  hint?: string;
}

/** What the token endpoint answers. */
export interface TokenResponse {
  token_type: string;
  expires_in: number;
  access_token: string;
  refresh_token: string;
}

// ---- Requests -------------------------------------------------------------------------------

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
