// Typed errors of the service client. `kind` discriminates them without instanceof chains.

export type ServiceErrorKind =
  | 'invalid_option'
  | 'http'
  | 'throttled'
  | 'unavailable'
  | 'reauth'
  | 'paging_origin'
  | 'aborted'
  | 'oauth';

export abstract class ServiceError extends Error {
  abstract readonly kind: ServiceErrorKind;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** An option was rejected before any request was sent. */
/** Which rule a value broke, so the user can be told it in their language (the message is English, for logs). */
export type InvalidOptionRule =
  | { kind: 'intAtLeast'; min: number }
  | { kind: 'intAtMost'; max: number }
  | { kind: 'intBetween'; min: number; max: number }
  | { kind: 'oneOf'; allowed: readonly string[] }
  | { kind: 'boolean' }
  | { kind: 'text' }
  | { kind: 'notEmpty' }
  | { kind: 'minLength'; min: number }
  | { kind: 'maxLength'; max: number }
  | { kind: 'discordId' }
  | { kind: 'textList' }
  | { kind: 'noCommas' };

export class InvalidOptionError extends ServiceError {
  readonly kind = 'invalid_option' as const;

  constructor(
    readonly option: string,
    message: string,
    readonly rule?: InvalidOptionRule,
  ) {
    super(message);
  }
}

/** The service answered with a JSON error body (4xx other than throttling / token rejection). */
export class ServiceHttpError extends ServiceError {
  readonly kind = 'http' as const;

  constructor(
    readonly status: number,
    readonly rawBody: string,
    readonly code?: string,
    readonly serviceMessage?: string,
  ) {
    super(describeHttp(status, code, serviceMessage));
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }

  get isBadRequest(): boolean {
    return this.status === 400;
  }

  get isForbidden(): boolean {
    return this.status === 403;
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }
}

/** 403 (or 429) throttling that persisted after the retries. */
export class ThrottledError extends ServiceError {
  readonly kind = 'throttled' as const;

  constructor(
    readonly status: number,
    readonly rawBody: string,
    readonly code?: string,
    readonly serviceMessage?: string,
  ) {
    super(`The service is throttling requests (HTTP ${status}); try again later`);
  }
}

/** Nothing was sent: the client is cooling off after the service throttled it. */
export class CoolingOffError extends ThrottledError {
  constructor(readonly retryInMs: number) {
    super(0, '');
    this.message = `Not sending while the service is throttling us (cool-off, ${Math.ceil(retryInMs / 1000)} s left)`;
  }
}

/** Network failure, timeout, 5xx after retries, or a body that is not JSON (e.g. an HTML outage page). */
export class UpstreamUnavailableError extends ServiceError {
  readonly kind = 'unavailable' as const;
  readonly status?: number;
  readonly rawBody?: string;

  constructor(message: string, details: { status?: number; rawBody?: string; cause?: unknown } = {}) {
    super(message, { cause: details.cause });
    if (details.status !== undefined) this.status = details.status;
    if (details.rawBody !== undefined) this.rawBody = details.rawBody;
  }
}

/** Nothing was sent: too many calls are already waiting for a connection. */
export class ServiceBusyError extends UpstreamUnavailableError {
  constructor() {
    super('Too many requests to the service are waiting; not queueing another');
  }
}

/**
 * Nothing was sent: the deployment's shared line of upstream requests has no slot early enough for the
 * caller's deadline. Told at once, with when the line will have room again.
 */
export class LineBusyError extends ServiceBusyError {
  constructor(readonly retryInMs: number) {
    super();
    this.message = `The shared line of requests to the service is full past this call's deadline; try again in ${Math.ceil(retryInMs / 1000)} s`;
  }
}

export type ReauthReason = 'not_logged_in' | 'refresh_rejected' | 'token_rejected';

/** The user has to log in (again): no tokens, refresh rejected for good, or a fresh token rejected too. */
export class ReauthRequiredError extends ServiceError {
  readonly kind = 'reauth' as const;

  constructor(
    readonly reason: ReauthReason,
    message?: string,
  ) {
    super(message ?? defaultReauthMessage(reason));
  }
}

/** A paging URL that points away from the configured API root; it is never requested. */
export class PagingOriginError extends ServiceError {
  readonly kind = 'paging_origin' as const;

  constructor(readonly url: string) {
    super('Refusing to follow a paging URL outside the configured API root');
  }
}

/** The caller's AbortSignal fired. `name` is 'AbortError' like the platform's abort errors. */
export class AbortedError extends ServiceError {
  readonly kind = 'aborted' as const;

  constructor(cause?: unknown) {
    super('The request was aborted', { cause });
    this.name = 'AbortError';
  }
}

export function isServiceError(e: unknown): e is ServiceError {
  return e instanceof ServiceError;
}

function describeHttp(status: number, code?: string, serviceMessage?: string): string {
  const parts = [`HTTP ${status}`];
  if (code) parts.push(code);
  if (serviceMessage) parts.push(serviceMessage);
  return `Service error: ${parts.join(' — ')}`;
}

function defaultReauthMessage(reason: ReauthReason): string {
  switch (reason) {
    case 'not_logged_in':
      return 'log in first';
    case 'refresh_rejected':
      return 'Your login has expired or was revoked; log in again';
    case 'token_rejected':
      return 'The service rejected your login even after a refresh; log in again';
  }
}
