import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAsPerson } from '../../emulator/login.js';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import {
  CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, VERIFIER, authorizeUrl, call, codeFor, loginTokens, tokenRequest,
} from '../../emulator/helpers.js';

let clock = Date.UTC(2025, 4, 10, 12, 0, 0);
let emu: Emulator;
const PUBLIC = { id: 'public-client-0000000000000000000', redirectUris: ['http://127.0.0.1:4000/cb'] };
const MULTI = { id: 'multi-client-00000000000000000000', secret: 's'.repeat(64), redirectUris: ['http://127.0.0.1:5000/a', 'http://127.0.0.1:5000/b'] };
const DEFAULT = { id: CLIENT_ID, secret: CLIENT_SECRET, redirectUris: [REDIRECT_URI] };

beforeAll(async () => {
  emu = await startEmulator({ now: () => clock, clients: [DEFAULT, PUBLIC, MULTI] });
});
afterAll(async () => {
  await emu.close();
});

const exchange = (code: string, extra: Record<string, string> = {}) =>
  tokenRequest(emu, { grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, ...extra });

describe('GET /v1/oauth2/authorize', () => {
  it('answers a valid request with an HTML login form carrying the parameters, escaping what it reflects', async () => {
    const res = await fetch(authorizeUrl(emu, { state: '"><script>x</script>' }), { redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<form method="post"');
    expect(html).not.toContain('<script>x');
    expect(html).toContain('name="code_challenge"');
    expect(html).toContain('name="password"');
  });

  it('shows a 400 page, never a redirect, for an unknown client or an unregistered redirect_uri', async () => {
    for (const url of [authorizeUrl(emu, { client_id: 'nope' }), authorizeUrl(emu, { redirect_uri: 'http://evil.example/cb' }), authorizeUrl(emu, {}, ['client_id'])]) {
      const res = await fetch(url, { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('needs redirect_uri when the client registered several, and allows omitting it when only one is registered', async () => {
    const multi = await fetch(authorizeUrl(emu, { client_id: MULTI.id }, ['redirect_uri']), { redirect: 'manual' });
    expect(multi.status).toBe(400);
    const single = await fetch(authorizeUrl(emu, {}, ['redirect_uri']), { redirect: 'manual' });
    expect(single.status).toBe(200);
  });

  it.each([
    ['short code_challenge', { code_challenge: 'a'.repeat(42) }, []],
    ['too long code_challenge', { code_challenge: 'a'.repeat(129) }, []],
    ['bad characters in code_challenge', { code_challenge: `${'a'.repeat(42)}+` }, []],
    ['missing code_challenge', {}, ['code_challenge']],
    ['S256 method', { code_challenge_method: 'S256' }, []],
    ['wrong response_type', { response_type: 'token' }, []],
    ['missing response_type', {}, ['response_type']],
  ] as Array<[string, Record<string, string>, string[]]>)('redirects with error=invalid_request and the state for %s', async (_name, extra, omit) => {
    const res = await fetch(authorizeUrl(emu, extra, omit), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const loc = new URL(res.headers.get('location') ?? '');
    expect(`${loc.origin}${loc.pathname}`).toBe(REDIRECT_URI);
    expect(loc.searchParams.get('error')).toBe('invalid_request');
    expect(loc.searchParams.get('state')).toBe('st-123');
    expect(loc.searchParams.get('code')).toBeNull();
  });

  it('accepts an absent code_challenge_method (plain)', async () => {
    const res = await fetch(authorizeUrl(emu, {}, ['code_challenge_method']), { redirect: 'manual' });
    expect(res.status).toBe(200);
  });
});

describe('POST /v1/oauth2/authorize', () => {
  it('redirects with a long code and the state after a correct login', async () => {
    const loc = await loginAsPerson(authorizeUrl(emu), { name: 'alice', password: 'alice-password' });
    expect(`${loc.origin}${loc.pathname}`).toBe(REDIRECT_URI);
    expect(loc.searchParams.get('state')).toBe('st-123');
    expect((loc.searchParams.get('code') ?? '').length).toBeGreaterThan(900);
  });

  it('redirects with access_denied when the person denies', async () => {
    const loc = await loginAsPerson(authorizeUrl(emu), { name: 'alice', password: 'alice-password' }, 'deny');
    expect(loc.searchParams.get('error')).toBe('access_denied');
    expect(loc.searchParams.get('state')).toBe('st-123');
    expect(loc.searchParams.get('code')).toBeNull();
  });

  it('shows the form again with an error, without redirecting, on a wrong password', async () => {
    await expect(loginAsPerson(authorizeUrl(emu), { name: 'alice', password: 'wrong' })).rejects.toThrow(/refused the login \(401\).*Invalid user name or password/);
  });

  it('makes loginAsPerson fail clearly when the authorize page is refused', async () => {
    await expect(loginAsPerson(authorizeUrl(emu, { client_id: 'nope' }), { name: 'alice', password: 'alice-password' })).rejects.toThrow(/authorize page was refused \(400/);
  });
});

describe('POST /v1/oauth2/token: client authentication', () => {
  it('accepts scheme 1 (HTTP Basic) and answers the token shape', async () => {
    const code = await codeFor(emu);
    const res = await tokenRequest(emu, { grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT_URI }, { id: CLIENT_ID, secret: CLIENT_SECRET });
    expect(res.status).toBe(200);
    expect(res.json.token_type).toBe('Bearer');
    expect(res.json.expires_in).toBe(3600);
    expect(String(res.json.access_token).length).toBeGreaterThan(900);
    expect(String(res.json.refresh_token).length).toBeGreaterThan(900);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const me = await call(emu, '/users/@me', { token: String(res.json.access_token) });
    expect(me.status).toBe(200);
  });

  it('accepts scheme 1 with a matching client_id in the body, rejects a different one', async () => {
    const ok = await tokenRequest(emu, { grant_type: 'authorization_code', code: await codeFor(emu), code_verifier: VERIFIER, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID }, { id: CLIENT_ID, secret: CLIENT_SECRET });
    expect(ok.status).toBe(200);
    const bad = await tokenRequest(emu, { grant_type: 'authorization_code', code: await codeFor(emu), code_verifier: VERIFIER, redirect_uri: REDIRECT_URI, client_id: PUBLIC.id }, { id: CLIENT_ID, secret: CLIENT_SECRET });
    expect(bad.status).toBe(401);
    expect(bad.json.error).toBe('invalid_client');
  });

  it('accepts scheme 2 (credentials in the body)', async () => {
    const res = await exchange(await codeFor(emu));
    expect(res.status).toBe(200);
  });

  it('rejects both schemes at once with 401 invalid_client', async () => {
    const code = await codeFor(emu);
    const res = await tokenRequest(emu, { grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT_URI, client_secret: CLIENT_SECRET }, { id: CLIENT_ID, secret: CLIENT_SECRET });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ error: 'invalid_client' });
    expect(typeof res.json.message).toBe('string');
    expect(typeof res.json.hint).toBe('string');
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic/);
    // the code was not used up by the rejected request
    expect((await exchange(code)).status).toBe(200);
  });

  it('rejects a wrong or missing secret in either scheme', async () => {
    const code = await codeFor(emu);
    expect((await exchange(code, { client_secret: 'x'.repeat(64) })).json.error).toBe('invalid_client');
    const body = { grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT_URI };
    expect((await tokenRequest(emu, { ...body, client_id: CLIENT_ID })).status).toBe(401);
    expect((await tokenRequest(emu, body, { id: CLIENT_ID, secret: 'wrong' })).status).toBe(401);
    expect((await tokenRequest(emu, body, { id: 'unknown', secret: '' })).status).toBe(401);
    expect((await tokenRequest(emu, body)).json).toMatchObject({ error: 'invalid_request' });
  });

  it('lets a client without secret use an empty Basic password or no secret in the body, but not client_secret=""', async () => {
    const publicCode = async () => {
      const loc = await loginAsPerson(
        authorizeUrl(emu, { client_id: PUBLIC.id, redirect_uri: PUBLIC.redirectUris[0] ?? '' }),
        { name: 'bob', password: 'bob-password' },
      );
      return loc.searchParams.get('code') ?? '';
    };
    const base = { grant_type: 'authorization_code', code_verifier: VERIFIER, redirect_uri: PUBLIC.redirectUris[0] ?? '' };
    expect((await tokenRequest(emu, { ...base, code: await publicCode(), client_id: PUBLIC.id })).status).toBe(200);
    expect((await tokenRequest(emu, { ...base, code: await publicCode() }, { id: PUBLIC.id, secret: '' })).status).toBe(200);
    expect((await tokenRequest(emu, { ...base, code: await publicCode(), client_id: PUBLIC.id, client_secret: '' })).status).toBe(401);
  });

  it('requires a form-encoded body', async () => {
    const res = await fetch(`${emu.url}/v1/oauth2/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x', client_id: CLIENT_ID, client_secret: CLIENT_SECRET }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Record<string, unknown>).error).toBe('invalid_request');
  });

  it('rejects an unknown grant_type', async () => {
    const res = await tokenRequest(emu, { grant_type: 'password', client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('unsupported_grant_type');
  });
});

describe('POST /v1/oauth2/token: authorization_code', () => {
  it('rejects a wrong, missing or malformed code_verifier', async () => {
    const code = await codeFor(emu);
    expect((await exchange(code, { code_verifier: `${VERIFIER}x` })).json.error).toBe('invalid_grant');
    expect((await exchange(code, { code_verifier: 'short' })).json.error).toBe('invalid_request');
    const { code_verifier: _omitted, ...rest } = { grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, client_secret: CLIENT_SECRET };
    expect((await tokenRequest(emu, rest)).json.error).toBe('invalid_request');
  });

  it('needs the exact redirect_uri when one was sent at authorize time', async () => {
    const code = await codeFor(emu);
    expect((await exchange(code, { redirect_uri: `${REDIRECT_URI}/` })).json.error).toBe('invalid_grant');
    const { redirect_uri: _omitted, ...noRedirect } = { grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, client_secret: CLIENT_SECRET };
    expect((await tokenRequest(emu, noRedirect)).json.error).toBe('invalid_grant');
    expect((await exchange(code)).status).toBe(200);
  });

  it('allows omitting redirect_uri when none was sent at authorize time and exactly one is registered', async () => {
    const code = await codeFor(emu, 'alice', {}, ['redirect_uri']);
    const res = await tokenRequest(emu, { grant_type: 'authorization_code', code, code_verifier: VERIFIER, client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
    expect(res.status).toBe(200);
    const code2 = await codeFor(emu, 'alice', {}, ['redirect_uri']);
    expect((await exchange(code2, { redirect_uri: 'http://127.0.0.1:3000/other' })).json.error).toBe('invalid_grant');
  });

  it('binds the code to its client', async () => {
    const code = await codeFor(emu);
    const res = await tokenRequest(emu, { grant_type: 'authorization_code', code, code_verifier: VERIFIER, redirect_uri: REDIRECT_URI, client_id: PUBLIC.id });
    expect(res.json.error).toBe('invalid_grant');
  });

  it('refuses a reused code and revokes the tokens issued from it', async () => {
    const code = await codeFor(emu);
    const first = await exchange(code);
    expect(first.status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.json.error).toBe('invalid_grant');
    const me = await call(emu, '/users/@me', { token: String(first.json.access_token) });
    expect(me.status).toBe(401);
    const refresh = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: String(first.json.refresh_token), client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
    expect(refresh.status).toBe(400);
  });

  it('expires codes after authCodeTtlSeconds (injected clock)', async () => {
    const code = await codeFor(emu);
    clock += 601_000;
    const res = await exchange(code);
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('invalid_grant');
  });

  it('rejects an unknown code', async () => {
    expect((await exchange('x'.repeat(980))).json.error).toBe('invalid_grant');
  });
});

describe('POST /v1/oauth2/token: refresh_token', () => {
  const refresh = (token: string, client: { id: string; secret?: string } = DEFAULT) =>
    tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: token, client_id: client.id, ...(client.secret ? { client_secret: client.secret } : {}) });

  it('rotates: new pair, old access token revoked at once, old refresh token still usable', async () => {
    const first = await loginTokens(emu);
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(second.json.refresh_token).not.toBe(first.refresh_token);
    expect(second.json.expires_in).toBe(3600);
    const old = await call(emu, '/users/@me', { token: first.access_token });
    expect(old.status).toBe(401);
    expect(old.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="The access token is invalid"');
    expect((await call(emu, '/users/@me', { token: String(second.json.access_token) })).status).toBe(200);
    const third = await refresh(first.refresh_token);
    expect(third.status).toBe(200);
    expect((await call(emu, '/users/@me', { token: String(third.json.access_token) })).status).toBe(200);
  });

  it('rejects another client\'s refresh token with the real error shape', async () => {
    const first = await loginTokens(emu);
    const res = await refresh(first.refresh_token, MULTI);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: 'invalid_request', message: 'The refresh token is invalid.', hint: 'Token is not linked to client' });
  });

  it('rejects revoked (revokeRefreshTokens), expired and unknown refresh tokens', async () => {
    const a = await loginTokens(emu, 'bob');
    emu.revokeRefreshTokens('bob');
    expect((await refresh(a.refresh_token)).json).toMatchObject({ error: 'invalid_request', hint: 'Token has been revoked' });
    const b = await loginTokens(emu, 'bob');
    clock += 31 * 86_400_000;
    expect((await refresh(b.refresh_token)).json).toMatchObject({ error: 'invalid_request', hint: 'Token has expired' });
    expect((await refresh('nope')).status).toBe(400);
  });

  it('counts token requests per grant type', async () => {
    const before = { ...emu.stats.tokenRequests };
    const t = await loginTokens(emu);
    await refresh(t.refresh_token);
    await refresh(t.refresh_token);
    expect(emu.stats.tokenRequests.authorization_code).toBe(before.authorization_code + 1);
    expect(emu.stats.tokenRequests.refresh_token).toBe(before.refresh_token + 2);
  });
});

describe('access token lifetime', () => {
  it('answers 401 "The access token expired" once the token is older than its ttl', async () => {
    const t = await loginTokens(emu);
    expect((await call(emu, '/users/@me', { token: t.access_token })).status).toBe(200);
    clock += 3_600_000;
    const res = await call(emu, '/users/@me', { token: t.access_token });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token", error_description="The access token expired"');
    expect(res.json).toMatchObject({ error: 'invalid_token' });
    const refreshed = await tokenRequest(emu, { grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
    expect(refreshed.status).toBe(200);
  });

  it('expireAccessTokens and issueTokensFor work as test shortcuts', async () => {
    const t = emu.issueTokensFor('alice');
    expect((await call(emu, '/users/@me', { token: t.access_token })).status).toBe(200);
    emu.expireAccessTokens('alice');
    const res = await call(emu, '/users/@me', { token: t.access_token });
    expect(res.headers.get('www-authenticate')).toContain('The access token expired');
    expect(() => emu.issueTokensFor('nobody')).toThrow();
  });
});
