// Each kind of work (anime, manga) described once: its paths, list statuses, sorts, rankings,
// fields, writable list fields with their ranges, the units progress is counted in, and what only
// some kinds have. A feature asks this table what a kind has; it never asks which kind it is.

import { ANIME_FIELDS, ANIME_ONLY_FIELDS, MANGA_FIELDS, MANGA_ONLY_FIELDS, type AnimeField, type MangaField } from './fields.js';
import {
  ANIME_LIST_SORTS,
  ANIME_LIST_STATUSES,
  MANGA_LIST_SORTS,
  MANGA_LIST_STATUSES,
  type AnimeListSort,
  type AnimeListStatus,
  type AnimeListStatusValue,
  type AnimeListUpdate,
  type MangaListSort,
  type MangaListStatus,
  type MangaListStatusValue,
  type MangaListUpdate,
} from './list-types.js';
import type { NodeItem } from './common-types.js';
import {
  ANIME_RANKING_TYPES,
  MANGA_RANKING_TYPES,
  type Anime,
  type AnimeRankingType,
  type Manga,
  type MangaRankingType,
  type WorkKind,
} from './work-types.js';

export type { WorkKind } from './work-types.js';
export const WORK_KINDS: readonly WorkKind[] = ['anime', 'manga'];

/** The service's types of each kind. */
export interface KindTypes {
  anime: { work: Anime; entry: AnimeListStatus; update: AnimeListUpdate; status: AnimeListStatusValue; sort: AnimeListSort; ranking: AnimeRankingType; field: AnimeField };
  manga: { work: Manga; entry: MangaListStatus; update: MangaListUpdate; status: MangaListStatusValue; sort: MangaListSort; ranking: MangaRankingType; field: MangaField };
}
export type WorkOf<K extends WorkKind> = KindTypes[K]['work'];
/** A list entry as read back (`my_list_status`, `list_status`). */
export type EntryOf<K extends WorkKind> = KindTypes[K]['entry'];
/** The writable fields of a list entry. */
export type UpdateOf<K extends WorkKind> = KindTypes[K]['update'];
export type ListStatusOf<K extends WorkKind> = KindTypes[K]['status'];
export type ListSortOf<K extends WorkKind> = KindTypes[K]['sort'];
export type RankingTypeOf<K extends WorkKind> = KindTypes[K]['ranking'];
export type FieldOf<K extends WorkKind> = KindTypes[K]['field'];
/** A row of a user's list: the work and the user's entry. */
export interface ListItem<K extends WorkKind> extends NodeItem<WorkOf<K>> {
  list_status?: EntryOf<K>;
}
/** A work of either kind, or an entry of either kind. */
export type AnyWork = WorkOf<WorkKind>;
export type AnyEntry = EntryOf<WorkKind>;

export type ProgressUnitName = 'episodes' | 'volumes' | 'chapters';

/** One count of a list entry's progress: where the entry holds it, how an update writes it, the work's total. */
export interface ProgressUnit<K extends WorkKind = WorkKind> {
  readonly unit: ProgressUnitName;
  /** As read back: `num_episodes_watched`. */
  readonly read: keyof EntryOf<K> & string;
  /** As written: `num_watched_episodes` (the service spells the two differently for anime). */
  readonly write: keyof UpdateOf<K> & string;
  /** The work's total; 0 or missing means unknown. */
  readonly total: keyof WorkOf<K> & string;
}

export type AnyProgressUnit = { [K in WorkKind]: ProgressUnit<K> }[WorkKind];

/** The value a writable list field takes. */
export type WritableValue =
  | { readonly type: 'status' }
  | { readonly type: 'int'; readonly min: number; readonly max: number }
  | { readonly type: 'boolean' }
  | { readonly type: 'text' }
  | { readonly type: 'tags' };

const COUNT: WritableValue = { type: 'int', min: 0, max: Number.MAX_SAFE_INTEGER };
const SCORE: WritableValue = { type: 'int', min: 0, max: 10 };
const PRIORITY: WritableValue = { type: 'int', min: 0, max: 2 };
const REPEAT_VALUE: WritableValue = { type: 'int', min: 0, max: 5 };

export interface KindSpec<K extends WorkKind = WorkKind> {
  readonly kind: K;
  readonly paths: {
    /** `anime`, `anime/{id}`, `anime/ranking`, `anime/{id}/my_list_status`. */
    readonly works: K;
    /** `users/{user}/animelist`. */
    readonly list: `${K}list`;
    /** Only anime have seasonal charts and suggestions. */
    readonly season?: `${K}/season`;
    readonly suggestions?: `${K}/suggestions`;
  };
  readonly statuses: readonly ListStatusOf<K>[];
  /** The status of a title being watched or read, of one planned, and of one finished. */
  readonly current: ListStatusOf<K>;
  readonly planned: ListStatusOf<K>;
  readonly finished: ListStatusOf<K>;
  /** The work status while it is still coming out (its dates are then open-ended). */
  readonly ongoing: string;
  /** What dates a work in lists and suggestions: its season where the kind has seasons, else its start date. */
  readonly dating: 'start_season' | 'start_date';
  readonly sorts: readonly ListSortOf<K>[];
  readonly rankingTypes: readonly RankingTypeOf<K>[];
  readonly fields: readonly FieldOf<K>[];
  /** The fields no other kind has. */
  readonly ownFields: readonly FieldOf<K>[];
  /** The counts of progress, in the order they are shown: episodes, or volumes and chapters. */
  readonly progress: readonly ProgressUnit<K>[];
  /** The count a server's mirror keeps and its leaderboards sum. */
  readonly mainProgress: ProgressUnit<K>;
  /** The count a random pick's maximum filters by (`max_episodes`, `max_volumes`). */
  readonly pickCount: ProgressUnit<K>;
  /** The work statuses a random pick's `airing` filter names: still coming out, finished, not out yet. */
  readonly runStatuses: { readonly airing: string; readonly finished: string; readonly not_yet_aired: string };
  /** Rewatching or rereading: the flag, how many times, and its value. */
  readonly repeat: {
    readonly flag: keyof EntryOf<K> & keyof UpdateOf<K> & string;
    readonly times: keyof EntryOf<K> & keyof UpdateOf<K> & string;
    readonly value: keyof EntryOf<K> & keyof UpdateOf<K> & string;
  };
  /** Every field an update may write, and the values it takes. */
  readonly writable: { readonly [F in keyof UpdateOf<K>]-?: WritableValue };
  /** What only some kinds have. */
  readonly has: {
    /** Broadcast day and time (Japan time). */
    readonly broadcast: boolean;
    /** Episode lengths, so time spent can be counted. */
    readonly episodeLength: boolean;
    /** Statistics on the user's profile (`anime_statistics`). */
    readonly profileStatistics: boolean;
  };
}

