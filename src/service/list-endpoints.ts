// Endpoints about people's lists, for either kind of work (src/service/kinds.ts): the logged-in
// user's list entries (set, remove) and anyone's list. Lists are never cached (see RequestPipeline.get).

import { requireAuth, type AuthedCallContext, type CallContext, type Requester } from './call-context.js';
import type { Page } from './common-types.js';
import { MAX_LIMIT, type UserListOptions } from './endpoint-options.js';
import { userSegment, workListQuery } from './endpoint-queries.js';
import { KINDS, type EntryOf, type ListItem, type UpdateOf, type WorkKind, type WorkOf } from './kinds.js';
import { updateForm } from './list-update-form.js';
import { parseNodePage, parseObject } from './parse.js';
import { checkEnum, checkId } from './validate.js';

export async function updateListStatus<K extends WorkKind>(api: Requester, kind: K, id: number, u: UpdateOf<K>, ctx: AuthedCallContext): Promise<EntryOf<K>> {
  const path = `${KINDS[kind].paths.works}/${checkId('id', id)}/my_list_status`;
  const form = updateForm(kind, u);
  requireAuth(ctx);
  return parseObject<EntryOf<K>>(await api.write('PUT', path, ctx, form));
}

/** 404 (not on the list) → ServiceHttpError 404, except after a lost response on an earlier attempt. */
export async function deleteListStatus(api: Requester, kind: WorkKind, id: number, ctx: AuthedCallContext): Promise<void> {
  const path = `${KINDS[kind].paths.works}/${checkId('id', id)}/my_list_status`;
  requireAuth(ctx);
  await api.write('DELETE', path, ctx);
}

/** `user` is a user name or `@me` (which needs ctx.auth). */
export async function userList<K extends WorkKind>(api: Requester, kind: K, user: string, o: UserListOptions<K>, ctx: CallContext): Promise<Page<ListItem<K>>> {
  const spec = KINDS[kind];
  const query = workListQuery(o, MAX_LIMIT.userList);
  if (o.status !== undefined) query.set('status', checkEnum('status', o.status, spec.statuses));
  if (o.sort !== undefined) query.set('sort', checkEnum('sort', o.sort, spec.sorts));
  const path = `users/${userSegment(user, ctx)}/${spec.paths.list}`;
  return parseNodePage<WorkOf<K>>(await api.get(path, query, ctx)) as Page<ListItem<K>>;
}
