import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LoginService, type LinkDecision } from '../../src/auth/login.js';
import { openStore, type BotStore } from '../../src/store/bot-store.js';
import { ServiceClient } from '../../src/service/client.js';
import { buildAuthorizeUrl, OAuthClient } from '../../src/service/oauth.js';
import { TokenManager } from '../../src/service/token-source.js';
import { createWebApp, type LoginFailureWithPending } from '../../src/web/app.js';
import { startWebServer, type RunningWebServer } from '../../src/web/server.js';
import { loginAsPerson } from '../../emulator/login.js';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { fakeClock, makeTempDir, profile, reply, testKey } from './helpers.js';

// The bot's public callback URL (behind a proxy); the test plays the browser and forwards the query to the app.
const REDIRECT = 'https://bot.example/oauth/callback';
const CLIENT = { id: 'e2e-auth-client-0123456789abcdef', secret: 's'.repeat(64), redirectUris: [REDIRECT] };
const TARO = { name: 'Taro_E2E', password: 'taro-password' };
const HANA = { name: 'Hana_E2E', password: 'hana-password' };

const temp = makeTempDir();
const clock = fakeClock(Date.now());
let emulator: Emulator;
let store: BotStore;
let web: RunningWebServer;
let login: LoginService;
let oauth: OAuthClient;
let service: ServiceClient;
const linked: LinkDecision[] = [];
const failed: LoginFailureWithPending[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ clients: [CLIENT], users: [TARO, HANA] });
  store = await openStore(`sqlite://${join(temp.dir, 'e2e.sqlite')}`, testKey(), { now: clock.now });
  oauth = new OAuthClient({ authUrl: emulator.url, clientId: CLIENT.id, clientSecret: CLIENT.secret, userAgent: 'amls-bot-test/1' });
  service = new ServiceClient({ apiUrl: emulator.url, clientId: CLIENT.id, userAgent: 'amls-bot-test/1', retries: 0 });
  login = new LoginService({ store, oauth, service, authUrl: emulator.url, clientId: CLIENT.id, redirectUri: REDIRECT, now: clock.now });
  const app = createWebApp({
    login,
    onLinked: async (r) => void linked.push(r),
    onLoginFailed: async (r) => void failed.push(r),
  });
  web = await startWebServer(app, 0, '127.0.0.1');
});
afterAll(async () => {
  await web?.close();
  await store?.close();
  await oauth?.close();
  await service?.close();
  await emulator?.close();
  temp.cleanup();
});
beforeEach(() => {
  linked.length = 0;
  failed.length = 0;
});

/** Follows the service's redirect to the bot: same query, the bot's local address. */
async function follow(redirect: URL): Promise<{ status: number; body: string }> {
  expect(redirect.origin + redirect.pathname).toBe(REDIRECT);
  const res = await fetch(`${web.url}/oauth/callback${redirect.search}`);
  return { status: res.status, body: await res.text() };
}

