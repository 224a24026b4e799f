import express, { type Request, type Response, type Router } from 'express';
import { sendJson } from '../json.js';
import { findUser, type ClientRecord, type EmulatorState } from '../state.js';
import { errorPage, loginPage } from './html.js';

export interface OAuthCounters {
  tokenRequests: { authorization_code: number; refresh_token: number };
}

const PKCE = /^[A-Za-z0-9\-._~]{43,128}$/;
const AUTHORIZE_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method'];

type AuthorizeCheck =
  | { kind: 'page'; message: string }
  | { kind: 'redirect'; redirectUri: string; error: string; description: string; state: string | undefined }
  | {
      kind: 'ok';
      client: ClientRecord;
      redirectUri: string;
      sentRedirectUri: string | null;
      challenge: string;
      state: string | undefined;
      params: Array<[string, string]>;
    };

function checkAuthorize(state: EmulatorState, input: URLSearchParams): AuthorizeCheck {
  const single = (name: string): string | undefined | null => {
    const all = input.getAll(name);
    return all.length > 1 ? null : all[0];
  };
  const clientId = single('client_id');
  if (clientId === null || clientId === undefined) return { kind: 'page', message: 'Missing or repeated client_id.' };
  const client = state.clients.get(clientId);
  if (!client) return { kind: 'page', message: 'Unknown client.' };
  const sent = single('redirect_uri');
  if (sent === null) return { kind: 'page', message: 'Repeated redirect_uri.' };
  let redirectUri: string;
  if (sent === undefined) {
    const only = client.redirectUris.length === 1 ? client.redirectUris[0] : undefined;
    if (only === undefined) return { kind: 'page', message: 'redirect_uri is required: the client has several registered.' };
    redirectUri = only;
  } else if (client.redirectUris.includes(sent)) {
    redirectUri = sent;
  } else {
    return { kind: 'page', message: 'redirect_uri does not match a registered redirection URI.' };
  }
  const st = single('state');
  const fail = (description: string): AuthorizeCheck => ({
    kind: 'redirect', redirectUri, error: 'invalid_request', description, state: st ?? input.getAll('state')[0],
  });
  if (st === null) return fail('Repeated state.');
  const responseType = single('response_type');
  if (responseType !== 'code') return fail('response_type must be code.');
  const challenge = single('code_challenge');
  if (typeof challenge !== 'string' || !PKCE.test(challenge)) return fail('code_challenge must be 43-128 characters of [A-Za-z0-9-._~].');
  const method = single('code_challenge_method');
  if (method === null || (method !== undefined && method !== 'plain')) return fail('Code challenge method must be `plain`.');
  const params: Array<[string, string]> = [];
  for (const name of AUTHORIZE_PARAMS) {
    const v = input.get(name);
    if (v !== null) params.push([name, v]);
  }
  return { kind: 'ok', client, redirectUri, sentRedirectUri: sent ?? null, challenge, state: st, params };
}

function redirectTo(res: Response, base: string, query: Record<string, string | undefined>): void {
  const url = new URL(base);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  res.status(302).location(url.toString()).type('text/html').send('');
}

function html(res: Response, status: number, body: string): void {
  res.status(status).type('text/html; charset=utf-8').send(body);
}

function formOf(req: Request): URLSearchParams | undefined {
  if (!req.is('application/x-www-form-urlencoded')) return undefined;
  const raw: unknown = req.body;
  return new URLSearchParams(Buffer.isBuffer(raw) ? raw.toString('utf8') : '');
}

interface OAuthError {
  status: number;
  error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';
  message: string;
  hint: string;
}

function oauthError(res: Response, e: OAuthError, basicAttempted = false): void {
  if (e.status === 401 && basicAttempted) res.set('WWW-Authenticate', 'Basic realm="OAuth"');
  sendJson(res, e.status, { error: e.error, message: e.message, hint: e.hint });
}

const clientFailed = (hint: string): OAuthError => ({ status: 401, error: 'invalid_client', message: 'Client authentication failed', hint });
const missing = (name: string): OAuthError => ({
  status: 400, error: 'invalid_request',
  message: 'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed.',
  hint: `Check the \`${name}\` parameter`,
});

