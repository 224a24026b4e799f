import { type Request } from 'express';
import { parseFields, serializeFields } from '../fields.js';
import { hashString } from '../prng.js';

export interface Page<T> {
  data: T[];
  paging: { previous?: string; next?: string };
}

/**
 * Absolute URL of the same request with another offset. Like the real service: all query parameters
 * re-serialized in a different (deterministic) order, `fields` re-encoded, origin taken from the request.
 */
export function pageUrl(req: Request, offset: number): string {
  const original = new URL(req.originalUrl, 'http://x');
  const entries = new Map<string, string>();
  for (const [k, v] of original.searchParams) entries.set(k, v);
  entries.delete('offset');
  const fields = entries.get('fields');
  if (fields !== undefined) entries.set('fields', serializeFields(parseFields(fields)));
  const keys = [...entries.keys()].sort((a, b) => (hashString(`k${a}`) % 1009) - (hashString(`k${b}`) % 1009) || (a < b ? -1 : 1));
  const out = new URLSearchParams();
  out.set('offset', String(offset));
  for (const k of keys) out.set(k, entries.get(k) ?? '');
  return `${req.protocol}://${req.get('host') ?? 'localhost'}${original.pathname}?${out.toString()}`;
}

/**
 * Pages `all`, then drops hidden items, so (as on the real service) a page can hold fewer than `limit`
 * items while `next` exists, and `next` can lead to an empty page.
 */
export function paginate<T, R>(
  req: Request,
  all: readonly T[],
  offset: number,
  limit: number,
  visible: (item: T) => boolean,
  render: (item: T) => R,
): Page<R> {
  const slice = all.slice(offset, offset + limit);
  const data = slice.filter(visible).map(render);
  const paging: Page<R>['paging'] = {};
  if (offset > 0) paging.previous = pageUrl(req, Math.max(0, offset - limit));
  if (offset + limit < all.length) paging.next = pageUrl(req, offset + limit);
  return { data, paging };
}
