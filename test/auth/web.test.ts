import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LoginService, type FinishSuccess, type LinkDecision } from '../../src/auth/login.js';
import { openStore, type BotStore } from '../../src/store/bot-store.js';
import { createWebApp, type HealthStatus, type LoginFailureWithPending } from '../../src/web/app.js';
import { escapeHtml } from '../../src/web/html.js';
import { UpstreamUnavailableError } from '../../src/service/errors.js';
import { OAuthError } from '../../src/service/oauth.js';
import { startWebServer, type RunningWebServer } from '../../src/web/server.js';
import { FakeOAuth, FakeService } from './fakes.js';
import { profile, reply, testKey } from './helpers.js';

let store: BotStore;
let server: RunningWebServer;
let login: LoginService;
const oauth = new FakeOAuth();
const service = new FakeService();
const linked: LinkDecision[] = [];
const cancelled: LinkDecision[] = [];
const awaiting: FinishSuccess[] = [];
const failed: LoginFailureWithPending[] = [];
const logs: string[] = [];
let health: HealthStatus | Error = { ready: true };
let onLinkedThrows = false;

beforeAll(async () => {
  store = await openStore('memory://', testKey());
  login = new LoginService({
    store,
    oauth,
    service,
    authUrl: 'https://auth.example',
    clientId: 'cid',
    redirectUri: 'https://bot.example/oauth/callback',
  });
  const app = createWebApp({
    login,
    publicOrigin: 'https://bot.example',
    onAwaitingConfirmation: async (r) => void awaiting.push(r),
    onLinkCancelled: async (r) => void cancelled.push(r),
    onLinked: async (r) => {
      linked.push(r);
      if (onLinkedThrows) throw new Error('discord edit failed');
    },
    onLoginFailed: async (r) => void failed.push(r),
    readiness: () => {
      if (health instanceof Error) throw health;
      return health;
    },
    log: (m) => logs.push(m),
  });
  server = await startWebServer(app, 0, '127.0.0.1');
});
afterAll(async () => {
  await server.close();
  await store.close();
});
beforeEach(() => {
  linked.length = 0;
  cancelled.length = 0;
  awaiting.length = 0;
  failed.length = 0;
  service.next = { name: 'alice' };
  oauth.next = () => ({ token_type: 'Bearer', expires_in: 3600, access_token: 'AT-secret-value', refresh_token: 'RT-secret-value' });
  onLinkedThrows = false;
});

async function newState(discordUserId: string): Promise<string> {
  const { url } = await login.startLogin({ discordUserId, discordUser: profile, reply });
  return new URL(url).searchParams.get('state')!;
}

async function callback(query: string): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await fetch(`${server.url}/oauth/callback?${query}`);
  return { status: res.status, body: await res.text(), headers: res.headers };
}

function tokenOf(page: string): string {
  const match = /name="token" value="([^"]+)"/.exec(page);
  if (!match?.[1]) throw new Error('no confirmation form on the page');
  return match[1];
}

async function post(body: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await fetch(`${server.url}/oauth/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/** Callback then Confirm, as the browser does. */
async function linkThrough(state: string): Promise<void> {
  const page = await callback(`state=${state}&code=abc`);
  expect(page.status).toBe(200);
  expect((await post(`token=${tokenOf(page.body)}&action=confirm`)).status).toBe(200);
}

function expectSecurityHeaders(headers: Headers): void {
  expect(headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(headers.get('content-security-policy')).toContain("style-src 'unsafe-inline'");
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-powered-by')).toBeNull();
}

describe('GET /readyz and /healthz', () => {
  it('/readyz: 200 when ready, 503 when not ready or the probe throws; /healthz stays 200 (liveness only)', async () => {
    health = { ready: true, checks: { store: true } };
    let res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', store: true });
    health = { ready: false, checks: { discord: 'connecting' } };
    res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', discord: 'connecting' });
    res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    health = new Error('probe broke');
    res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(503);
    health = { ready: true };
  });

  it('without a probe the app reports ready', async () => {
    const app = createWebApp({ login });
    const s = await startWebServer(app, 0, '127.0.0.1');
    try {
      const res = await fetch(`${s.url}/readyz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
    } finally {
      await s.close();
    }
  });
});

