// Gateway sharding (SHARD_COUNT=auto|N): this process is the manager. It serves the web server
// (OAuth callback and health) once for the host and starts one child process per shard with
// discord.js's ShardingManager; each child runs the bot with its own gateway session and no web
// server. All of them share the store named by STORE_URL.

import { once } from 'node:events';
import { ShardingManager, type Shard } from 'discord.js';
import { botRest, gatewayAdvice, type GatewayAdvice } from '../discord-api/application.js';
import type { BotConfig } from '../config/types.js';
import { startWeb } from './web.js';
import { openCore } from './core.js';
import { openDiscordSide } from '../discord-api/discord-side.js';
import { type BotOptions } from './options.js';
import type { RunningWebServer } from '../web/server.js';

/** Discord lets `max_concurrency` sessions identify at once; otherwise one per 5 s. */
const IDENTIFY_INTERVAL_MS = 5_500;
const SHARD_READY_TIMEOUT_MS = 60_000;

export interface RunningShardManager {
  manager: ShardingManager;
  web: RunningWebServer;
  shardCount: number;
  /** Stops every shard (each drains its interactions within `graceMs`), then the web server and store. */
  shutdown(graceMs: number): Promise<void>;
}

export async function startShardManager(o: BotOptions & { shardScript: string }): Promise<RunningShardManager> {
  const { config, log } = o;
  const rest = botRest(config.discord);
  const gateway = await gatewayAdvice(rest);
  const shardCount = shardCountFor(config, gateway);
  const delay = gateway.session_start_limit.max_concurrency >= shardCount ? 0 : IDENTIFY_INTERVAL_MS;

  // The manager's Discord side: REST alone, no gateway session of its own.
  const core = await openCore(o, openDiscordSide({ rest }));
  const manager = new ShardingManager(o.shardScript, {
    totalShards: shardCount,
    token: config.discord.token,
    mode: 'process',
    respawn: true,
    execArgv: process.execArgv,
  });
  manager.on('shardCreate', (shard: Shard) => {
    log.info('shard starting', { shard: shard.id, of: shardCount });
    shard.on('death', () => log.warn('shard process exited; restarting it', { shard: shard.id }));
  });

  let stopping = false;
  const web = await startWeb(core, o, {
    readiness: async () => {
      const storeOk = await core.store.ping();
      const ready = manager.shards.filter((s) => s.ready).size;
      return {
        ready: storeOk && ready === shardCount && !stopping,
        checks: { transport: 'gateway', store: storeOk, shards: `${ready}/${shardCount}`, interactions: stopping ? 'draining' : 'accepting' },
      };
    },
  }).catch(async (error: unknown) => {
    await core.close();
    throw error;
  });

  try {
    await manager.spawn({ amount: shardCount, delay, timeout: SHARD_READY_TIMEOUT_MS });
  } catch (error) {
    await stopShards(manager, 1_000);
    await Promise.allSettled([web.close(), core.close()]);
    throw error;
  }
  log.info('shards started', { shards: shardCount, web: web.url });

  return {
    manager,
    web,
    shardCount,
    shutdown: async (graceMs) => {
      stopping = true;
      await stopShards(manager, graceMs + 2_000);
      await Promise.allSettled([web.close()]);
      await core.close();
    },
  };
}

function shardCountFor(config: BotConfig, gateway: GatewayAdvice): number {
  const wanted = config.transport.shards;
  return wanted === 'auto' || wanted === undefined ? Math.max(1, gateway.shards) : wanted;
}

/** SIGTERM to every shard (no respawn); each drains like a single bot. Waits up to `waitMs`. */
async function stopShards(manager: ShardingManager, waitMs: number): Promise<void> {
  const children = [...manager.shards.values()].flatMap((shard) => {
    const child = shard.process;
    shard.kill();
    return child && child.exitCode === null && child.signalCode === null ? [child] : [];
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(children.map((c) => once(c, 'exit'))), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Whether this process is a shard started by the manager (discord.js sets these in the child). */
export function isShardProcess(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SHARDING_MANAGER !== undefined && env.SHARDS !== undefined;
}
