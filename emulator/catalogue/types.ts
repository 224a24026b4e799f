/** Shapes of the emulator's stored data. Optional fields are absent in responses when undefined. */
export interface Picture {
  medium: string;
  large: string;
}

export interface IdName {
  id: number;
  name: string;
}

export interface AlternativeTitles {
  synonyms: string[];
  en: string;
  ja: string;
}

export type Nsfw = 'white' | 'gray' | 'black';

export interface Relation {
  id: number;
  relation_type: string;
  relation_type_formatted: string;
}

export interface Recommendation {
  id: number;
  num_recommendations: number;
}

/** Fields shared by anime and manga that are needed for search, ranking and sorting. */
export interface WorkCore {
  id: number;
  title: string;
  main_picture?: Picture;
  alternative_titles: AlternativeTitles;
  start_date?: string;
  end_date?: string;
  mean?: number;
  rank?: number;
  popularity: number;
  num_list_users: number;
  num_scoring_users: number;
  nsfw: Nsfw;
  created_at: string;
  updated_at: string;
  media_type: string;
  status: string;
  genres?: IdName[];
  /** Internal: drives the `favorite` ranking, never rendered. */
  num_favorites: number;
}

export interface AnimeCore extends WorkCore {
  num_episodes: number;
  start_season?: { year: number; season: string };
  broadcast?: { day_of_the_week: string; start_time?: string };
  source?: string;
  average_episode_duration: number;
  rating?: string;
}

export interface MangaCore extends WorkCore {
  num_volumes: number;
  num_chapters: number;
}

/** Bulky fields, generated on first access. */
export interface WorkDetails {
  synopsis: string;
  background: string;
  pictures: Picture[];
  related_anime: Relation[];
  related_manga: Relation[];
  recommendations: Recommendation[];
}

export interface AnimeDetails extends WorkDetails {
  studios: IdName[];
  statistics: {
    status: { watching: string; completed: string; on_hold: string; dropped: string; plan_to_watch: string };
    num_list_users: number;
  };
}

export interface MangaAuthor {
  node: { id: number; first_name: string; last_name: string };
  role: string;
}

export interface MangaDetails extends WorkDetails {
  authors: MangaAuthor[];
  serialization: Array<{ node: IdName; role?: string }>;
}

export const ANIME_LIST_STATUSES = ['watching', 'completed', 'on_hold', 'dropped', 'plan_to_watch'] as const;
export const MANGA_LIST_STATUSES = ['reading', 'completed', 'on_hold', 'dropped', 'plan_to_read'] as const;

/** One list entry, anime or manga; `progress` holds the kind-specific counters. */
export interface ListEntry {
  status?: string;
  score: number;
  /** anime: num_episodes_watched; manga: num_volumes_read + num_chapters_read */
  episodes: number;
  volumes: number;
  chapters: number;
  repeating: boolean;
  updatedAt: number;
  start_date?: string;
  finish_date?: string;
  priority: number;
  timesRepeated: number;
  repeatValue: number;
  tags: string[];
  comments: string;
}

export type WorkKind = 'anime' | 'manga';

export interface ForumUserRef {
  id: number;
  name: string;
}

export interface ForumPost {
  id: number;
  number: number;
  created_at: string;
  created_by: ForumUserRef & { forum_avator: string; forum_title?: string };
  body: string;
  signature: string;
}

export interface ForumPoll {
  id: number;
  question: string;
  closed: boolean;
  options: Array<{ id: number; text: string; votes: number }>;
}

export interface ForumTopic {
  id: number;
  boardId: number;
  subboardId?: number;
  title: string;
  createdAtMs: number;
  createdBy: ForumUserRef;
  numPosts: number;
  isLocked: boolean;
  poll: ForumPoll | null;
}

export interface ForumBoard {
  id: number;
  title: string;
  description: string;
  subboards: Array<{ id: number; title: string }>;
}

export interface UserProfile {
  id: number;
  name: string;
  picture?: string;
  gender?: string;
  birthday?: string;
  location: string;
  joined_at: string;
  time_zone: string;
  is_supporter: boolean;
}
