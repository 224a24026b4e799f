// Graceful shutdown of a real bot process with interactions in flight, over both transports:
// on SIGTERM new interactions are turned away, running ones finish within SHUTDOWN_GRACE_MS, those
// that cannot are answered with a clear message, and the process exits 0.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/app/register-commands.js';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { slashCommand, startFakeDiscord, type FakeDiscord, type InteractionHandle } from '../../fake-discord/index.js';
import { freePort, GUILD, newUser, textOf, TRANSPORTS } from '../../local-stack/harness.js';
import { botEnv, spawnBot, waitReady, type BotRun } from '../../local-stack/bot-process.js';
import { answerOf } from '../../local-stack/user-helpers.js';

const CLIENT_ID = 'amls-emulator-default-client-id0';

describe.each(TRANSPORTS)('graceful shutdown over the %s transport', (transport) => {
  let dir: string;
  let emulator: Emulator;
  let discord: FakeDiscord;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amls-shutdown-'));
    [emulator, discord] = await Promise.all([startEmulator(), startFakeDiscord({ applicationId: '1100000000000000003' })]);
    await registerCommands({ token: discord.botToken, applicationId: discord.applicationId, apiUrl: discord.apiUrl });
  });
  afterAll(async () => {
    await Promise.allSettled([discord?.close(), emulator?.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  async function start(graceMs: number): Promise<{ run: BotRun; port: number }> {
    const port = await freePort();
    const run = spawnBot(
      botEnv({ discord, emulator, clientId: CLIENT_ID, port, storeUrl: `sqlite://${join(dir, `${transport}-${port}.sqlite`)}`, transport, extra: { SHUTDOWN_GRACE_MS: String(graceMs) } }),
    );
    await waitReady(run, port);
    if (transport === 'http') await discord.setInteractionsEndpoint(`http://127.0.0.1:${port}/interactions`);
    else await discord.connected();
    return { run, port };
  }

  const info = (id: number): InteractionHandle =>
    discord.interact(slashCommand({ name: 'anime', subcommand: 'info', options: { title: `id:${id}` }, where: GUILD, user: newUser() }));

  it('lets in-flight interactions finish, turns new ones away, and exits 0', async () => {
    const { run, port } = await start(6_000);
    emulator.faults.delayMs = 2_000;
    try {
      const inFlight = [info(967), info(21), info(1)];
      await Promise.all(inFlight.map((h) => h.firstResponse()));
      run.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(503);

      const late = info(20);
      if (transport === 'http') {
        await expect(late.firstResponse(2_000)).rejects.toThrow();
        expect(late.errors()).toEqual([expect.objectContaining({ status: 503 })]);
      } else {
        expect(textOf(await late.settled())).toMatch(/restarting/i);
        expect(late.ephemeral()).toBe(true);
      }

      const answers = await Promise.all(inFlight.map((h) => h.settled(8_000)));
      expect(textOf(answers[0])).toContain('Hokuto no Ken');
      for (const [i, h] of inFlight.entries()) {
        expect(h.errors()).toEqual([]);
        expect(textOf(answers[i])).not.toMatch(/restarting/i);
      }
      expect(await run.exited).toBe(0);
      expect(run.logs().find((l) => l.msg === 'in-flight interactions drained')).toMatchObject({ finished: 3, interrupted: 0 });
    } finally {
      emulator.faults.delayMs = 0;
      run.child.kill('SIGKILL');
      await discord.setInteractionsEndpoint(undefined);
    }
  }, 60_000);

  it('answers work that cannot finish within the grace period with a clear message, then exits 0', async () => {
    const { run } = await start(1_500);
    emulator.faults.delayMs = 6_000;
    try {
      const slow = info(30);
      await slow.firstResponse();
      run.child.kill('SIGTERM');
      // A public "thinking…" cannot turn private: it is removed and the message comes as an ephemeral follow-up.
      const answer = await answerOf(slow, 8_000);
      expect(answer.text).toMatch(/restarting.*try again/is);
      expect(answer.ephemeral).toBe(true);
      expect(slow.errors()).toEqual([]);
      expect(await run.exited).toBe(0);
      expect(run.logs().find((l) => l.msg === 'in-flight interactions drained')).toMatchObject({ finished: 0, interrupted: 1 });
    } finally {
      emulator.faults.delayMs = 0;
      run.child.kill('SIGKILL');
      await discord.setInteractionsEndpoint(undefined);
    }
  }, 60_000);
});
