// Part 5: interactions per second through the HTTP interactions transport, with 1 and 2 bot
// processes on one store behind a loopback balancer. Each interaction is signed by the fake
// Discord, POSTed to the balancer, verified and routed by a bot process, and answered in the HTTP
// body. The workload alternates /profile for linked users (a store read and a service call with
// the user's token) and /anime info (a public read, mostly from the response cache).
// Store: BENCH_STORE_URL, else a fresh SQLite file.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { registerCommands } from '../src/app/register-commands.js';
import { DEFAULT_STORE_STEP_TIMEOUT_MS } from '../src/config/defaults.js';
import { DEFAULT_USERS, startEmulator } from '../emulator/server.js';
import { loginAsPerson } from '../emulator/login.js';
import { slashCommand, startFakeDiscord, type Who } from '../fake-discord/index.js';
import { freePort, loginUrlOf, newUser } from '../local-stack/harness.js';
import { botEnv, spawnBot, waitReady, type BotRun } from '../local-stack/bot-process.js';
import { startBalancer } from '../local-stack/balancer.js';
import { drive, RUN_HEADERS, runRow } from './service-throughput.js';
import type { BenchOptions } from './options.js';
import { section, table } from './stats.js';

const CLIENT_ID = 'bench0http0client0id000000000000';
const ACCOUNTS = Array.from({ length: 8 }, (_, i) => ({ name: `benchuser${i}`, password: `bench-password-${i}` }));
const WORKS = [967, 21, 1, 20, 30, 5114];

async function measure(processes: number, o: BenchOptions, storeUrl: (dir: string) => string): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'amls-bench-http-'));
  const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
  const balancer = await startBalancer(ports);
  const emulator = await startEmulator({ users: [...DEFAULT_USERS, ...ACCOUNTS], clients: [{ id: CLIENT_ID, redirectUris: [`${balancer.url}/oauth/callback`] }] });
  const discord = await startFakeDiscord({ applicationId: '1100000000000000007' });
  const runs: BotRun[] = [];
  try {
    await registerCommands({ token: discord.botToken, applicationId: discord.applicationId, apiUrl: discord.apiUrl });
    const shared = { storeUrl: storeUrl(dir), encryptionKey: randomBytes(32).toString('base64') };
    for (const port of ports) {
      runs.push(spawnBot(botEnv({ discord, emulator, clientId: CLIENT_ID, port, publicUrl: balancer.url, transport: 'http', extra: { LOG_LEVEL: 'warn', STORE_STEP_TIMEOUT_MS: String(DEFAULT_STORE_STEP_TIMEOUT_MS) }, ...shared })));
    }
    await Promise.all(runs.map((run, i) => waitReady(run, ports[i] ?? 0)));
    await discord.setInteractionsEndpoint(`${balancer.url}/interactions`);

    const users: Who[] = [];
    for (const account of ACCOUNTS) {
      const user = newUser('bench');
      const handle = discord.interact(slashCommand({ name: 'login', user, where: { kind: 'dm' } }));
      const redirect = await loginAsPerson(loginUrlOf(await handle.settled()), account);
      const page = await fetch(redirect);
      const token = /name="token" value="([^"]+)"/.exec(await page.text())?.[1];
      if (page.status !== 200 || token === undefined) throw new Error(`bench login failed: ${page.status}`);
      const confirmed = await fetch(`${balancer.url}/oauth/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, action: 'confirm' }).toString(),
      });
      if (confirmed.status !== 200) throw new Error(`bench login confirmation failed: ${confirmed.status}`);
      await handle.waitForOriginal((m) => JSON.stringify(m).includes('linked as'));
      users.push(user);
    }
    const total = o.quick ? 200 : 1000;
    let problems = 0;
    const one = async (i: number): Promise<void> => {
      const user = users[i % users.length] ?? newUser();
      const spec =
        i % 2 === 0
          ? slashCommand({ name: 'profile', user, where: { kind: 'guild' } })
          : slashCommand({ name: 'anime', subcommand: 'info', options: { title: `id:${WORKS[i % WORKS.length] ?? 1}` }, where: { kind: 'guild' }, user });
      const handle = discord.interact(spec);
      await handle.settled(15_000).catch(() => undefined);
      if (handle.errors().length > 0 || handle.ephemeral()) problems++;
    };
    await drive(Math.min(40, total), 8, one); // warm-up: caches, connections, JIT
    const run = await drive(total, 16, one);
    return [...runRow(`${processes} process${processes > 1 ? 'es' : ''}`, 'concurrency 16', run), String(problems)];
  } finally {
    for (const run of runs) run.child.kill('SIGTERM');
    await Promise.allSettled(runs.map((r) => r.exited));
    await Promise.allSettled([discord.close(), emulator.close(), balancer.close()]);
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runHttpThroughput(o: BenchOptions): Promise<void> {
  const configured = process.env.BENCH_STORE_URL;
  const storeUrl = (dir: string): string => configured ?? `sqlite://${join(dir, 'bench.sqlite')}`;
  section(`HTTP interactions transport: interactions/s with 1 and 2 processes (store: ${configured ? configured.replace(/\/\/[^@/]*@/, '//…@') : 'SQLite file'})`);
  const rows = [await measure(1, o, storeUrl), await measure(2, o, storeUrl)];
  console.log(table([...RUN_HEADERS.map((h) => (h === 'req/s' ? 'interactions/s' : h)), 'problems'], rows));
  console.log(
    'Each interaction: signed POST through the balancer, verified, routed, answered in the HTTP body (and edited by webhook when deferred).\n' +
      'The fake Discord, the emulator and the balancer share the machine with the bot processes, so on few cores a second process adds less than it would on its own host.',
  );
}
