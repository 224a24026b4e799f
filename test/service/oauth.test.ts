import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../../src/service/errors.js';
import { basicAuthorization, buildAuthorizeUrl, OAuthClient, OAuthError } from '../../src/service/oauth.js';
import { startScriptedServer, type ScriptedServer } from './http-fixture.js';

const VERIFIER = 'v'.repeat(43) + '-._~AZaz09';
const TOKENS = { token_type: 'Bearer', expires_in: 2678400, access_token: 'acc-1', refresh_token: 'ref-1' };

describe('buildAuthorizeUrl', () => {
  it('builds the authorize URL with PKCE plain', () => {
    const url = new URL(
      buildAuthorizeUrl({
        authUrl: 'https://auth.example/',
        clientId: 'cid',
        state: 's t&ate',
        redirectUri: 'http://127.0.0.1:3000/oauth/callback',
        codeChallenge: VERIFIER,
      }),
    );
    expect(url.origin + url.pathname).toBe('https://auth.example/v1/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'cid',
      state: 's t&ate',
      redirect_uri: 'http://127.0.0.1:3000/oauth/callback',
      code_challenge: VERIFIER,
      code_challenge_method: 'plain',
    });
  });

  it('rejects a code challenge outside 43–128 allowed characters', () => {
    const base = { authUrl: 'https://a', clientId: 'c', state: 's', redirectUri: 'http://r' };
    expect(() => buildAuthorizeUrl({ ...base, codeChallenge: 'x'.repeat(42) })).toThrow(InvalidOptionError);
    expect(() => buildAuthorizeUrl({ ...base, codeChallenge: 'x'.repeat(129) })).toThrow(InvalidOptionError);
    expect(() => buildAuthorizeUrl({ ...base, codeChallenge: 'x'.repeat(42) + '/' })).toThrow(InvalidOptionError);
  });
});

describe('basicAuthorization', () => {
  it('form-urlencodes id and secret before base64 (RFC 6749 2.3.1)', () => {
    const header = basicAuthorization('my id', 'se:cr/et+é');
    const decoded = Buffer.from(header.replace(/^Basic /, ''), 'base64').toString('utf8');
    expect(decoded).toBe('my+id:se%3Acr%2Fet%2B%C3%A9');
  });
});

