// Real bot processes for end-to-end tests of process-level behaviour (shutdown, several processes,
// shards). They run the TypeScript sources through tsx (no build step); process.test.ts covers
// the compiled `npm start` path.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Emulator } from '../emulator/server.js';
import type { FakeDiscord } from '../fake-discord/index.js';
import { TEST_STORE_STEP_TIMEOUT_MS } from './store-step-deadline.js';

const REPO = process.cwd();
const ENTRY = join(REPO, 'src', 'index.ts');

export interface BotRun {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Log lines (JSON) printed so far, parsed. */
  logs: () => Array<Record<string, unknown>>;
}

/** The entry of a bot whose clock a test moves (local-stack/clocked-bot.ts). */
export const CLOCKED_ENTRY = join(REPO, 'local-stack', 'clocked-bot.ts');

/** Starts `src/index.ts` (or another entry) with only `env` (plus PATH/HOME), as a self-hoster would configure it. */
export function spawnBot(env: Record<string, string>, cwd = REPO, entry = ENTRY): BotRun {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    logs: () =>
      output.split('\n').flatMap((line) => {
        try {
          const parsed: unknown = JSON.parse(line);
          return typeof parsed === 'object' && parsed !== null ? [parsed as Record<string, unknown>] : [];
        } catch {
          return [];
        }
      }),
  };
}

/** Polls `check` (a throw counts as not yet) until it holds; `abort`, when given, may throw to end the wait at once. */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: () => string, abort?: () => void): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    abort?.();
    if (await Promise.resolve().then(check).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what()}`);
}

/** Fails at once, with the process's output, when it has exited (a bot that died starting is not waited for). */
function checkAlive(run: BotRun, what: string): void {
  const { exitCode, signalCode } = run.child;
  if (exitCode !== null || signalCode !== null) throw new Error(`the bot exited (${signalCode ?? `code ${exitCode}`}) before ${what}; its output:\n${run.output()}`);
}

/** `waitFor` while the bot runs: its exit ends the wait at once. */
async function waitWhileAlive(run: BotRun, check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  await waitFor(
    check,
    timeoutMs,
    () => `${what} (output: ${run.output()})`,
    () => checkAlive(run, what),
  );
}

export async function waitReady(run: BotRun, port: number, timeoutMs = 60_000): Promise<void> {
  await waitWhileAlive(run, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200, timeoutMs, `readiness on port ${port}`);
}

/**
 * Starts a bot on a port it picks itself (PORT=0) and resolves with that port once it answers ready.
 * Unlike a port reserved beforehand (freePort, then the bot's own listen seconds later), no other process
 * can take the port in between: under a full test run's load a bot takes long to start, and any server or
 * outgoing connection in that time may be given the reserved port (the bot then fails to listen, or another
 * server answers its readiness). A bot that exits while starting fails at once with its output; `timeoutMs`
 * only bounds a start that hangs.
 */
export async function spawnReadyBot(env: Record<string, string>, timeoutMs = 90_000): Promise<{ run: BotRun; port: number }> {
  const run = spawnBot({ ...env, PORT: '0' });
  let port = 0;
  try {
    await waitWhileAlive(
      run,
      () => {
        const web = run.logs().find((l) => l.msg === 'bot started')?.web;
        port = typeof web === 'string' ? Number(new URL(web).port) : 0;
        return port > 0;
      },
      timeoutMs,
      'the bot listened',
    );
    await waitReady(run, port, timeoutMs);
  } catch (error) {
    run.child.kill('SIGKILL');
    throw error;
  }
  return { run, port };
}

export interface BotEnvOptions {
  discord: FakeDiscord;
  emulator: Emulator;
  clientId: string;
  port: number;
  /** Where browsers reach the bot (default http://127.0.0.1:PORT); several processes behind a balancer share one. */
  publicUrl?: string;
  storeUrl: string;
  encryptionKey?: string;
  transport?: 'gateway' | 'http';
  extra?: Record<string, string>;
}

export function botEnv(o: BotEnvOptions): Record<string, string> {
  return {
    DISCORD_TOKEN: o.discord.botToken,
    DISCORD_APPLICATION_ID: o.discord.applicationId,
    DISCORD_API_URL: o.discord.apiUrl,
    SERVICE_API_URL: o.emulator.url,
    SERVICE_AUTH_URL: o.emulator.url,
    SERVICE_CLIENT_ID: o.clientId,
    PUBLIC_URL: o.publicUrl ?? `http://127.0.0.1:${o.port}`,
    PORT: String(o.port),
    STORE_URL: o.storeUrl,
    TOKEN_ENCRYPTION_KEY: o.encryptionKey ?? randomBytes(32).toString('base64'),
    LOG_LEVEL: 'info',
    // These tests drive a few users hard on purpose; the per-user rate limit has its own tests.
    USER_RATE_PER_MINUTE: '0',
    USER_RATE_AUTOCOMPLETE_PER_MINUTE: '0',
    // Likewise the deployment's upstream budget, where a test is about something else; the tests of the
    // line, logins and bursts run at the default budget (upstream-line, upstream-budget, login-burst).
    SERVICE_REQUESTS_PER_SECOND: '500',
    // A loaded test machine's slow store reads are not a slow store (local-stack/store-step-deadline.ts);
    // benches measuring the deployment pass the default in `extra`.
    STORE_STEP_TIMEOUT_MS: String(TEST_STORE_STEP_TIMEOUT_MS),
    ...(o.transport === 'http' ? { DISCORD_TRANSPORT: 'http', DISCORD_PUBLIC_KEY: o.discord.publicKey } : {}),
    ...o.extra,
  };
}
