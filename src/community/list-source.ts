// Reading a member's list from the service for the mirror: pages of `@me`'s list with their token
// (background work unless a signal of the member's own command is given), each item turned into a
// mirror entry. Also how a list change the bot made becomes a mirror entry.

import type { RatedWork } from '../known-works/nsfw-ratings.js';
import type { ServiceClient } from '../service/client.js';
import { fields, nested, type ListStatusField } from '../service/fields.js';
import { KINDS, numberAt } from '../service/kinds.js';
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

/** What the mirror keeps of a list entry and its work: the kind's main count and, where it has them, episode lengths. */
function mirrorFields(kind: ListKind): string {
  const spec = KINDS[kind];
  const own = spec.has.episodeLength ? (['average_episode_duration', 'start_season'] as const) : [];
  return fields(spec.mainProgress.total, ...own, 'nsfw', nested('list_status', 'status', 'score', spec.mainProgress.read as ListStatusField, 'updated_at', 'finish_date'));
}
const MIRROR_FIELDS: { readonly [K in ListKind]: string } = { anime: mirrorFields('anime'), manga: mirrorFields('manga') };

/** Where the ratings the service gives with each title are kept for everyone (src/known-works/nsfw-ratings.ts). */
export interface RatingKeeper {
  remember(kind: ListKind, works: Iterable<RatedWork>): Promise<void>;
}

/**
 * Reads through the service client: a sync's calls are unscoped, i.e. background work in the deployment's
 * shared budget (a login they find lost is told to its owner by DM); joining reads as the member's own command.
 * The ratings the pages carry are kept (`ratings`): a title's rating shown by the server views is the service's.
 */
export function serviceListSource(unscoped: ServiceClient, tokens: TokenManager, ratings?: RatingKeeper): ListSource {
  return {
    async page(discordUserId, kind, request) {
      const auth = tokens.sourceFor(discordUserId, { background: request.signal === undefined });
      const ctx = { auth, ...(request.signal ? { signal: request.signal } : {}) };
      const service = request.signal ? unscoped.scoped({ signal: request.signal, priority: 'interactive', person: discordUserId }) : unscoped;
      const common = { limit: request.limit, offset: request.offset, nsfw: true } as const;
      const page = await service.userList(kind, '@me', { ...common, fields: MIRROR_FIELDS[kind], ...(request.byUpdate ? { sort: 'list_updated_at' as const } : {}) }, ctx);
      await ratings?.remember(kind, page.data.map((item) => item.node));
      return { entries: page.data.flatMap((item) => entryOrNone(mirrorEntryOf(kind, item.node, item.list_status))), more: page.paging.next !== undefined };
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
  const { mainProgress, has } = KINDS[kind];
  const progress = numberAt(status, mainProgress.read);
  const total = numberAt(work, mainProgress.total);
  return {
    id: work.id,
    // Shown to the whole server: the main title, never the member's preferred form.
    title: mainTitleOf(work) ?? `#${work.id}`,
    status: status.status,
    score: Math.max(0, Math.min(10, count(status.score))),
    progress: count(progress),
    total: count(total),
    episodeSeconds: has.episodeLength ? count(numberAt(work, 'average_episode_duration')) : 0,
    // A rating the service did not give is not known to be safe: not shown outside age-restricted channels.
    nsfw: work.nsfw !== 'white',
    updatedAt: epochMs(status.updated_at),
    ...(work.main_picture?.medium ? { picture: work.main_picture.medium } : {}),
    ...finishedOn(status.finish_date),
    ...seasonOf(work),
  };
}

/** A finish date the service gave with at least its year (`2025-03-14`, `2025-03-00`, `2025-00-00`, `2025-03`, `2025`), as `YYYY-MM-DD`. */
function finishedOn(date: string | undefined): { finishedOn?: string } {
  const m = date === undefined ? null : /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(date);
  if (!m || m[1] === '0000') return {};
  return { finishedOn: `${m[1]}-${m[2] ?? '00'}-${m[3] ?? '00'}` };
}

const SEASONS = ['winter', 'spring', 'summer', 'fall'] as const;

function seasonOf(work: Anime | Manga): { season?: string } {
  const s = 'start_season' in work ? work.start_season : undefined;
  if (s?.year === undefined || !Number.isInteger(s.year) || !SEASONS.includes(s.season as (typeof SEASONS)[number])) return {};
  return { season: `${s.year}-${String(s.season)}` };
}
