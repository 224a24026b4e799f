// Assembles the bot: service client, token store, login (the core), the Discord side with its
// router on one of two transports (gateway session or HTTP interactions), and the web server.
// `startBot` is what `npm start` runs and what end-to-end tests drive; `src/app/shard.ts` reuses the
// core and the web server for the sharding manager.

import { Events, RESTEvents, type Client } from 'discord.js';
import { DEFAULT_DISCORD_CDN_URL, DEFAULT_LIMITS } from '../config/config.js';
import { type LimitsConfig } from '../config/types.js';
import { scopedLogger } from '../log/log.js';
import { type BotStore } from '../store/bot-store.js';
import { type TokenManager } from '../service/token-source.js';
import { createDiscordClient } from '../transport/gateway-client.js';
import type { BotDeps } from '../interactions/context.js';
import { commands, components } from './command-registry.js';
import { InteractionRouter, type DrainResult } from '../interactions/router.js';
import { WhereTracker } from '../interactions/where.js';
import { type Reminders } from '../reminders/reminders.js';
import type { JobEngine } from '../jobs/job-engine.js';
import { listenForEndedEvents, watchPollEnds } from '../transport/gateway-events.js';
import { openDiscordSide, type DiscordSide } from '../discord-api/discord-side.js';
import { type HealthStatus } from '../web/app.js';
import { type RunningWebServer } from '../web/server.js';
import { HttpInteractions } from '../transport/http.js';
import { type BotMetrics } from '../metrics/bot-metrics.js';
import { interactionObserver } from '../metrics/observers.js';
import { SeenInteractions } from '../transport/replay.js';
import { type UserRateLimits } from '../store/request-line/user-limits.js';
import { openCore, type Core } from './core.js';
import type { BotOptions } from './options.js';
import { startWeb } from './web.js';


export interface RunningBot {
  client: Client;
  /** Undefined in a shard process (the manager serves the web). */
  web: RunningWebServer | undefined;
  store: BotStore;
  tokens: TokenManager;
  reminders: Reminders;
  /** The job engine reminders and periodic work run on (pg-boss, BullMQ or in-process, by store). */
  jobs: JobEngine;
  deps: BotDeps;
  router: InteractionRouter;
  /** The bot's metrics when METRICS=on. */
  metrics: BotMetrics | undefined;
  /** Per-user fairness (counted in the shared store on Redis/PostgreSQL). */
  limits: UserRateLimits;
  /** Resolves when the bot takes interactions: the gateway session is ready, or at once over HTTP. */
  ready: Promise<void>;
  /** Graceful stop: no new interactions, running ones get `graceMs` to finish, then everything closes. */
  shutdown(graceMs: number): Promise<DrainResult>;
  /** Immediate stop: closes everything without waiting for running interactions. */
  stop(): Promise<void>;
}

/**
 * The Discord client and this process's one Discord side over its REST client, built before the
 * services. Over HTTP the token is set now (no gateway login there); on the gateway the login sets it,
 * and the bot's id comes from the session once it is ready.
 */
function openDiscordClient(o: BotOptions): { client: Client; discord: DiscordSide } {
  const { config } = o;
  const client = createDiscordClient(config.discord.apiUrl, {}, config.discord.cdnUrl ?? DEFAULT_DISCORD_CDN_URL);
  const gateway = config.transport.kind !== 'http';
  if (!gateway) client.rest.setToken(config.discord.token);
  const discord = openDiscordSide({ rest: client.rest, knownBotId: () => client.user?.id, gatewayConnected: () => gateway && client.isReady() });
  return { client, discord };
}

/** The one router, with the configured budgets, fed by the client's interactions. */
function attachRouter(o: BotOptions, core: Core, client: Client, where: WhereTracker): InteractionRouter {
  const { config, log } = o;
  const limits: LimitsConfig = { ...DEFAULT_LIMITS, ...config.limits };
  const router = new InteractionRouter(commands, components, core.deps, where, {
    commandBudgetMs: limits.commandBudgetMs,
    componentBudgetMs: limits.componentBudgetMs,
    autocompleteBudgetMs: limits.autocompleteBudgetMs,
    deferredLineWaitMs: limits.deferredLineWaitMs,
    ...o.router,
    transport: config.transport.kind,
    ...(core.metrics ? { onFinished: interactionObserver(core.metrics) } : {}),
    limits: core.limits,
  });
  client.on(Events.InteractionCreate, (interaction) => void router.handle(interaction));
  client.on(Events.Error, (error) => log.error('discord client error', { error }));
  // The path of interaction callbacks and webhooks holds the interaction token: the logger masks it.
  client.rest.on(RESTEvents.Response, (request, response) =>
    scopedLogger(log).debug('discord call', { method: request.method, path: request.path, status: response.status, attempt: request.retries }),
  );
  return router;
}

/** The transport: `POST /interactions` over HTTP (returned), or the gateway session's listeners. */
function attachTransport(o: BotOptions, core: Core, client: Client, where: WhereTracker, router: InteractionRouter): HttpInteractions | undefined {
  const { config, log } = o;
  if (config.transport.kind !== 'http') {
    where.attach(client);
    client.on(Events.ShardDisconnect, (event, shard) => log.warn('gateway disconnected', { closeCode: event.code, shard }));
    return undefined;
  }
  // No gateway session: interactions arrive at POST /interactions (the token was set with the client
  // for authorised REST calls; interaction callbacks and webhooks need none).
  return new HttpInteractions({
    client,
    where,
    publicKey: config.transport.publicKey ?? '',
    log,
    accepting: () => router.accepting,
    // The replay check has a short deadline of its own; past it this process's memory of ids decides (see replay.ts).
    seen: new SeenInteractions(core.storeSteps.for('replay', ['setIfAbsent']), {
      onFallback: (error) => log.debug('the replay check fell back to this process\'s memory of interaction ids (store slow or down)', { error }),
    }),
  });
}

