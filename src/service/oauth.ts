// OAuth 2.0 (authorization code + PKCE plain, refresh_token) against {authUrl}/v1/oauth2/*.

import { type Dispatcher } from 'undici';
import { InvalidOptionError, ServiceError } from './errors.js';
import { createAgent, sendOnce } from './http-exchange.js';
import { parseErrorBody } from './parse.js';
import type { TokenResponse } from './common-types.js';

const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

export interface AuthorizeUrlOptions {
  authUrl: string;
  clientId: string;
  state: string;
  redirectUri: string;
  codeChallenge: string;
}

export function buildAuthorizeUrl(o: AuthorizeUrlOptions): string {
  if (!PKCE_VALUE.test(o.codeChallenge)) {
    throw new InvalidOptionError('codeChallenge', 'codeChallenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~');
  }
  const url = new URL(`${trimSlash(o.authUrl)}/v1/oauth2/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: o.clientId,
    state: o.state,
    redirect_uri: o.redirectUri,
    code_challenge: o.codeChallenge,
    code_challenge_method: 'plain',
  }).toString();
  return url.toString();
}

/**
 * A failed token request.
 * - `permanent`: the grant (code or refresh token) was rejected and will never work again: 400 `invalid_grant`,
 *   or the real service's 400 `invalid_request` "The refresh token is invalid." (revoked, expired, other client).
 * - `clientRejected`: the bot's own client credentials were refused (`invalid_client`, `unauthorized_client`, any
 *   401): a configuration problem that no user action fixes. Never also `permanent`.
 * Anything else (network, 5xx, non-JSON, other codes) is neither.
 */
export class OAuthError extends ServiceError {
  readonly kind = 'oauth' as const;
  readonly status: number;
  readonly code?: string;
  readonly serviceMessage?: string;
  readonly hint?: string;
  readonly permanent: boolean;
  readonly clientRejected: boolean;
  readonly rawBody?: string;

  constructor(
    message: string,
    d: {
      status: number;
      permanent: boolean;
      clientRejected?: boolean;
      code?: string;
      serviceMessage?: string;
      hint?: string;
      rawBody?: string;
      cause?: unknown;
    },
  ) {
    super(message, { cause: d.cause });
    this.status = d.status;
    this.clientRejected = d.clientRejected ?? false;
    this.permanent = d.permanent && !this.clientRejected;
    if (d.code !== undefined) this.code = d.code;
    if (d.serviceMessage !== undefined) this.serviceMessage = d.serviceMessage;
    if (d.hint !== undefined) this.hint = d.hint;
    if (d.rawBody !== undefined) this.rawBody = d.rawBody;
  }
}

export interface OAuthClientOptions {
  authUrl: string;
  clientId: string;
  /** When set, the client authenticates with HTTP Basic; otherwise with client_id in the body. */
  clientSecret?: string;
  userAgent: string;
  /** Defaults to a small keep-alive pool of its own, so logins and refreshes never queue behind API calls. */
  dispatcher?: Dispatcher;
  /** Whole-call deadline of one token request; default 5 000 ms. */
  timeoutMs?: number;
}

export const DEFAULT_TOKEN_TIMEOUT_MS = 5_000;
const TOKEN_POOL_CONNECTIONS = 4;
/** A token response is a few hundred bytes. */
const TOKEN_MAX_BODY_BYTES = 64 * 1024;

export class OAuthClient {
  private readonly tokenUrl: URL;
  private readonly dispatcher: Dispatcher;
  private readonly ownsDispatcher: boolean;

  constructor(private readonly o: OAuthClientOptions) {
    if (!o.clientId) throw new InvalidOptionError('clientId', 'clientId must not be empty');
    if (!o.userAgent) throw new InvalidOptionError('userAgent', 'userAgent must not be empty');
    this.tokenUrl = new URL(`${trimSlash(o.authUrl)}/v1/oauth2/token`);
    this.ownsDispatcher = o.dispatcher === undefined;
    this.dispatcher = o.dispatcher ?? createAgent(TOKEN_POOL_CONNECTIONS);
  }

  async exchangeCode(o: { code: string; codeVerifier: string; redirectUri: string }): Promise<TokenResponse> {
    if (!PKCE_VALUE.test(o.codeVerifier)) {
      throw new InvalidOptionError('codeVerifier', 'codeVerifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~');
    }
    return this.tokenRequest({
      grant_type: 'authorization_code',
      code: o.code,
      redirect_uri: o.redirectUri,
      code_verifier: o.codeVerifier,
    });
  }

  async refresh(refreshToken: string): Promise<TokenResponse> {
    if (!refreshToken) throw new InvalidOptionError('refreshToken', 'refreshToken must not be empty');
    return this.tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  // Token requests are never retried: a refresh rotates the refresh token, so a blind retry may burn it.
  private async tokenRequest(params: Record<string, string>): Promise<TokenResponse> {
    const form = new URLSearchParams(params);
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      'user-agent': this.o.userAgent,
    };
    if (this.o.clientSecret !== undefined && this.o.clientSecret !== '') {
      headers.authorization = basicAuthorization(this.o.clientId, this.o.clientSecret);
    } else {
      form.set('client_id', this.o.clientId);
    }

    let res;
    try {
      res = await sendOnce(this.dispatcher, {
        method: 'POST',
        origin: this.tokenUrl.origin,
        path: this.tokenUrl.pathname + this.tokenUrl.search,
        headers,
        body: form.toString(),
        timeoutMs: this.o.timeoutMs ?? DEFAULT_TOKEN_TIMEOUT_MS,
        maxBodyBytes: TOKEN_MAX_BODY_BYTES,
      });
    } catch (e) {
      throw new OAuthError('The authorization server could not be reached', { status: 0, permanent: false, cause: e });
    }

    let json: unknown;
    try {
      json = JSON.parse(res.body);
    } catch {
      throw new OAuthError(`The authorization server answered HTTP ${res.status} with a body that is not JSON`, {
        status: res.status,
        permanent: false,
        rawBody: res.body,
      });
    }

    if (res.status < 200 || res.status >= 300) {
      const err = parseErrorBody(json);
      const text = [err.error, err.message, err.hint].filter((s) => s).join(' — ');
      throw new OAuthError(`Token request failed: HTTP ${res.status}${text ? ` ${text}` : ''}`, {
        status: res.status,
        ...classifyTokenError(res.status, err.error, err.hint),
        code: err.error,
        serviceMessage: err.message,
        hint: err.hint,
        rawBody: res.body,
      });
    }

    const token = parseTokenResponse(json);
    if (!token) {
      throw new OAuthError('The authorization server answered with an unexpected token response', {
        status: res.status,
        permanent: false,
        code: 'invalid_token_response',
      });
    }
    return token;
  }
}

const CLIENT_ERROR_CODES = new Set(['invalid_client', 'unauthorized_client']);
/** league/oauth2-server's hint for a missing client parameter, e.g. "Check the `client_id` parameter". */
const CLIENT_PARAMETER_HINT = /`client_(id|secret)`/;

/**
 * Only a rejected grant is permanent. A refused client (wrong or rotated secret) must not look like one, or every
 * user's link would be deleted on their next refresh. Unknown codes count as neither, so they keep the link too.
 */
export function classifyTokenError(
  status: number,
  code: string | undefined,
  hint: string | undefined,
): { permanent: boolean; clientRejected: boolean } {
  if (status === 401 || (code !== undefined && CLIENT_ERROR_CODES.has(code))) return { permanent: false, clientRejected: true };
  if (status !== 400) return { permanent: false, clientRejected: false };
  if (code === 'invalid_grant') return { permanent: true, clientRejected: false };
  if (code === 'invalid_request') {
    if (hint !== undefined && CLIENT_PARAMETER_HINT.test(hint)) return { permanent: false, clientRejected: true };
    return { permanent: true, clientRejected: false };
  }
  return { permanent: false, clientRejected: false };
}

/** Validates the token response shape; extra fields are kept. */
export function parseTokenResponse(json: unknown): TokenResponse | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const t = json as Record<string, unknown>;
  if (typeof t.access_token !== 'string' || t.access_token === '') return undefined;
  if (typeof t.refresh_token !== 'string' || t.refresh_token === '') return undefined;
  if (typeof t.expires_in !== 'number' || !Number.isFinite(t.expires_in) || t.expires_in < 0) return undefined;
  return { ...t, token_type: typeof t.token_type === 'string' ? t.token_type : 'Bearer' } as TokenResponse;
}

/** RFC 6749 2.3.1: id and secret are form-urlencoded before being joined for Basic. */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const enc = (s: string): string => new URLSearchParams([['', s]]).toString().slice(1);
  return `Basic ${Buffer.from(`${enc(clientId)}:${enc(clientSecret)}`).toString('base64')}`;
}

function trimSlash(s: string): string {
  return s.replace(/\/+$/, '');
}
