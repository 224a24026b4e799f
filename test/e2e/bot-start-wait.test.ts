// Waiting for a bot process to start, as the multi-process tests do: a bot that dies while starting
// fails the wait at once with its output (it was waited on until the deadline, then reported as a
// bare timeout), and a bot started on a port it picks itself is found and answers ready even when
// the port another test would have reserved is taken meanwhile.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { startFakeDiscord, type FakeDiscord } from '../../fake-discord/index.js';
import { botEnv, spawnBot, spawnReadyBot, waitReady } from '../../local-stack/bot-process.js';
import { CLIENT_ID } from '../../local-stack/harness.js';
import { prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';

describe('waiting for a bot to start', () => {
  let emulator: Emulator;
  let discord: FakeDiscord;
  let store: OpenedCase;
  let impostor: Server;
  beforeAll(async () => {
    [emulator, discord] = await Promise.all([startEmulator(), startFakeDiscord({ applicationId: '1100000000000000032' })]);
    store = prepareCase('sqlite');
    // Another server answering "ready" to everything, as one that took a reserved port would.
    impostor = createServer((_req, res) => res.writeHead(200).end('ok'));
    await new Promise<void>((r) => impostor.listen(0, '127.0.0.1', () => r()));
  });
  afterAll(async () => {
    await new Promise<void>((r) => impostor.close(() => r()));
    await Promise.allSettled([discord?.close(), emulator?.close()]);
    await store?.cleanup();
  });

  it('a bot that exits while starting fails the wait at once, with its output', async () => {
    // No DISCORD_TOKEN: the configuration is refused and the process exits.
    const run = spawnBot({ STORE_URL: store.url });
    const started = Date.now();
    const error = await waitReady(run, 9, 60_000).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/the bot exited \(code 1\) before readiness on port 9; its output:\n[\s\S]*DISCORD_TOKEN/);
    // Its start and exit take a few seconds; the deadline was a minute away.
    expect(Date.now() - started).toBeLessThan(45_000);
  }, 50_000);

  it('a bot on a port it picks itself is found and ready, whoever holds other ports', async () => {
    const taken = (impostor.address() as AddressInfo).port;
    const env = botEnv({ discord, emulator, clientId: CLIENT_ID, port: taken, storeUrl: store.url, transport: 'http' });
    const { run, port } = await spawnReadyBot(env);
    try {
      expect(port).not.toBe(taken);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      expect(run.child.exitCode).toBeNull();
    } finally {
      run.child.kill('SIGKILL');
      await run.exited;
    }
  }, 100_000);
});
