// How endpoint options become query strings and path segments, each value checked before any request.

import { requireAuth, type CallContext } from './call-context.js';
import { DEFAULT_LIMIT, type DetailsOptions, type ListOptions, type WorkListOptions } from './endpoint-options.js';
import { checkBoolean, checkLimit, checkOffset, checkString, checkText } from './validate.js';

/** `user` is a user name or `@me` (which needs ctx.auth). */
export function userSegment(user: string, ctx: CallContext): string {
  const name = checkText('user', user, 1);
  if (name === '@me') requireAuth(ctx);
  return encodeURIComponent(name).replace(/%40/g, '@');
}

export function listQuery(o: ListOptions, maxLimit: number): URLSearchParams {
  const query = new URLSearchParams();
  query.set('limit', String(o.limit === undefined ? Math.min(DEFAULT_LIMIT, maxLimit) : checkLimit(o.limit, maxLimit)));
  if (o.offset !== undefined) query.set('offset', String(checkOffset(o.offset)));
  return query;
}

export function workListQuery(o: WorkListOptions, maxLimit: number): URLSearchParams {
  const query = listQuery(o, maxLimit);
  addFields(query, o.fields);
  if (o.nsfw !== undefined) query.set('nsfw', String(checkBoolean('nsfw', o.nsfw)));
  return query;
}

export function detailsQuery(o: DetailsOptions): URLSearchParams {
  const query = new URLSearchParams();
  addFields(query, o.fields);
  return query;
}

function addFields(query: URLSearchParams, fields: unknown): void {
  if (fields === undefined) return;
  const value = checkString('fields', fields).trim();
  if (value !== '') query.set('fields', value);
}
