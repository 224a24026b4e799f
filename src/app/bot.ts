// Assembles the bot: service client, token store, login (the core), the Discord side with its
// router on one of two transports (gateway session or HTTP interactions), and the web server.
// `startBot` is what `npm start` runs and what end-to-end tests drive; `src/app/shard.ts` reuses the
// core and the web server for the sharding manager.

import { Events, MessageFlags, RESTEvents, Routes, type APIApplication, type Client, type REST } from 'discord.js';
import { DEFAULT_DISCORD_CDN_URL, DEFAULT_LIMITS } from '../config/config.js';
import { type BotConfig, type LimitsConfig } from '../config/types.js';
import { scopedLogger, type Logger } from '../log/log.js';
import { parseEncryptionKey } from '../config/keys.js';
import { LoginService } from '../auth/login.js';
import type { LoginReplyTarget } from '../store/pending-logins.js';
import { openStore, type BotStore, type ForgetResult } from '../store/bot-store.js';
import { Scheduler } from '../scheduler/periodic.js';
import { expiredRecordSweep } from '../scheduler/sweep.js';
import { OAuthClient } from '../service/oauth.js';
import { TokenManager } from '../service/token-source.js';
import { ServiceClient } from '../service/client.js';
import { ResponseCache } from '../service/response-cache.js';
import { CoolOff } from '../service/cool-off.js';
import type { AccountLinks, ForgottenRecords } from '../auth/accounts.js';
import { createDiscordClient } from '../transport/gateway-client.js';
import type { BotDeps } from '../interactions/context.js';
import { commands, components } from './command-registry.js';
import { InteractionRouter, type DrainResult, type RouterOptions } from '../interactions/router.js';
import { finalizeMessage, type RenderedMessage } from '../render/limits.js';
import { WhereTracker } from '../interactions/where.js';
import { TitleCache } from '../catalogue/title-cache.js';
import { AIRING_FIELDS, SeasonAiring } from '../airing/season-airing.js';
import { watchingAndPlanned } from '../airing/my-list.js';
import { Reminders, type DeliveryResult, type ReminderKnobs } from '../reminders/reminders.js';
import type { QueuedReminder } from '../reminders/records.js';
import { reminderDelivery } from '../transport/reminder-delivery.js';
import { PAUSE_NOTICE } from '../views/reminders.js';
import { createWebApp, type HealthStatus, type LoginFailureWithPending } from '../web/app.js';
import { startWebServer, type RunningWebServer } from '../web/server.js';
import { escapeMarkdown } from '../render/text.js';
import { HttpInteractions } from '../transport/http.js';
import { BotMetrics } from '../metrics/bot-metrics.js';
import { interactionObserver, refreshObserver, serviceObserver, timedStore } from '../metrics/observers.js';
import { withMetricsServer } from '../web/metrics-server.js';
import { SeenInteractions } from '../transport/replay.js';
import type { Router } from 'express';
import { UserRateLimits } from '../fairness/user-limits.js';

const LOGIN_LOST_EMBED = {
  title: 'Log in again',
  description: 'The service no longer accepts your linked login (it expired or was revoked), so the bot could not act for you. Use `/login` to link your account again.',
};

function finalizeEmbed(embed: { title: string; description: string }) {
  return finalizeMessage({ embeds: [embed] }).embeds?.[0] ?? embed;
}

export interface BotOptions {
  config: BotConfig;
  log: Logger;
  now?: () => number;
  router?: RouterOptions;
  /** Interface the web server binds to; default all interfaces. */
  host?: string;
  /** Reminder scheduler knobs beyond the configured ones, for tests (e.g. a long tick driven by hand). */
  reminders?: Partial<ReminderKnobs>;
  /** Service client knobs, for tests. */
  service?: { timeoutMs?: number; retries?: number; backoff?: (attempt: number) => number; cacheTtlMs?: number; tokenTimeoutMs?: number };
  /** Serve the web server (default true). Shard processes leave it to their manager. */
  web?: boolean;
  /** Node.js process metrics in the registry (when metrics are on); default true. */
  processMetrics?: boolean;
}

