import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReauthRequiredError, UpstreamUnavailableError } from '../../src/service/errors.js';
import { OAuthClient, OAuthError } from '../../src/service/oauth.js';
import {
  ClientCredentialsRejectedError,
  storedTokensFrom,
  TokenManager,
  type StoredTokens,
} from '../../src/service/token-source.js';
import type { TokenResponse } from '../../src/service/common-types.js';
import { DEFAULT_CLIENT, startEmulator, type Emulator } from '../../emulator/server.js';
import { startScriptedServer, type ScriptedServer } from './http-fixture.js';
import { MemoryStorage } from './memory-token-storage.js';


/** Issues acc-N / ref-N; refreshes take a few ticks so concurrent callers really overlap. */
class FakeRefresher {
  calls: string[] = [];
  expiresIn = 3600;
  fail: Error | undefined;
  private n = 1;
  async refresh(refreshToken: string): Promise<TokenResponse> {
    this.calls.push(refreshToken);
    await new Promise((r) => setTimeout(r, 5));
    if (this.fail) throw this.fail;
    this.n++;
    return { token_type: 'Bearer', expires_in: this.expiresIn, access_token: `acc-${this.n}`, refresh_token: `ref-${this.n}` };
  }
}

const NOW = 1_700_000_000_000;

function setup(expiresInMs: number) {
  const storage = new MemoryStorage();
  storage.map.set('u1', { accessToken: 'acc-1', refreshToken: 'ref-1', expiresAt: NOW + expiresInMs });
  const oauth = new FakeRefresher();
  const clientRejections: ClientCredentialsRejectedError[] = [];
  const manager = new TokenManager({ oauth, storage, now: () => NOW, onClientRejected: (e) => clientRejections.push(e) });
  return { storage, oauth, manager, clientRejections, source: manager.sourceFor('u1') };
}

/** Runs `during` while the refresher's request is in flight (after it was sent, before its answer is used). */
function interleave(oauth: FakeRefresher, during: () => Promise<void>): void {
  const original = oauth.refresh.bind(oauth);
  oauth.refresh = async (token: string) => {
    const answer = original(token);
    await during();
    return answer;
  };
}