/**
 * What `/readyz` reports: whether the process has finished starting, the store, the Discord session
 * (gateway only), whether interactions are taken, and the reminder queue (details only: a backlog does not
 * make a process unready). The web server listens before the job workers start (on BullMQ, a connection and
 * its scripts per queue): until they have, the process is busy and says `starting`, so a balancer (or a
 * test) does not send it interactions that would wait behind its start past Discord's 3 s.
 */
function readinessCheck(http: boolean, core: Core, client: Client, router: InteractionRouter, started: () => boolean): () => Promise<HealthStatus> {
  return async (): Promise<HealthStatus> => {
    const storeOk = await core.store.ping();
    const accepting = router.accepting && started();
    const interactions = !started() ? 'starting' : accepting ? 'accepting' : 'draining';
    const reminders = await reminderDetails(core);
    if (http) {
      return { ready: storeOk && accepting, checks: { transport: 'http', store: storeOk, interactions, ...reminders } };
    }
    const discordReady = client.isReady();
    return {
      ready: storeOk && discordReady && accepting,
      checks: { transport: 'gateway', store: storeOk, discord: discordReady ? 'ready' : 'connecting', interactions, ...reminders },
    };
  };
}

async function reminderDetails(core: Core): Promise<Record<string, string | number>> {
  try {
    const c = await core.deps.reminders.deliveryCounts();
    return {
      reminder_jobs: core.jobs.kind,
      reminders_waiting: c.waiting,
      reminders_delayed: c.delayed,
      reminders_active: c.active,
      reminders_failed: c.failed,
      reminders_oldest_due_seconds: Math.round(c.oldestWaitingMs / 1000),
    };
  } catch {
    return { reminder_jobs: `${core.jobs.kind} (not answering)` };
  }
}

/** The web server unless `o.web` is false; a failed start closes the core. */
async function startWebOrClose(
  o: BotOptions,
  core: Core,
  client: Client,
  readiness: () => Promise<HealthStatus>,
  httpInteractions: HttpInteractions | undefined,
): Promise<RunningWebServer | undefined> {
  if (o.web === false) return undefined;
  try {
    return await startWeb(core, o, { readiness, ...(httpInteractions ? { routes: [httpInteractions.routes()] } : {}) });
  } catch (error) {
    await core.close();
    throw error;
  }
}

/** Logs in on the gateway (a failure closes the web server and the core); resolves when the session is ready, at once over HTTP. */
async function connect(o: BotOptions, core: Core, client: Client, web: RunningWebServer | undefined): Promise<{ ready: Promise<void> }> {
  if (o.config.transport.kind === 'http') return { ready: Promise.resolve() };
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(o.config.discord.token);
  } catch (error) {
    await Promise.allSettled([web?.close(), core.close()]);
    throw error;
  }
  return { ready };
}

/** The application's owner (or its team's members) is never rate limited, like BOT_OWNER_IDS. */
function exemptApplicationOwners(o: BotOptions, core: Core): void {
  void core.discord
    .applicationOwners()
    .then((owners) => core.limits.addOwners(owners))
    .catch((error: unknown) => o.log.warn('could not read the application owner; only BOT_OWNER_IDS skip the rate limit', { error }));
}

/** Stops once, however often it is called: reminders, the client, the web server, then the core. */
function stopOnce(core: Core, client: Client, web: RunningWebServer | undefined): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= (async () => {
      await core.deps.reminders.stop();
      await client.destroy();
      await Promise.allSettled([web?.close()]);
      await core.close();
    })());
}

export async function startBot(o: BotOptions): Promise<RunningBot> {
  const { config, log } = o;
  const { client, discord } = openDiscordClient(o);
  const core = await openCore(o, discord);
  const { store, deps } = core;

  const where = new WhereTracker();
  const router = attachRouter(o, core, client, where);
  const httpInteractions = attachTransport(o, core, client, where, router);
  let started = false;
  const readiness = readinessCheck(config.transport.kind === 'http', core, client, router, () => started);
  const web = await startWebOrClose(o, core, client, readiness, httpInteractions);
  const { ready } = await connect(o, core, client, web);

  // The services were opened with the Discord side; here their workers start. On the gateway, the
  // session tells polls' and watch parties' ends at once (their jobs' reads are the net).
  await deps.reminders.start();
  await deps.feed.start();
  if (config.transport.kind !== 'http') {
    watchPollEnds(client, deps.polls, log);
    listenForEndedEvents(client, deps.watchParties, (error) => log.warn('a watch party end could not be queued', { error }));
  }
  await deps.polls.start();
  await core.social.start();
  await deps.watchParties.start();
  await deps.games.start();
  // The weekly recaps' workers and plan (they post through the Discord side core was built with).
  await deps.serverRecaps.start();
  // List imports run where the bot can message people: their progress and report go by DM (or follow-ups).
  await core.listImports.imports.work();
  await core.wrappedBackground.queue.start();
  started = true;
  log.info('bot started', { transport: config.transport.kind, ...(web ? { web: web.url } : {}) });
  exemptApplicationOwners(o, core);

  const stop = stopOnce(core, client, web);
  return {
    client,
    web,
    store,
    tokens: core.tokens,
    reminders: deps.reminders,
    jobs: core.jobs,
    deps,
    router,
    metrics: core.metrics,
    limits: core.limits,
    ready,
    shutdown: async (graceMs) => {
      const result = await router.drain(graceMs);
      await stop();
      return result;
    },
    stop,
  };
}
