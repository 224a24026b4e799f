// The stacks of the economy benchmark (bench/economy.ts): a fresh PostgreSQL table or Redis key prefix,
// optionally seeded with followed titles (background work), and on it the emulator (throttling), the fake
// Discord, the loopback balancer and two real bot processes sharing SERVICE_REQUESTS_PER_SECOND.

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { registerCommands } from '../src/app/register-commands.js';
import { DEFAULT_STORE_STEP_TIMEOUT_MS } from '../src/config/defaults.js';
import { AIRING_FIELDS } from '../src/airing/season-airing.js';
import { openEngine } from '../src/store/engines/index.js';
import { startEmulator, type Emulator, type EmulatorOptions, type RequestLogEntry } from '../emulator/server.js';
import { startFakeDiscord, type FakeDiscord } from '../fake-discord/index.js';
import { freePort } from '../local-stack/harness.js';
import { botEnv, spawnBot, waitReady, type BotRun } from '../local-stack/bot-process.js';
import { startBalancer, type Balancer } from '../local-stack/balancer.js';

export const CLIENT_ID = 'bench0economy0client0id000000000';
/** SERVICE_REQUESTS_PER_SECOND given to the deployment (both processes together). */
export const BUDGET = 5;
/** The emulator throttles the client ID above this many requests in any 1 s. */
export const THRESHOLD = 8;
/** Works in the emulator's catalogue: enough distinct titles for the background to never run dry. */
export const CATALOGUE_SIZE = 4000;
/** Users the followed titles of (a) are spread over. */
export const FOLLOWERS = 300;
/** The reminder knobs every bot gets: the shortest tick and refresh period the config accepts. */
export const REMINDER_ENV = { REMINDER_TICK_SECONDS: '5', REMINDER_TITLE_REFRESH_HOURS: '0.25', REMINDER_CATCH_UP_HOURS: '0' };

export type Engine = 'postgres' | 'redis';

// ---------------------------------------------------------------- the store: a fresh table or prefix

interface BenchStore {
  url: string;
  cleanup(): Promise<void>;
}

export function freshStore(engine: Engine): BenchStore {
  const suffix = randomBytes(5).toString('hex');
  if (engine === 'postgres') {
    const url = new URL(process.env.TEST_POSTGRES_URL ?? '');
    url.searchParams.set('table', `bench_economy_${suffix}`);
    const storeUrl = url.toString();
    return {
      url: storeUrl,
      cleanup: async () => {
        const { default: pg } = await import('pg');
        const client = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL });
        await client.connect();
        try {
          await client.query(`DROP TABLE IF EXISTS bench_economy_${suffix}`);
        } finally {
          await client.end();
        }
      },
    };
  }
  const prefix = `bench-economy-${suffix}:`;
  const url = new URL(process.env.TEST_REDIS_URL ?? '');
  url.searchParams.set('prefix', prefix);
  return {
    url: url.toString(),
    cleanup: async () => {
      const redis = new Redis(process.env.TEST_REDIS_URL ?? '');
      try {
        const keys = await redis.keys(`${prefix}*`);
        for (let i = 0; i < keys.length; i += 500) await redis.del(keys.slice(i, i + 500));
      } finally {
        redis.disconnect();
      }
    },
  };
}

/**
 * Background work: FOLLOWERS users following FOLLOWED_TITLES titles between them, no title's airing data
 * stored yet. Each process's reminder scheduler then polls the stale titles, once per title per refresh
 * period (a lease in the store), ceil(titles × tick × 2 / refresh period) per tick (34 here, every 5 s).
 * The records are the bot's own (src/reminders/records.ts), written through its store engine.
 */
export async function seedFollows(storeUrl: string, titleIds: readonly number[]): Promise<void> {
  const engine = await openEngine(storeUrl);
  try {
    const perUser = Array.from({ length: FOLLOWERS }, () => [] as number[]);
    titleIds.forEach((id, i) => perUser[i % FOLLOWERS]?.push(id));
    await Promise.all(
      perUser.map((titles, i) =>
        engine.set(`rem:user:${String(900_000_000_000_000_000n + BigInt(i))}`, JSON.stringify({ titles, excluded: [], followList: false, listTitles: [], delayMinutes: 0 })),
      ),
    );
  } finally {
    await engine.close();
  }
}

// ---------------------------------------------------------------- a stack: emulator, fake Discord, balancer, 2 bots

export interface Stack {
  emulator: Emulator;
  discord: FakeDiscord;
  balancer: Balancer;
  ports: number[];
  metricsPorts: number[];
  runs: BotRun[];
  monitor: Monitor;
  close(): Promise<void>;
}

