// The options a ServiceClient is built with, their defaults, and the checks that turn them into
// the request pipeline's settings.

import type { Dispatcher } from 'undici';
import { DEFAULT_CLIENT_ID_HEADER, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_CONNECTIONS, DEFAULT_TIMEOUT_MS } from '../config/defaults.js';
import { CoolOff } from './cool-off.js';
import { InvalidOptionError } from './errors.js';
import { jitteredBackoff } from './http-exchange.js';
import type { ServiceObserver } from './observer.js';
import { apiV2Root } from './paging.js';
import type { ResponseCache } from './response-cache.js';
import type { DeploymentShared } from './deployment-gate.js';
import { checkIntRange, checkText } from './validate.js';

export interface ServiceClientOptions {
  /** API root; the client appends /v2. */
  apiUrl: string;
  clientId: string;
  /** Default `X-SERVICE-CLIENT-ID`. */
  clientIdHeader?: string;
  userAgent: string;
  /** Deadline of one attempt, headers and whole body; default 8 000 ms (a caller's deadline may cut it shorter). */
  timeoutMs?: number;
  /** Larger bodies are cut off and answered as an upstream error; default 12 MiB. */
  maxBodyBytes?: number;
  /** Requests in flight at once (and connections of the pool the client creates); default 16. */
  maxConcurrent?: number;
  /** Calls that may wait for a slot; more fail at once with ServiceBusyError; default 256. */
  maxQueued?: number;
  /** Whole-client back-off after throttling; default a CoolOff of 2 s doubling to 60 s. */
  coolOff?: CoolOff;
  /** Told about every attempt, retry, cache look-up, cool-off and call refused before sending (logs and metrics). */
  observer?: ServiceObserver;
  /** Retries after the first attempt for transient failures; default 2. */
  retries?: number;
  /** Defaults to a keep-alive Agent owned (and closed) by the client. */
  dispatcher?: Dispatcher;
  /** Delay in ms before retry number `attempt + 1`; default jittered exponential (250 ms base, 4 s cap). */
  backoff?: (attempt: number) => number;
  /** Upper bound of pages `pages()` yields; default 10 000. */
  maxPages?: number;
  /** Caches GET responses made with the client header (never those made with a user's token). */
  cache?: ResponseCache;
  /** The deployment's shared rate budget, cool-off and cache (several processes as one client). */
  deployment?: DeploymentShared;
}

export const DEFAULT_RETRIES = 2;
export const DEFAULT_MAX_PAGES = 10_000;
export const DEFAULT_MAX_QUEUED = 256;

/** The checked options of the request pipeline: everything but `maxPages`, with defaults filled in. */
export interface PipelineSettings {
  /** API root + /v2/. */
  readonly root: URL;
  readonly clientId: string;
  readonly clientIdHeader: string;
  readonly userAgent: string;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly maxConcurrent: number;
  readonly maxQueued: number;
  readonly coolOff: CoolOff;
  readonly observer: ServiceObserver;
  readonly retries: number;
  readonly backoff: (attempt: number) => number;
  /** Injected by the caller (who owns it); undefined: the pipeline creates and owns a pool. */
  readonly dispatcher: Dispatcher | undefined;
  readonly cache: ResponseCache | undefined;
  readonly deployment: DeploymentShared | undefined;
}

/** Checks the options (InvalidOptionError, or TypeError for a non-http(s) apiUrl) and fills in defaults. */
export function pipelineSettings(o: ServiceClientOptions): PipelineSettings {
  const maxBodyBytes = checkIntRange('maxBodyBytes', o.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, 1024);
  const maxConcurrent = checkIntRange('maxConcurrent', o.maxConcurrent ?? DEFAULT_MAX_CONNECTIONS, 1, 1024);
  const maxQueued = checkIntRange('maxQueued', o.maxQueued ?? DEFAULT_MAX_QUEUED, 0);
  const coolOff = o.coolOff ?? new CoolOff();
  const root = apiV2Root(o.apiUrl);
  const clientId = checkText('clientId', o.clientId, 1);
  const clientIdHeader = o.clientIdHeader ?? DEFAULT_CLIENT_ID_HEADER;
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(clientIdHeader)) {
    throw new InvalidOptionError('clientIdHeader', 'clientIdHeader must be a valid HTTP header name');
  }
  return {
    root,
    clientId,
    clientIdHeader,
    userAgent: checkText('userAgent', o.userAgent, 1),
    timeoutMs: checkIntRange('timeoutMs', o.timeoutMs ?? DEFAULT_TIMEOUT_MS, 1),
    maxBodyBytes,
    maxConcurrent,
    maxQueued,
    coolOff,
    observer: o.observer ?? {},
    retries: checkIntRange('retries', o.retries ?? DEFAULT_RETRIES, 0, 10),
    backoff: o.backoff ?? jitteredBackoff(),
    dispatcher: o.dispatcher,
    cache: o.cache,
    deployment: o.deployment,
  };
}