describe('TokenManager', () => {
  it('a short-lived token is used for the first half of its life, not refreshed on every call', async () => {
    let now = NOW;
    const storage = new MemoryStorage();
    // Issued for 30 s: shorter than the 60 s refresh-ahead skew.
    storage.map.set('s', { accessToken: 'acc-1', refreshToken: 'ref-1', expiresAt: NOW + 30_000, obtainedAt: NOW });
    const oauth = new FakeRefresher();
    oauth.expiresIn = 30;
    const manager = new TokenManager({ oauth, storage, now: () => now });
    for (let i = 0; i < 5; i++) expect(await manager.getAccessToken('s')).toBe('acc-1');
    now += 15_000;
    expect(await manager.getAccessToken('s')).toBe('acc-2');
    for (let i = 0; i < 5; i++) expect(await manager.getAccessToken('s')).toBe('acc-2');
    expect(oauth.calls).toEqual(['ref-1']);
  });

  it('after waiting for the lock, a token another process has just obtained is used, even inside the refresh-ahead window', async () => {
    const storage = new MemoryStorage();
    storage.map.set('u', { accessToken: 'old', refreshToken: 'ref-old', expiresAt: NOW + 5_000, obtainedAt: NOW - 25_000 });
    const oauth = new FakeRefresher();
    const manager = new TokenManager({ oauth, storage, now: () => NOW });
    // Another process refreshes while this one waits for the lock: its token lives 40 s, inside the 60 s skew.
    const other = storage.withRefreshLock('u', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      storage.map.set('u', { accessToken: 'theirs', refreshToken: 'ref-theirs', expiresAt: NOW + 40_000 });
    });
    expect(await manager.getAccessToken('u')).toBe('theirs');
    await other;
    expect(oauth.calls).toEqual([]);
  });

  it('returns the stored token when it is not about to expire', async () => {
    const { source, oauth } = setup(61_000);
    expect(await source.getAccessToken()).toBe('acc-1');
    expect(oauth.calls).toEqual([]);
  });

  it('refreshes within the skew, stores the rotated refresh token and the server-given expiry', async () => {
    const { source, oauth, storage, manager } = setup(60_000);
    oauth.expiresIn = 2_678_400;
    expect(await source.getAccessToken()).toBe('acc-2');
    expect(oauth.calls).toEqual(['ref-1']);
    expect(manager.refreshCount).toBe(1);
    expect(storage.map.get('u1')).toEqual({ accessToken: 'acc-2', refreshToken: 'ref-2', expiresAt: NOW + 2_678_400_000, obtainedAt: NOW });
    // the next refresh uses the rotated token
    expect(await source.refreshAfterRejection('acc-2')).toBe('acc-3');
    expect(oauth.calls).toEqual(['ref-1', 'ref-2']);
  });

  it('50 concurrent callers of one key cause exactly one refresh', async () => {
    const { manager, oauth } = setup(-1000);
    const results = await Promise.all(Array.from({ length: 50 }, () => manager.sourceFor('u1').getAccessToken()));
    expect(new Set(results)).toEqual(new Set(['acc-2']));
    expect(oauth.calls).toHaveLength(1);
    expect(manager.refreshCount).toBe(1);
  });

  it('50 concurrent rejections of the same token cause exactly one refresh', async () => {
    const { source, oauth } = setup(3_600_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => source.refreshAfterRejection('acc-1')));
    expect(new Set(results)).toEqual(new Set(['acc-2']));
    expect(oauth.calls).toHaveLength(1);
  });

  it('keys refresh independently', async () => {
    const { storage, manager, oauth } = setup(-1);
    storage.map.set('u2', { accessToken: 'x-1', refreshToken: 'xref-1', expiresAt: NOW - 1 });
    await Promise.all([manager.sourceFor('u1').getAccessToken(), manager.sourceFor('u2').getAccessToken()]);
    expect(oauth.calls.sort()).toEqual(['ref-1', 'xref-1']);
  });

  it('refreshAfterRejection does not refresh when the stored token already changed', async () => {
    const { source, oauth } = setup(3_600_000);
    expect(await source.refreshAfterRejection('acc-0-old')).toBe('acc-1');
    expect(oauth.calls).toEqual([]);
  });

  it('no stored tokens → ReauthRequiredError', async () => {
    const { manager } = setup(0);
    await expect(manager.sourceFor('nobody').getAccessToken()).rejects.toBeInstanceOf(ReauthRequiredError);
  });

  it('permanent refresh failure deletes the record and asks for login', async () => {
    const { source, oauth, storage } = setup(-1);
    oauth.fail = new OAuthError('bad', { status: 400, permanent: true, code: 'invalid_request' });
    const err = await source.getAccessToken().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReauthRequiredError);
    expect((err as ReauthRequiredError).reason).toBe('refresh_rejected');
    expect(storage.map.has('u1')).toBe(false);
  });

  it('a permanent failure does not delete a record the user re-linked during the refresh', async () => {
    const { source, oauth, storage } = setup(10_000);
    oauth.fail = new OAuthError('bad', { status: 400, permanent: true, code: 'invalid_request' });
    const relinked = { accessToken: 'acc-new-login', refreshToken: 'ref-new-login', expiresAt: NOW + 3_600_000 };
    interleave(oauth, async () => void storage.map.set('u1', relinked));
    expect(await source.getAccessToken()).toBe('acc-new-login');
    expect(storage.map.get('u1')).toEqual(relinked);
    expect(storage.deletes).toBe(0);
  });

  it('a successful refresh does not overwrite a record the user re-linked during it; the new link is used', async () => {
    const { source, oauth, storage } = setup(-1);
    const relinked = { accessToken: 'acc-other-account', refreshToken: 'ref-other-account', expiresAt: NOW + 3_600_000 };
    interleave(oauth, async () => void storage.map.set('u1', relinked));
    expect(await source.getAccessToken()).toBe('acc-other-account');
    expect(oauth.calls).toEqual(['ref-1']);
    expect(storage.map.get('u1')).toEqual(relinked);
  });

  it('a refresh that finishes after logout stores nothing and asks for login', async () => {
    const { source, oauth, storage } = setup(-1);
    interleave(oauth, async () => void storage.map.delete('u1'));
    const err = await source.getAccessToken().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReauthRequiredError);
    expect((err as ReauthRequiredError).reason).toBe('not_logged_in');
    expect(storage.map.has('u1')).toBe(false);
  });

  it('a refused client (misconfiguration) keeps the record, reports it and looks like an outage to the user', async () => {
    const { source, oauth, storage, clientRejections } = setup(-1);
    oauth.fail = new OAuthError('bad client', { status: 401, permanent: false, clientRejected: true, code: 'invalid_client', hint: 'Wrong client secret' });
    const err = await source.getAccessToken().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClientCredentialsRejectedError);
    expect(err).toBeInstanceOf(UpstreamUnavailableError);
    expect(err).toMatchObject({ name: 'ClientCredentialsRejectedError', status: 401, code: 'invalid_client' });
    expect((err as Error).message).toMatch(/client credentials.*SERVICE_CLIENT_SECRET/);
    expect(clientRejections).toEqual([err]);
    expect(storage.map.get('u1')?.refreshToken).toBe('ref-1');
    expect(storage.deletes).toBe(0);
    // Once the configuration is fixed the kept record refreshes normally.
    oauth.fail = undefined;
    expect(await source.getAccessToken()).toBe('acc-2');
  });

  it('a rejected grant met by background work tells the user (onLoginLost); the user\'s own command does not', async () => {
    const storage = new MemoryStorage();
    const oauth = new FakeRefresher();
    oauth.fail = new OAuthError('bad grant', { status: 400, permanent: true, code: 'invalid_grant' });
    const lost: string[] = [];
    const manager = new TokenManager({ oauth, storage, now: () => NOW, onLoginLost: (key) => void lost.push(key) });
    storage.map.set('own', { accessToken: 'a', refreshToken: 'r1', expiresAt: NOW });
    storage.map.set('job', { accessToken: 'b', refreshToken: 'r2', expiresAt: NOW });
    await expect(manager.sourceFor('own').getAccessToken()).rejects.toMatchObject({ reason: 'refresh_rejected' });
    await expect(manager.sourceFor('job', { background: true }).getAccessToken()).rejects.toMatchObject({ reason: 'refresh_rejected' });
    expect(lost).toEqual(['job']);
    // A transient failure in the background is not a lost login: nobody is told, the record stays.
    storage.map.set('job', { accessToken: 'b', refreshToken: 'r3', expiresAt: NOW });
    oauth.fail = new OAuthError('down', { status: 503, permanent: false });
    await expect(manager.sourceFor('job', { background: true }).getAccessToken()).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(lost).toEqual(['job']);
    expect(storage.map.get('job')?.refreshToken).toBe('r3');
  });

  it('transient refresh failure keeps the record', async () => {
    const { source, oauth, storage } = setup(-1);
    oauth.fail = new OAuthError('down', { status: 503, permanent: false });
    await expect(source.getAccessToken()).rejects.toBeInstanceOf(UpstreamUnavailableError);
    oauth.fail = new Error('socket hang up');
    await expect(source.getAccessToken()).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(storage.map.get('u1')?.refreshToken).toBe('ref-1');
    expect(storage.deletes).toBe(0);
  });
});

