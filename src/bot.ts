// Assembles the bot: service client, token store, login, the Discord client with its router,
// and the web server. `startBot` is what `npm start` runs and what end-to-end tests drive.

import { Events, MessageFlags, RESTEvents, Routes, type Client } from 'discord.js';
import type { BotConfig } from './config.js';
import { scopedLogger, type Logger } from './log.js';
import { parseEncryptionKey } from './store/crypto.js';
import { LoginService, type FinishSuccess } from './auth/login.js';
import { openStore, type BotStore } from './store/bot-store.js';
import { Scheduler } from './scheduler/periodic.js';
import { expiredRecordSweep } from './scheduler/sweep.js';
import { OAuthClient } from './service/oauth.js';
import { TokenManager } from './service/token-source.js';
import { ServiceClient } from './service/client.js';
import { ResponseCache } from './service/response-cache.js';
import type { AccountLinks } from './discord/accounts.js';
import { createDiscordClient } from './discord/client.js';
import type { BotDeps } from './discord/context.js';
import { commands, components } from './discord/registry.js';
import { InteractionRouter, type RouterOptions } from './discord/router.js';
import { finalizeMessage, type RenderedMessage } from './discord/render/limits.js';
import { WhereTracker } from './discord/where.js';
import { TitleCache } from './discord/views/titles.js';
import { createWebApp, type LoginFailureWithPending } from './web/app.js';
import { startWebServer, type RunningWebServer } from './web/server.js';
import { escapeMarkdown } from './discord/render/text.js';
import { BotMetrics } from './metrics/bot-metrics.js';
import { interactionObserver, refreshObserver, serviceObserver, timedStore } from './metrics/observers.js';

export interface BotOptions {
  config: BotConfig;
  log: Logger;
  now?: () => number;
  router?: RouterOptions;
  /** Interface the web server binds to; default all interfaces. */
  host?: string;
  /** Service client knobs, for tests. */
  service?: { timeoutMs?: number; retries?: number; backoff?: (attempt: number) => number; cacheTtlMs?: number };
  /** Node.js process metrics in the registry (when metrics are on); default true. */
  processMetrics?: boolean;
}