export interface RunningBot {
  client: Client;
  /** Undefined in a shard process (the manager serves the web). */
  web: RunningWebServer | undefined;
  store: BotStore;
  tokens: TokenManager;
  reminders: Reminders;
  deps: BotDeps;
  router: InteractionRouter;
  /** The bot's metrics when METRICS=on. */
  metrics: BotMetrics | undefined;
  /** Per-user fairness (this process's buckets). */
  limits: UserRateLimits;
  /** Resolves when the bot takes interactions: the gateway session is ready, or at once over HTTP. */
  ready: Promise<void>;
  /** Graceful stop: no new interactions, running ones get `graceMs` to finish, then everything closes. */
  shutdown(graceMs: number): Promise<DrainResult>;
  /** Immediate stop: closes everything without waiting for running interactions. */
  stop(): Promise<void>;
}

/** What every process needs, whatever its role: store, service and OAuth clients, tokens, login. */
export interface Core {
  store: BotStore;
  service: ServiceClient;
  oauth: OAuthClient;
  tokens: TokenManager;
  login: LoginService;
  /** `login.finishLogin`, `confirmLink` and `cancelLink`, counted and audited. */
  finishLogin: LoginService['finishLogin'];
  confirmLink: LoginService['confirmLink'];
  cancelLink: LoginService['cancelLink'];
  limits: UserRateLimits;
  deps: BotDeps;
  metrics: BotMetrics | undefined;
  /** Set by the process that talks to Discord: DMs a user whose login background work found revoked. */
  loginLostNotifier: { send?: (discordUserId: string) => Promise<void> };
  /** How due reminders reach Discord; set by processes with a Discord client before starting the scheduler. */
  setReminderDelivery(deliver: (reminder: QueuedReminder) => Promise<DeliveryResult>): void;
  close(): Promise<void>;
}

