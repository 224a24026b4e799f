// npm start: the bot process. Missing configuration ends it with a clear list and exit code 1.
// One of three roles: a single bot (gateway or HTTP transport), a sharding manager
// (SHARD_COUNT set: web server once, one child per shard), or one of its shard children.

import { loadConfig } from './config/config.js';
import { ConfigError } from './config/env-reader.js';
import { loadDotEnv } from './config/dotenv.js';
import { createLogger } from './log/log.js';
import { startBot } from './app/bot.js';
import { isShardProcess, startShardManager } from './app/shard.js';
import { botCliAction } from './app/cli.js';
import { describeStartFailure } from './app/start-failure.js';
import { verifyBotToken } from './discord-api/application.js';
import { undoNewSqliteStore } from './store/fresh-sqlite.js';

type Config = ReturnType<typeof loadConfig>;
type Logger = ReturnType<typeof createLogger>;
type Shutdown = (graceMs: number) => Promise<unknown>;

async function main(): Promise<void> {
  // A shard child is started with the same entry point and no arguments.
  runCliAction();
  loadDotEnv();
  const config = loadConfigOrExit();
  const log = createLogger(config.log?.level ?? 'info', { format: config.log?.format });

  // A failing handler must never take the bot down: log with context and carry on.
  process.on('unhandledRejection', (reason) => log.error('unhandled rejection', { error: reason }));
  process.on('uncaughtException', (error) => log.error('uncaught exception', { error }));

  const shard = isShardProcess();
  // A failed start leaves no new store file behind (a shard shares its manager's, which exists by then).
  const undoStore = shard ? async () => {} : undoNewSqliteStore(config.store.url);
  // A signal while starting (readiness can answer before the last jobs start) is kept and acted on
  // once the start is done, instead of Node's default of dying on the spot.
  let early: string | undefined;
  const holdSignal = (signal: string) => () => {
    if (early !== undefined) process.exit(1);
    early = signal;
    log.info('stopping as soon as the start is done (send the signal again to stop at once)', { signal });
  };
  const held = { SIGINT: holdSignal('SIGINT'), SIGTERM: holdSignal('SIGTERM') };
  process.on('SIGINT', held.SIGINT);
  process.on('SIGTERM', held.SIGTERM);
  let shutdown: Shutdown;
  try {
    shutdown = await startRole(config, log, shard);
  } catch (error) {
    return failStart(error, config, log, undoStore);
  } finally {
    process.off('SIGINT', held.SIGINT);
    process.off('SIGTERM', held.SIGTERM);
  }
  const onSignal = handleSignals(config, log, shard, shutdown);
  if (early !== undefined) onSignal(early);
}

/** `--help` and `--version` print and exit; anything else unknown exits 2. */
function runCliAction(): void {
  const action = botCliAction(process.argv.slice(2));
  if (action.kind === 'exit') {
    if (action.stdout !== undefined) console.log(action.stdout);
    if (action.stderr !== undefined) console.error(action.stderr);
    process.exit(action.code);
  }
}

/** The config, or every problem listed and exit code 1. */
function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${error.message}\n\nSet these in the environment or in a .env file (see .env.example and the README).`);
      process.exit(1);
    }
    throw error;
  }
}

/** Starts this process's role (sharding manager, or a single bot / shard child) and returns how to shut it down. */
async function startRole(config: Config, log: Logger, shard: boolean): Promise<Shutdown> {
  if (config.transport.kind === 'http') {
    const unverified = await verifyBotToken(config.discord);
    if (unverified !== undefined) log.warn('could not check DISCORD_TOKEN with Discord; starting anyway', { error: unverified });
  }
  if (config.transport.shards !== undefined && !shard) {
    const running = await startShardManager({ config, log, shardScript: process.argv[1] ?? '' });
    return (graceMs) => running.shutdown(graceMs);
  }
  const bot = await startBot({ config, log, web: !shard });
  bot.ready.then(() => log.info(config.transport.kind === 'http' ? 'taking HTTP interactions' : 'connected to Discord', { user: bot.client.user?.tag }));
  return async (graceMs) => {
    const drained = await bot.shutdown(graceMs);
    log.info('in-flight interactions drained', { ...drained });
  };
}

/** A failed start: one line for a known cause, else the logged stack; the new store file removed; exit 1. */
async function failStart(error: unknown, config: Config, log: Logger, undoStore: () => Promise<void>): Promise<never> {
  const reason = describeStartFailure(error, config);
  // A known cause is one line saying what to fix; anything else is logged with its stack.
  if (reason !== undefined) console.error(`The bot could not start: ${reason}`);
  else log.error('the bot could not start', { error });
  await undoStore().catch((cleanup: unknown) => log.warn('could not remove the store file this start created', { error: cleanup }));
  process.exit(1);
}

/** Stop taking interactions, let running ones finish (bounded), close everything, exit 0. */
function handleSignals(config: Config, log: Logger, shard: boolean, shutdown: Shutdown): (signal: string) => void {
  const graceMs = config.transport.shutdownGraceMs;
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal, graceMs });
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs + 10_000);
    force.unref();
    shutdown(graceMs).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error('error while shutting down', { error });
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  // A shard whose manager died (its IPC channel closed) stops too instead of running orphaned.
  if (shard) process.on('disconnect', () => onSignal('manager gone'));
  return onSignal;
}

void main();