export interface RunningBot {
  client: Client;
  web: RunningWebServer;
  store: BotStore;
  tokens: TokenManager;
  deps: BotDeps;
  /** The bot's metrics when METRICS=on. */
  metrics: BotMetrics | undefined;
  /** Resolves when the gateway session is ready. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export async function startBot(o: BotOptions): Promise<RunningBot> {
  const { config, log } = o;
  const now = o.now ?? Date.now;
  const key = parseEncryptionKey(config.store.encryptionKey);
  const metrics = config.metrics?.enabled ? new BotMetrics({ defaultMetrics: o.processMetrics ?? true }) : undefined;
  const opened = await openStore(config.store.url, key, {
    now,
    onUnreadableRecord: (namespace) => log.warn('a stored record could not be decrypted; treated as absent', { namespace }),
  });
  const store = metrics ? timedStore(opened, storeEngineOf(config.store.url), metrics, ['accounts', 'pendingLogins']) : opened;

  const scheduler = new Scheduler({
    engine: store.engine,
    onError: (task, error) => log.warn('a periodic task failed; the next period tries again', { task, error }),
  });
  scheduler.add(expiredRecordSweep(store, (count) => log.debug('expired records deleted', { count })));

  const service = new ServiceClient({
    apiUrl: config.service.apiUrl,
    clientId: config.service.clientId,
    clientIdHeader: config.service.clientIdHeader,
    userAgent: config.service.userAgent,
    ...(o.service?.timeoutMs !== undefined ? { timeoutMs: o.service.timeoutMs } : {}),
    ...(o.service?.retries !== undefined ? { retries: o.service.retries } : {}),
    ...(o.service?.backoff ? { backoff: o.service.backoff } : {}),
    cache: new ResponseCache({ now, ...(o.service?.cacheTtlMs !== undefined ? { ttlMs: o.service.cacheTtlMs } : {}) }),
    observer: serviceObserver(log, metrics),
  });
  const oauth = new OAuthClient({
    authUrl: config.service.authUrl,
    clientId: config.service.clientId,
    ...(config.service.clientSecret ? { clientSecret: config.service.clientSecret } : {}),
    userAgent: config.service.userAgent,
  });
  const tokens = new TokenManager({
    oauth,
    storage: store,
    now,
    onClientRejected: (error) => log.error('the token endpoint refused the client credentials: check SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET', { error }),
    onRefresh: refreshObserver(log, metrics, async (id) => (await store.accounts.get(id))?.serviceUserName),
  });
  const login = new LoginService({
    store,
    oauth,
    service,
    authUrl: config.service.authUrl,
    clientId: config.service.clientId,
    redirectUri: config.web.redirectUri,
    now,
  });
  const accounts: AccountLinks = {
    linkedAs: (id) => login.linkedAs(id),
    tokenSource: (id) => tokens.sourceFor(id),
    startLogin: async (id, reply) => {
      const started = await login.startLogin({ discordUserId: id, reply });
      metrics?.loginsStarted.inc();
      log.debug('login started', { discordUserId: id });
      return started;
    },
    logout: async (id) => {
      const serviceUserName = await login.linkedAs(id);
      const unlinked = await login.logout(id);
      log.info('audit: account unlinked', {
        audit: 'unlink',
        discordUserId: id,
        serviceUserName: serviceUserName ?? null,
        outcome: unlinked ? 'unlinked' : 'was_not_linked',
      });
      return unlinked;
    },
  };
  // Every callback result counted and, once the login is known to belong to someone, audited.
  const finishLogin: typeof login.finishLogin = async (input) => {
    const result = await login.finishLogin(input);
    if (result.ok) {
      metrics?.loginsCompleted.inc();
      log.info('audit: account linked', { audit: 'link', discordUserId: result.discordUserId, serviceUserName: result.serviceUserName, outcome: 'linked' });
    } else {
      metrics?.loginsFailed.inc({ reason: result.reason });
      log.info('audit: account link failed', {
        audit: 'link',
        discordUserId: result.pending?.discordUserId ?? null,
        serviceUserName: null,
        outcome: result.reason,
      });
    }
    return result;
  };
  const deps: BotDeps = { service, accounts, log, now, titleCache: new TitleCache(now) };

  const client = createDiscordClient(config.discord.apiUrl);
  const where = new WhereTracker();
  where.attach(client);
  const router = new InteractionRouter(commands, components, deps, where, {
    ...o.router,
    ...(metrics ? { onFinished: interactionObserver(metrics) } : {}),
  });
  client.on(Events.InteractionCreate, (interaction) => void router.handle(interaction));
  client.on(Events.Error, (error) => log.error('discord client error', { error }));
  // The path of interaction callbacks and webhooks holds the interaction token: the logger masks it.
  client.rest.on(RESTEvents.Response, (request, response) =>
    scopedLogger(log).debug('discord call', { method: request.method, path: request.path, status: response.status, attempt: request.retries }),
  );
  client.on(Events.ShardDisconnect, (event, shard) => log.warn('gateway disconnected', { closeCode: event.code, shard }));

  // Edits the ephemeral /login reply through the interaction's webhook (valid for 15 minutes).
  const editLoginReply = async (reply: FinishSuccess['reply'], message: RenderedMessage): Promise<void> => {
    const final = finalizeMessage(message);
    try {
      await client.rest.patch(Routes.webhookMessage(reply.applicationId, reply.interactionToken), {
        body: { embeds: final.embeds ?? [], components: [], allowed_mentions: { parse: [] }, flags: MessageFlags.Ephemeral },
        auth: false,
      });
    } catch (error) {
      log.info('could not update the /login reply (it may have expired)', { error });
    }
  };
  const app = createWebApp({
    login: { finishLogin },
    hsts: new URL(config.web.publicUrl).protocol === 'https:',
    ...(config.web.trustProxy !== undefined ? { trustProxy: config.web.trustProxy } : {}),
    ...(metrics ? { metrics: { render: () => metrics.render(), ...(config.metrics?.token ? { token: config.metrics.token } : {}) } } : {}),
    accessLog: (entry) => log.debug('web request', { ...entry }),
    onLinked: (result) =>
      editLoginReply(result.reply, {
        embeds: [{ title: 'Account linked', description: `You are now linked as **${escapeMarkdown(result.serviceUserName)}**. Try \`/list anime view\` or \`/profile\`.` }],
      }),
    onLoginFailed: (result: LoginFailureWithPending) =>
      editLoginReply(result.pending.reply, { embeds: [{ title: 'Login not completed', description: `${result.message} Run \`/login\` to try again.` }] }),
    health: async () => {
      const storeOk = await store.ping();
      const discordReady = client.isReady();
      return { ready: storeOk && discordReady, checks: { store: storeOk, discord: discordReady ? 'ready' : 'connecting' } };
    },
    log: (message) => log.warn(message),
  });
  let web: RunningWebServer;
  try {
    web = await startWebServer(app, config.web.port, o.host);
  } catch (error) {
    await Promise.allSettled([store.close(), service.close(), oauth.close()]);
    throw error;
  }

  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(config.discord.token);
  } catch (error) {
    await Promise.allSettled([web.close(), store.close(), service.close(), oauth.close()]);
    throw error;
  }
  scheduler.start();
  log.info('bot started', { web: web.url });

  let stopping: Promise<void> | undefined;
  return {
    client,
    web,
    store,
    tokens,
    deps,
    metrics,
    ready,
    stop: () =>
      (stopping ??= (async () => {
        await client.destroy();
        await Promise.allSettled([web.close(), service.close(), oauth.close(), scheduler.stop()]);
        await store.close();
      })()),
  };
}

/** The store engine's name for metrics labels, from STORE_URL's scheme. */
export function storeEngineOf(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() ?? 'unknown';
  if (scheme === 'postgresql') return 'postgres';
  if (scheme === 'rediss') return 'redis';
  return scheme;
}
