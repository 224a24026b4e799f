// A user's profile on the Anime and Manga List Service, with their anime statistics.

import type { DateTime, PartialDate } from './common-types.js';

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
