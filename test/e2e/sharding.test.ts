// Gateway sharding with real processes: SHARD_COUNT=auto takes Discord's recommendation (2 from the
// fake), the manager starts one child per shard, each child answers the guilds Discord routes to
// it, and the OAuth callback is served once, by the manager, for all of them.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/app/register-commands.js';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { loginAsPerson } from '../../emulator/login.js';
import { slashCommand, startFakeDiscord, type FakeDiscord, type Where } from '../../fake-discord/index.js';
import { DM, freePort, loginUrlOf, newUser, textOf } from '../../local-stack/harness.js';
import { botEnv, spawnBot, waitReady, type BotRun } from '../../local-stack/bot-process.js';

const CLIENT_ID = 'shard0client0id00000000000000000';

/** A realistic guild snowflake that Discord routes to `shard` of 2. */
function guildOnShard(shard: 0 | 1): string {
  const ms = BigInt(Date.now() - 1420070400000);
  return ((((ms >> 1n) << 1n) + BigInt(shard)) << 22n).toString();
}

describe('sharded gateway', () => {
  let dir: string;
  let emulator: Emulator;
  let discord: FakeDiscord;
  let run: BotRun;
  let port: number;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amls-shards-'));
    port = await freePort();
    [emulator, discord] = await Promise.all([
      startEmulator({ clients: [{ id: CLIENT_ID, redirectUris: [`http://127.0.0.1:${port}/oauth/callback`] }] }),
      startFakeDiscord({ applicationId: '1100000000000000004', shardCount: 2, maxConcurrency: 16 }),
    ]);
    await registerCommands({ token: discord.botToken, applicationId: discord.applicationId, apiUrl: discord.apiUrl });
    run = spawnBot(botEnv({ discord, emulator, clientId: CLIENT_ID, port, storeUrl: `sqlite://${join(dir, 'bot.sqlite')}`, extra: { SHARD_COUNT: 'auto' } }));
    await waitReady(run, port, 90_000);
  }, 120_000);
  afterAll(async () => {
    run?.child.kill('SIGKILL');
    await Promise.allSettled([discord?.close(), emulator?.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  it('runs two shards, each answering the guilds routed to it', async () => {
    expect(discord.liveShards()).toBe(2);
    expect(discord.identifies.map((i) => i.shard)).toEqual(expect.arrayContaining([[0, 2], [1, 2]]));
    const ready = (await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()) as Record<string, unknown>;
    expect(ready).toMatchObject({ status: 'ok', transport: 'gateway', shards: '2/2', store: true });

    for (const shard of [0, 1] as const) {
      const where: Where = { kind: 'guild', guildId: guildOnShard(shard) };
      const handle = discord.interact(slashCommand({ name: 'anime', subcommand: 'info', options: { title: 'id:967' }, where, user: newUser() }));
      expect(discord.shardOf(handle.id)).toBe(shard);
      expect(textOf(await handle.settled())).toContain('Hokuto no Ken');
      expect(handle.errors()).toEqual([]);
    }
  });

  it('serves the login callback once, from the manager, for a login started on a shard', async () => {
    const user = newUser('sharded');
    const handle = discord.interact(slashCommand({ name: 'login', user, where: DM }));
    const redirect = await loginAsPerson(loginUrlOf(await handle.settled()), { name: 'alice', password: 'alice-password' });
    expect(redirect.origin).toBe(`http://127.0.0.1:${port}`);
    const page = await fetch(redirect);
    expect(page.status).toBe(200);
    const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const confirmed = await fetch(`http://127.0.0.1:${port}/oauth/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, action: 'confirm' }).toString(),
    });
    expect(confirmed.status).toBe(200);
    await handle.waitForOriginal((m) => textOf(m).includes('linked as **alice**'));
    const profile = discord.interact(slashCommand({ name: 'profile', user, where: { kind: 'guild', guildId: guildOnShard(1) } }));
    expect(textOf(await profile.settled())).toContain('alice');
    // Only the manager listens: the shard children start no web server.
    const started = run.logs().filter((l) => l.msg === 'bot started');
    expect(started).toHaveLength(2);
    expect(started.every((l) => l.web === undefined)).toBe(true);
  });

  it('stops every shard and exits 0 on SIGTERM', async () => {
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.logs().filter((l) => l.msg === 'in-flight interactions drained')).toHaveLength(2);
    expect(discord.liveShards()).toBe(0);
  }, 30_000);
});
