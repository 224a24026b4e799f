// A user switches accounts (/login as someone else) while a refresh of the old account's token is in flight.
// The old refresh must not land in the new link: the name, /profile and list writes all stay the new account.

import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USERS } from '../../emulator/server.js';
import { GUILD, newUser, startStack, textOf, type Stack } from '../../local-stack/harness.js';
import { answerOf, beginLogin, myListStatus } from '../../local-stack/user-helpers.js';

const IVAN = { name: 'ivan', password: 'ivan-password' };
const JUDY = { name: 'judy', password: 'judy-password' };

/** Forwards everything to the emulator; while armed, holds refresh_token grants until released. */
interface HoldingProxy {
  url: string;
  arm(): { held: Promise<void>; release(): void };
  close(): Promise<void>;
}

async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  const upstream = new URL(target);
  let gate: { onHeld(): void; released: Promise<void> } | undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const isRefresh = req.url === '/v1/oauth2/token' && new URLSearchParams(body.toString()).get('grant_type') === 'refresh_token';
      const current = isRefresh ? gate : undefined;
      if (current) current.onHeld();
      void (current?.released ?? Promise.resolve()).then(() => {
        const headers: IncomingHttpHeaders = { ...req.headers, host: upstream.host };
        const forward = request(
          { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forward.on('error', () => res.destroy());
        forward.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arm() {
      let onHeld!: () => void;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (onHeld = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      gate = { onHeld, released };
      return {
        held,
        release: () => {
          gate = undefined;
          release();
        },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('switching accounts while a refresh is in flight', () => {
  let stack: Stack;
  let proxy: HoldingProxy;

  beforeAll(async () => {
    stack = await startStack({ emulator: { users: [...DEFAULT_USERS, IVAN, JUDY] } });
    // The bot talks to the authorization server through the proxy from now on (same emulator behind it).
    proxy = await startHoldingProxy(stack.emulator.url);
    stack.config.service.authUrl = proxy.url;
    await stack.restartBot();
  });
  afterAll(async () => {
    await stack?.stop();
    await proxy?.close();
  });

  it('the old account’s refreshed tokens are dropped; name, /profile and list writes are the new account', async () => {
    const user = newUser('switcher');
    await stack.login(user, IVAN);
    expect((await stack.bot.store.accounts.get(user.id))?.serviceUserName).toBe(IVAN.name);

    const refreshes = stack.emulator.stats.tokenRequests.refresh_token;
    const gate = proxy.arm();
    stack.emulator.expireAccessTokens(IVAN.name);
    const inFlight = stack.command({ name: 'profile', user, where: GUILD });
    await gate.held;
    // Re-link as judy while ivan's refresh waits at the proxy; then let the refresh finish (it succeeds upstream).
    await stack.login(user, JUDY);
    gate.release();

    const answer = await answerOf(inFlight, 20_000);
    expect(inFlight.errors()).toEqual([]);
    expect(answer.message.embeds?.[0]?.title).toBe(JUDY.name);
    expect(stack.emulator.stats.tokenRequests.refresh_token).toBe(refreshes + 1);

    const stored = await stack.bot.store.accounts.get(user.id);
    expect(stored?.serviceUserName).toBe(JUDY.name);

    const profile = await answerOf(stack.command({ name: 'profile', user, where: GUILD }));
    expect(profile.message.embeds?.[0]?.title).toBe(JUDY.name);

    const login = await beginLogin(stack, user);
    expect(textOf(login.reply)).toContain(`linked as **${JUDY.name}**`);

    const write = await answerOf(
      stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', options: { title: 'id:967', status: 'watching' }, user, where: GUILD }),
    );
    expect(write.ephemeral, write.text).toBe(false);
    expect(await myListStatus(stack, JUDY.name, 'anime', 967)).toMatchObject({ status: 'watching' });
    expect(await myListStatus(stack, IVAN.name, 'anime', 967)).toBeUndefined();
  }, 60_000);
});
