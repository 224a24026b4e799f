// The social bench's stack: the emulator serving the workload's 1 000 users (their lists are the
// workload's own objects, so changes the bench makes are what the service answers), and the bot's core
// (`openCore`, as every bot process opens it) on a fresh store of one engine, its clock the bench's.
// Every member is linked with tokens the emulator issued, as after /login.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { REST } from 'discord.js';
import { openCore, type Core } from '../src/app/core.js';
import { openDiscordSide } from '../src/discord-api/discord-side.js';
import { loadConfig } from '../src/config/config.js';
import { silentLogger } from '../src/log/log.js';
import type { EngineKind } from '../src/store/engine.js';
import { DEFAULT_CLIENT, startEmulator, type Emulator } from '../emulator/server.js';
import { CATALOGUE_SIZE, type SocialWorkload } from './social-workload.js';

/** The real service's access tokens last 31 days; the emulator's default (1 h) would add a refresh per member and hour. */
const TOKEN_SECONDS = 31 * 86_400;

export interface SocialStack {
  emulator: Emulator;
  core: Core;
  /** /v2 requests the emulator answered so far (the bot's; the bench changes lists in-process). */
  requests(): number;
  /** Of them, reads of a whole list page (no `sort`: first syncs and the daily full pass) and incremental reads (`sort=list_updated_at`). */
  listReads(): { whole: number; incremental: number };
  /** Token refreshes the emulator answered so far. */
  refreshes(): number;
  close(): Promise<void>;
}

/** A fresh place for the store: a temporary SQLite file, a table, a key prefix, or memory. */
function storePlace(kind: EngineKind): { url: string; cleanup(): Promise<void> } {
  const suffix = randomBytes(5).toString('hex');
  switch (kind) {
    case 'memory':
      return { url: 'memory://', cleanup: () => Promise.resolve() };
    case 'sqlite': {
      const dir = mkdtempSync(join(tmpdir(), 'amls-bench-social-'));
      return { url: `sqlite://${join(dir, 'store.sqlite')}`, cleanup: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })) };
    }
    case 'postgres': {
      const base = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
      const url = new URL(base);
      const table = `bench_social_${suffix}`;
      url.searchParams.set('table', table);
      return {
        url: url.toString(),
        cleanup: async () => {
          const { default: pg } = await import('pg');
          const client = new pg.Client({ connectionString: base });
          await client.connect();
          try {
            await client.query(`DROP TABLE IF EXISTS ${table}`);
            await client.query(`DROP SCHEMA IF EXISTS ${table}_jobs CASCADE`);
          } finally {
            await client.end();
          }
        },
      };
    }
    case 'redis': {
      const base = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
      const prefix = `bench-social-${suffix}:`;
      const url = new URL(base);
      url.searchParams.set('prefix', prefix);
      return {
        url: url.toString(),
        cleanup: async () => {
          const redis = new Redis(base);
          try {
            const keys = await redis.keys(`${prefix}*`);
            for (let i = 0; i < keys.length; i += 500) await redis.del(keys.slice(i, i + 500));
          } finally {
            redis.disconnect();
          }
        },
      };
    }
  }
}

/** Every member linked as after /login: tokens the emulator issued, sealed in the store. */
async function linkMembers(core: Core, emulator: Emulator, workload: SocialWorkload, now: () => number): Promise<void> {
  const members = workload.members;
  for (let i = 0; i < members.length; i += 50) {
    await Promise.all(
      members.slice(i, i + 50).map((m) => {
        const t = emulator.issueTokensFor(m.serviceUser, DEFAULT_CLIENT.id);
        return core.store.accounts.set(m.discordUserId, {
          serviceUserName: m.serviceUser,
          linkedAt: now(),
          tokens: { accessToken: t.access_token, refreshToken: t.refresh_token, expiresAt: now() + t.expires_in * 1000, obtainedAt: now() },
        });
      }),
    );
  }
}

export async function startSocialStack(kind: EngineKind, workload: SocialWorkload, now: () => number): Promise<SocialStack> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const unwind = async (): Promise<void> => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    cleanups.length = 0;
  };
  try {
    const reads = { whole: 0, incremental: 0 };
    const emulator = await startEmulator({
      now,
      onRequest: (entry) => {
        if (!/^\/v2\/users\/[^/]+\/(anime|manga)list$/.test(entry.path)) return;
        if (entry.query.sort === 'list_updated_at') reads.incremental++;
        else reads.whole++;
      },
      users: workload.members.map((m) => ({ name: m.serviceUser, password: `${m.serviceUser}-password`, ownLists: m.lists })),
      catalogue: { size: CATALOGUE_SIZE },
      accessTokenTtlSeconds: TOKEN_SECONDS,
      refreshTokenTtlSeconds: 2 * TOKEN_SECONDS,
    });
    cleanups.push(() => emulator.close());
    const place = storePlace(kind);
    cleanups.push(() => place.cleanup());
    const config = loadConfig({
      DISCORD_TOKEN: 'MTEwMDAwMDAwMDAwMDAwMDAwMQ.GaBcDe.0123456789abcdefghijklmnopqrstuvwxyzAB',
      DISCORD_APPLICATION_ID: '1100000000000000001',
      SERVICE_API_URL: emulator.url,
      SERVICE_AUTH_URL: emulator.url,
      SERVICE_CLIENT_ID: DEFAULT_CLIENT.id,
      SERVICE_CLIENT_SECRET: DEFAULT_CLIENT.secret ?? '',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      STORE_URL: place.url,
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      USER_RATE_PER_MINUTE: '0',
      USER_RATE_AUTOCOMPLETE_PER_MINUTE: '0',
      // Requests are counted, not paced: a budget this high never holds the bench back in real time.
      SERVICE_REQUESTS_PER_SECOND: '1000',
    });
    // The bench posts nothing on Discord: its Discord side points nowhere.
    const core = await openCore({ config, log: silentLogger, now, processMetrics: false }, openDiscordSide({ rest: new REST({ api: 'http://127.0.0.1:9' }) }));
    cleanups.push(() => core.close());
    await linkMembers(core, emulator, workload, now);
    return {
      emulator,
      core,
      requests: () => emulator.stats.requests,
      listReads: () => ({ ...reads }),
      refreshes: () => emulator.stats.tokenRequests.refresh_token,
      close: unwind,
    };
  } catch (error) {
    await unwind();
    throw error;
  }
}
