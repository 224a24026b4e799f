// Waiting for a bot process to start, as the multi-process tests do: `/readyz` says ready only once the
// process has finished starting (it said so as soon as the web server listened, while the job workers
// were still starting: on Redis the first interaction then waited seconds behind them, past Discord's
// 3 s under load); a bot that dies while starting fails the wait at once with its output (it was waited
// on until the deadline, then reported as a bare timeout); a bot started on a port it picks itself is
// found and answers ready even when the port another test would have reserved is taken meanwhile.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { startFakeDiscord, type FakeDiscord } from '../../fake-discord/index.js';
import { botEnv, spawnBot, spawnReadyBot, waitReady } from '../../local-stack/bot-process.js';
import { CLIENT_ID, freePort } from '../../local-stack/harness.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';

const ENGINES = engineCases().filter((c) => c.shared && !c.skipped);

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

  it.each(ENGINES)('/readyz says ready only once the bot has started ($kind)', async ({ kind }) => {
    const place = prepareCase(kind);
    const port = await freePort();
    const run = spawnBot(botEnv({ discord, emulator, clientId: CLIENT_ID, port, storeUrl: place.url, transport: 'http' }));
    // Every answer of /readyz from the spawn until the bot says it started, polled as fast as it answers.
    const answers: Array<{ at: number; status: number; interactions?: unknown }> = [];
    const startedAt = (): number | undefined => {
      const time = run.logs().find((l) => l.msg === 'bot started')?.time;
      return typeof time === 'string' ? Date.parse(time) : undefined;
    };
    try {
      while (startedAt() === undefined && run.child.exitCode === null) {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
        if (res) answers.push({ at: Date.now(), status: res.status, interactions: ((await res.json()) as { interactions?: unknown }).interactions });
        else await new Promise((r) => setTimeout(r, 5));
      }
      await waitReady(run, port);
      const started = startedAt() ?? Infinity;
      const early = answers.filter((a) => a.status === 200 && a.at < started);
      expect(early).toEqual([]);
      for (const a of answers.filter((x) => x.status !== 200)) expect(a.interactions).toBe('starting');
    } finally {
      run.child.kill('SIGKILL');
      await run.exited;
      await place.cleanup();
    }
  }, 100_000);
});
