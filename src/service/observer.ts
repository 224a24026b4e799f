// What the service client tells the outside about its work (logs, metrics), without knowing
// about either. Every hook is optional and must not throw; the client calls them synchronously.

import type { HttpMethod } from './http-exchange.js';
import { LRUCache } from 'lru-cache';

export interface UpstreamAttempt {
  /** Path template with ids and names replaced, e.g. `anime/{id}`, `users/{user}/animelist`; `other` if unknown. */
  endpoint: string;
  method: HttpMethod;
  /** HTTP status, or undefined when no answer arrived (network error, timeout). */
  status: number | undefined;
  /** 0 for the first attempt. */
  attempt: number;
  durationMs: number;
  /** With a user's token or with the client-ID header. */
  auth: 'user' | 'client';
  /** Aborted by the caller (deadline or no longer wanted). */
  aborted?: boolean;
  /** The network error's name, when `status` is undefined. */
  error?: string;
}

/** `shared_hit`: answered from the deployment's shared cache (another process fetched it). */
export type CacheResult = 'hit' | 'shared_hit' | 'miss' | 'stale';

export interface ServiceObserver {
  /** One HTTP exchange finished (or failed without an answer). */
  attempt?(e: UpstreamAttempt): void;
  /** Another attempt follows after a transient failure. */
  retry?(e: { endpoint: string; attempt: number; reason: 'network' | 'throttled' | 'unavailable' | 'bad_body' }): void;
  /** Response cache look-up of an anonymous GET. */
  cache?(e: { endpoint: string; result: CacheResult }): void;
  /** The whole client pauses because the service throttles it. */
  coolOff?(e: { ms: number; status: number | undefined }): void;
  /** A call gave up without sending: cooling off, too many calls waiting, its deadline passed while it waited for a slot, or the shared line had none in time. */
  rejected?(e: { endpoint: string; reason: 'cooling_off' | 'queue_full' | 'queue_deadline' | 'line_busy' }): void;
}

const TEMPLATES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(anime|manga)$/, '$1'],
  [/^(anime|manga)\/\d+$/, '$1/{id}'],
  [/^(anime|manga)\/ranking$/, '$1/ranking'],
  [/^anime\/season\/\d+\/[a-z]+$/, 'anime/season/{year}/{season}'],
  [/^anime\/suggestions$/, 'anime/suggestions'],
  [/^(anime|manga)\/\d+\/my_list_status$/, '$1/{id}/my_list_status'],
  [/^users\/@me$/, 'users/@me'],
  [/^users\/@me\/(animelist|mangalist)$/, 'users/@me/$1'],
  [/^users\/[^/]+\/(animelist|mangalist)$/, 'users/{user}/$1'],
  [/^forum\/boards$/, 'forum/boards'],
  [/^forum\/topics$/, 'forum/topics'],
  [/^forum\/topic\/\d+$/, 'forum/topic/{id}'],
];

/**
 * The endpoint template of a request path below the API root, so labels stay few whatever ids,
 * names or paging links the service sends.
 */
export function endpointOf(pathBelowRoot: string): string {
  const cached = templateOf.get(pathBelowRoot);
  if (cached !== undefined) return cached;
  const template = matchTemplate(pathBelowRoot);
  templateOf.set(pathBelowRoot, template);
  return template;
}

/** Recent paths and their templates: the same few paths recur, and matching costs a dozen regexes. */
const templateOf = new LRUCache<string, string>({ max: 2_000 });

function matchTemplate(pathBelowRoot: string): string {
  const path = (pathBelowRoot.split('?', 1)[0] ?? '').replace(/^\/+|\/+$/g, '');
  for (const [pattern, template] of TEMPLATES) {
    if (pattern.test(path)) return path.replace(pattern, template);
  }
  return 'other';
}
