// Per-user state shared by two real bot processes on one PostgreSQL or Redis store, behind a loopback
// balancer (HTTP transport, signed interactions from the fake Discord): the per-user rate limit counts
// one user's commands once across both, two "+1 episode" clicks landing on the two processes at once
// give +2, a short-lived token used on both at once is refreshed once, and a process killed while
// holding a user's refresh lock blocks that user no longer than one refresh deadline.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN_TIMEOUT_MS } from '../../src/service/oauth.js';
import { DEFAULT_USERS, type Emulator } from '../../emulator/server.js';
import { loginAsPerson } from '../../emulator/login.js';
import { buttonClick, slashCommand, type FakeDiscord, type Who } from '../../fake-discord/index.js';
import { componentId, DM, GUILD, loginUrlOf, newUser, textOf } from '../../local-stack/harness.js';
import { waitFor, type BotRun } from '../../local-stack/bot-process.js';
import { type Balancer } from '../../local-stack/balancer.js';
import { startFaultProxy, type FaultProxy } from '../../local-stack/fault-proxy.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { startProcessPair, type ProcessPair } from '../../local-stack/process-pair.js';
import { engineCases, type EngineCase } from '../../local-stack/store-engines.js';

const CLIENT_ID = 'peruser0process0client0id0000000';
const ACCOUNTS = Array.from({ length: 6 }, (_, i) => ({ name: `puser${i}`, password: `pu-password-${i}` }));
/** Each user's budget: 10 commands at once, 10 a minute (one 60 s window). */
const BURST = 10;
/** Access tokens live 8 s: shorter than the 60 s refresh-ahead skew. */
const ACCESS_TTL_S = 8;

// PostgreSQL and Redis, each skipped when its TEST_*_URL is not set.
const ENGINES = engineCases().filter((c) => c.kind === 'postgres' || c.kind === 'redis');

for (const engine of ENGINES) {
  describe.skipIf(engine.skipped !== undefined)(`per-user state across two bot processes on one ${engine.kind} store`, () => perUserSuite(engine));
}

