// A user's anime or manga list: a named user's public list, or the caller's own (with their token
// and `nsfw=true`, so it is complete; such titles are still masked outside age-restricted channels).

import { animeFields, mangaFields, nested } from '../service/fields.js';
import type { Page } from '../service/common-types.js';
import {
  ANIME_LIST_SORTS,
  ANIME_LIST_STATUSES,
  MANGA_LIST_SORTS,
  MANGA_LIST_STATUSES,
  type AnimeListSort,
  type AnimeListStatusValue,
  type MangaListSort,
  type MangaListStatusValue,
} from '../service/list-types.js';
import type { AnimeListItem, MangaListItem, WorkKind } from '../service/work-types.js';
import type { BaseContext } from '../interactions/context.js';
import { humanize } from '../render/format.js';
import { animeListStatusLine, mangaListStatusLine } from '../render/work-facts.js';
import { workListEmbed, type WorkListItem } from '../render/lists.js';
import { allowNsfw, maskTitle, nsfwFilteredNote } from './nsfw.js';
import { openOption } from './catalogue.js';
import { PAGE_SIZE, type LoadedPage, type PagedView } from './paged-view.js';

export interface UserListState {
  /** A service user name; undefined for the caller's own list. */
  user: string | undefined;
  status: string | undefined;
  sort: string | undefined;
}

const ANIME_FIELDS = animeFields(nested('list_status', 'status', 'score', 'num_episodes_watched', 'is_rewatching', 'updated_at'), 'num_episodes', 'media_type', 'nsfw');
const MANGA_FIELDS = mangaFields(
  nested('list_status', 'status', 'score', 'num_volumes_read', 'num_chapters_read', 'is_rereading', 'updated_at'),
  'num_volumes',
  'num_chapters',
  'media_type',
  'nsfw',
);

/** A page of list entries with each entry's progress; titles not safe for work are masked outside age-restricted channels. */
export function userListPage(
  ctx: Pick<BaseContext, 'where' | 't'>,
  kind: WorkKind,
  page: Page<AnimeListItem | MangaListItem>,
  offset: number,
  o: { title: string; nsfwFiltered: boolean },
): LoadedPage {
  const entries = page.data;
  const items: WorkListItem[] = entries.map((e, i) => ({
    position: offset + i + 1,
    title: maskTitle(ctx.t, e.node.title, e.node.nsfw, ctx.where),
    extra:
      kind === 'anime'
        ? animeListStatusLine(ctx.t, (e as AnimeListItem).list_status ?? {}, (e as AnimeListItem).node.num_episodes)
        : mangaListStatusLine(ctx.t, (e as MangaListItem).list_status ?? {}, (e as MangaListItem).node.num_volumes, (e as MangaListItem).node.num_chapters),
  }));
  const note = o.nsfwFiltered ? nsfwFilteredNote(ctx.t, ctx.where) : undefined;
  const embed = workListEmbed(ctx.t, {
    title: o.title,
    items,
    emptyText: offset === 0 ? 'This list is empty.' : 'No more entries.',
  });
  return {
    embeds: [embed],
    ...(note !== undefined ? { content: note } : {}),
    open: entries.map((e, i) => openOption(kind, e.node, `${i + offset + 1}. ${items[i]?.title ?? ''}`)),
    hasNext: page.paging.next !== undefined,
  };
}

function userListView(kind: WorkKind, code: string): PagedView<UserListState> {
  const statuses: readonly string[] = kind === 'anime' ? ANIME_LIST_STATUSES : MANGA_LIST_STATUSES;
  const sorts: readonly string[] = kind === 'anime' ? ANIME_LIST_SORTS : MANGA_LIST_SORTS;
  return {
    code,
    openPlaceholder: 'Open a title…',
    encode: (s) => [s.user, s.status, s.sort],
    decode: (r) => ({ user: r.optionalString(), status: r.optionalOneOf(statuses), sort: r.optionalOneOf(sorts) }),
    async load(ctx: BaseContext, s, offset): Promise<LoadedPage> {
      const own = s.user === undefined;
      const auth = own ? await ctx.requireAuth() : undefined;
      const nsfw = own ? true : allowNsfw(ctx.where);
      const common = { limit: PAGE_SIZE, offset, nsfw };
      const callContext = auth ? { auth } : {};
      const name = s.user ?? '@me';
      const page =
        kind === 'anime'
          ? await ctx.deps.service.userAnimeList(
              name,
              {
                ...common,
                fields: ANIME_FIELDS,
                ...(s.status ? { status: s.status as AnimeListStatusValue } : {}),
                ...(s.sort ? { sort: s.sort as AnimeListSort } : {}),
              },
              callContext,
            )
          : await ctx.deps.service.userMangaList(
              name,
              {
                ...common,
                fields: MANGA_FIELDS,
                ...(s.status ? { status: s.status as MangaListStatusValue } : {}),
                ...(s.sort ? { sort: s.sort as MangaListSort } : {}),
              },
              callContext,
            );
      const owner = own ? 'Your' : `${s.user}'s`;
      const filters = [s.status ? humanize(s.status) : undefined, s.sort ? `by ${humanize(s.sort)}` : undefined].filter(Boolean);
      return userListPage(ctx, kind, page, offset, {
        title: `${owner} ${kind} list${filters.length ? ` · ${filters.join(' · ')}` : ''}`,
        nsfwFiltered: !nsfw,
      });
    },
  };
}

export const animeListView = userListView('anime', 'la');
export const mangaListView = userListView('manga', 'lm');
