// A person's current list entries, read page by page (1 000 entries a read, the service's maximum for
// a user's list): the import's preview plans against them, and a keep_higher import reads them again
// once per 1 000 entries it writes, so progress made meanwhile is never lowered.

import type { AuthedCallContext } from '../service/call-context.js';
import type { ServiceClient } from '../service/client.js';
import { MAX_LIMIT } from '../service/endpoint-options.js';
import { KINDS, type AnyEntry, type WorkKind } from '../service/kinds.js';
import type { TokenSource } from '../service/token-source.js';

export type ListReadService = Pick<ServiceClient, 'userList'>;

/** The entries of the titles in `ids` (every title without `ids`) on the owner's list of `kind`; the reads stop once all are found. */
export async function readCurrentEntries(service: ListReadService, kind: WorkKind, auth: TokenSource, ids?: ReadonlySet<number>): Promise<Map<number, AnyEntry>> {
  const spec = KINDS[kind];
  const extras = ['priority', spec.repeat.times, spec.repeat.value, 'tags', 'comments'].join(',');
  const found = new Map<number, AnyEntry>();
  const call: AuthedCallContext = { auth };
  for (let offset = 0; ; offset += MAX_LIMIT.userList) {
    const page = await service.userList(kind, '@me', { limit: MAX_LIMIT.userList, offset, nsfw: true, fields: `list_status{${extras}}` }, call);
    for (const item of page.data) if ((ids === undefined || ids.has(item.node.id)) && item.list_status) found.set(item.node.id, item.list_status);
    // Every title asked for found: the rest of the list is not needed.
    if (page.paging.next === undefined || page.data.length === 0 || (ids !== undefined && found.size === ids.size)) return found;
  }
}
