// Typed builder for the `fields` parameter: comma-separated names, sub-fields as name{sub1,sub2}, nestable.

import { InvalidOptionError } from './errors.js';

/** Fields anime and manga share, as the spec lists them. */
export const WORK_FIELDS = [
  'id',
  'title',
  'main_picture',
  'alternative_titles',
  'start_date',
  'end_date',
  'synopsis',
  'mean',
  'rank',
  'popularity',
  'num_list_users',
  'num_scoring_users',
  'nsfw',
  'created_at',
  'updated_at',
  'media_type',
  'status',
  'genres',
  'my_list_status',
  'pictures',
  'background',
  'related_anime',
  'related_manga',
  'recommendations',
] as const;

/** Fields only anime have. */
export const ANIME_ONLY_FIELDS = [
  'num_episodes',
  'start_season',
  'broadcast',
  'source',
  'average_episode_duration',
  'rating',
  'studios',
  'statistics',
] as const;

export const ANIME_FIELDS = [...WORK_FIELDS, ...ANIME_ONLY_FIELDS] as const;
export type AnimeField = (typeof ANIME_FIELDS)[number];

/** Fields only manga have. */
export const MANGA_ONLY_FIELDS = ['num_volumes', 'num_chapters', 'authors', 'serialization'] as const;

export const MANGA_FIELDS = [...WORK_FIELDS, ...MANGA_ONLY_FIELDS] as const;
export type MangaField = (typeof MANGA_FIELDS)[number];

/** Fields of a list entry as read back (anime and manga), usable inside my_list_status{...} / list_status{...}. */
export const LIST_STATUS_FIELDS = [
  'status',
  'score',
  'num_episodes_watched',
  'is_rewatching',
  'num_volumes_read',
  'num_chapters_read',
  'is_rereading',
  'start_date',
  'finish_date',
  'priority',
  'num_times_rewatched',
  'rewatch_value',
  'num_times_reread',
  'reread_value',
  'tags',
  'comments',
  'updated_at',
] as const;
export type ListStatusField = (typeof LIST_STATUS_FIELDS)[number];

export const USER_FIELDS = [
  'id',
  'name',
  'picture',
  'gender',
  'birthday',
  'location',
  'joined_at',
  'time_zone',
  'is_supporter',
  'anime_statistics',
] as const;
export type UserField = (typeof USER_FIELDS)[number];

/** Known sub-fields of the fields that take them. */
export interface SubFieldMap {
  my_list_status: ListStatusField;
  list_status: ListStatusField;
  authors: 'first_name' | 'last_name';
  serialization: 'name';
}
export type NestableField = keyof SubFieldMap;

/** An arbitrary field name, made explicit with raw(). */
export interface RawField {
  readonly raw: string;
}

export interface FieldNode<N extends string = string> {
  readonly name: N;
  readonly sub: readonly FieldItem<string>[];
}

export type FieldItem<N extends string> = N | FieldNode<N> | RawField;

/** Top-level names for each resource (user list results add `list_status`). */
export type AnimeFieldItem = FieldItem<AnimeField | 'list_status'>;
export type MangaFieldItem = FieldItem<MangaField | 'list_status'>;
export type UserFieldItem = FieldItem<UserField>;
export type AnyFieldItem = FieldItem<AnimeField | MangaField | UserField | 'list_status'>;

type SubOf<N extends string> = N extends NestableField ? SubFieldMap[N] : never;

const NAME = /^[A-Za-z0-9_]+$/;

/** Escape hatch for a field name the typed lists do not know (checked for safe characters). */
export function raw(name: string): RawField {
  if (!NAME.test(name)) {
    throw new InvalidOptionError('fields', `field name ${JSON.stringify(name)} may only contain letters, digits and _`);
  }
  return { raw: name };
}

/** `name{sub1,sub2}`; sub-items may be nested nodes or raw() names. */
export function nested<N extends string>(
  name: N,
  ...sub: Array<SubOf<N> | FieldNode | RawField>
): FieldNode<N> {
  if (sub.length === 0) {
    throw new InvalidOptionError('fields', `nested field ${name} needs at least one sub-field`);
  }
  return { name, sub };
}

/** Any known field name of any resource. */
export function fields(...items: AnyFieldItem[]): string {
  return render(items);
}

export function animeFields(...items: AnimeFieldItem[]): string {
  return render(items);
}

export function mangaFields(...items: MangaFieldItem[]): string {
  return render(items);
}

export function userFields(...items: UserFieldItem[]): string {
  return render(items);
}

function render(items: readonly FieldItem<string>[]): string {
  return items.map(renderItem).join(',');
}

function renderItem(item: FieldItem<string>): string {
  if (typeof item === 'string') return checkName(item);
  if ('raw' in item) return checkName(item.raw);
  return `${checkName(item.name)}{${render(item.sub)}}`;
}

function checkName(name: string): string {
  if (!NAME.test(name)) {
    throw new InvalidOptionError('fields', `field name ${JSON.stringify(name)} may only contain letters, digits and _`);
  }
  return name;
}
