// A list entry update as the form body the service takes: only the writable fields, each checked.

import { InvalidOptionError } from './errors.js';
import { ANIME_LIST_STATUSES, MANGA_LIST_STATUSES, type AnimeListUpdate, type MangaListUpdate } from './list-types.js';
import { checkBoolean, checkEnum, checkIntRange, checkString, checkTags } from './validate.js';

type Rule = (option: string, value: unknown) => string;
const int =
  (min: number, max?: number): Rule =>
  (k, v) =>
    String(checkIntRange(k, v, min, max));
const bool: Rule = (k, v) => String(checkBoolean(k, v));
const text: Rule = (k, v) => checkString(k, v);
const tags: Rule = (k, v) => checkTags(k, v).join(',');
const COUNT = Number.MAX_SAFE_INTEGER;

export const ANIME_UPDATE_RULES: Record<keyof AnimeListUpdate, Rule> = {
  status: (k, v) => checkEnum(k, v, ANIME_LIST_STATUSES),
  is_rewatching: bool,
  score: int(0, 10),
  num_watched_episodes: int(0, COUNT),
  priority: int(0, 2),
  num_times_rewatched: int(0, COUNT),
  rewatch_value: int(0, 5),
  tags,
  comments: text,
};

export const MANGA_UPDATE_RULES: Record<keyof MangaListUpdate, Rule> = {
  status: (k, v) => checkEnum(k, v, MANGA_LIST_STATUSES),
  is_rereading: bool,
  score: int(0, 10),
  num_volumes_read: int(0, COUNT),
  num_chapters_read: int(0, COUNT),
  priority: int(0, 2),
  num_times_reread: int(0, COUNT),
  reread_value: int(0, 5),
  tags,
  comments: text,
};

export function updateForm<U extends object>(update: U, rules: Record<keyof U, Rule>): URLSearchParams {
  if (typeof update !== 'object' || update === null) {
    throw new InvalidOptionError('update', 'the list update must be an object');
  }
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(update)) {
    if (value === undefined) continue;
    const rule = (rules as Record<string, Rule | undefined>)[key];
    if (!rule) {
      throw new InvalidOptionError(key, `${key} is not a writable list field (allowed: ${Object.keys(rules).join(', ')})`);
    }
    form.set(key, rule(key, value));
  }
  return form;
}
