// Reading a member's list from the service for the mirror: pages of `@me`'s list with their token
// (background work unless a signal of the member's own command is given), each item turned into a
// mirror entry. Also how a list change the bot made becomes a mirror entry.

import type { ServiceClient } from '../service/client.js';
import { animeFields, mangaFields, nested } from '../service/fields.js';
import type { AnimeListStatus, MangaListStatus } from '../service/list-types.js';
import type { TokenManager } from '../service/token-source.js';
import type { Anime, Manga } from '../service/work-types.js';
import { mainTitleOf } from '../service/title-forms.js';
import type { ListKind, MirrorEntry } from './types.js';

export interface ListPageRequest {
  /** Most recently updated first (`sort=list_updated_at`); otherwise the service's default order. */
  byUpdate: boolean;
  offset: number;
  limit: number;
  /** Set for a read the member started (joining): their command's abort signal. Unset: background work. */
  signal?: AbortSignal;
}

export interface ListPage {
  entries: MirrorEntry[];
  /** Another page follows. */
  more: boolean;
}

/** One page of a member's list (throws ReauthRequiredError when their login is gone). */
export interface ListSource {
  page(discordUserId: string, kind: ListKind, request: ListPageRequest): Promise<ListPage>;
}

const LIST_STATUS = nested('list_status', 'status', 'score', 'num_episodes_watched', 'num_chapters_read', 'updated_at');
const ANIME_FIELDS = animeFields('num_episodes', 'average_episode_duration', 'nsfw', LIST_STATUS);
const MANGA_FIELDS = mangaFields('num_chapters', 'nsfw', LIST_STATUS);

/**
 * Reads through the service client: a sync's calls are unscoped, i.e. background work in the deployment's
 * shared budget (a login they find lost is told to its owner by DM); joining reads as the member's own command.
 */
export function serviceListSource(unscoped: ServiceClient, tokens: TokenManager): ListSource {
  return {
    async page(discordUserId, kind, request) {
      const auth = tokens.sourceFor(discordUserId, { background: request.signal === undefined });
      const ctx = { auth, ...(request.signal ? { signal: request.signal } : {}) };
      const service = request.signal ? unscoped.scoped({ signal: request.signal, priority: 'interactive' }) : unscoped;
      const common = { limit: request.limit, offset: request.offset, nsfw: true } as const;
      if (kind === 'anime') {
        const page = await service.userAnimeList('@me', { ...common, fields: ANIME_FIELDS, ...(request.byUpdate ? { sort: 'list_updated_at' as const } : {}) }, ctx);
        return { entries: page.data.flatMap((item) => entryOrNone(mirrorEntryOf('anime', item.node, item.list_status))), more: page.paging.next !== undefined };
      }
      const page = await service.userMangaList('@me', { ...common, fields: MANGA_FIELDS, ...(request.byUpdate ? { sort: 'list_updated_at' as const } : {}) }, ctx);
      return { entries: page.data.flatMap((item) => entryOrNone(mirrorEntryOf('manga', item.node, item.list_status))), more: page.paging.next !== undefined };
    },
  };
}

function entryOrNone(entry: MirrorEntry | undefined): MirrorEntry[] {
  return entry ? [entry] : [];
}

function epochMs(iso: string | undefined): number {
  if (iso === undefined) return 0;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : 0;
}

function count(n: number | undefined): number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/**
 * A title and its list status as a mirror entry: from a list page, or from the service's answer to a
 * list change the bot made (`work` then needs at least the title). Undefined without a status.
 */
export function mirrorEntryOf(kind: 'anime', work: Anime, status: AnimeListStatus | undefined): MirrorEntry | undefined;
export function mirrorEntryOf(kind: 'manga', work: Manga, status: MangaListStatus | undefined): MirrorEntry | undefined;
export function mirrorEntryOf(kind: ListKind, work: Anime | Manga, status: AnimeListStatus | MangaListStatus | undefined): MirrorEntry | undefined;
export function mirrorEntryOf(kind: ListKind, work: Anime | Manga, status: AnimeListStatus | MangaListStatus | undefined): MirrorEntry | undefined {
  if (!status?.status) return undefined;
  const anime = kind === 'anime';
  const progress = anime ? (status as AnimeListStatus).num_episodes_watched : (status as MangaListStatus).num_chapters_read;
  const total = anime ? (work as Anime).num_episodes : (work as Manga).num_chapters;
  return {
    id: work.id,
    // Shown to the whole server: the main title, never the member's preferred form.
    title: mainTitleOf(work) ?? `#${work.id}`,
    status: status.status,
    score: Math.max(0, Math.min(10, count(status.score))),
    progress: count(progress),
    total: count(total),
    episodeSeconds: anime ? count((work as Anime).average_episode_duration) : 0,
    nsfw: work.nsfw !== undefined && work.nsfw !== 'white',
    updatedAt: epochMs(status.updated_at),
    ...(work.main_picture?.medium ? { picture: work.main_picture.medium } : {}),
  };
}
