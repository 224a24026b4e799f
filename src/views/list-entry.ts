// One list entry after a change, as the service returned it.

import type { Anime, AnimeListStatus, Manga, MangaListStatus } from '../service/types.js';
import { animeListEntryEmbed, mangaListEntryEmbed } from '../render/entries.js';
import type { RenderedMessage } from '../render/limits.js';
import type { WorkKind } from '../service/types.js';

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
