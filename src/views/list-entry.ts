// One list entry after a change, as the service returned it, in the reader's language.

import type { AnimeListStatus, MangaListStatus } from '../service/list-types.js';
import type { Anime, Manga, WorkKind } from '../service/work-types.js';
import { ENGLISH, type Translator } from '../i18n/index.js';
import { animeListEntryEmbed, mangaListEntryEmbed, type EntryHeading } from '../render/entries.js';
import type { RenderedMessage } from '../render/limits.js';

export type { EntryHeading } from '../render/entries.js';

/** The entry under a heading (`yourList` after /list update, `updated` after a +1 or status button). */
export function listEntryMessage(t: Translator, kind: WorkKind, work: Anime | Manga, entry: AnimeListStatus | MangaListStatus, heading: EntryHeading): RenderedMessage;
/** @deprecated English only, with an English heading: pass the reader's translator and an EntryHeading. */
export function listEntryMessage(kind: WorkKind, work: Anime | Manga, entry: AnimeListStatus | MangaListStatus, heading: string): RenderedMessage;
export function listEntryMessage(...args: [Translator, WorkKind, Anime | Manga, AnimeListStatus | MangaListStatus, EntryHeading] | [WorkKind, Anime | Manga, AnimeListStatus | MangaListStatus, string]): RenderedMessage {
  const [t, kind, work, entry, heading] =
    typeof args[0] === 'string'
      ? [ENGLISH, args[0], args[1] as Anime | Manga, args[2] as AnimeListStatus | MangaListStatus, args[3] === 'Your list' ? 'yourList' : ('updated' as EntryHeading)]
      : (args as [Translator, WorkKind, Anime | Manga, AnimeListStatus | MangaListStatus, EntryHeading]);
  const embed =
    kind === 'anime'
      ? animeListEntryEmbed(t, entry as AnimeListStatus, work as Anime, heading)
      : mangaListEntryEmbed(t, entry as MangaListStatus, work as Manga, heading);
  return { embeds: [embed] };
}
