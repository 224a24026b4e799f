// A bot started with a token Discord refuses: one line naming DISCORD_TOKEN, exit 1, no stack
// trace, and no store file left behind. Runs the real process (src/index.ts) against the fake
// Discord, which answers 401 to any token but its own.

import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { startFakeDiscord, type FakeDiscord } from '../../fake-discord/index.js';
import { botEnv, spawnBot, waitReady } from '../../local-stack/bot-process.js';
import { CLIENT_ID, freePort } from '../../local-stack/harness.js';

const STACK_LINE = /\n\s+at .+:\d+:\d+/;

describe('a start Discord refuses', () => {
  let dir: string;
  let emulator: Emulator;
  let discord: FakeDiscord;

  beforeAll(async () => {
    // Inside the repository so `--import tsx` resolves from the working directory.
    await mkdir(join(process.cwd(), '.tmp'), { recursive: true });
    dir = await mkdtemp(join(process.cwd(), '.tmp', 'refused-'));
    [emulator, discord] = await Promise.all([startEmulator(), startFakeDiscord({ applicationId: '1100000000000000031' })]);
  });
  afterAll(async () => {
    await Promise.allSettled([discord?.close(), emulator?.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  const VARIANTS = [
    { name: 'gateway', extra: {} },
    { name: 'sharding manager', extra: { SHARD_COUNT: '1' } },
    { name: 'HTTP interactions', extra: { DISCORD_TRANSPORT: 'http' } },
  ] as const;
  for (const variant of VARIANTS) {
    it(`a well-shaped token rejected by Discord (401) is one line naming DISCORD_TOKEN, and no store file is left (${variant.name})`, async () => {
      const port = await freePort();
      const folder = `data-${variant.name.replace(/\W/g, '-')}`;
      const wrong = `${discord.botToken.split('.').slice(0, 2).join('.')}.wrongsecret`;
      const transport = 'DISCORD_TRANSPORT' in variant.extra ? 'http' : 'gateway';
      const env = botEnv({ discord, emulator, clientId: CLIENT_ID, port, storeUrl: `sqlite://${folder}/bot.sqlite`, transport, extra: { ...variant.extra, DISCORD_TOKEN: wrong } });
      const run = spawnBot(env, dir);
      expect(await run.exited).toBe(1);
      const output = run.output();
      expect(output).toContain('The bot could not start: DISCORD_TOKEN was rejected by Discord (401 Unauthorized)');
      expect(output).toContain('Reset Token');
      expect(output).not.toMatch(STACK_LINE);
      expect(output).not.toContain(wrong);
      // Neither the file nor the folder created for it remains.
      await expect(stat(join(dir, folder))).rejects.toMatchObject({ code: 'ENOENT' });
    }, 60_000);
  }

  it('a token without the shape of one is refused before anything is opened', async () => {
    const port = await freePort();
    const run = spawnBot(botEnv({ discord, emulator, clientId: CLIENT_ID, port, storeUrl: 'sqlite://shape/bot.sqlite', extra: { DISCORD_TOKEN: 'abc' } }), dir);
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('DISCORD_TOKEN does not look like a bot token');
    expect(run.output()).not.toMatch(STACK_LINE);
    expect(await readdir(dir)).not.toContain('shape');
  }, 60_000);

  it('an existing store is kept when a start fails', async () => {
    const port = await freePort();
    const good = spawnBot(botEnv({ discord, emulator, clientId: CLIENT_ID, port, storeUrl: 'sqlite://kept/bot.sqlite', encryptionKey: Buffer.alloc(32, 3).toString('base64') }), dir);
    // Once it is ready the store exists; stop it, then start with a refused token.
    await waitReady(good, port);
    good.child.kill('SIGTERM');
    expect(await good.exited).toBe(0);
    const before = await stat(join(dir, 'kept', 'bot.sqlite'));
    const wrong = `${discord.botToken.split('.').slice(0, 2).join('.')}.wrongsecret`;
    const bad = spawnBot(botEnv({ discord, emulator, clientId: CLIENT_ID, port, storeUrl: 'sqlite://kept/bot.sqlite', extra: { DISCORD_TOKEN: wrong } }), dir);
    expect(await bad.exited).toBe(1);
    expect((await stat(join(dir, 'kept', 'bot.sqlite'))).size).toBe(before.size);
  }, 60_000);
});
