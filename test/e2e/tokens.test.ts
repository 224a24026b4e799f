import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import type { Who } from '../../fake-discord/index.js';

// Each test links its own service account, so expiring or revoking one account's tokens touches no other test.
const ACCOUNTS = ['erin', 'frank', 'grace', 'heidi'].map((name) => ({ name, password: `${name}-password` }));

describe('per-user tokens end to end', () => {
  let stack: Stack;
  let offsetMs = 0;
  const now = () => Date.now() + offsetMs;

  beforeAll(async () => {
    stack = await startStack({ bot: { now }, emulator: { now, users: [...DEFAULT_USERS, ...ACCOUNTS] } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const refreshes = () => stack.emulator.stats.tokenRequests.refresh_token;
  const viewOwnList = (user: Who) => stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'view', user, where: GUILD });

  it('refreshes a token about a minute before expiry, once, and stores the rotated tokens', async () => {
    const user = newUser('ahead');
    await stack.login(user, { name: 'alice', password: 'alice-password' });
    const before = await stack.bot.store.accounts.get(user.id);
    if (!before) throw new Error('not linked');

    const baseline = await answerOf(viewOwnList(user));
    expect(baseline.text).toContain('Watching');
    const count = refreshes();

    const shift = async (ms: number, check: () => Promise<void>) => {
      offsetMs += ms;
      try {
        await check();
      } finally {
        offsetMs -= ms;
      }
    };
    // Two minutes before expiry (3600 s tokens): used as is.
    await shift((3600 - 120) * 1000, async () => {
      await answerOf(viewOwnList(user));
      expect(refreshes()).toBe(count);
    });
    // 30 s before expiry: still valid at the service, but refreshed first.
    await shift((3600 - 30) * 1000, async () => {
      const after = await answerOf(viewOwnList(user));
      expect(after.ephemeral).toBe(false);
      expect(after.message.embeds).toEqual(baseline.message.embeds);
      expect(refreshes()).toBe(count + 1);
      const stored = await stack.bot.store.accounts.get(user.id);
      expect(stored?.tokens.accessToken).not.toBe(before.tokens.accessToken);
      expect(stored?.tokens.refreshToken).not.toBe(before.tokens.refreshToken);
      expect(stored?.tokens.expiresAt).toBeGreaterThan(now() + 3000 * 1000);

      // The new token is used as is: no further refresh.
      await answerOf(viewOwnList(user));
      expect(refreshes()).toBe(count + 1);
    });
  });

  it('50 concurrent commands with a token past its expiry cause exactly one refresh ahead of use', async () => {
    const user = newUser('burst-ahead');
    await stack.login(user, { name: 'bob', password: 'bob-password' });
    const baseline = await answerOf(viewOwnList(user));
    // bob's own list (first page, by title).
    expect(baseline.text).toContain('Your anime list');
    expect(baseline.text).toContain('**1.**');
    const count = refreshes();
    offsetMs += 2 * 3600 * 1000;
    try {
      const handles = Array.from({ length: 50 }, () => viewOwnList(user));
      const answers = await Promise.all(handles.map((h) => answerOf(h, 20_000)));
      for (const [i, answer] of answers.entries()) {
        expect(answer.ephemeral, `answer ${i}: ${answer.text}`).toBe(false);
        expect(answer.message.embeds).toEqual(baseline.message.embeds);
        expect(handles[i]!.errors()).toEqual([]);
      }
      expect(refreshes()).toBe(count + 1);
    } finally {
      offsetMs -= 2 * 3600 * 1000;
    }
  }, 60_000);

  it('refreshes after a 401 invalid_token, and the rotated refresh token works next time', async () => {
    const user = newUser('rejected');
    const account = ACCOUNTS[0]!;
    await stack.login(user, account);
    const count = refreshes();
    stack.emulator.expireAccessTokens(account.name);
    const profile = await answerOf(stack.command({ name: 'profile', user, where: GUILD }));
    expect(profile.message.embeds?.[0]?.title).toBe(account.name);
    expect(refreshes()).toBe(count + 1);

    // Again: only works if the rotated refresh token from the first refresh was stored.
    stack.emulator.expireAccessTokens(account.name);
    const again = await answerOf(stack.command({ name: 'profile', user, where: GUILD }));
    expect(again.message.embeds?.[0]?.title).toBe(account.name);
    expect(refreshes()).toBe(count + 2);
  });

  it('50 concurrent commands on an expired token cause exactly one refresh and all answer', async () => {
    const user = newUser('burst');
    const account = ACCOUNTS[1]!;
    await stack.login(user, account);
    // A few entries so the list is not empty.
    for (const [id, status] of [[967, 'watching'], [1, 'completed'], [20, 'dropped']] as const) {
      const put = await answerOf(
        stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', options: { title: `id:${id}`, status }, user, where: GUILD }),
      );
      expect(put.ephemeral).toBe(false);
    }
    const baseline = await answerOf(viewOwnList(user));
    expect(baseline.text).toContain('Hokuto no Ken');
    expect(baseline.text).toContain('Dropped');

    const count = refreshes();
    stack.emulator.expireAccessTokens(account.name);
    const logStart = stack.emulator.requestLog.length;
    const handles = Array.from({ length: 50 }, () => viewOwnList(user));
    const answers = await Promise.all(handles.map((h) => answerOf(h, 20_000)));
    for (const [i, answer] of answers.entries()) {
      expect(answer.ephemeral, `answer ${i}: ${answer.text}`).toBe(false);
      expect(answer.message.embeds).toEqual(baseline.message.embeds);
      expect(handles[i]!.errors()).toEqual([]);
    }
    expect(refreshes()).toBe(count + 1);
    const listCalls = stack.emulator.requestLog.slice(logStart).filter((r) => r.path === '/v2/users/@me/animelist');
    expect(listCalls.filter((r) => r.status === 401).length).toBeGreaterThan(0);
    expect(listCalls.filter((r) => r.status === 200).length).toBe(50);
  }, 60_000);

  it('a 401 invalid_token refreshes once and retries once; a second 401 is an error, not a loop, and keeps the link', async () => {
    const user = newUser('twice');
    await stack.login(user, { name: 'carol', password: 'carol-password' });
    const invalid = { status: 401, body: JSON.stringify({ error: 'invalid_token', message: 'The access token is invalid' }), contentType: 'application/json' };
    let count = refreshes();
    stack.emulator.faults.failNext(1, invalid);
    const ok = await answerOf(stack.command({ name: 'profile', user, where: GUILD }));
    expect(ok.message.embeds?.[0]?.title).toBe('carol');
    expect(refreshes()).toBe(count + 1);

    count = refreshes();
    const logStart = stack.emulator.requestLog.length;
    stack.emulator.faults.failNext(2, invalid);
    try {
      const failed = await answerOf(stack.command({ name: 'profile', user, where: GUILD }));
      expect(failed.ephemeral).toBe(true);
      expect(failed.text).toContain('/login');
    } finally {
      stack.emulator.faults.reset();
    }
    expect(refreshes()).toBe(count + 1);
    expect(stack.emulator.requestLog.slice(logStart).filter((r) => r.path === '/v2/users/@me')).toHaveLength(2);
    expect((await stack.bot.store.accounts.get(user.id))?.serviceUserName).toBe('carol');
  });

  it('when the refresh fails for good the record is removed and the user is told to /login again', async () => {
    const user = newUser('revoked');
    const account = ACCOUNTS[2]!;
    await stack.login(user, account);
    stack.emulator.revokeRefreshTokens(account.name);
    stack.emulator.expireAccessTokens(account.name);
    const count = refreshes();
    const answer = await answerOf(viewOwnList(user));
    expect(answer.ephemeral).toBe(true);
    expect(answer.text).toMatch(/log in again/i);
    expect(answer.text).toContain('/login');
    expect(refreshes()).toBe(count + 1);
    expect(await stack.bot.store.accounts.get(user.id)).toBeUndefined();

    // From now on: plainly not logged in, and nothing more is sent to the token endpoint.
    const next = await answerOf(stack.command({ name: 'profile', user, where: GUILD }));
    expect(next.ephemeral).toBe(true);
    expect(next.text).toContain('/login');
    expect(refreshes()).toBe(count + 1);
  });

  it('a record removed after a failed refresh can be linked again', async () => {
    const user = newUser('relink');
    const account = ACCOUNTS[3]!;
    await stack.login(user, account);
    stack.emulator.revokeRefreshTokens(account.name);
    stack.emulator.expireAccessTokens(account.name);
    await answerOf(stack.command({ name: 'profile', user, where: GUILD }));
    expect(await stack.bot.store.accounts.get(user.id)).toBeUndefined();
    await stack.login(user, account);
    const profile = await answerOf(stack.command({ name: 'profile', user, where: GUILD }));
    expect(textOf(profile.message)).toContain(account.name);
  });
});
