// What each call of the service client carries (whose token, which abort signal, which interaction's
// budget), and the narrow face of the request pipeline the endpoint modules call through.

import { ReauthRequiredError } from './errors.js';
import type { TitleForm } from './title-forms.js';
import type { TokenSource } from './token-source.js';

/** Per-call context. With `auth` the call uses `Authorization: Bearer`; without, the client-ID header. */
export interface CallContext {
  auth?: TokenSource;
  signal?: AbortSignal;
}

/** Context of calls that need a logged-in user. */
export interface AuthedCallContext extends CallContext {
  auth: TokenSource;
}

/**
 * What a user action imposes on every call it makes: its abort signal (budget over or no longer
 * wanted), the time it must be answered by, and who to tell when an answer came from a stale cache.
 */
export interface CallScope {
  signal: AbortSignal;
  /** epoch ms (same clock as Date.now); attempts are cut short and retries skipped to end by then. Read at each use: it may move (`waitInLine`). */
  readonly deadlineAt?: number;
  /**
   * A request starts waiting for its turn in the deployment's line: the latest its turn may come, and
   * `done` once the wait is over. Meanwhile, and by the time waited afterwards, `deadlineAt` moves later
   * (a deferred command's wait in the line does not count against its budget). None: the turn must come
   * within the deadline. With less than `minAttemptMs` of the budget left, no wait: `waitUntil` is now.
   */
  waitInLine?: (minAttemptMs: number) => { waitUntil: number; done: () => void } | undefined;
  onStale?: (ageMs: number) => void;
  /** Whose work this is, for the deployment's upstream budget: people's commands and buttons first, then autocomplete. Unscoped calls are background work. */
  priority?: 'interactive' | 'autocomplete';
  /**
   * The person the work is for (their Discord user id): in the deployment's shared line they hold at
   * most one reserved slot at a time, so their burst does not go ahead of everyone else.
   */
  person?: string;
  /**
   * The title form the person prefers, asked once a work is first read (at most once per scope is the
   * caller's to ensure); works then come in that form, with `alternative_titles` added to the fields.
   */
  titleForm?: () => Promise<TitleForm>;
}

/** How an endpoint reaches the service: paths are relative to the API root + /v2. */
export interface Requester {
  /** A GET (answered from the anonymous response cache when it may be); the parsed JSON body. */
  get(relativePath: string, query: URLSearchParams, ctx: CallContext): Promise<unknown>;
  /** A PUT with a form body or a DELETE, never cached; the parsed JSON body (undefined for DELETE). */
  write(method: 'PUT' | 'DELETE', relativePath: string, ctx: CallContext, form?: URLSearchParams): Promise<unknown>;
}

export function requireAuth(ctx: CallContext | undefined): void {
  if (!ctx?.auth) throw new ReauthRequiredError('not_logged_in', 'log in first');
}
