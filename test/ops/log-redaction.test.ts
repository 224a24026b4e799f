// A full login, a token refresh and a list update with DEBUG logs on, through the real bot, the
// fake Discord and the emulator: no secret the bot handled appears anywhere in the log.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SECRET, DM, GUILD, loginUrlOf, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf, confirmTokenOf, decideLink } from '../../local-stack/user-helpers.js';
import { slashCommand } from '../../fake-discord/index.js';
import { loginAsPerson } from '../../emulator/login.js';
import { DEFAULT_USERS } from '../../emulator/server.js';

describe('logs hold no secrets', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ log: true, clientSecret: true, metrics: true, emulator: { users: DEFAULT_USERS } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('login + refresh + list update at debug level: every line is JSON with its context, none holds a secret', async () => {
    const user = newUser('redact');
    const secrets: Record<string, string> = {
      clientSecret: CLIENT_SECRET,
      discordToken: stack.discord.botToken,
    };

    // Login, step by step, to learn the state, the PKCE verifier (plain: the challenge) and the code.
    const loginHandle = stack.discord.interact(slashCommand({ name: 'login', user, where: DM }));
    secrets.loginInteractionToken = loginHandle.token;
    const authorize = new URL(loginUrlOf(await loginHandle.settled()));
    secrets.state = authorize.searchParams.get('state') ?? '';
    secrets.codeVerifier = authorize.searchParams.get('code_challenge') ?? '';
    const redirect = await loginAsPerson(authorize.href, { name: 'alice', password: 'alice-password' });
    secrets.code = redirect.searchParams.get('code') ?? '';
    const callback = await fetch(`${stack.config.web.publicUrl}${redirect.pathname}${redirect.search}`);
    expect(callback.status).toBe(200);
    // The person confirms on the page naming both accounts; its single-use token must not be logged either.
    const page = { body: await callback.text() };
    secrets.confirmToken = confirmTokenOf(page);
    expect((await decideLink(stack, page)).status).toBe(200);
    await loginHandle.waitForOriginal((m) => JSON.stringify(m.embeds).includes('linked as'));
    const linked = await stack.bot.store.accounts.get(user.id);
    secrets.accessToken = linked?.tokens.accessToken ?? '';
    secrets.refreshToken = linked?.tokens.refreshToken ?? '';

    // A refresh forced by the service rejecting the access token, during a list update.
    stack.emulator.expireAccessTokens('alice');
    const update = stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', options: { title: 'id:967', status: 'watching' }, user, where: GUILD });
    secrets.updateInteractionToken = update.token;
    const answer = await answerOf(update);
    expect(answer.ephemeral, answer.text).toBe(false);
    const rotated = await stack.bot.store.accounts.get(user.id);
    secrets.rotatedAccessToken = rotated?.tokens.accessToken ?? '';
    secrets.rotatedRefreshToken = rotated?.tokens.refreshToken ?? '';
    expect(secrets.rotatedAccessToken).not.toBe(secrets.accessToken);

    const logout = stack.command({ name: 'logout', user, where: DM });
    secrets.logoutInteractionToken = logout.token;
    await answerOf(logout);

    for (const [name, value] of Object.entries(secrets)) expect(value.length, name).toBeGreaterThan(8);
    const lines = stack.logLines;
    expect(lines.length).toBeGreaterThan(10);
    const all = lines.join('\n');
    for (const [name, value] of Object.entries(secrets)) {
      expect(all.includes(value), `${name} appears in the log`).toBe(false);
    }

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    // The upstream calls of the update carry the interaction's bindings and their own facts.
    const upstream = entries.filter((e) => e.msg === 'upstream call' && e.interactionId === update.id);
    expect(upstream.length).toBeGreaterThanOrEqual(2);
    for (const e of upstream) {
      expect(e).toMatchObject({ level: 'debug', command: 'list anime update', transport: 'gateway', attempt: expect.any(Number) });
      expect(typeof e.endpoint).toBe('string');
      expect(typeof e.ms).toBe('number');
    }
    expect(upstream.map((e) => e.status)).toContain(401);
    expect(upstream.map((e) => e.endpoint)).toContain('anime/{id}/my_list_status');

    // Audit trail: link, refresh (here it succeeded, so no failure line), unlink.
    expect(entries).toContainEqual(
      expect.objectContaining({ audit: 'link', discordUserId: user.id, serviceUserName: 'alice', outcome: 'linked' }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({ audit: 'unlink', discordUserId: user.id, serviceUserName: 'alice', outcome: 'unlinked' }),
    );
    expect(entries.some((e) => e.msg === 'token refreshed' && e.discordUserId === user.id)).toBe(true);
  });

  it('a refresh the service rejects is audited with the Discord user and the account it was linked as', async () => {
    const user = newUser('revoked');
    await stack.login(user, { name: 'bob', password: 'bob-password' });
    stack.emulator.expireAccessTokens('bob');
    stack.emulator.revokeRefreshTokens('bob');
    const answer = await answerOf(stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'view', user, where: GUILD }));
    expect(answer.ephemeral).toBe(true);
    const audit = stack.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((e) => e.audit === 'refresh_failed');
    expect(audit).toMatchObject({ level: 'warn', discordUserId: user.id, serviceUserName: 'bob', outcome: 'login_removed' });
  });
});
