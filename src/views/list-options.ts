// The options of `/list <kind> update` and the order names of `/list <kind> view`, by kind, with the
// service field each writable option sets. Ranges come from the service's table of writable fields
// (src/service/kinds.ts); English here, other languages in src/i18n/commands.

import { booleanOption, integerOption, optionList, stringOption } from '../interactions/command-data.js';
import { KINDS, type ListSortOf, type UpdateOf, type WorkKind } from '../service/kinds.js';
import { UserFacingError } from '../interactions/user-errors.js';

/** What a count option allows: less than the service would take, enough for any real list. */
const COUNT = { min: 0, max: 100_000 } as const;

/** The range the service takes for a writable field of a kind. */
function range<K extends WorkKind>(kind: K, field: keyof UpdateOf<K>): { min: number; max: number } {
  const value = KINDS[kind].writable[field];
  if (value.type !== 'int') throw new Error(`${kind} ${String(field)} is not a whole number`);
  return { min: value.min, max: value.max };
}

const tags = stringOption('tags', 'Tags, separated by commas', { maxLength: 500 });
const comments = stringOption('comments', 'Comments', { maxLength: 1000 });

/** The options of `/list <kind> update` after the title, in the order the picker shows them. */
export const LIST_UPDATE_OPTIONS = {
  anime: optionList(
    stringOption('status', 'Your status', { choices: KINDS.anime.statuses }),
    integerOption('score', 'Your score, 0 (none) to 10', range('anime', 'score')),
    integerOption('episodes', 'Episodes watched', COUNT),
    booleanOption('rewatching', 'Are you rewatching it?'),
    integerOption('times_rewatched', 'How many times you rewatched it', COUNT),
    integerOption('rewatch_value', 'Rewatch value, 0 to 5', range('anime', 'rewatch_value')),
    integerOption('priority', 'Priority: 0 low, 1 medium, 2 high', range('anime', 'priority')),
    tags,
    comments,
  ),
  manga: optionList(
    stringOption('status', 'Your status', { choices: KINDS.manga.statuses }),
    integerOption('score', 'Your score, 0 (none) to 10', range('manga', 'score')),
    integerOption('volumes', 'Volumes read', COUNT),
    integerOption('chapters', 'Chapters read', COUNT),
    booleanOption('rereading', 'Are you rereading it?'),
    integerOption('times_reread', 'How many times you reread it', COUNT),
    integerOption('reread_value', 'Reread value, 0 to 5', range('manga', 'reread_value')),
    integerOption('priority', 'Priority: 0 low, 1 medium, 2 high', range('manga', 'priority')),
    tags,
    comments,
  ),
} as const satisfies { readonly [K in WorkKind]: readonly unknown[] };

/** Each writable option → the service field it sets. Only options the user gave are sent. */
export const LIST_WRITES = {
  anime: {
    status: 'status',
    score: 'score',
    episodes: 'num_watched_episodes',
    rewatching: 'is_rewatching',
    times_rewatched: 'num_times_rewatched',
    rewatch_value: 'rewatch_value',
    priority: 'priority',
    tags: 'tags',
    comments: 'comments',
  },
  manga: {
    status: 'status',
    score: 'score',
    volumes: 'num_volumes_read',
    chapters: 'num_chapters_read',
    rereading: 'is_rereading',
    times_reread: 'num_times_reread',
    reread_value: 'reread_value',
    priority: 'priority',
    tags: 'tags',
    comments: 'comments',
  },
} as const satisfies { readonly [K in WorkKind]: Readonly<Record<string, keyof UpdateOf<K>>> };

/** How the picker names each list order (English; other languages: src/i18n/commands). */
export const LIST_SORT_NAMES: { readonly [K in WorkKind]: Readonly<Record<ListSortOf<K>, string>> } = {
  anime: { list_score: 'By score', list_updated_at: 'Recently updated', anime_title: 'By title', anime_start_date: 'By start date', anime_id: 'By ID' },
  manga: { list_score: 'By score', list_updated_at: 'Recently updated', manga_title: 'By title', manga_start_date: 'By start date', manga_id: 'By ID' },
};

/** A user option naming a service user, trimmed; undefined for "your own list". */
export function listUser(value: string | undefined): string | undefined {
  const user = value?.trim() || undefined;
  if (user !== undefined && !/^[\w-]{2,32}$/.test(user)) throw new UserFacingError('lists.invalidUser');
  return user;
}