describe('TokenManager with the real OAuthClient', () => {
  let server: ScriptedServer;
  let oauth: OAuthClient;
  beforeAll(async () => {
    server = await startScriptedServer();
    oauth = new OAuthClient({ authUrl: server.url, clientId: 'cid', clientSecret: 'sec', userAgent: 'bot/1' });
  });
  afterAll(async () => {
    await oauth.close();
    await server.close();
  });

  it('token endpoint 400 → record deleted; 502 HTML → record kept', async () => {
    const storage = new MemoryStorage();
    const manager = new TokenManager({ oauth, storage, now: () => NOW });
    storage.map.set('a', { accessToken: 'a1', refreshToken: 'ar1', expiresAt: NOW });
    storage.map.set('b', { accessToken: 'b1', refreshToken: 'br1', expiresAt: NOW });
    server.queue.push({ status: 502, body: '<html>Bad gateway</html>' });
    await expect(manager.sourceFor('a').getAccessToken()).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(storage.map.has('a')).toBe(true);
    server.queue.push({ status: 400, json: { error: 'invalid_request', message: 'The refresh token is invalid.' } });
    await expect(manager.sourceFor('b').getAccessToken()).rejects.toBeInstanceOf(ReauthRequiredError);
    expect(storage.map.has('b')).toBe(false);
    expect(new URLSearchParams(server.requests[1]!.body).get('refresh_token')).toBe('br1');
  });

  it('invalid_client (401 or 400) keeps the record: the bot is misconfigured, the grant is fine', async () => {
    const storage = new MemoryStorage();
    const rejected: ClientCredentialsRejectedError[] = [];
    const manager = new TokenManager({ oauth, storage, now: () => NOW, onClientRejected: (e) => rejected.push(e) });
    storage.map.set('d', { accessToken: 'd1', refreshToken: 'dr1', expiresAt: NOW });
    server.queue.push({ status: 401, json: { error: 'invalid_client', message: 'Client authentication failed', hint: 'Wrong client secret' } });
    server.queue.push({ status: 400, json: { error: 'invalid_client', message: 'Client authentication failed', hint: '' } });
    for (const status of [401, 400]) {
      const err = await manager.sourceFor('d').getAccessToken().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ClientCredentialsRejectedError);
      expect(err).toMatchObject({ status, code: 'invalid_client' });
    }
    expect(rejected).toHaveLength(2);
    expect(storage.map.get('d')).toEqual({ accessToken: 'd1', refreshToken: 'dr1', expiresAt: NOW });
  });

  it('stores the rotated refresh token from the server', async () => {
    const storage = new MemoryStorage();
    const manager = new TokenManager({ oauth, storage, now: () => NOW });
    storage.map.set('c', { accessToken: 'c1', refreshToken: 'cr1', expiresAt: NOW + 10_000 });
    server.queue.push({
      status: 200,
      json: { token_type: 'Bearer', expires_in: 3600, access_token: 'c2', refresh_token: 'cr2' },
    });
    expect(await manager.sourceFor('c').getAccessToken()).toBe('c2');
    expect(storage.map.get('c')).toEqual({ accessToken: 'c2', refreshToken: 'cr2', expiresAt: NOW + 3_600_000, obtainedAt: NOW });
  });
});