/** Scheme 1 (HTTP Basic, no client_secret in the body) or scheme 2 (credentials in the body), never both. */
function authenticateClient(state: EmulatorState, req: Request, form: URLSearchParams): ClientRecord | OAuthError {
  const authorization = req.get('authorization');
  if (authorization !== undefined) {
    const m = /^Basic +([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
    if (!m?.[1]) return clientFailed('Unsupported Authorization header');
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return clientFailed('Malformed HTTP Basic credentials');
    const id = decoded.slice(0, colon);
    const secret = decoded.slice(colon + 1);
    if (form.has('client_secret')) return clientFailed('client_secret must not be sent in the body when using HTTP Basic');
    const bodyId = form.get('client_id');
    if (bodyId !== null && bodyId !== id) return clientFailed('client_id in the body does not match HTTP Basic');
    const client = state.clients.get(id);
    if (!client) return clientFailed('Unknown client');
    if ((client.secret ?? '') !== secret) return clientFailed('Wrong client secret');
    return client;
  }
  const id = form.get('client_id');
  if (id === null) return missing('client_id');
  const client = state.clients.get(id);
  if (!client) return clientFailed('Unknown client');
  const secret = form.get('client_secret');
  if (client.secret === undefined) {
    if (secret !== null) return clientFailed('This client has no secret; do not send client_secret');
  } else if (secret !== client.secret) {
    return clientFailed(secret === null ? 'Missing client_secret' : 'Wrong client secret');
  }
  return client;
}

const invalidGrant = (message: string): OAuthError => ({ status: 400, error: 'invalid_grant', message, hint: '' });

/** grant_type=authorization_code: checks the code, its client, redirect URI and PKCE verifier, then issues a token pair. */
function exchangeCode(state: EmulatorState, res: Response, client: ClientRecord, form: URLSearchParams): void {
  const code = form.get('code');
  if (code === null) return oauthError(res, missing('code'));
  const verifier = form.get('code_verifier');
  if (verifier === null) return oauthError(res, missing('code_verifier'));
  if (!PKCE.test(verifier)) {
    return oauthError(res, { ...missing('code_verifier'), message: 'Code Verifier must follow the specifications of RFC-7636.' });
  }
  const rec = state.tokens.getCode(code);
  if (!rec) return oauthError(res, invalidGrant('Cannot decrypt the authorization code'));
  if (rec.clientId !== client.id) return oauthError(res, invalidGrant('Authorization code was not issued to this client'));
  if (rec.used) {
    state.tokens.revokeFamily(rec.family);
    return oauthError(res, invalidGrant('Authorization code has been revoked'));
  }
  if (state.tokens.isCodeExpired(rec)) return oauthError(res, invalidGrant('Authorization code has expired'));
  const sent = form.get('redirect_uri');
  const redirectOk = rec.redirectUri !== null
    ? sent === rec.redirectUri
    : client.redirectUris.length === 1 && (sent === null || sent === client.redirectUris[0]);
  if (!redirectOk) return oauthError(res, invalidGrant('Invalid redirect URI'));
  if (verifier !== rec.challenge) return oauthError(res, invalidGrant('Failed to verify `code_verifier`.'));
  state.tokens.consumeCode(rec);
  const pair = state.tokens.issuePair(rec.user, client.id, rec.family);
  return sendJson(res, 200, { token_type: 'Bearer', expires_in: pair.expires_in, access_token: pair.access_token, refresh_token: pair.refresh_token });
}

export function oauthRouter(state: EmulatorState, counters: OAuthCounters): Router {
  const router = express.Router();
  const rawBody = express.raw({ type: () => true, limit: '64kb' });

  router.get('/v1/oauth2/authorize', (req, res) => {
    const check = checkAuthorize(state, new URL(req.originalUrl, 'http://x').searchParams);
    if (check.kind === 'page') return html(res, 400, errorPage(check.message));
    if (check.kind === 'redirect') {
      return redirectTo(res, check.redirectUri, { error: check.error, error_description: check.description, state: check.state });
    }
    html(res, 200, loginPage(check.client.id, check.params));
  });

  router.post('/v1/oauth2/authorize', rawBody, (req, res) => {
    const form = formOf(req);
    if (!form) return html(res, 400, errorPage('The form must be application/x-www-form-urlencoded.'));
    const check = checkAuthorize(state, form);
    if (check.kind === 'page') return html(res, 400, errorPage(check.message));
    if (check.kind === 'redirect') {
      return redirectTo(res, check.redirectUri, { error: check.error, error_description: check.description, state: check.state });
    }
    const decision = form.get('decision') ?? 'allow';
    if (decision === 'deny') {
      return redirectTo(res, check.redirectUri, { error: 'access_denied', error_description: 'The user denied the request.', state: check.state });
    }
    if (decision !== 'allow') return html(res, 400, errorPage('Unknown decision.'));
    const user = findUser(state, form.get('username') ?? '');
    if (!user || user.password !== form.get('password')) {
      return html(res, 401, loginPage(check.client.id, check.params, 'Invalid user name or password.'));
    }
    const code = state.tokens.issueCode({
      user: user.name, clientId: check.client.id, redirectUri: check.sentRedirectUri, challenge: check.challenge,
    });
    redirectTo(res, check.redirectUri, { code, state: check.state });
  });

  router.post('/v1/oauth2/token', rawBody, (req, res) => {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    const form = formOf(req);
    if (!form) return oauthError(res, { ...missing('grant_type'), hint: 'The body must be application/x-www-form-urlencoded' });
    for (const key of new Set(form.keys())) if (form.getAll(key).length > 1) return oauthError(res, missing(key));
    const grant = form.get('grant_type');
    if (grant === 'authorization_code' || grant === 'refresh_token') counters.tokenRequests[grant]++;
    const basic = req.get('authorization') !== undefined;
    const client = authenticateClient(state, req, form);
    if ('error' in client) return oauthError(res, client, basic);
    if (grant === null) return oauthError(res, missing('grant_type'));

    if (grant === 'authorization_code') return exchangeCode(state, res, client, form);

    if (grant === 'refresh_token') {
      const token = form.get('refresh_token');
      if (token === null) return oauthError(res, missing('refresh_token'));
      const check = state.tokens.checkRefresh(token, client.id);
      if (!check.ok) return oauthError(res, { status: 400, error: 'invalid_request', message: 'The refresh token is invalid.', hint: check.hint });
      const pair = state.tokens.rotate(check.record);
      return sendJson(res, 200, { token_type: 'Bearer', expires_in: pair.expires_in, access_token: pair.access_token, refresh_token: pair.refresh_token });
    }

    oauthError(res, { status: 400, error: 'unsupported_grant_type', message: 'The authorization grant type is not supported by the authorization server.', hint: 'Check that all required parameters have been provided' });
  });

  return router;
}
