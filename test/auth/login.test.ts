import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LoginService, type FinishResult } from '../../src/auth/login.js';
import { openStore, type BotStore } from '../../src/store/bot-store.js';
import { UpstreamUnavailableError } from '../../src/service/errors.js';
import { OAuthError } from '../../src/service/oauth.js';
import { FakeOAuth, FakeService } from './fakes.js';
import { fakeClock, makeTempDir, profile, reply, testKey } from './helpers.js';

const REDIRECT = 'https://bot.example/oauth/callback';
const temp = makeTempDir();
const clock = fakeClock();
let store: BotStore;
let oauth: FakeOAuth;
let service: FakeService;
let login: LoginService;

beforeAll(async () => {
  store = await openStore(`sqlite://${join(temp.dir, 'l.sqlite')}`, testKey(), { now: clock.now });
});
afterAll(async () => {
  await store.close();
  temp.cleanup();
});
beforeEach(() => {
  oauth = new FakeOAuth();
  service = new FakeService();
  login = new LoginService({
    store,
    oauth,
    service,
    authUrl: 'https://auth.example/',
    clientId: 'client-123',
    redirectUri: REDIRECT,
    now: clock.now,
  });
});

async function start(discordUserId: string): Promise<{ state: string; verifier: string; url: URL }> {
  const { url } = await login.startLogin({ discordUserId, discordUser: profile, reply });
  const parsed = new URL(url);
  return { state: parsed.searchParams.get('state')!, verifier: parsed.searchParams.get('code_challenge')!, url: parsed };
}

async function confirmed(result: FinishResult): Promise<void> {
  if (!result.ok) throw new Error(`expected success, got ${result.reason}`);
  expect(await login.confirmLink(result.confirmToken)).toBeDefined();
}

