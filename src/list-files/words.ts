// The words the list sites' XML export writes for the service's values, as real files spell them
// (see docs/list-files.md): the export writes these, the import reads them (case and spacing as
// found in files from other sites are tolerated by the reader, never by the writer).

import type { ListStatusOf, WorkKind } from '../service/kinds.js';
import type { AnimeListStatusValue, MangaListStatusValue } from '../service/list-types.js';

export const ANIME_STATUS_WORDS: Readonly<Record<AnimeListStatusValue, string>> = {
  watching: 'Watching',
  completed: 'Completed',
  on_hold: 'On-Hold',
  dropped: 'Dropped',
  plan_to_watch: 'Plan to Watch',
};

export const MANGA_STATUS_WORDS: Readonly<Record<MangaListStatusValue, string>> = {
  reading: 'Reading',
  completed: 'Completed',
  on_hold: 'On-Hold',
  dropped: 'Dropped',
  plan_to_read: 'Plan to Read',
};

/** The service's priority 0–2 as each kind's export spells it (`LOW` in anime files, `Low` in manga files). */
export const PRIORITY_WORDS: Readonly<Record<WorkKind, readonly [string, string, string]>> = {
  anime: ['LOW', 'MEDIUM', 'HIGH'],
  manga: ['Low', 'Medium', 'High'],
};

/** The service's rewatch / reread value 1–5; 0 (not set) is written empty. */
export const VALUE_WORDS: readonly string[] = ['', 'Very Low', 'Low', 'Medium', 'High', 'Very High'];

/** Yes/no as each kind's export spells it: `1`/`0` in anime files, `YES`/`NO` in manga files. */
export const YES_NO_WORDS: Readonly<Record<WorkKind, { yes: string; no: string }>> = {
  anime: { yes: '1', no: '0' },
  manga: { yes: 'YES', no: 'NO' },
};

/** The root's entry element and the id element of each kind. */
export const ENTRY_ELEMENT: Readonly<Record<WorkKind, { entry: string; id: string; title: string }>> = {
  anime: { entry: 'anime', id: 'series_animedb_id', title: 'series_title' },
  manga: { entry: 'manga', id: 'manga_mangadb_id', title: 'manga_title' },
};

/** `user_export_type` in `<myinfo>`. */
export const EXPORT_TYPE: Readonly<Record<WorkKind, number>> = { anime: 1, manga: 2 };

/** The date written for an unknown date (parts of a known date may also be `00`). */
export const UNKNOWN_DATE = '0000-00-00';

/** Each kind's status words, for code that is the same for both kinds. */
export const STATUS_WORDS: { readonly [K in WorkKind]: Readonly<Record<ListStatusOf<K>, string>> } = {
  anime: ANIME_STATUS_WORDS,
  manga: MANGA_STATUS_WORDS,
};

/** The totals of `<myinfo>`: the element of the whole count and of each status. */
export const TOTAL_ELEMENTS: { readonly [K in WorkKind]: { readonly all: string; readonly byStatus: Readonly<Record<ListStatusOf<K>, string>> } } = {
  anime: {
    all: 'user_total_anime',
    byStatus: {
      watching: 'user_total_watching',
      completed: 'user_total_completed',
      on_hold: 'user_total_onhold',
      dropped: 'user_total_dropped',
      plan_to_watch: 'user_total_plantowatch',
    },
  },
  manga: {
    all: 'user_total_manga',
    byStatus: {
      reading: 'user_total_reading',
      completed: 'user_total_completed',
      on_hold: 'user_total_onhold',
      dropped: 'user_total_dropped',
      plan_to_read: 'user_total_plantoread',
    },
  },
};

/** `series_type` for the service's anime media types (an unknown type is written `Unknown`). */
export const MEDIA_TYPE_WORDS: Readonly<Record<string, string>> = {
  tv: 'TV',
  movie: 'Movie',
  ova: 'OVA',
  ona: 'ONA',
  special: 'Special',
  tv_special: 'TV Special',
  music: 'Music',
  cm: 'CM',
  pv: 'PV',
  unknown: 'Unknown',
};