export async function openCore(o: Pick<BotOptions, 'config' | 'log' | 'now' | 'service' | 'processMetrics' | 'reminders'>): Promise<Core> {
  const { config, log } = o;
  const now = o.now ?? Date.now;
  const key = parseEncryptionKey(config.store.encryptionKey);
  const metrics = config.metrics?.enabled ? new BotMetrics({ defaultMetrics: o.processMetrics ?? true }) : undefined;
  const loginLostNotifier: Core['loginLostNotifier'] = {};
  const opened = await openStore(config.store.url, key, {
    now,
    onUnreadableRecord: (namespace) => log.warn('a stored record could not be decrypted; treated as absent', { namespace }),
  });
  const store = metrics ? timedStore(opened, opened.engine.kind, metrics, ['accounts', 'pendingLogins', 'pendingLinks']) : opened;

  const userRate = new UserRateLimits(config.userRate, now);
  const observer = serviceObserver(log, metrics);

  const scheduler = new Scheduler({
    engine: store.engine,
    onError: (task, error) => log.warn('a periodic task failed; the next period tries again', { task, error }),
  });
  scheduler.add(expiredRecordSweep(store, (count) => log.debug('expired records deleted', { count })));
  // Every process runs the scheduler; the lease in the store makes each period's run happen once across them.
  scheduler.start();

  const limits: LimitsConfig = { ...DEFAULT_LIMITS, ...config.limits };
  const service = new ServiceClient({
    apiUrl: config.service.apiUrl,
    clientId: config.service.clientId,
    clientIdHeader: config.service.clientIdHeader,
    userAgent: config.service.userAgent,
    timeoutMs: o.service?.timeoutMs ?? limits.serviceTimeoutMs,
    maxBodyBytes: limits.serviceMaxBodyBytes,
    maxConcurrent: limits.serviceMaxConcurrent,
    ...(o.service?.retries !== undefined ? { retries: o.service.retries } : {}),
    ...(o.service?.backoff ? { backoff: o.service.backoff } : {}),
    cache: new ResponseCache({
      now,
      maxBytes: limits.serviceCacheMaxBytes,
      ...(o.service?.cacheTtlMs !== undefined ? { ttlMs: o.service.cacheTtlMs } : {}),
    }),
    coolOff: new CoolOff({ initialMs: limits.serviceCoolOffMs, maxMs: limits.serviceCoolOffMaxMs }),
    // Each real upstream exchange (never a cache hit) also counts against the acting user's budget.
    observer: {
      ...observer,
      attempt: (e) => {
        observer.attempt?.(e);
        userRate.noteUpstreamCall();
      },
    },
  });
  const oauth = new OAuthClient({
    authUrl: config.service.authUrl,
    clientId: config.service.clientId,
    ...(config.service.clientSecret ? { clientSecret: config.service.clientSecret } : {}),
    userAgent: config.service.userAgent,
    ...(o.service?.tokenTimeoutMs !== undefined ? { timeoutMs: o.service.tokenTimeoutMs } : {}),
  });
  const tokens = new TokenManager({
    oauth,
    storage: store,
    now,
    onClientRejected: (error) => log.error('the token endpoint refused the client credentials: check SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET', { error }),
    onRefresh: refreshObserver(log, metrics, async (id) => (await store.accounts.get(id))?.serviceUserName),
    // Background work that finds a login revoked tells its owner by DM (never silently).
    onLoginLost: async (discordUserId) => {
      try {
        await loginLostNotifier.send?.(discordUserId);
      } catch (error) {
        log.info('could not DM a user about their lost login', { error });
      }
    },
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
    startLogin: async (id, profile, reply) => {
      const started = await login.startLogin({ discordUserId: id, discordUser: profile, reply });
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
    forget: async (id) => {
      const report = [...forgottenRecords(await store.forgetUser(id)), { label: 'reminders', deleted: await reminders.forgetUser(id) }];
      log.info('audit: everything about the user deleted', {
        audit: 'forget',
        discordUserId: id,
        deleted: Object.fromEntries(report.map((r) => [r.label, r.deleted])),
      });
      return report;
    },
  };
  // Every callback result counted and, once the login is known to belong to someone, audited.
  const finishLogin: typeof login.finishLogin = async (input) => {
    const result = await login.finishLogin(input);
    if (result.ok) {
      log.info('audit: account link awaiting confirmation', {
        audit: 'link',
        discordUserId: result.discordUserId,
        serviceUserName: result.serviceUserName,
        outcome: 'awaiting_confirmation',
      });
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
  // Only the person's Confirm links; Cancel links nothing.
  const confirmLink: typeof login.confirmLink = async (token) => {
    const linked = await login.confirmLink(token);
    if (linked) {
      metrics?.loginsCompleted.inc();
      log.info('audit: account linked', { audit: 'link', discordUserId: linked.discordUserId, serviceUserName: linked.serviceUserName, outcome: 'linked' });
    }
    return linked;
  };
  const cancelLink: typeof login.cancelLink = async (token) => {
    const cancelled = await login.cancelLink(token);
    if (cancelled) {
      metrics?.loginsFailed.inc({ reason: 'cancelled' });
      log.info('audit: account link cancelled', {
        audit: 'link',
        discordUserId: cancelled.discordUserId,
        serviceUserName: cancelled.serviceUserName,
        outcome: 'cancelled',
      });
    }
    return cancelled;
  };
  let deliverVia: ((reminder: QueuedReminder) => Promise<DeliveryResult>) | undefined;
  const reminders = new Reminders({
    // The shared store engine: its atomic steps make each reminder's claim hold across every process.
    kv: store.engine,
    source: {
      anime: (id) => service.getAnime(id, { fields: AIRING_FIELDS }),
      airingList: async (userId) => ((await login.linkedAs(userId)) === undefined ? undefined : watchingAndPlanned(service, tokens.sourceFor(userId))),
    },
    deliver: (reminder) => (deliverVia ? deliverVia(reminder) : Promise.resolve({ ok: false, reason: 'retry', detail: 'no Discord client in this process' })),
    now,
    log,
    knobs: { ...config.reminders, ...o.reminders },
  });
  const deps: BotDeps = {
    service,
    accounts,
    log,
    now,
    titleCache: new TitleCache(now),
    serviceWebUrl: config.service.webUrl,
    airing: new SeasonAiring({ service, now }),
    reminders,
    pendingNotice: async (userId) => ((await reminders.takePauseNotice(userId)) ? PAUSE_NOTICE : undefined),
  };
  return {
    store,
    service,
    oauth,
    tokens,
    login,
    finishLogin,
    confirmLink,
    cancelLink,
    limits: userRate,
    deps,
    loginLostNotifier,
    metrics,
    setReminderDelivery: (deliver) => {
      deliverVia = deliver;
    },
    close: async () => {
      await reminders.stop();
      await Promise.allSettled([service.close(), oauth.close(), scheduler.stop()]);
      await store.close();
    },
  };
}

export interface WebOptions {
  readiness: () => Promise<HealthStatus>;
  routes?: readonly Router[];
  /** REST client used to edit the /login reply through the interaction webhook (no bot token needed). */
  rest: REST;
}

/** The web server: OAuth callback, health, and (HTTP transport) interactions. */
export async function startWeb(core: Core, o: BotOptions, w: WebOptions): Promise<RunningWebServer> {
  const { log } = o;
  // Edits the ephemeral /login reply through the interaction's webhook (valid for 15 minutes).
  const editLoginReply = async (reply: LoginReplyTarget, message: RenderedMessage): Promise<void> => {
    const final = finalizeMessage(message);
    try {
      await w.rest.patch(Routes.webhookMessage(reply.applicationId, reply.interactionToken), {
        body: { embeds: final.embeds ?? [], components: [], allowed_mentions: { parse: [] }, flags: MessageFlags.Ephemeral },
        auth: false,
      });
    } catch (error) {
      log.info('could not update the /login reply (it may have expired)', { error });
    }
  };
  const { config } = o;
  const { metrics } = core;
  const app = createWebApp({
    login: { finishLogin: core.finishLogin, confirmLink: core.confirmLink, cancelLink: core.cancelLink },
    publicOrigin: new URL(config.web.publicUrl).origin,
    avatarOrigin: new URL(config.discord.cdnUrl ?? DEFAULT_DISCORD_CDN_URL).origin,
    onAwaitingConfirmation: (result) => {
      const at = Math.floor(result.expiresAt / 1000);
      return editLoginReply(result.reply, {
        embeds: [
          {
            title: 'Confirm in your browser',
            description:
              `The service authorized **${escapeMarkdown(result.serviceUserName)}**. Nothing is linked yet: the browser tab asks you to confirm ` +
              `that this account goes to your Discord account. If it is not confirmed by <t:${at}:t> (<t:${at}:R>), nothing is linked.`,
          },
        ],
      });
    },
    onLinkCancelled: (result) =>
      editLoginReply(result.reply, {
        embeds: [
          {
            title: 'Link cancelled',
            description: `Linking **${escapeMarkdown(result.serviceUserName)}** was cancelled in the browser. Nothing was linked. Run \`/login\` to try again.`,
          },
        ],
      }),
    hsts: new URL(config.web.publicUrl).protocol === 'https:',
    ...(config.web.trustProxy !== undefined ? { trustProxy: config.web.trustProxy } : {}),
    accessLog: (entry) => log.debug('web request', { ...entry }),
    onLinked: (result) =>
      editLoginReply(result.reply, {
        embeds: [{ title: 'Account linked', description: `You are now linked as **${escapeMarkdown(result.serviceUserName)}**. Try \`/list anime view\` or \`/profile\`.` }],
      }),
    onLoginFailed: (result: LoginFailureWithPending) =>
      editLoginReply(result.pending.reply, { embeds: [{ title: 'Login not completed', description: `${result.message} Run \`/login\` to try again.` }] }),
    readiness: w.readiness,
    ...(w.routes ? { routes: w.routes } : {}),
    log: (message) => log.warn(message),
  });
  const web = await startWebServer(app, o.config.web.port, o.host);
  return metrics && config.metrics ? withMetricsServer(web, { render: () => metrics.render(), ...config.metrics, log: (m) => log.warn(m) }) : web;
}

export async function startBot(o: BotOptions): Promise<RunningBot> {
  const { config, log } = o;
  const core = await openCore(o);
  const { store, deps } = core;
  const http = config.transport.kind === 'http';

  const client = createDiscordClient(config.discord.apiUrl, {}, config.discord.cdnUrl ?? DEFAULT_DISCORD_CDN_URL);
  core.loginLostNotifier.send = async (discordUserId) => {
    await client.users.send(discordUserId, { embeds: [finalizeEmbed(LOGIN_LOST_EMBED)], allowedMentions: { parse: [] } });
  };
  const limits: LimitsConfig = { ...DEFAULT_LIMITS, ...config.limits };
  const where = new WhereTracker();
  const router = new InteractionRouter(commands, components, deps, where, {
    commandBudgetMs: limits.commandBudgetMs,
    componentBudgetMs: limits.componentBudgetMs,
    autocompleteBudgetMs: limits.autocompleteBudgetMs,
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

  let httpInteractions: HttpInteractions | undefined;
  if (http) {
    // No gateway session: interactions arrive at POST /interactions. The token is still set for
    // authorised REST calls; interaction callbacks and webhooks need none.
    client.rest.setToken(config.discord.token);
    httpInteractions = new HttpInteractions({
      client,
      where,
      publicKey: config.transport.publicKey ?? '',
      log,
      accepting: () => router.accepting,
      seen: new SeenInteractions(store.engine),
    });
  } else {
    where.attach(client);
    client.on(Events.ShardDisconnect, (event, shard) => log.warn('gateway disconnected', { closeCode: event.code, shard }));
  }

  const readiness = async (): Promise<HealthStatus> => {
    const storeOk = await store.ping();
    const accepting = router.accepting;
    if (http) {
      return { ready: storeOk && accepting, checks: { transport: 'http', store: storeOk, interactions: accepting ? 'accepting' : 'draining' } };
    }
    const discordReady = client.isReady();
    return {
      ready: storeOk && discordReady && accepting,
      checks: { transport: 'gateway', store: storeOk, discord: discordReady ? 'ready' : 'connecting', interactions: accepting ? 'accepting' : 'draining' },
    };
  };

  let web: RunningWebServer | undefined;
  if (o.web !== false) {
    try {
      web = await startWeb(core, o, { readiness, rest: client.rest, ...(httpInteractions ? { routes: [httpInteractions.routes()] } : {}) });
    } catch (error) {
      await core.close();
      throw error;
    }
  }

  let ready: Promise<void>;
  if (http) {
    ready = Promise.resolve();
  } else {
    ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    try {
      await client.login(config.discord.token);
    } catch (error) {
      await Promise.allSettled([web?.close(), core.close()]);
      throw error;
    }
  }
  core.setReminderDelivery(reminderDelivery(client));
  deps.reminders.start();
  log.info('bot started', { transport: config.transport.kind, ...(web ? { web: web.url } : {}) });
  // The application's owner (or its team's members) is never rate limited, like BOT_OWNER_IDS.
  void (client.rest.get(Routes.currentApplication()) as Promise<APIApplication>)
    .then((application) => {
      core.limits.addOwners(application.team ? application.team.members.map((m) => m.user.id) : application.owner ? [application.owner.id] : []);
    })
    .catch((error: unknown) => log.warn('could not read the application owner; only BOT_OWNER_IDS skip the rate limit', { error }));

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      await deps.reminders.stop();
      await client.destroy();
      await Promise.allSettled([web?.close()]);
      await core.close();
    })());
  return {
    client,
    web,
    store,
    tokens: core.tokens,
    reminders: deps.reminders,
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

/** How "forget me" names each kind of record it deleted. */
const USER_RECORD_LABELS: Readonly<Record<string, string>> = {
  'link-confirmations': 'links awaiting confirmation (with their tokens)',
  'login-index': 'login indexes from an older version',
};

function forgottenRecords(result: ForgetResult): ForgottenRecords {
  return [
    { label: 'linked accounts (with their tokens)', deleted: result.account ? 1 : 0 },
    { label: 'pending logins', deleted: result.pendingLogins },
    ...Object.entries(result.other).map(([namespace, deleted]) => ({ label: USER_RECORD_LABELS[namespace] ?? namespace, deleted })),
  ];
}
