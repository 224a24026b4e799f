// What one attempt's answer (or failure to get one) means for the call that made it: done, the
// user's token was rejected, worth another try, or a final error. Also which answers are the
// service asking the whole client to slow down.

import {
  AbortedError,
  CoolingOffError,
  ServiceBusyError,
  ServiceHttpError,
  ThrottledError,
  UpstreamUnavailableError,
  type ServiceError,
} from './errors.js';
import { BodyTooLargeError, headerValue, type HttpMethod, type HttpResponse } from './http-exchange.js';
import { errorFromResponse, isInvalidTokenResponse, parseJson } from './parse.js';

export type RetryReason = 'network' | 'unavailable' | 'bad_body';

/** `maybeApplied`: the request may have reached the service and taken effect. */
export type RetryOutcome = { kind: 'retry'; error: ServiceError; reason: RetryReason; maybeApplied: boolean };
export type Outcome = { kind: 'ok'; json: unknown; bytes: number } | { kind: 'token_rejected' } | RetryOutcome;

export interface Answer {
  res: HttpResponse;
  /** The answer opened or prolonged a cool-off (see isThrottle). */
  throttled: boolean;
}

/**
 * An answer's outcome; final errors are thrown. `sentToken`: the request carried a user's token.
 * `maybeApplied`: an earlier attempt of the call may have taken effect, so a DELETE's 404 means done.
 */
export function outcomeOfAnswer({ res, throttled }: Answer, method: HttpMethod, sentToken: boolean, maybeApplied: boolean): Outcome {
  const { status } = res;
  if (status >= 200 && status < 300) {
    if (method === 'DELETE') return { kind: 'ok', json: undefined, bytes: res.bytes };
    const parsed = parseJson(res.body);
    if (parsed.ok) return { kind: 'ok', json: parsed.value, bytes: res.bytes };
    return { kind: 'retry', error: errorFromResponse(status, res.body), reason: 'bad_body', maybeApplied: true };
  }
  if (method === 'DELETE' && status === 404 && maybeApplied) return { kind: 'ok', json: undefined, bytes: res.bytes };

  const parsed = parseJson(res.body);
  const wwwAuthenticate = headerValue(res.headers, 'www-authenticate');
  if (sentToken && isInvalidTokenResponse(status, parsed.ok ? parsed.value : undefined, wwwAuthenticate)) {
    return { kind: 'token_rejected' };
  }
  const error = errorFromResponse(status, res.body, { credentialsSent: true });
  if (throttled) throw error instanceof ThrottledError ? error : new ThrottledError(status, res.body);
  if (status === 403 && error instanceof ThrottledError) {
    // A 403 on someone else's list while the service is not otherwise throttling: a permission refusal.
    throw new ServiceHttpError(403, res.body, error.code, error.serviceMessage);
  }
  if (error.kind === 'unavailable') return { kind: 'retry', error, reason: 'unavailable', maybeApplied: status >= 500 };
  throw error;
}

/** An attempt that got no answer: retried as a network failure unless the call must stop (rethrown). */
export function outcomeOfFailure(e: unknown): RetryOutcome {
  if (e instanceof AbortedError || e instanceof CoolingOffError || e instanceof ServiceBusyError || e instanceof BodyTooLargeError) throw e;
  const error = e instanceof UpstreamUnavailableError ? e : new UpstreamUnavailableError('The service could not be reached', { cause: e });
  return { kind: 'retry', error, reason: 'network', maybeApplied: true };
}

const OTHER_USERS_LIST = /\/users\/(?!@me\/)[^/]+\/(anime|manga)list$/;

/**
 * The service's "slow down": any 429, any answer with Retry-After, and a 403 to a request with
 * credentials — except a 403 on another user's list (private) while no throttling is going on.
 */
export function isThrottle(res: HttpResponse, path: string, throttlingSeen: boolean): boolean {
  if (res.status === 429) return true;
  if (res.status >= 400 && headerValue(res.headers, 'retry-after') !== undefined) return true;
  if (res.status !== 403) return false;
  const pathOnly = path.split('?', 1)[0] ?? '';
  return throttlingSeen || !OTHER_USERS_LIST.test(pathOnly);
}
