// Endpoints about people's lists: the logged-in user's list entries (set, remove) and anyone's
// anime or manga list. Lists are never cached (see RequestPipeline.get).

import { requireAuth, type AuthedCallContext, type CallContext, type Requester } from './call-context.js';
import type { Page } from './common-types.js';
import { MAX_LIMIT, type AnimeListOptions, type MangaListOptions } from './endpoint-options.js';
import { userSegment, workListQuery } from './endpoint-queries.js';
import { ANIME_UPDATE_RULES, MANGA_UPDATE_RULES, updateForm } from './list-update-form.js';
import {
  ANIME_LIST_SORTS,
  ANIME_LIST_STATUSES,
  MANGA_LIST_SORTS,
  MANGA_LIST_STATUSES,
  type AnimeListStatus,
  type AnimeListUpdate,
  type MangaListStatus,
  type MangaListUpdate,
} from './list-types.js';
import { parseNodePage, parseObject } from './parse.js';
import { checkEnum, checkId } from './validate.js';
import type { Anime, AnimeListItem, Manga, MangaListItem } from './work-types.js';

export async function updateAnimeListStatus(api: Requester, id: number, u: AnimeListUpdate, ctx: AuthedCallContext): Promise<AnimeListStatus> {
  const path = `anime/${checkId('id', id)}/my_list_status`;
  const form = updateForm(u, ANIME_UPDATE_RULES);
  requireAuth(ctx);
  return parseObject<AnimeListStatus>(await api.write('PUT', path, ctx, form));
}

/** 404 (not on the list) → ServiceHttpError 404, except after a lost response on an earlier attempt. */
export async function deleteAnimeListStatus(api: Requester, id: number, ctx: AuthedCallContext): Promise<void> {
  const path = `anime/${checkId('id', id)}/my_list_status`;
  requireAuth(ctx);
  await api.write('DELETE', path, ctx);
}

/** `user` is a user name or `@me` (which needs ctx.auth). */
export async function userAnimeList(api: Requester, user: string, o: AnimeListOptions, ctx: CallContext): Promise<Page<AnimeListItem>> {
  const query = workListQuery(o, MAX_LIMIT.userList);
  if (o.status !== undefined) query.set('status', checkEnum('status', o.status, ANIME_LIST_STATUSES));
  if (o.sort !== undefined) query.set('sort', checkEnum('sort', o.sort, ANIME_LIST_SORTS));
  const path = `users/${userSegment(user, ctx)}/animelist`;
  return parseNodePage<Anime>(await api.get(path, query, ctx));
}

export async function updateMangaListStatus(api: Requester, id: number, u: MangaListUpdate, ctx: AuthedCallContext): Promise<MangaListStatus> {
  const path = `manga/${checkId('id', id)}/my_list_status`;
  const form = updateForm(u, MANGA_UPDATE_RULES);
  requireAuth(ctx);
  return parseObject<MangaListStatus>(await api.write('PUT', path, ctx, form));
}

export async function deleteMangaListStatus(api: Requester, id: number, ctx: AuthedCallContext): Promise<void> {
  const path = `manga/${checkId('id', id)}/my_list_status`;
  requireAuth(ctx);
  await api.write('DELETE', path, ctx);
}

export async function userMangaList(api: Requester, user: string, o: MangaListOptions, ctx: CallContext): Promise<Page<MangaListItem>> {
  const query = workListQuery(o, MAX_LIMIT.userList);
  if (o.status !== undefined) query.set('status', checkEnum('status', o.status, MANGA_LIST_STATUSES));
  if (o.sort !== undefined) query.set('sort', checkEnum('sort', o.sort, MANGA_LIST_SORTS));
  const path = `users/${userSegment(user, ctx)}/mangalist`;
  return parseNodePage<Manga>(await api.get(path, query, ctx));
}