function perUserSuite(engine: EngineCase): void {
  let pair: ProcessPair;
  let emulator: Emulator;
  let authProxy: FaultProxy;
  let apiProxy: FaultProxy;
  let discord: FakeDiscord;
  let balancer: Balancer;
  let runs: BotRun[];
  let accountsUsed = 0;

  beforeAll(async () => {
    pair = await startProcessPair({
      engine: engine.kind,
      clientId: CLIENT_ID,
      applicationId: '1100000000000000007',
      emulator: (publicUrl) => ({
        users: [...DEFAULT_USERS, ...ACCOUNTS],
        clients: [{ id: CLIENT_ID, redirectUris: [`${publicUrl}/oauth/callback`] }],
        accessTokenTtlSeconds: ACCESS_TTL_S,
      }),
      env: async (emu, onClose) => {
        // The token endpoint behind a proxy that can hold a refresh (the holder is then killed).
        authProxy = await startFaultProxy(emu.url);
        // The API behind a proxy that can slow a read, so two read-then-write changes would overlap.
        apiProxy = await startFaultProxy(emu.url);
        onClose(() => authProxy.close());
        onClose(() => apiProxy.close());
        return { SERVICE_AUTH_URL: authProxy.url, SERVICE_API_URL: apiProxy.url, USER_RATE_BURST: String(BURST), USER_RATE_PER_MINUTE: String(BURST) };
      },
    });
    ({ emulator, discord, balancer, runs } = pair);
  }, 120_000);
  afterAll(async () => {
    await pair?.close();
  });

  /** Links a new Discord user to the next service account through /login, the service's form and the callback. */
  async function linkedUser(label: string): Promise<{ user: Who; account: string }> {
    const account = ACCOUNTS[accountsUsed++];
    if (!account) throw new Error('out of service accounts');
    const user = newUser(label);
    const handle = discord.interact(slashCommand({ name: 'login', user, where: DM }));
    const redirect = await loginAsPerson(loginUrlOf(await handle.settled()), account);
    const page = await fetch(`${balancer.url}${redirect.pathname}${redirect.search}`);
    expect(page.status).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const confirmed = await fetch(`${balancer.url}/oauth/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, action: 'confirm' }).toString(),
    });
    expect(confirmed.status).toBe(200);
    await handle.waitForOriginal((m) => textOf(m).includes('linked as'));
    return { user, account: account.name };
  }

  const refreshes = (): number => emulator.stats.tokenRequests.refresh_token;
  const profile = (user: Who) => discord.interact(slashCommand({ name: 'profile', user, where: GUILD }));

  it('the per-user limit counts one user\'s commands once across both processes', async () => {
    const looper = newUser('looper');
    const answers: Array<{ text: string; backend: number | undefined }> = [];
    for (let i = 0; i < 2 * BURST; i++) {
      const handle = discord.interact(slashCommand({ name: 'anime', subcommand: 'search', options: { query: `across${i}x` }, user: looper, where: GUILD }));
      answers.push({ text: (await answerOf(handle)).text, backend: balancer.backendOf(handle.id) });
    }
    const served = answers.filter((a) => !a.text.includes('Slow down'));
    const slowed = answers.filter((a) => a.text.includes('Slow down'));
    // Each process alone would have served BURST: together they served BURST.
    expect(served).toHaveLength(BURST);
    expect(slowed).toHaveLength(BURST);
    // The balancer spread the user over both processes, and both refused once the shared budget was spent.
    expect(new Set(answers.map((a) => a.backend))).toEqual(new Set([0, 1]));
    expect(new Set(slowed.map((a) => a.backend))).toEqual(new Set([0, 1]));
    // Another user is served by both processes as usual.
    const other = newUser('other');
    for (let i = 0; i < 2; i++) {
      const text = (await answerOf(discord.interact(slashCommand({ name: 'anime', subcommand: 'search', options: { query: 'Hokuto' }, user: other, where: GUILD })))).text;
      expect(text).not.toContain('Slow down');
    }
  }, 60_000);

  it('two "+1 episode" clicks at once on the two processes give +2', async () => {
    const { user, account } = await linkedUser('plus');
    const details = await answerOf(discord.interact(slashCommand({ name: 'anime', subcommand: 'info', options: { title: 'id:967' }, user, where: GUILD })));
    const plusOne = componentId(details.message, '+1 episode');
    // Each click's read of the current count takes 400 ms: unserialised, both would read 0 and write 1.
    apiProxy.add({ match: /^GET \/v2\/anime\/967\?/, fault: { kind: 'delay', ms: 400 }, times: 2 });
    const clicks = [0, 1].map(() => discord.interact(buttonClick({ message: details.message, customId: plusOne, user, where: GUILD })));
    const answers = await Promise.all(clicks.map((c) => answerOf(c, 15_000)));
    // The balancer sent one click to each process.
    expect(new Set(clicks.map((c) => balancer.backendOf(c.id)))).toEqual(new Set([0, 1]));
    for (const answer of answers) expect(answer.text).toContain('Updated your list');
    const { access_token: token } = emulator.issueTokensFor(account, CLIENT_ID);
    const res = await fetch(`${emulator.url}/v2/anime/967?fields=my_list_status`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { my_list_status?: { num_episodes_watched?: number } };
    expect(body.my_list_status?.num_episodes_watched).toBe(2);
    apiProxy.reset();
  }, 60_000);

  it('a short-lived token used on both processes at once is refreshed once, then used by both', async () => {
    const { user, account } = await linkedUser('short');
    // Into the last half of the token's 8 s life: the next use refreshes it ahead of expiry.
    await new Promise((resolve) => setTimeout(resolve, (ACCESS_TTL_S / 2) * 1000 + 500));
    const before = refreshes();
    const burst = Array.from({ length: 6 }, () => profile(user));
    const texts = await Promise.all(burst.map(async (h) => (await answerOf(h, 15_000)).text));
    for (const text of texts) expect(text).toContain(account);
    expect(new Set(burst.map((h) => balancer.backendOf(h.id)))).toEqual(new Set([0, 1]));
    expect(refreshes() - before).toBe(1);
    // The new token is used by both processes for the first half of its life: no refresh per command.
    for (let i = 0; i < 2; i++) expect((await answerOf(profile(user))).text).toContain(account);
    expect(refreshes() - before).toBe(1);
  }, 60_000);

  it('a process killed while holding a user\'s refresh lock blocks that user no longer than one refresh deadline', async () => {
    const { user, account } = await linkedUser('killed');
    // The next token request is held and never answered: whoever sends it holds the lock until it dies.
    authProxy.add({ match: /^POST \/v1\/oauth2\/token/, fault: { kind: 'no_headers' }, times: 1 });
    emulator.expireAccessTokens(account);
    const held = profile(user);
    await waitFor(() => authProxy.requests.some((r) => r.fault === 'no_headers'), 10_000, () => 'the held refresh');
    const lockedAt = Date.now();
    // Over HTTP the balancer learns the backend when it passes the (deferred) first answer on.
    await waitFor(() => balancer.backendOf(held.id) !== undefined, 5_000, () => 'the held command to be deferred');
    const holder = balancer.backendOf(held.id) ?? 0;
    runs[holder]?.child.kill('SIGKILL');
    await runs[holder]?.exited;

    // The same user on the surviving process: it waits for the dead holder's lease, then refreshes.
    const answer = await answerOf(profile(user), 15_000);
    expect(answer.text).toContain(account);
    expect(Date.now() - lockedAt).toBeLessThan(DEFAULT_TOKEN_TIMEOUT_MS + 2_500);
  }, 60_000);
}