/** Sorts the emulator's /v2 requests into background (reminder title polls) and people's, as they come. */
export interface Monitor {
  counts(): { background: number; people: number; throttled: number };
  stop(): void;
}

function isBackground(entry: RequestLogEntry): boolean {
  return /^\/v2\/anime\/\d+$/.test(entry.path) && entry.query.fields === AIRING_FIELDS;
}

function watchRequests(emulator: Emulator): Monitor {
  // The log keeps the last 1000 entries; polled every 50 ms it loses none at the rates seen here.
  const seen = new WeakSet<RequestLogEntry>();
  const counts = { background: 0, people: 0, throttled: 0 };
  const scan = (): void => {
    for (const entry of emulator.requestLog) {
      if (seen.has(entry)) continue;
      seen.add(entry);
      if (!entry.path.startsWith('/v2/')) continue;
      if (isBackground(entry)) counts.background++;
      else counts.people++;
      if (entry.status === 403) counts.throttled++;
    }
  };
  const timer = setInterval(scan, 50);
  return {
    counts: () => {
      scan();
      return { ...counts };
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * `env` adds to (or overrides) what every bot process gets, e.g. another SERVICE_REQUESTS_PER_SECOND;
 * `users`: the emulator's accounts (for people who /login).
 */
export async function startEconomyStack(storeUrl: string, env: Record<string, string> = {}, users?: EmulatorOptions['users']): Promise<Stack> {
  const ports = [await freePort(), await freePort()];
  const metricsPorts = [await freePort(), await freePort()];
  const balancer = await startBalancer(ports);
  const emulator = await startEmulator({
    clients: [{ id: CLIENT_ID, redirectUris: [`${balancer.url}/oauth/callback`] }],
    catalogue: { size: CATALOGUE_SIZE },
    throttle: { requestsPerSecond: THRESHOLD },
    ...(users ? { users } : {}),
  });
  const discord = await startFakeDiscord({ applicationId: '1100000000000000009' });
  const runs: BotRun[] = [];
  const monitor = watchRequests(emulator);
  const close = async (): Promise<void> => {
    monitor.stop();
    for (const run of runs) run.child.kill('SIGTERM');
    const killer = setTimeout(() => runs.forEach((run) => run.child.kill('SIGKILL')), 15_000);
    await Promise.allSettled(runs.map((r) => r.exited));
    clearTimeout(killer);
    await Promise.allSettled([discord.close(), emulator.close(), balancer.close()]);
  };
  try {
    await registerCommands({ token: discord.botToken, applicationId: discord.applicationId, apiUrl: discord.apiUrl });
    const encryptionKey = randomBytes(32).toString('base64');
    ports.forEach((port, i) => {
      const extra = {
        LOG_LEVEL: 'warn',
        SHUTDOWN_GRACE_MS: '5000',
        SERVICE_REQUESTS_PER_SECOND: String(BUDGET),
        // The deployment's store step deadline (botEnv's is the test stacks' longer one).
        STORE_STEP_TIMEOUT_MS: String(DEFAULT_STORE_STEP_TIMEOUT_MS),
        METRICS: 'on',
        METRICS_PORT: String(metricsPorts[i] ?? 0),
        ...REMINDER_ENV,
        ...env,
      };
      runs.push(spawnBot(botEnv({ discord, emulator, clientId: CLIENT_ID, port, publicUrl: balancer.url, transport: 'http', storeUrl, encryptionKey, extra })));
    });
    await Promise.all(runs.map((run, i) => waitReady(run, ports[i] ?? 0)));
    await discord.setInteractionsEndpoint(`${balancer.url}/interactions`);
    return { emulator, discord, balancer, ports, metricsPorts, runs, monitor, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Runs `body` on a stack over a fresh store (seeded with `followed` titles when given), then removes both. */
export async function withStack<T>(
  engine: Engine,
  followed: readonly number[] | undefined,
  body: (stack: Stack) => Promise<T>,
  env: Record<string, string> = {},
  users?: EmulatorOptions['users'],
): Promise<T> {
  const store = freshStore(engine);
  try {
    if (followed) await seedFollows(store.url, followed);
    const stack = await startEconomyStack(store.url, env, users);
    try {
      return await body(stack);
    } finally {
      await stack.close();
    }
  } finally {
    await store.cleanup().catch((error: unknown) => console.error(`could not remove the bench store ${store.url}: ${String(error)}`));
  }
}