describe('GET /oauth/callback', () => {
  it('on success shows a confirmation page naming both accounts, escaped, and stores nothing yet', async () => {
    const state = await newState('50');
    service.next = { name: 'Bob<i>&"' };
    const res = await callback(`state=${state}&code=abc`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    // Same-origin only, so the browser sends our Origin with the form POST; other sites get nothing.
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain('img-src https://cdn.discordapp.com');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('script-src');
    expect(res.body).toContain(`Link service account <strong>${escapeHtml('Bob<i>&"')}</strong> to Discord user <strong>@tester</strong>?`);
    expect(res.body).toContain('Test Person');
    expect(res.body).toContain('Discord ID 50');
    expect(res.body).toContain('<img src="https://cdn.discordapp.com/embed/avatars/0.png" alt=""');
    expect(res.body).not.toContain('Bob<i>');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body.match(/<form method="post" action="confirm">/g)).toHaveLength(2);
    expect(awaiting).toMatchObject([{ ok: true, discordUserId: '50', serviceUserName: 'Bob<i>&"', reply }]);
    expect(linked).toEqual([]);
    expect(await store.accounts.get('50')).toBeUndefined();

    const done = await post(`token=${tokenOf(res.body)}&action=confirm`);
    expect(done.status).toBe(200);
    expectSecurityHeaders(done.headers);
    expect(done.body).toContain('Account linked');
    expect(done.body).toContain(escapeHtml('Bob<i>&"'));
    expect(linked).toEqual([{ discordUserId: '50', serviceUserName: 'Bob<i>&"', reply }]);
    expect((await store.accounts.get('50'))?.serviceUserName).toBe('Bob<i>&"');
  });

  it('a replayed callback URL → 400 and the account is unchanged', async () => {
    const state = await newState('51');
    await linkThrough(state);
    const before = await store.accounts.get('51');
    service.next = { name: 'someone_else' };
    const again = await callback(`state=${state}&code=abc`);
    expect(again.status).toBe(400);
    expect(again.body).toContain('Login link not valid');
    expectSecurityHeaders(again.headers);
    expect(await store.accounts.get('51')).toEqual(before);
  });

  it('missing/unknown/duplicated state → 400, nothing stored, no failure callback', async () => {
    const state = await newState('52');
    expect((await callback('code=abc')).status).toBe(400);
    expect((await callback(`state=${'B'.repeat(43)}&code=abc`)).status).toBe(400);
    expect((await callback(`state=${state}&state=${state}&code=abc`)).status).toBe(400);
    expect(failed).toEqual([]);
    expect(await store.accounts.get('52')).toBeUndefined();
  });

  it('denied → 403 page, failure callback with the initiator’s reply, nothing stored', async () => {
    const state = await newState('53');
    const res = await callback(`state=${state}&error=access_denied`);
    expect(res.status).toBe(403);
    expect(res.body).toContain('Login cancelled');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ reason: 'denied', pending: { discordUserId: '53', reply } });
    expect(await store.accounts.get('53')).toBeUndefined();
  });

  it('an XSS attempt in the error parameter is escaped', async () => {
    const state = await newState('54');
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const res = await callback(`state=${state}&error=${encodeURIComponent(evil)}`);
    expect(res.status).toBe(400);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<img');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body.match(/<script/gi)).toBeNull();
  });

  it('missing code → 400; upstream outage → 502; nothing stored', async () => {
    const a = await newState('55');
    expect((await callback(`state=${a}`)).status).toBe(400);
    const b = await newState('55');
    service.next = new UpstreamUnavailableError('down');
    expect((await callback(`state=${b}&code=abc`)).status).toBe(502);
    expect(await store.accounts.get('55')).toBeUndefined();
  });

  it('refused client credentials → 502 "Bot misconfigured", reported to the initiator and logged for the operator', async () => {
    const state = await newState('58');
    logs.length = 0;
    oauth.next = new OAuthError('bad client', { status: 401, permanent: false, clientRejected: true, code: 'invalid_client' });
    const res = await callback(`state=${state}&code=abc`);
    expect(res.status).toBe(502);
    expect(res.body).toContain('Bot misconfigured');
    expect(failed).toMatchObject([{ reason: 'bot_misconfigured', pending: { discordUserId: '58', reply } }]);
    expect(logs.some((l) => /client credentials.*SERVICE_CLIENT_SECRET/.test(l))).toBe(true);
    expect(logs.join('\n')).not.toContain(state);
    expect(await store.accounts.get('58')).toBeUndefined();
  });

  it('a failing onLinked does not change the page; logs carry no token, code or state', async () => {
    const state = await newState('56');
    onLinkedThrows = true;
    const page = await callback(`state=${state}&code=secret-code-value`);
    const token = tokenOf(page.body);
    const res = await post(`token=${token}&action=confirm`);
    expect(res.status).toBe(200);
    expect(logs.some((l) => l.includes('onLinked failed'))).toBe(true);
    const all = logs.join('\n');
    for (const secret of [state, 'secret-code-value', 'AT-secret-value', 'RT-secret-value', token]) expect(all).not.toContain(secret);
  });

  it('an unexpected failure → 500 generic page, logged without secrets', async () => {
    const state = await newState('57');
    service.next = new TypeError('unexpected');
    const res = await callback(`state=${state}&code=secret-code-2`);
    expect(res.status).toBe(500);
    expect(res.body).toContain('Login failed');
    expect(res.body).not.toContain('unexpected');
    expect(logs.some((l) => l.includes('TypeError: unexpected'))).toBe(true);
    expect(logs.join('\n')).not.toContain('secret-code-2');
    expect(logs.join('\n')).not.toContain(state);
  });

  it('unknown paths → 404', async () => {
    const res = await fetch(`${server.url}/nope<script>`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Not found');
    expectSecurityHeaders(res.headers);
  });
});

