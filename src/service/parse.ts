// Pure parsers from response JSON to the service types. Unknown fields are kept; missing fields never throw.
// Only items that cannot satisfy their type's required keys (e.g. a list item without a `node` object) are dropped.

import {
  ReauthRequiredError,
  ServiceHttpError,
  ThrottledError,
  UpstreamUnavailableError,
  type ServiceError,
} from './errors.js';
import type { NodeItem, Page, Paging, ServiceErrorBody } from './common-types.js';
import type { ForumBoards, ForumTopicPage, ForumTopicSummary } from './forum-types.js';
import type { SeasonalPage } from './work-types.js';
import { isRecord } from '../util/is-record.js';

export type JsonParse = { ok: true; value: unknown } | { ok: false };

export function parseJson(raw: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false };
  }
}

class ShapeError extends UpstreamUnavailableError {
  constructor(what: string) {
    super(`The service answered with an unexpected response shape (${what})`);
  }
}

export { ShapeError as UnexpectedShapeError };

/** The error object; non-string members are ignored. */
export function parseErrorBody(json: unknown): ServiceErrorBody {
  const out: ServiceErrorBody = {};
  if (!isRecord(json)) return out;
  if (typeof json.error === 'string') out.error = json.error;
  if (typeof json.message === 'string') out.message = json.message;
  if (typeof json.hint === 'string') out.hint = json.hint;
  return out;
}

/** `paging` as sent; only string `next` / `previous` are meaningful, anything else reads as absent. */
export function parsePaging(json: unknown): Paging {
  if (!isRecord(json)) return {};
  const paging: Paging & Record<string, unknown> = { ...json };
  if (typeof paging.next !== 'string' || paging.next === '') delete paging.next;
  if (typeof paging.previous !== 'string' || paging.previous === '') delete paging.previous;
  return paging;
}

export function isNodeItem(v: unknown): v is NodeItem<{ id: number }> {
  return isRecord(v) && isRecord(v.node) && typeof v.node.id === 'number';
}

export function isForumTopicSummary(v: unknown): v is ForumTopicSummary {
  return isRecord(v) && typeof v.id === 'number';
}

/** A list envelope. Items failing `isItem` are dropped; all other members are kept. */
export function parsePage<T>(json: unknown, isItem: (v: unknown) => v is T): Page<T> {
  if (!isRecord(json)) throw new ShapeError('expected a list envelope object');
  const data = Array.isArray(json.data) ? json.data.filter(isItem) : [];
  return { ...json, data, paging: parsePaging(json.paging) };
}

export function parseNodePage<T extends { id: number }>(json: unknown): Page<NodeItem<T>> {
  return parsePage(json, isNodeItem as (v: unknown) => v is NodeItem<T>);
}

export function parseSeasonalPage(json: unknown): SeasonalPage {
  return parseNodePage(json) as SeasonalPage;
}

export function parseForumTopicsPage(json: unknown): Page<ForumTopicSummary> {
  return parsePage(json, isForumTopicSummary);
}

export function parseForumTopicPage(json: unknown): ForumTopicPage {
  if (!isRecord(json)) throw new ShapeError('expected a forum topic object');
  return { ...json, data: isRecord(json.data) ? json.data : {}, paging: parsePaging(json.paging) };
}

export function parseForumBoards(json: unknown): ForumBoards {
  return parseObject<ForumBoards>(json);
}

/** A single resource object (details, list status, user). */
export function parseObject<T>(json: unknown): T {
  if (!isRecord(json)) throw new ShapeError('expected an object');
  return json as T;
}

/** Any page reached through paging URLs: an object whose `paging` is normalised. */
export function parseAnyPage<T>(json: unknown): T {
  if (!isRecord(json)) throw new ShapeError('expected a list envelope object');
  return { ...json, paging: parsePaging(json.paging) } as T;
}

/** True when a 401 carries `invalid_token` in the body or the WWW-Authenticate header. */
export function isInvalidTokenResponse(status: number, json: unknown, wwwAuthenticate?: string): boolean {
  if (status !== 401) return false;
  if (parseErrorBody(json).error === 'invalid_token') return true;
  return wwwAuthenticate !== undefined && /error\s*=\s*"?invalid_token"?/i.test(wwwAuthenticate);
}

/**
 * Maps a final non-2xx answer to the error the client throws.
 * `credentialsSent`: a 403 is the service's throttling signal only when a client ID or token was sent.
 */
export function errorFromResponse(
  status: number,
  rawBody: string,
  opts: { credentialsSent: boolean; bearer?: boolean; wwwAuthenticate?: string } = { credentialsSent: true },
): ServiceError {
  const parsed = parseJson(rawBody);
  if (!parsed.ok) {
    return new UpstreamUnavailableError(`The service answered HTTP ${status} with a body that is not JSON`, {
      status,
      rawBody,
    });
  }
  const body = parseErrorBody(parsed.value);
  if (status >= 500) {
    return new UpstreamUnavailableError(`The service is unavailable (HTTP ${status})`, { status, rawBody });
  }
  if ((status === 403 && opts.credentialsSent) || status === 429) {
    return new ThrottledError(status, rawBody, body.error, body.message);
  }
  if (opts.bearer && isInvalidTokenResponse(status, parsed.value, opts.wwwAuthenticate)) {
    return new ReauthRequiredError('token_rejected');
  }
  return new ServiceHttpError(status, rawBody, body.error, body.message);
}
