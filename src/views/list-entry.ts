// One list entry after a change, as the service returned it, in the reader's language.

import type { AnimeListStatus, MangaListStatus } from '../service/list-types.js';
import type { Anime, Manga, WorkKind } from '../service/work-types.js';
import type { Translator } from '../i18n/index.js';
import { animeListEntryEmbed, mangaListEntryEmbed, type EntryHeading } from '../render/entries.js';
import type { RenderedMessage } from '../render/limits.js';

export type { EntryHeading } from '../render/entries.js';

/** The entry under a heading (`yourList` after /list update, `updated` after a +1 or status button). */
export function listEntryMessage(t: Translator, kind: WorkKind, work: Anime | Manga, entry: AnimeListStatus | MangaListStatus, heading: EntryHeading): RenderedMessage {
  const embed =
    kind === 'anime'
      ? animeListEntryEmbed(t, entry as AnimeListStatus, work as Anime, heading)
      : mangaListEntryEmbed(t, entry as MangaListStatus, work as Manga, heading);
  return { embeds: [embed] };
}