describe('OAuthClient', () => {
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startScriptedServer(() => ({ status: 200, json: TOKENS }));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    server.queue.length = 0;
  });

  function client(secret?: string): OAuthClient {
    return new OAuthClient({
      authUrl: server.url,
      clientId: 'client id',
      ...(secret !== undefined ? { clientSecret: secret } : {}),
      userAgent: 'bot/1.0',
    });
  }

  it('with a secret: HTTP Basic, no client_id or client_secret in the body', async () => {
    const c = client('s3cret:x');
    const res = await c.exchangeCode({ code: 'the-code', codeVerifier: VERIFIER, redirectUri: 'http://cb' });
    await c.close();
    expect(res).toEqual(TOKENS);
    const req = server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/oauth2/token');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.headers['user-agent']).toBe('bot/1.0');
    expect(req.headers.authorization).toBe(basicAuthorization('client id', 's3cret:x'));
    const body = new URLSearchParams(req.body);
    expect(Object.fromEntries(body)).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'http://cb',
      code_verifier: VERIFIER,
    });
    expect(req.body).not.toContain('client_secret');
  });

  it('without a secret: client_id in the body, no Authorization header', async () => {
    const c = client();
    await c.refresh('ref-0');
    await c.close();
    const req = server.requests[0]!;
    expect(req.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'ref-0',
      client_id: 'client id',
    });
  });

  it('an empty secret counts as none (never an empty client_secret)', async () => {
    const c = client('');
    await c.refresh('ref-0');
    await c.close();
    const req = server.requests[0]!;
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body).not.toContain('client_secret');
    expect(new URLSearchParams(req.body).get('client_id')).toBe('client id');
  });

  it('parses error bodies; a rejected grant is permanent, a refused client is not', async () => {
    server.queue.push({
      status: 400,
      json: { error: 'invalid_request', message: 'The refresh token is invalid.', hint: 'Token is not linked to client' },
    });
    server.queue.push({ status: 401, json: { error: 'invalid_client', message: '' } });
    const c = client('s');
    const e1 = await c.refresh('r').catch((e: unknown) => e);
    const e2 = await c.refresh('r').catch((e: unknown) => e);
    await c.close();
    expect(e1).toBeInstanceOf(OAuthError);
    expect(e1).toMatchObject({
      status: 400,
      code: 'invalid_request',
      serviceMessage: 'The refresh token is invalid.',
      hint: 'Token is not linked to client',
      permanent: true,
      clientRejected: false,
    });
    expect(e2).toMatchObject({ status: 401, code: 'invalid_client', permanent: false, clientRejected: true });
  });

  it.each([
    [400, { error: 'invalid_grant', message: 'Authorization code has expired' }, true, false],
    [400, { error: 'invalid_request', message: 'The refresh token is invalid.', hint: 'Token has been revoked' }, true, false],
    [400, { error: 'invalid_client', message: 'Client authentication failed' }, false, true],
    [401, { error: 'invalid_client', message: 'Client authentication failed', hint: 'Wrong client secret' }, false, true],
    [401, { message: 'Unauthorized' }, false, true],
    [400, { error: 'unauthorized_client', message: '' }, false, true],
    [400, { error: 'invalid_request', message: 'missing parameter', hint: 'Check the `client_id` parameter' }, false, true],
    [400, { error: 'unsupported_grant_type', message: '' }, false, false],
    [400, { message: 'no code' }, false, false],
    [403, { error: 'forbidden', message: '' }, false, false],
  ] as const)('HTTP %i %j → permanent %s, clientRejected %s', async (status, json, permanent, clientRejected) => {
    server.queue.push({ status, json });
    const c = client('s');
    const error = await c.refresh('r').catch((e: unknown) => e);
    await c.close();
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ status, permanent, clientRejected });
  });

  it('5xx, non-JSON and network failures are transient', async () => {
    server.queue.push({ status: 503, json: { error: 'unavailable' } });
    server.queue.push({ status: 200, body: '<html>Cloudflare</html>' });
    server.queue.push({ destroy: true });
    const c = client('s');
    const errors = [];
    for (let i = 0; i < 3; i++) errors.push(await c.refresh('r').catch((e: unknown) => e));
    await c.close();
    expect(errors[0]).toMatchObject({ status: 503, permanent: false });
    expect(errors[1]).toMatchObject({ status: 200, permanent: false, rawBody: '<html>Cloudflare</html>' });
    expect(errors[2]).toMatchObject({ status: 0, permanent: false });
    for (const e of errors) expect(e).toBeInstanceOf(OAuthError);
  });

  it('validates the token response shape', async () => {
    server.queue.push({ status: 200, json: { access_token: 'a', expires_in: 3600 } });
    server.queue.push({ status: 200, json: { access_token: 'a', refresh_token: 'r', expires_in: '3600' } });
    server.queue.push({ status: 200, json: { ...TOKENS, scope: 'write:users' } });
    const c = client('s');
    await expect(c.refresh('r')).rejects.toBeInstanceOf(OAuthError);
    await expect(c.refresh('r')).rejects.toBeInstanceOf(OAuthError);
    await expect(c.refresh('r')).resolves.toEqual({ ...TOKENS, scope: 'write:users' });
    await c.close();
  });

  it('rejects a bad code verifier before sending', async () => {
    const c = client('s');
    await expect(c.exchangeCode({ code: 'c', codeVerifier: 'short', redirectUri: 'http://cb' })).rejects.toBeInstanceOf(
      InvalidOptionError,
    );
    await c.close();
    expect(server.requests).toHaveLength(0);
  });
});
