// Endpoints about the logged-in user's own account.

import { requireAuth, type AuthedCallContext, type Requester } from './call-context.js';
import type { MeOptions } from './endpoint-options.js';
import { detailsQuery } from './endpoint-queries.js';
import { parseObject } from './parse.js';
import type { User } from './user-types.js';

export async function me(api: Requester, o: MeOptions, ctx: AuthedCallContext): Promise<User> {
  const query = detailsQuery(o);
  requireAuth(ctx);
  return parseObject<User>(await api.get('users/@me', query, ctx));
}
