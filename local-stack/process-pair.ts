// Two real bot processes on one store behind a loopback balancer (HTTP transport, interactions signed
// by the fake Discord), for tests of what a deployment of several processes shares.

import { randomBytes } from 'node:crypto';
import { registerCommands } from '../src/app/register-commands.js';
import type { EngineKind } from '../src/store/engine.js';
import { startEmulator, type Emulator, type EmulatorOptions } from '../emulator/server.js';
import { startFakeDiscord, type FakeDiscord } from '../fake-discord/index.js';
import { botEnv, spawnReadyBot, type BotRun } from './bot-process.js';
import { startBalancer, type Balancer } from './balancer.js';
import { prepareCase, type OpenedCase } from './store-engines.js';

export interface ProcessPairOptions {
  engine: EngineKind;
  clientId: string;
  applicationId: string;
  /** The emulator's options; `publicUrl` is the balancer's address (for the OAuth redirect). */
  emulator: (publicUrl: string) => EmulatorOptions;
  /** More environment for both bots, e.g. a fault proxy in front of the emulator; `onClose` runs at `close()`. */
  env?: (emulator: Emulator, onClose: (close: () => Promise<void>) => void) => Promise<Record<string, string>>;
}

export interface ProcessPair {
  store: OpenedCase;
  emulator: Emulator;
  discord: FakeDiscord;
  balancer: Balancer;
  ports: number[];
  runs: BotRun[];
  close(): Promise<void>;
}

export async function startProcessPair(o: ProcessPairOptions): Promise<ProcessPair> {
  // Filled once each bot listens on the port it picked (the balancer reads this array as it routes).
  const ports: number[] = [];
  const balancer = await startBalancer(ports);
  const [emulator, discord] = await Promise.all([startEmulator(o.emulator(balancer.url)), startFakeDiscord({ applicationId: o.applicationId })]);
  const closers: Array<() => Promise<void>> = [];
  const extra = o.env ? await o.env(emulator, (close) => closers.push(close)) : {};
  await registerCommands({ token: discord.botToken, applicationId: discord.applicationId, apiUrl: discord.apiUrl });
  const store = prepareCase(o.engine);
  const shared = { storeUrl: store.url, encryptionKey: randomBytes(32).toString('base64') };
  const env = botEnv({ discord, emulator, clientId: o.clientId, port: 0, publicUrl: balancer.url, transport: 'http', ...shared, extra });
  const started = await Promise.allSettled([spawnReadyBot(env), spawnReadyBot(env)]);
  const runs: BotRun[] = [];
  for (const s of started) {
    if (s.status === 'fulfilled') {
      runs.push(s.value.run);
      ports.push(s.value.port);
    }
  }
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    for (const run of runs) run.child.kill('SIGKILL');
    await Promise.allSettled([discord.close(), emulator.close(), balancer.close(), ...closers.map((c) => c()), store.cleanup()]);
    throw failed.reason;
  }
  await discord.setInteractionsEndpoint(`${balancer.url}/interactions`);
  return {
    store,
    emulator,
    discord,
    balancer,
    ports,
    runs,
    async close() {
      for (const run of runs) run.child.kill('SIGKILL');
      await Promise.allSettled([discord.close(), emulator.close(), balancer.close(), ...closers.map((c) => c())]);
      await store.cleanup();
    },
  };
}