describe('LoginService.startLogin', () => {
  it('builds a plain-PKCE authorize URL with a fresh state and verifier each time', async () => {
    const a = await login.startLogin({ discordUserId: '10', discordUser: profile, reply });
    const b = await login.startLogin({ discordUserId: '10', discordUser: profile, reply });
    const ua = new URL(a.url);
    const ub = new URL(b.url);
    expect(ua.origin + ua.pathname).toBe('https://auth.example/v1/oauth2/authorize');
    expect(ua.searchParams.get('response_type')).toBe('code');
    expect(ua.searchParams.get('client_id')).toBe('client-123');
    expect(ua.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(ua.searchParams.get('code_challenge_method')).toBe('plain');
    expect(ua.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
    expect(ua.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ua.searchParams.get('state')).not.toBe(ub.searchParams.get('state'));
    expect(ua.searchParams.get('code_challenge')).not.toBe(ub.searchParams.get('code_challenge'));
    expect(a.expiresAt).toBe(clock.now() + 10 * 60 * 1000);
    await login.logout('10');
  });
});

describe('LoginService.finishLogin', () => {
  it('exchanges the code with the verifier and redirect URI, reads the name, and stores the account only on confirmation', async () => {
    const { state, verifier } = await start('20');
    service.next = { id: 5, name: 'Alice_S' };
    const result = await login.finishLogin({ state, code: 'the-code' });
    expect(result).toEqual({
      ok: true,
      discordUserId: '20',
      discordUser: profile,
      serviceUserName: 'Alice_S',
      confirmToken: expect.stringMatching(/^20\.[A-Za-z0-9_-]{43}$/),
      expiresAt: clock.now() + 5 * 60 * 1000,
      reply,
    });
    expect(oauth.calls).toEqual([{ code: 'the-code', codeVerifier: verifier, redirectUri: REDIRECT }]);
    const issued = oauth.lastIssued!;
    expect(service.tokensSeen).toEqual([issued.access_token]);
    // Nothing is linked until the person confirms.
    expect(await store.accounts.get('20')).toBeUndefined();
    expect(await login.linkedAs('20')).toBeUndefined();
    if (!result.ok) throw new Error('expected success');
    expect(await login.confirmLink(result.confirmToken)).toEqual({ discordUserId: '20', serviceUserName: 'Alice_S', reply });
    expect(await store.accounts.get('20')).toEqual({
      serviceUserName: 'Alice_S',
      linkedAt: clock.now(),
      tokens: { accessToken: issued.access_token, refreshToken: issued.refresh_token, expiresAt: clock.now() + 3600_000, obtainedAt: clock.now() },
    });
    expect(await login.linkedAs('20')).toBe('Alice_S');
  });

  it('reads the profile as a person\'s request that may wait its turn in the line for 30 s, not as background work', async () => {
    const { state } = await start('21');
    const before = Date.now();
    expect((await login.finishLogin({ state, code: 'the-code' })).ok).toBe(true);
    const scope = service.scopes.at(-1);
    expect(scope?.priority).toBe('interactive');
    expect(scope?.deadlineAt).toBeGreaterThanOrEqual(before + 30_000);
    expect(scope?.deadlineAt).toBeLessThanOrEqual(Date.now() + 30_000);
    expect(scope?.signal.aborted).toBe(false);
    await login.logout('21');
  });

  it('a state is single-use: a replay is refused and changes nothing', async () => {
    const { state } = await start('21');
    await confirmed(await login.finishLogin({ state, code: 'c1' }));
    const before = await store.accounts.get('21');
    service.next = { name: 'mallory' };
    const again = await login.finishLogin({ state, code: 'c2' });
    expect(again).toMatchObject({ ok: false, reason: 'invalid_state', status: 400 });
    expect(again).not.toHaveProperty('pending');
    expect(await store.accounts.get('21')).toEqual(before);
    expect(oauth.calls).toHaveLength(1);
  });

  it('concurrent callbacks with one state: exactly one links', async () => {
    const { state } = await start('22');
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => login.finishLogin({ state, code: `code-${i}` })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(oauth.calls).toHaveLength(1);
  });

  it('unknown, missing and expired states are invalid_state; nothing stored', async () => {
    expect(await login.finishLogin({ state: 'A'.repeat(43), code: 'c' })).toMatchObject({ reason: 'invalid_state', status: 400 });
    expect(await login.finishLogin({ code: 'c' })).toMatchObject({ reason: 'invalid_state', status: 400 });
    const { state } = await start('23');
    clock.advance(10 * 60 * 1000 + 1);
    expect(await login.finishLogin({ state, code: 'c' })).toMatchObject({ reason: 'invalid_state', status: 400 });
    expect(oauth.calls).toHaveLength(0);
    expect(await store.accounts.get('23')).toBeUndefined();
  });

  it('access_denied → denied (403), state consumed, nothing stored', async () => {
    const { state } = await start('24');
    const result = await login.finishLogin({ state, error: 'access_denied' });
    expect(result).toMatchObject({ ok: false, reason: 'denied', status: 403, pending: { discordUserId: '24', reply } });
    expect(await login.finishLogin({ state, code: 'c' })).toMatchObject({ reason: 'invalid_state' });
    expect(oauth.calls).toHaveLength(0);
    expect(await store.accounts.get('24')).toBeUndefined();
  });

  it('another error → authorization_error with the (truncated) provider error', async () => {
    const { state } = await start('25');
    const result = await login.finishLogin({ state, error: 'server_error' + 'x'.repeat(500) });
    expect(result).toMatchObject({ ok: false, reason: 'authorization_error', status: 400 });
    expect(result.ok === false && result.providerError?.length).toBe(100);
  });

  it('missing or absurd code → missing_code', async () => {
    const a = await start('26');
    expect(await login.finishLogin({ state: a.state })).toMatchObject({ reason: 'missing_code', status: 400 });
    const b = await start('26');
    expect(await login.finishLogin({ state: b.state, code: 'c'.repeat(9000) })).toMatchObject({ reason: 'missing_code' });
    expect(oauth.calls).toHaveLength(0);
    expect(await store.accounts.get('26')).toBeUndefined();
  });

  it('a rejected exchange → 400, an unreachable token endpoint → 502; nothing stored', async () => {
    const a = await start('27');
    oauth.next = new OAuthError('bad', { status: 400, permanent: true, code: 'invalid_grant' });
    expect(await login.finishLogin({ state: a.state, code: 'c' })).toMatchObject({ reason: 'exchange_rejected', status: 400 });
    const b = await start('27');
    oauth.next = new OAuthError('down', { status: 0, permanent: false });
    expect(await login.finishLogin({ state: b.state, code: 'c' })).toMatchObject({
      reason: 'upstream_unavailable',
      status: 502,
      pending: { discordUserId: '27' },
    });
    expect(await store.accounts.get('27')).toBeUndefined();
  });

  it("a refused client during the exchange → bot_misconfigured (502), not 'rejected code'; nothing stored", async () => {
    for (const status of [401, 400]) {
      const { state } = await start('34');
      oauth.next = new OAuthError('bad client', { status, permanent: false, clientRejected: true, code: 'invalid_client' });
      const result = await login.finishLogin({ state, code: 'c' });
      expect(result).toMatchObject({ ok: false, reason: 'bot_misconfigured', status: 502, pending: { discordUserId: '34', reply } });
      expect(result.ok === false && result.message).toMatch(/operator/);
    }
    expect(await store.accounts.get('34')).toBeUndefined();
  });

  it('a profile read failure or a nameless profile → 502, nothing stored', async () => {
    const a = await start('28');
    service.next = new UpstreamUnavailableError('down', { status: 503 });
    expect(await login.finishLogin({ state: a.state, code: 'c' })).toMatchObject({ reason: 'profile_unavailable', status: 502 });
    const b = await start('28');
    service.next = { id: 3 };
    expect(await login.finishLogin({ state: b.state, code: 'c' })).toMatchObject({ reason: 'profile_unavailable', status: 502 });
    expect(await store.accounts.get('28')).toBeUndefined();
  });

  it('unexpected errors propagate (the web layer answers 500) and store nothing', async () => {
    const { state } = await start('29');
    service.next = new TypeError('boom');
    await expect(login.finishLogin({ state, code: 'c' })).rejects.toThrow('boom');
    expect(await store.accounts.get('29')).toBeUndefined();
  });

  it('a state started by one Discord user links that user only, whoever completes it', async () => {
    const { state } = await start('30');
    service.next = { name: 'browser_person' };
    const result = await login.finishLogin({ state, code: 'c' });
    expect(result).toMatchObject({ ok: true, discordUserId: '30', reply });
    await confirmed(result);
    expect(await login.linkedAs('30')).toBe('browser_person');
    expect(await login.linkedAs('31')).toBeUndefined();
  });
});

describe('LoginService.logout', () => {
  it('removes the account and the pending logins; reports whether an account existed', async () => {
    const first = await start('40');
    await confirmed(await login.finishLogin({ state: first.state, code: 'c' }));
    const pending = await start('40');
    const awaiting = await start('40');
    const waiting = await login.finishLogin({ state: awaiting.state, code: 'c' });
    expect(await login.logout('40')).toBe(true);
    if (!waiting.ok) throw new Error('expected success');
    expect(await login.confirmLink(waiting.confirmToken)).toBeUndefined();
    expect(await login.linkedAs('40')).toBeUndefined();
    expect(await login.finishLogin({ state: pending.state, code: 'c' })).toMatchObject({ reason: 'invalid_state' });
    expect(await login.logout('40')).toBe(false);
  });
});

describe('LoginService confirmation', () => {
  async function awaiting(discordUserId: string, name = 'victim'): Promise<string> {
    const { state } = await start(discordUserId);
    service.next = { name };
    const result = await login.finishLogin({ state, code: 'c' });
    if (!result.ok) throw new Error('expected success');
    return result.confirmToken;
  }

  it('a confirmation is single-use: a replay links nothing more and a cancel after it changes nothing', async () => {
    const token = await awaiting('50');
    expect(await login.confirmLink(token)).toMatchObject({ discordUserId: '50', serviceUserName: 'victim' });
    const linked = await store.accounts.get('50');
    expect(await login.confirmLink(token)).toBeUndefined();
    expect(await login.cancelLink(token)).toBeUndefined();
    expect(await store.accounts.get('50')).toEqual(linked);
  });

  it('concurrent confirmations with one token: exactly one succeeds', async () => {
    const token = await awaiting('51');
    const results = await Promise.all(Array.from({ length: 10 }, () => login.confirmLink(token)));
    expect(results.filter((r) => r !== undefined)).toHaveLength(1);
  });

  it("a token cannot confirm another user's pending link, and a wrong guess does not cancel it", async () => {
    const mine = await awaiting('52', 'first');
    const theirs = await awaiting('53', 'second');
    const forged = `53.${mine.split('.')[1]}`;
    expect(await login.confirmLink(forged)).toBeUndefined();
    expect(await login.cancelLink(forged)).toBeUndefined();
    expect(await login.confirmLink(`53.${'A'.repeat(43)}`)).toBeUndefined();
    expect(await login.confirmLink('garbage')).toBeUndefined();
    expect(await store.accounts.get('53')).toBeUndefined();
    // The real token still works: the forgeries neither linked nor cancelled it.
    expect(await login.confirmLink(theirs)).toMatchObject({ discordUserId: '53', serviceUserName: 'second' });
    expect(await login.confirmLink(mine)).toMatchObject({ discordUserId: '52', serviceUserName: 'first' });
  });

  it('cancel stores nothing and discards the tokens; expiry does the same', async () => {
    const token = await awaiting('54');
    expect(await login.cancelLink(token)).toMatchObject({ discordUserId: '54' });
    expect(await store.accounts.get('54')).toBeUndefined();
    expect(await login.confirmLink(token)).toBeUndefined();

    const late = await awaiting('55');
    clock.advance(5 * 60 * 1000 + 1);
    expect(await login.confirmLink(late)).toBeUndefined();
    expect(await store.accounts.get('55')).toBeUndefined();
  });

  it('a newer authorized login replaces the older confirmation of the same user', async () => {
    const older = await awaiting('56', 'old');
    const newer = await awaiting('56', 'new');
    expect(await login.confirmLink(older)).toBeUndefined();
    expect(await login.confirmLink(newer)).toMatchObject({ serviceUserName: 'new' });
  });
});