describe('TokenManager against the emulator', () => {
  const OTHER_CLIENT = { id: 'token-manager-other-client-0001', secret: 'o'.repeat(64), redirectUris: ['http://127.0.0.1:1/cb'] };
  const UA = 'amls-bot-tests/1.0';
  let emu: Emulator;
  let good: OAuthClient;
  let wrongSecret: OAuthClient;
  beforeAll(async () => {
    emu = await startEmulator({ clients: [DEFAULT_CLIENT, OTHER_CLIENT] });
    good = new OAuthClient({ authUrl: emu.url, clientId: DEFAULT_CLIENT.id, clientSecret: DEFAULT_CLIENT.secret!, userAgent: UA });
    wrongSecret = new OAuthClient({ authUrl: emu.url, clientId: DEFAULT_CLIENT.id, clientSecret: 'rotated-away', userAgent: UA });
  });
  afterAll(async () => {
    await good.close();
    await wrongSecret.close();
    await emu.close();
  });

  function expiredTokens(user: string, clientId?: string): StoredTokens {
    return { ...storedTokensFrom({ token_type: 'Bearer', ...emu.issueTokensFor(user, clientId) }, Date.now()), expiresAt: 0 };
  }

  it('a wrong client secret (401 invalid_client) keeps every record; the right secret then refreshes them', async () => {
    const storage = new MemoryStorage();
    const rejected: ClientCredentialsRejectedError[] = [];
    const misconfigured = new TokenManager({ oauth: wrongSecret, storage, onClientRejected: (e) => rejected.push(e) });
    storage.map.set('alice', expiredTokens('alice'));
    storage.map.set('bob', expiredTokens('bob'));
    const before = new Map(storage.map);
    for (const key of ['alice', 'bob']) {
      const err = await misconfigured.sourceFor(key).getAccessToken().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ClientCredentialsRejectedError);
      expect(err).toMatchObject({ status: 401, code: 'invalid_client', hint: 'Wrong client secret' });
      const cause = (err as Error).cause;
      expect(cause).toBeInstanceOf(OAuthError);
      expect(cause).toMatchObject({ permanent: false, clientRejected: true });
    }
    expect(rejected).toHaveLength(2);
    expect(storage.map).toEqual(before);
    expect(storage.deletes).toBe(0);

    const fixed = new TokenManager({ oauth: good, storage });
    for (const key of ['alice', 'bob']) {
      const token = await fixed.sourceFor(key).getAccessToken();
      expect(token).not.toBe(before.get(key)!.accessToken);
      expect(storage.map.get(key)?.refreshToken).not.toBe(before.get(key)!.refreshToken);
    }
  });

  it("another client's refresh token (400 invalid_request, not linked to client) is permanent: record deleted", async () => {
    const storage = new MemoryStorage();
    const manager = new TokenManager({ oauth: good, storage, onClientRejected: () => expect.unreachable() });
    storage.map.set('carol', expiredTokens('carol', OTHER_CLIENT.id));
    const err = await manager.sourceFor('carol').getAccessToken().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReauthRequiredError);
    expect((err as ReauthRequiredError).reason).toBe('refresh_rejected');
    expect(storage.map.has('carol')).toBe(false);
  });
});
