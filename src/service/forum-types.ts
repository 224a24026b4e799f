// The Anime and Manga List Service's forum: boards, topics, posts and polls.

import type { DateTime, Paging } from './common-types.js';

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