const EPISODES: ProgressUnit<'anime'> = { unit: 'episodes', read: 'num_episodes_watched', write: 'num_watched_episodes', total: 'num_episodes' };
const VOLUMES: ProgressUnit<'manga'> = { unit: 'volumes', read: 'num_volumes_read', write: 'num_volumes_read', total: 'num_volumes' };
const CHAPTERS: ProgressUnit<'manga'> = { unit: 'chapters', read: 'num_chapters_read', write: 'num_chapters_read', total: 'num_chapters' };

export const ANIME: KindSpec<'anime'> = {
  kind: 'anime',
  paths: { works: 'anime', list: 'animelist', season: 'anime/season', suggestions: 'anime/suggestions' },
  statuses: ANIME_LIST_STATUSES,
  current: 'watching',
  planned: 'plan_to_watch',
  finished: 'completed',
  ongoing: 'currently_airing',
  dating: 'start_season',
  sorts: ANIME_LIST_SORTS,
  rankingTypes: ANIME_RANKING_TYPES,
  fields: ANIME_FIELDS,
  ownFields: ANIME_ONLY_FIELDS,
  progress: [EPISODES],
  mainProgress: EPISODES,
  pickCount: EPISODES,
  runStatuses: { airing: 'currently_airing', finished: 'finished_airing', not_yet_aired: 'not_yet_aired' },
  repeat: { flag: 'is_rewatching', times: 'num_times_rewatched', value: 'rewatch_value' },
  writable: {
    status: { type: 'status' },
    is_rewatching: { type: 'boolean' },
    score: SCORE,
    num_watched_episodes: COUNT,
    priority: PRIORITY,
    num_times_rewatched: COUNT,
    rewatch_value: REPEAT_VALUE,
    tags: { type: 'tags' },
    comments: { type: 'text' },
  },
  has: { broadcast: true, episodeLength: true, profileStatistics: true },
};

export const MANGA: KindSpec<'manga'> = {
  kind: 'manga',
  paths: { works: 'manga', list: 'mangalist' },
  statuses: MANGA_LIST_STATUSES,
  current: 'reading',
  planned: 'plan_to_read',
  finished: 'completed',
  ongoing: 'currently_publishing',
  dating: 'start_date',
  sorts: MANGA_LIST_SORTS,
  rankingTypes: MANGA_RANKING_TYPES,
  fields: MANGA_FIELDS,
  ownFields: MANGA_ONLY_FIELDS,
  progress: [VOLUMES, CHAPTERS],
  mainProgress: CHAPTERS,
  pickCount: VOLUMES,
  runStatuses: { airing: 'currently_publishing', finished: 'finished', not_yet_aired: 'not_yet_published' },
  repeat: { flag: 'is_rereading', times: 'num_times_reread', value: 'reread_value' },
  writable: {
    status: { type: 'status' },
    is_rereading: { type: 'boolean' },
    score: SCORE,
    num_volumes_read: COUNT,
    num_chapters_read: COUNT,
    priority: PRIORITY,
    num_times_reread: COUNT,
    reread_value: REPEAT_VALUE,
    tags: { type: 'tags' },
    comments: { type: 'text' },
  },
  has: { broadcast: false, episodeLength: false, profileStatistics: false },
};

export const KINDS: { readonly [K in WorkKind]: KindSpec<K> } = { anime: ANIME, manga: MANGA };

/** A number a work or entry holds under `field` (a progress count or total), if it holds one. */
export function numberAt(from: object | undefined, field: string): number | undefined {
  const value = (from as Readonly<Record<string, unknown>> | undefined)?.[field];
  return typeof value === 'number' ? value : undefined;
}

/** Whether an entry has its flag `field` set (rewatching, rereading). */
export function flagAt(from: object | undefined, field: string): boolean {
  return Boolean((from as Readonly<Record<string, unknown>> | undefined)?.[field]);
}

/** The kind's list status named `value`, if it is one. */
export function listStatusOf<K extends WorkKind>(kind: K, value: string | undefined): ListStatusOf<K> | undefined {
  return (KINDS[kind].statuses as readonly string[]).includes(value ?? '') ? (value as ListStatusOf<K>) : undefined;
}

/** The kind's ranking named `value`, if it is one. */
export function rankingTypeOf<K extends WorkKind>(kind: K, value: string): RankingTypeOf<K> | undefined {
  return (KINDS[kind].rankingTypes as readonly string[]).includes(value) ? (value as RankingTypeOf<K>) : undefined;
}