/** Presses Confirm on the confirmation page the callback showed. */
async function confirm(page: { body: string }): Promise<{ status: number; body: string }> {
  const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1];
  if (!token) throw new Error('no confirmation form');
  const res = await fetch(`${web.url}/oauth/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, action: 'confirm' }).toString(),
  });
  return { status: res.status, body: await res.text() };
}

describe('login end to end against the emulator', () => {
  it('links the initiating Discord user; the stored tokens work through the TokenManager', async () => {
    const { url } = await login.startLogin({ discordUserId: '7001', discordUser: profile, reply });
    const redirect = await loginAsPerson(url, TARO, 'allow');
    expect(redirect.searchParams.get('code')).toBeTruthy();
    const res = await follow(redirect);
    expect(res.status).toBe(200);
    expect(res.body).toContain('Taro_E2E');
    expect(linked).toEqual([]);
    expect(await store.accounts.get('7001')).toBeUndefined();
    expect((await confirm(res)).status).toBe(200);
    expect(linked).toEqual([{ discordUserId: '7001', serviceUserName: 'Taro_E2E', reply }]);

    const account = await store.accounts.get('7001');
    expect(account?.serviceUserName).toBe('Taro_E2E');
    expect(account?.tokens.expiresAt).toBe(clock.now() + 3600 * 1000);
    const tokens = new TokenManager({ oauth, storage: store, now: clock.now });
    expect((await service.me({}, { auth: tokens.sourceFor('7001') })).name).toBe('Taro_E2E');

    // The database file holds neither token in any plain form.
    const bytes = Buffer.concat(readdirSync(temp.dir).map((f) => readFileSync(join(temp.dir, f)))).toString('latin1');
    for (const secret of [account!.tokens.accessToken, account!.tokens.refreshToken]) {
      expect(bytes.includes(secret)).toBe(false);
      expect(bytes.includes(Buffer.from(secret).toString('base64').slice(0, 24))).toBe(false);
    }
  });

  it('a replayed callback URL is refused and changes nothing', async () => {
    const { url } = await login.startLogin({ discordUserId: '7002', discordUser: profile, reply });
    const redirect = await loginAsPerson(url, HANA, 'allow');
    expect((await confirm(await follow(redirect))).status).toBe(200);
    const before = await store.accounts.get('7002');
    const exchanges = emulator.stats.tokenRequests.authorization_code;
    const again = await follow(redirect);
    expect(again.status).toBe(400);
    expect(again.body).toContain('Login link not valid');
    expect(await store.accounts.get('7002')).toEqual(before);
    expect(emulator.stats.tokenRequests.authorization_code).toBe(exchanges);
  });

  it('denial → 403, nothing stored, the initiator’s reply is reported', async () => {
    const { url } = await login.startLogin({ discordUserId: '7003', discordUser: profile, reply });
    const redirect = await loginAsPerson(url, TARO, 'deny');
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    const res = await follow(redirect);
    expect(res.status).toBe(403);
    expect(await store.accounts.get('7003')).toBeUndefined();
    expect(failed).toMatchObject([{ reason: 'denied', pending: { discordUserId: '7003', reply } }]);
  });

  it('an expired pending login → 400, no code exchange, nothing stored', async () => {
    const { url } = await login.startLogin({ discordUserId: '7004', discordUser: profile, reply });
    const redirect = await loginAsPerson(url, TARO, 'allow');
    const exchanges = emulator.stats.tokenRequests.authorization_code;
    clock.advance(10 * 60 * 1000 + 1);
    const res = await follow(redirect);
    expect(res.status).toBe(400);
    expect(emulator.stats.tokenRequests.authorization_code).toBe(exchanges);
    expect(await store.accounts.get('7004')).toBeUndefined();
  });

  it('a code verifier that does not match the challenge → 400 from the rejected exchange, nothing stored', async () => {
    const { state } = await store.pendingLogins.create({
      discordUserId: '7005',
      discordUser: profile,
      codeVerifier: 'A'.repeat(64),
      redirectUri: REDIRECT,
      reply,
    });
    const url = buildAuthorizeUrl({ authUrl: emulator.url, clientId: CLIENT.id, state, redirectUri: REDIRECT, codeChallenge: 'B'.repeat(64) });
    const redirect = await loginAsPerson(url, TARO, 'allow');
    const exchanges = emulator.stats.tokenRequests.authorization_code;
    const res = await follow(redirect);
    expect(res.status).toBe(400);
    expect(res.body).toContain('rejected the authorization code');
    expect(emulator.stats.tokenRequests.authorization_code).toBe(exchanges + 1);
    expect(await store.accounts.get('7005')).toBeUndefined();
    expect(failed).toMatchObject([{ reason: 'exchange_rejected', pending: { discordUserId: '7005' } }]);
  });

  it('a link started by one Discord user and completed by someone else links the initiator only', async () => {
    const { url } = await login.startLogin({ discordUserId: '7006', discordUser: profile, reply });
    // Whoever opens the link logs in as Hana; the tokens still belong to Discord user 7006, never anyone else.
    const res = await confirm(await follow(await loginAsPerson(url, HANA, 'allow')));
    expect(res.status).toBe(200);
    expect(await login.linkedAs('7006')).toBe('Hana_E2E');
    expect(linked.map((l) => l.discordUserId)).toEqual(['7006']);
  });

  it('an XSS attempt in the error parameter is escaped', async () => {
    const { url } = await login.startLogin({ discordUserId: '7007', discordUser: profile, reply });
    const redirect = await loginAsPerson(url, TARO, 'allow');
    const forged = new URL(REDIRECT);
    forged.searchParams.set('state', redirect.searchParams.get('state')!);
    forged.searchParams.set('error', '"><script>alert(document.cookie)</script>');
    const res = await follow(forged);
    expect(res.status).toBe(400);
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;');
    expect(await store.accounts.get('7007')).toBeUndefined();
  });

  it('a wrong client secret (401 invalid_client from the emulator) → bot_misconfigured, nothing stored', async () => {
    const misconfigured = new OAuthClient({ authUrl: emulator.url, clientId: CLIENT.id, clientSecret: 'rotated-away', userAgent: 'amls-bot-test/1' });
    try {
      const other = new LoginService({ store, oauth: misconfigured, service, authUrl: emulator.url, clientId: CLIENT.id, redirectUri: REDIRECT, now: clock.now });
      const { url } = await other.startLogin({ discordUserId: '7008', discordUser: profile, reply });
      const redirect = await loginAsPerson(url, TARO, 'allow');
      const result = await other.finishLogin({ state: redirect.searchParams.get('state')!, code: redirect.searchParams.get('code')! });
      expect(result).toMatchObject({ ok: false, reason: 'bot_misconfigured', status: 502, pending: { discordUserId: '7008' } });
      expect(await store.accounts.get('7008')).toBeUndefined();
    } finally {
      await misconfigured.close();
    }
  });

  it('/logout removes the link; the old tokens are no longer used', async () => {
    expect(await login.logout('7001')).toBe(true);
    expect(await store.get('7001')).toBeUndefined();
    expect(await login.logout('7001')).toBe(false);
  });
});
