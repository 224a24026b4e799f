// The re-link message for background work, through two bots on one store, the fake Discord and the
// emulator: when the follow-list sync finds a user's login revoked at the service (invalid_grant on
// refresh), the user gets one DM saying so with a /login hint — one across both processes, none for
// work the user started (they are told in its answer), and again after they link and lose it anew.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot, type RunningBot } from '../../src/app/bot.js';
import { silentLogger } from '../../src/log/log.js';
import { DEFAULT_USERS } from '../../emulator/server.js';
import type { RecordedMessage, Who } from '../../fake-discord/index.js';
import { DM, freePort, GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';

const START = Date.UTC(2026, 0, 8, 12, 0);
const HOUR = 3_600_000;
const ACCOUNTS = ['lena', 'milo'].map((name) => ({ name, password: `${name}-password` }));

describe('a login lost during background work', () => {
  let stack: Stack;
  let second: RunningBot;
  let clock = START;

  beforeAll(async () => {
    stack = await startStack({
      emulator: { now: () => clock, users: [...DEFAULT_USERS, ...ACCOUNTS] },
      bot: { now: () => clock, reminders: { tickMs: 24 * HOUR } },
    });
    // The second process takes no interactions (HTTP transport with no endpoint registered): on the fake
    // gateway every session would receive each command, and a late second handling of a command could
    // find the login revoked before the background sync does.
    const port = await freePort();
    const config = { ...stack.config, web: { ...stack.config.web, port }, transport: { ...stack.config.transport, kind: 'http' as const, publicKey: stack.discord.publicKey } };
    second = await startBot({ config, log: silentLogger, host: '127.0.0.1', now: () => clock, reminders: { tickMs: 24 * HOUR, indexRefreshMs: 0 } });
    await second.ready;
  });
  afterAll(async () => {
    await second?.stop();
    await stack?.stop();
  });

  const run = (user: Who, subcommand: string, options: Record<string, string | number | boolean> = {}) =>
    answerOf(stack.command({ name: 'remind', subcommand, options, user, where: DM }));
  const dms = (user: Who): RecordedMessage[] => stack.discord.dms.messagesTo(user.id);
  const ticks = () => Promise.all([stack.bot.reminders.tick(), second.reminders.tick(), stack.bot.reminders.tick(), second.reminders.tick()]);
  /** Ticks until the user has `count` DMs (a sync can be cut short by a slow machine and finish on a later tick), at most a few rounds. */
  const ticksUntil = async (user: Who, count: number) => {
    for (let round = 0; round < 5 && dms(user).length < count; round++) {
      await ticks();
      if (dms(user).length < count) await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('the follow-list sync on two processes sends one "log in again" DM, and one more after a new link is lost', async () => {
    const user = newUser('lost');
    const account = ACCOUNTS[0] ?? { name: '', password: '' };
    await stack.login(user, account);
    expect((await run(user, 'follow-list', { enabled: true })).text).toContain('Following your list');

    // The person revokes the bot at the service: its refresh token is dead, and the access token expires.
    stack.emulator.revokeRefreshTokens(account.name);
    clock += 6 * HOUR + 60_000;
    await ticksUntil(user, 1);
    const told = dms(user);
    expect(told).toHaveLength(1);
    expect(textOf(told[0])).toContain('Log in again');
    expect(textOf(told[0])).toContain('/login');

    // Later syncs, on either process, say nothing more; the login is gone.
    clock += 6 * HOUR + 60_000;
    await ticks();
    expect(dms(user)).toHaveLength(1);
    expect((await answerOf(stack.command({ name: 'profile', user, where: GUILD }))).text).toContain('/login');

    // Linked again and lost again: told again, once.
    await stack.login(user, account);
    expect((await run(user, 'follow-list', { enabled: true })).text).toContain('Following your list');
    stack.emulator.revokeRefreshTokens(account.name);
    clock += 6 * HOUR + 60_000;
    await ticksUntil(user, 2);
    clock += 6 * HOUR + 60_000;
    await ticks();
    expect(dms(user)).toHaveLength(2);
  }, 60_000);

  it('a login found revoked by the user\'s own command is told in its answer, not by DM', async () => {
    const user = newUser('own');
    const account = ACCOUNTS[1] ?? { name: '', password: '' };
    await stack.login(user, account);
    stack.emulator.revokeRefreshTokens(account.name);
    stack.emulator.expireAccessTokens(account.name);
    const answer = await answerOf(stack.command({ name: 'profile', user, where: GUILD }));
    expect(answer.text).toContain('/login');
    // Turning follow-list on is the user's own request too.
    expect((await run(user, 'follow-list', { enabled: true })).text).toContain('/login');
    clock += 6 * HOUR + 60_000;
    await ticks();
    expect(dms(user)).toHaveLength(0);
  }, 60_000);
});
