// One list entry after a change, as the service returned it.

import type { AnimeListStatus, MangaListStatus } from '../service/list-types.js';
import type { Anime, Manga, WorkKind } from '../service/work-types.js';
import { animeListEntryEmbed, mangaListEntryEmbed } from '../render/entries.js';
import type { RenderedMessage } from '../render/limits.js';

export function listEntryMessage(
  kind: WorkKind,
  work: Anime | Manga,
  entry: AnimeListStatus | MangaListStatus,
  heading: string,
): RenderedMessage {
  const embed =
    kind === 'anime'
      ? animeListEntryEmbed(entry as AnimeListStatus, work as Anime, heading)
      : mangaListEntryEmbed(entry as MangaListStatus, work as Manga, heading);
  return { embeds: [embed] };
}
