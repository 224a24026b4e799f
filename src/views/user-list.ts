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
import type { AnimeListStatus, MangaListStatus } from '../service/list-types.js';
import type { AnimeListItem, MangaListItem, WorkKind } from '../service/work-types.js';
import type { BaseContext } from '../interactions/context.js';
import { EN, type MessageKey, type Translator } from '../i18n/index.js';
import { escapeMarkdown, humanize } from '../render/text.js';
import { term } from '../render/terms.js';
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

type Unit = 'episodes' | 'volumes' | 'chapters';

/** `12/24 episodes`, `1/1 episode`, `3/? episodes`: the total picks the noun's form (the plural while it is unknown). */
function progress(t: Translator, unit: Unit, done: number | undefined, total: number | undefined): string | undefined {
  if (done === undefined && total === undefined) return undefined;
  const known = total !== undefined && Number.isFinite(total) && total > 0;
  return t.t(`lists.progress.${unit}`, { done: t.number(done ?? 0), total: known ? t.number(total) : '?', count: known ? total : Number.NaN });
}

function isPositive(n: number | undefined): n is number {
  return n !== undefined && Number.isFinite(n) && n > 0;
}

/** `Watching · 12/24 episodes · ★ 8` (markdown-safe). */
export function animeEntryLine(t: Translator, s: AnimeListStatus, numEpisodes?: number): string {
  const parts = [s.status ? escapeMarkdown(term(t, 'listStatus', s.status)) : t.t('lists.userList.onList')];
  const p = progress(t, 'episodes', s.num_episodes_watched, numEpisodes);
  if (p) parts.push(p);
  if (isPositive(s.score)) parts.push(`★ ${t.number(s.score)}`);
  if (s.is_rewatching) parts.push(t.t('lists.entry.field.rewatching'));
  return parts.join(' · ');
}

/** `Reading · 1/10 volumes · 5/64 chapters · ★ 8` (markdown-safe). */
export function mangaEntryLine(t: Translator, s: MangaListStatus, numVolumes?: number, numChapters?: number): string {
  const parts = [s.status ? escapeMarkdown(term(t, 'listStatus', s.status)) : t.t('lists.userList.onList')];
  const v = progress(t, 'volumes', s.num_volumes_read, numVolumes);
  if (v) parts.push(v);
  const c = progress(t, 'chapters', s.num_chapters_read, numChapters);
  if (c) parts.push(c);
  if (isPositive(s.score)) parts.push(`★ ${t.number(s.score)}`);
  if (s.is_rereading) parts.push(t.t('lists.entry.field.rereading'));
  return parts.join(' · ');
}

/** A list order (`list_score`, `anime_title`, …) in the reader's language. */
function sortName(t: Translator, sort: string): string {
  const key = `lists.userList.sort.${sort.replace(/^(anime|manga)_/, '')}`;
  return Object.hasOwn(EN, key) ? t.t(key as MessageKey) : humanize(sort);
}

/** The page's title: whose list, and its filters. */
export function userListTitle(t: Translator, kind: WorkKind, s: Pick<UserListState, 'user' | 'status' | 'sort'>): string {
  const owner = s.user === undefined ? t.t('lists.userList.title.own', { kind }) : t.t('lists.userList.title.other', { kind, user: s.user });
  const filters = [s.status ? term(t, 'listStatus', s.status) : undefined, s.sort ? t.t('lists.userList.sortedBy', { sort: sortName(t, s.sort) }) : undefined];
  return [owner, ...filters.filter((f): f is string => f !== undefined)].join(' · ');
}

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
        ? animeEntryLine(ctx.t, (e as AnimeListItem).list_status ?? {}, (e as AnimeListItem).node.num_episodes)
        : mangaEntryLine(ctx.t, (e as MangaListItem).list_status ?? {}, (e as MangaListItem).node.num_volumes, (e as MangaListItem).node.num_chapters),
  }));
  const note = o.nsfwFiltered ? nsfwFilteredNote(ctx.t, ctx.where) : undefined;
  const embed = workListEmbed(ctx.t, {
    title: o.title,
    items,
    emptyText: ctx.t.t(offset === 0 ? 'lists.userList.empty' : 'lists.userList.noMore'),
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
    openPlaceholder: (t) => t.t('lists.userList.open'),
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
      return userListPage(ctx, kind, page, offset, {
        title: userListTitle(ctx.t, kind, s),
        nsfwFiltered: !nsfw,
      });
    },
  };
}

export const animeListView = userListView('anime', 'la');
export const mangaListView = userListView('manga', 'lm');
