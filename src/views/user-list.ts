// A user's anime or manga list: a named user's public list, or the caller's own (with their token
// and `nsfw=true`, so it is complete; such titles are still masked outside age-restricted channels).

import type { Page } from '../service/common-types.js';
import { KINDS, type ListItem, type ListSortOf, type ListStatusOf, type WorkKind } from '../service/kinds.js';
import type { BaseContext } from '../interactions/context.js';
import { EN, type MessageKey, type Translator } from '../i18n/index.js';
import { humanize } from '../render/text.js';
import { term } from '../render/terms.js';
import { listStatusLine } from '../render/work-facts.js';
import { workListPage, type ListedWork } from '../render/work-pages.js';
import { allowNsfw, maskTitle, nsfwFilteredNote } from './nsfw.js';
import { itemRef } from './browse.js';
import { KIND_FIELDS } from './kind-views.js';
import { PAGE_SIZE, type LoadedPage, type PagedView } from './paged-view.js';

export interface UserListState {
  /** A service user name; undefined for the caller's own list. */
  user: string | undefined;
  status: string | undefined;
  sort: string | undefined;
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
export function userListPage<K extends WorkKind>(
  ctx: Pick<BaseContext, 'where' | 't'>,
  kind: K,
  page: Page<ListItem<K>>,
  offset: number,
  o: { title: string; nsfwFiltered: boolean },
): LoadedPage {
  const works = page.data.map((e, i): ListedWork => ({
    position: offset + i + 1,
    title: maskTitle(ctx.t, e.node.title, e.node.nsfw, ctx.where),
    extra: listStatusLine(ctx.t, kind, e.list_status ?? {}, e.node),
    ref: itemRef(kind, e.node),
  }));
  const rendered = workListPage(ctx.t, {
    title: o.title,
    works,
    empty: offset === 0 ? 'lists.userList.empty' : 'lists.userList.noMore',
    note: o.nsfwFiltered ? nsfwFilteredNote(ctx.t, ctx.where) : undefined,
  });
  return { ...rendered, hasNext: page.paging.next !== undefined };
}

function userListView<K extends WorkKind>(kind: K, code: string): PagedView<UserListState> {
  const spec = KINDS[kind];
  return {
    code,
    openPlaceholder: (t) => t.t('lists.userList.open'),
    encode: (s) => [s.user, s.status, s.sort],
    decode: (r) => ({ user: r.optionalString(), status: r.optionalOneOf(spec.statuses), sort: r.optionalOneOf(spec.sorts) }),
    async load(ctx: BaseContext, s, offset): Promise<LoadedPage> {
      const own = s.user === undefined;
      // Conditional login (not a declared rule): only one's own list needs it; another's public list does not.
      const auth = own ? await ctx.requireAuth() : undefined;
      const nsfw = own ? true : allowNsfw(ctx.where);
      const options = {
        limit: PAGE_SIZE,
        offset,
        nsfw,
        fields: KIND_FIELDS[kind].userListRow,
        ...(s.status ? { status: s.status as ListStatusOf<K> } : {}),
        ...(s.sort ? { sort: s.sort as ListSortOf<K> } : {}),
      };
      const page = await ctx.deps.service.userList(kind, s.user ?? '@me', options, auth ? { auth } : {});
      return userListPage(ctx, kind, page, offset, {
        title: userListTitle(ctx.t, kind, s),
        nsfwFiltered: !nsfw,
      });
    },
  };
}

/** A user's list of each kind. */
export const USER_LIST_VIEWS: { readonly [K in WorkKind]: PagedView<UserListState> } = { anime: userListView('anime', 'la'), manga: userListView('manga', 'lm') };
export const { anime: animeListView, manga: mangaListView } = USER_LIST_VIEWS;
