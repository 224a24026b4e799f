import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ID, DM, GUILD, newUser, startStack, textOf, TRANSPORTS, type Stack } from '../../local-stack/harness.js';
import { answerOf, authorize, beginLogin, decideLink, expectToldToLogin, linkThrough, openCallback } from '../../local-stack/user-helpers.js';
import type { Where } from '../../fake-discord/index.js';

const ALICE = { name: 'alice', password: 'alice-password' };
const BOB = { name: 'bob', password: 'bob-password' };

describe.each(TRANSPORTS)('login, callback and logout end to end over the %s transport', (transport) => {
  let stack: Stack;
  // One clock for the bot and the emulator; a test moves it forward to expire a pending login.
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;

  beforeAll(async () => {
    stack = await startStack({ bot: { now }, emulator: { now }, transport });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const codeExchanges = () => stack.emulator.stats.tokenRequests.authorization_code;

  it.each<[string, Where]>([
    ['a DM', DM],
    ['a server', GUILD],
  ])('links, says as whom, offers to switch and logs out in %s', async (_label, where) => {
    const user = newUser('login');
    const started = await beginLogin(stack, user, where);
    expect(started.handle.ephemeral()).toBe(true);
    expect(started.handle.errors()).toEqual([]);

    const { url } = started;
    expect(`${url.origin}${url.pathname}`).toBe(`${stack.config.service.authUrl}/v1/oauth2/authorize`);
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe(CLIENT_ID);
    expect(q.get('redirect_uri')).toBe(`${stack.config.web.publicUrl}/oauth/callback`);
    expect(q.get('code_challenge_method')).toBe('plain');
    expect(started.verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    expect(started.state.length).toBeGreaterThanOrEqual(32);

    // A second /login makes a new verifier and state.
    const again = await beginLogin(stack, user, where);
    expect(again.state).not.toBe(started.state);
    expect(again.verifier).not.toBe(started.verifier);

    const exchangesBefore = codeExchanges();
    const redirect = await authorize(started, ALICE);
    expect(redirect.searchParams.get('state')).toBe(started.state);
    const page = await openCallback(stack, redirect);
    expect(page.status).toBe(200);
    expect(page.body).toContain('alice');
    expect(codeExchanges()).toBe(exchangesBefore + 1);
    // Nothing is linked until the person confirms on the page.
    expect(await stack.bot.store.accounts.get(user.id)).toBeUndefined();
    await started.handle.waitForOriginal((m) => textOf(m).includes('Confirm in your browser'));
    expect((await decideLink(stack, page)).status).toBe(200);

    const edited = await started.handle.waitForOriginal((m) => textOf(m).includes('linked as'));
    expect(textOf(edited)).toContain('**alice**');
    expect(edited.components ?? []).toEqual([]);
    expect(started.handle.ephemeral()).toBe(true);
    expect(started.handle.errors()).toEqual([]);
    expect((await stack.bot.store.accounts.get(user.id))?.serviceUserName).toBe('alice');

    const profile = await answerOf(stack.command({ name: 'profile', user, where }));
    expect(profile.message.embeds?.[0]?.title).toBe('alice');

    const relogin = await beginLogin(stack, user, where);
    expect(relogin.handle.ephemeral()).toBe(true);
    expect(textOf(relogin.reply)).toContain('linked as **alice**');
    expect(textOf(relogin.reply)).toMatch(/switch/i);

    const logout = stack.command({ name: 'logout', user, where });
    const out = await answerOf(logout);
    expect(out.ephemeral).toBe(true);
    expect(out.text).toMatch(/logged out/i);
    expect(out.text).toContain('alice');
    expect(out.text).toMatch(/tokens are deleted/i);
    expect(await stack.bot.store.accounts.get(user.id)).toBeUndefined();

    await expectToldToLogin(stack.command({ name: 'profile', user, where }));
    await expectToldToLogin(stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'view', user, where }));
    await expectToldToLogin(stack.command({ name: 'anime', subcommand: 'suggestions', user, where }));
    await expectToldToLogin(stack.command({ name: 'list', subcommandGroup: 'manga', subcommand: 'view', user, where }));
    await expectToldToLogin(
      stack.command({ name: 'list', subcommandGroup: 'manga', subcommand: 'remove', options: { title: 'id:21' }, user, where }),
    );
    await expectToldToLogin(
      stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', options: { title: 'id:967', score: 7 }, user, where }),
    );

    // Logout also dropped the pending logins: the link of the /login made before it no longer works.
    const stale = await openCallback(stack, await authorize(relogin, ALICE));
    expect(stale.status).toBeGreaterThanOrEqual(400);
    expect(stale.status).toBeLessThan(500);
    expect(await stack.bot.store.accounts.get(user.id)).toBeUndefined();

    const secondLogout = await answerOf(stack.command({ name: 'logout', user, where }));
    expect(secondLogout.text).toMatch(/not linked/i);
  });

  it('switches accounts through /login when already linked', async () => {
    const user = newUser('switch');
    await stack.login(user, ALICE);
    const started = await beginLogin(stack, user);
    expect(textOf(started.reply)).toContain('alice');
    expect((await linkThrough(stack, await authorize(started, BOB))).status).toBe(200);
    await started.handle.waitForOriginal((m) => textOf(m).includes('linked as **bob**'));
    expect((await stack.bot.store.accounts.get(user.id))?.serviceUserName).toBe('bob');
  });

  it('a denied authorization shows a 4xx page, edits the reply and stores nothing', async () => {
    const user = newUser('deny');
    const started = await beginLogin(stack, user, GUILD);
    const exchangesBefore = codeExchanges();
    const redirect = await authorize(started, ALICE, 'deny');
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    const page = await openCallback(stack, redirect);
    expect(page.status).toBeGreaterThanOrEqual(400);
    expect(page.status).toBeLessThan(500);
    const edited = await started.handle.waitForOriginal((m) => textOf(m).includes('not completed'));
    expect(textOf(edited)).toContain('/login');
    expect(started.handle.ephemeral()).toBe(true);
    expect(started.handle.errors()).toEqual([]);
    expect(codeExchanges()).toBe(exchangesBefore);
    expect(await stack.bot.store.accounts.get(user.id)).toBeUndefined();
    await expectToldToLogin(stack.command({ name: 'profile', user, where: GUILD }));
  });

  it('a replayed state is refused and does not exchange the code again', async () => {
    const user = newUser('replay');
    const started = await beginLogin(stack, user);
    const redirect = await authorize(started, ALICE);
    const exchangesBefore = codeExchanges();
    expect((await linkThrough(stack, redirect)).status).toBe(200);
    await started.handle.waitForOriginal((m) => textOf(m).includes('linked as'));
    const linked = await stack.bot.store.accounts.get(user.id);
    expect(linked?.serviceUserName).toBe('alice');

    const replay = await openCallback(stack, redirect);
    expect(replay.status).toBeGreaterThanOrEqual(400);
    expect(replay.status).toBeLessThan(500);
    expect(codeExchanges()).toBe(exchangesBefore + 1);
    // Still linked once, with the same tokens.
    expect(await stack.bot.store.accounts.get(user.id)).toEqual(linked);
    expect(textOf(started.handle.original())).toContain('linked as **alice**');
  });

  it('two simultaneous callbacks with one state: exactly one links, the other is a 4xx', async () => {
    const user = newUser('race');
    const started = await beginLogin(stack, user);
    const redirect = await authorize(started, ALICE);
    const exchangesBefore = codeExchanges();
    const pages = await Promise.all([openCallback(stack, redirect), openCallback(stack, redirect)]);
    const statuses = pages.map((p) => p.status).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect(statuses[1]).toBeLessThan(500);
    expect(codeExchanges()).toBe(exchangesBefore + 1);
    const shown = pages.find((p) => p.status === 200);
    if (!shown) throw new Error('no confirmation page');
    expect((await decideLink(stack, shown)).status).toBe(200);
    expect((await stack.bot.store.accounts.get(user.id))?.serviceUserName).toBe('alice');
  });

  it('a login started by one Discord user and completed by another links only the initiator', async () => {
    const initiator = newUser('initiator');
    const other = newUser('other');
    const started = await beginLogin(stack, initiator);
    // The other user has a /login of their own open too; it is not the one the state belongs to.
    const othersLogin = await beginLogin(stack, other);
    // The other person opens the initiator's link and logs in with their own service account.
    const page = await linkThrough(stack, await authorize(started, BOB));
    expect(page.status).toBe(200);
    await started.handle.waitForOriginal((m) => textOf(m).includes('linked as **bob**'));
    expect((await stack.bot.store.accounts.get(initiator.id))?.serviceUserName).toBe('bob');
    expect(await stack.bot.store.accounts.get(other.id)).toBeUndefined();
    expect(textOf(othersLogin.handle.original())).not.toContain('linked as');
    await expectToldToLogin(stack.command({ name: 'profile', user: other, where: DM }));
  });

  it('an expired pending login (over 10 minutes) is refused and stores nothing', async () => {
    const user = newUser('expired');
    const started = await beginLogin(stack, user);
    const redirect = await authorize(started, ALICE);
    const exchangesBefore = codeExchanges();
    offsetMs += 11 * 60 * 1000;
    try {
      const page = await openCallback(stack, redirect);
      expect(page.status).toBeGreaterThanOrEqual(400);
      expect(page.status).toBeLessThan(500);
      expect(page.body).toMatch(/expired/i);
    } finally {
      offsetMs -= 11 * 60 * 1000;
    }
    expect(codeExchanges()).toBe(exchangesBefore);
    expect(await stack.bot.store.accounts.get(user.id)).toBeUndefined();
  });

  it('a code delivered with the state of another pending login (wrong verifier) is refused, nothing stored', async () => {
    const user = newUser('verifier');
    const a = await beginLogin(stack, user);
    const b = await beginLogin(stack, user);
    expect(b.verifier).not.toBe(a.verifier);
    const redirect = await authorize(a, ALICE);
    const swapped = new URL(redirect);
    swapped.searchParams.set('state', b.state);
    const exchangesBefore = codeExchanges();
    const page = await openCallback(stack, swapped);
    expect(page.status).toBeGreaterThanOrEqual(400);
    expect(page.status).toBeLessThan(500);
    // The bot did try the exchange (with B's verifier), and the service refused it.
    expect(codeExchanges()).toBe(exchangesBefore + 1);
    expect(await stack.bot.store.accounts.get(user.id)).toBeUndefined();
    await b.handle.waitForOriginal((m) => textOf(m).includes('not completed'));
    await expectToldToLogin(stack.command({ name: 'profile', user, where: DM }));
  });

  it('a callback without a code, with an unknown state, or reflecting an error is a 4xx page with everything escaped', async () => {
    const user = newUser('nocode');
    const started = await beginLogin(stack, user);
    const base = stack.config.web.redirectUri;
    const missingCode = await openCallback(stack, `${base}?state=${encodeURIComponent(started.state)}`);
    expect(missingCode.status).toBe(400);
    const unknown = await openCallback(stack, `${base}?state=${'A'.repeat(43)}&code=abc`);
    expect(unknown.status).toBe(400);
    const noState = await openCallback(stack, `${base}?code=abc`);
    expect(noState.status).toBe(400);

    const other = await beginLogin(stack, user);
    const injected = '<script>alert(1)</script>';
    const reflected = await openCallback(stack, `${base}?state=${encodeURIComponent(other.state)}&error=${encodeURIComponent(injected)}`);
    expect(reflected.status).toBeGreaterThanOrEqual(400);
    expect(reflected.status).toBeLessThan(500);
    expect(reflected.body).not.toContain(injected);
    expect(reflected.body).toContain('&lt;script&gt;');
    expect(await stack.bot.store.accounts.get(user.id)).toBeUndefined();
  });
});
