// The bot as its own process, the way `npm start` runs it: built with tsconfig.build.json and
// run from the output with node. Configuration from the environment, a clear exit on missing
// config, commands answered, health served, and a clean SIGTERM.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCommands } from '../../src/app/register-commands.js';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { slashCommand, startFakeDiscord, type FakeDiscord } from '../../fake-discord/index.js';
import { freePort, GUILD, newUser, textOf } from '../../local-stack/harness.js';

const REPO = process.cwd();
// Inside the repository so the compiled code finds node_modules; private to this run.
const BUILD = join(REPO, '.tmp', `build-${process.pid}`);
const ENTRY = join(BUILD, 'src', 'index.js');

function build(): Promise<void> {
  return new Promise((resolve, reject) => {
    const tsc = spawn(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json', '--outDir', BUILD], {
      cwd: REPO,
    });
    let output = '';
    tsc.stdout.on('data', (d: Buffer) => (output += d.toString()));
    tsc.stderr.on('data', (d: Buffer) => (output += d.toString()));
    tsc.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build failed (${code}):\n${output}`))));
  });
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function runBot(env: Record<string, string>, cwd: string): Run {
  // No inherited environment: only what a self-hoster would set.
  const child = spawn(process.execPath, [ENTRY], { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the bot process', () => {
  let dir: string;
  let emulator: Emulator;
  let discord: FakeDiscord;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amls-process-'));
    [emulator, discord] = await Promise.all([startEmulator(), startFakeDiscord({ applicationId: '1100000000000000002' }), build()]);
  }, 180_000);
  afterAll(async () => {
    await Promise.allSettled([discord?.close(), emulator?.close()]);
    await rm(dir, { recursive: true, force: true });
    await rm(BUILD, { recursive: true, force: true });
  });

  it('exits with code 1 and a list of what is missing when unconfigured, without a stack trace', async () => {
    const run = runBot({}, dir);
    expect(await run.exited).toBe(1);
    const output = run.output();
    expect(output).toContain('DISCORD_TOKEN is missing');
    expect(output).toContain('TOKEN_ENCRYPTION_KEY is missing');
    expect(output).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });

  it('refuses a malformed encryption key and says how to make one', async () => {
    const run = runBot(
      {
        DISCORD_TOKEN: discord.botToken,
        DISCORD_APPLICATION_ID: '1100000000000000002',
        SERVICE_API_URL: emulator.url,
        SERVICE_AUTH_URL: emulator.url,
        SERVICE_CLIENT_ID: 'id',
        PUBLIC_URL: 'http://127.0.0.1:1',
        TOKEN_ENCRYPTION_KEY: 'too-short',
      },
      dir,
    );
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/TOKEN_ENCRYPTION_KEY .*32 random bytes.*randomBytes\(32\)/s);
  });

  /** The bot fully configured against the emulator and the fake, up and healthy. */
  async function startConfigured(storeFolder: string): Promise<{ run: Run; port: number }> {
    const port = await freePort();
    await registerCommands({ token: discord.botToken, applicationId: discord.applicationId, apiUrl: discord.apiUrl });
    const run = runBot(
      {
        DISCORD_TOKEN: discord.botToken,
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_API_URL: discord.apiUrl,
        SERVICE_API_URL: emulator.url,
        SERVICE_AUTH_URL: emulator.url,
        SERVICE_CLIENT_ID: 'amls-emulator-default-client-id0',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        PORT: String(port),
        STORE_URL: `sqlite://${storeFolder}/bot.sqlite`,
        TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      },
      dir,
    );
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200, 30_000, `readiness (output: ${run.output()})`);
    return { run, port };
  }

  it('connects, answers a command, serves health, and stops cleanly on SIGTERM', async () => {
    const { run, port } = await startConfigured('state');
    try {
      const health = (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as Record<string, unknown>;
      expect(health).toEqual({ status: 'ok' });
      const ready = (await (await fetch(`http://127.0.0.1:${port}/readyz`)).json()) as Record<string, unknown>;
      expect(ready).toMatchObject({ status: 'ok', transport: 'gateway', discord: 'ready', store: true, interactions: 'accepting' });
      // The reminder queue's details (SQLite: the in-process job engine).
      expect(ready).toMatchObject({ reminder_jobs: 'in-process', reminders_waiting: 0, reminders_failed: 0, reminders_oldest_due_seconds: 0 });
      // The store folder is created relative to the working directory.
      expect((await stat(join(dir, 'state', 'bot.sqlite'))).isFile()).toBe(true);

      const handle = discord.interact(slashCommand({ name: 'anime', subcommand: 'info', options: { title: 'id:967' }, where: GUILD, user: newUser() }));
      expect(textOf(await handle.settled())).toContain('Hokuto no Ken');
      expect(handle.errors()).toEqual([]);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('shutting down');
    expect(run.output()).not.toContain(discord.botToken);
  }, 60_000);

  it('stops cleanly on SIGINT too, closing the web server', async () => {
    const { run, port } = await startConfigured('state-sigint');
    run.child.kill('SIGINT');
    const code = await run.exited;
    expect(code, run.output()).toBe(0);
    expect(run.output()).toContain('"signal":"SIGINT"');
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 60_000);
});