describe('POST /oauth/confirm', () => {
  async function awaitingPage(discordUserId: string): Promise<string> {
    const page = await callback(`state=${await newState(discordUserId)}&code=abc`);
    expect(page.status).toBe(200);
    return tokenOf(page.body);
  }

  it('a replayed confirmation → 400, clear page, nothing changes', async () => {
    const token = await awaitingPage('60');
    expect((await post(`token=${token}&action=confirm`)).status).toBe(200);
    const before = await store.accounts.get('60');
    service.next = { name: 'later' };
    const again = await post(`token=${token}&action=confirm`);
    expect(again.status).toBe(400);
    expect(again.body).toContain('already used');
    expectSecurityHeaders(again.headers);
    expect(await store.accounts.get('60')).toEqual(before);
    expect(linked).toHaveLength(1);
  });

  it("one pending login's token cannot confirm another's", async () => {
    const mine = await awaitingPage('61');
    const theirs = await awaitingPage('62');
    const forged = `62.${mine.split('.')[1]}`;
    expect((await post(`token=${encodeURIComponent(forged)}&action=confirm`)).status).toBe(400);
    expect(await store.accounts.get('62')).toBeUndefined();
    expect((await post(`token=${theirs}&action=confirm`)).status).toBe(200);
    expect(linked.map((l) => l.discordUserId)).toEqual(['62']);
  });

  it('cancel → 200 "Nothing was linked", the initiator is told, and the token is dead', async () => {
    const token = await awaitingPage('63');
    const res = await post(`token=${token}&action=cancel`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('Nothing was linked');
    expect(cancelled).toEqual([{ discordUserId: '63', serviceUserName: 'alice', reply }]);
    expect(await store.accounts.get('63')).toBeUndefined();
    expect((await post(`token=${token}&action=confirm`)).status).toBe(400);
    expect(await store.accounts.get('63')).toBeUndefined();
  });

  it('cross-site posts are refused (Origin or Sec-Fetch-Site) and leave the confirmation usable', async () => {
    const token = await awaitingPage('64');
    expect((await post(`token=${token}&action=confirm`, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(`token=${token}&action=confirm`, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(await store.accounts.get('64')).toBeUndefined();
    const ok = await post(`token=${token}&action=confirm`, { origin: 'https://bot.example', 'sec-fetch-site': 'same-origin' });
    expect(ok.status).toBe(200);
    expect((await store.accounts.get('64'))?.serviceUserName).toBe('alice');
  });

  it('incomplete, oversized or duplicated forms → 4xx, nothing changes', async () => {
    const token = await awaitingPage('65');
    expect((await post(`token=${token}`)).status).toBe(400);
    expect((await post(`token=${token}&action=delete`)).status).toBe(400);
    expect((await post(`token=${token}&token=${token}&action=confirm`)).status).toBe(400);
    expect((await post(`action=confirm`)).status).toBe(400);
    expect((await post(`token=${'x'.repeat(5000)}&action=confirm`)).status).toBe(413);
    expect(await store.accounts.get('65')).toBeUndefined();
    expect((await post(`token=${token}&action=confirm`)).status).toBe(200);
  });

  it('GET on the confirm path does nothing (404)', async () => {
    const token = await awaitingPage('66');
    expect((await fetch(`${server.url}/oauth/confirm?token=${token}&action=confirm`)).status).toBe(404);
    expect(await store.accounts.get('66')).toBeUndefined();
  });
});
