// What every process needs, whatever its role: the store, the service and OAuth clients, tokens,
// login, reminders and the dependencies handlers receive. Opened by `startBot` and by the sharding
// manager.

import { parseEncryptionKey } from '../config/keys.js';
import { LoginService } from '../auth/login.js';
import { openStore, type BotStore } from '../store/bot-store.js';
import { Scheduler } from '../scheduler/periodic.js';
import { expiredRecordSweep } from '../scheduler/sweep.js';
import { DEFAULT_TOKEN_TIMEOUT_MS, type OAuthClient } from '../service/oauth.js';
import { type TokenManager } from '../service/token-source.js';
import { type ServiceClient } from '../service/client.js';
import type { BotDeps } from '../interactions/context.js';
import { TitleCache } from '../catalogue/title-cache.js';
import { NsfwRatings } from '../catalogue/nsfw-ratings.js';
import { AIRING_FIELDS, SeasonAiring } from '../airing/season-airing.js';
import { watchingAndPlanned } from '../airing/my-list.js';
import { Reminders } from '../reminders/reminders.js';
import { type DeliveryResult } from '../reminders/types.js';
import type { QueuedReminder } from '../reminders/records.js';
import { PAUSE_NOTICE } from '../views/reminders.js';
import { BotMetrics } from '../metrics/bot-metrics.js';
import { timedStore } from '../metrics/observers.js';
import { UserRateLimits } from '../fairness/user-limits.js';
import { openUserRateLimiters } from '../store/rate-limits.js';
import { sharedLocks } from '../store/locks.js';
import { accountLinks, auditedLogin } from './audited-login.js';
import type { BotOptions } from './options.js';
import { openServiceClients } from './service-clients.js';
import { openUpstreamSharing } from './upstream-sharing.js';
import { DEFAULT_LIMITS } from '../config/config.js';


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

type CoreOptions = Pick<BotOptions, 'config' | 'log' | 'now' | 'service' | 'processMetrics' | 'reminders'>;

export async function openCore(o: CoreOptions): Promise<Core> {
  const { config, log } = o;
  const now = o.now ?? Date.now;
  const metrics = config.metrics?.enabled ? new BotMetrics({ defaultMetrics: o.processMetrics ?? true }) : undefined;
  const loginLostNotifier: Core['loginLostNotifier'] = {};
  const store = await openTimedStore(o, now, metrics);
  // One user's budget is counted where the store keeps shared state: across processes on Redis/PostgreSQL.
  let userRate: UserRateLimits;
  try {
    userRate = new UserRateLimits(await openUserRateLimiters(store.engine, config.userRate), config.userRate.ownerIds);
  } catch (error) {
    await store.close();
    throw error;
  }
  const scheduler = startScheduler(store, log);

  const limits = { ...DEFAULT_LIMITS, ...config.limits };
  const sharing = await openUpstreamSharing(store.engine, limits, log, o.service?.cacheTtlMs);
  const { service, oauth, tokens } = openServiceClients({ ...o, now, metrics, store, userRate, loginLostNotifier, deployment: sharing.deployment });
  const login = new LoginService({
    store,
    oauth,
    service,
    authUrl: config.service.authUrl,
    clientId: config.service.clientId,
    redirectUri: config.web.redirectUri,
    now,
  });
  const audited = auditedLogin(login, metrics, log);
  const accounts = accountLinks({ login, tokens, store, metrics, log, forgetReminders: (id) => reminders.forgetUser(id) });
  const delivery = lateDelivery();
  const reminders = openReminders(o, now, { store, service, tokens, login }, delivery.deliver);
  const deps: BotDeps = {
    service,
    // One user's list changes are serialised across every process sharing the store.
    locks: sharedLocks(store.engine, now),
    accounts,
    log,
    now,
    titleCache: new TitleCache(now),
    nsfwRatings: new NsfwRatings(store.engine, (error) => log.warn('the shared nsfw ratings could not be read or written', { error })),
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
    ...audited,
    limits: userRate,
    deps,
    loginLostNotifier,
    metrics,
    setReminderDelivery: delivery.set,
    close: async () => {
      await reminders.stop();
      await Promise.allSettled([service.close(), oauth.close(), scheduler.stop(), sharing.close()]);
      await store.close();
    },
  };
}

/** The store, timed per namespace when metrics are on; an unreadable record is logged and treated as absent. */
async function openTimedStore(o: CoreOptions, now: () => number, metrics: BotMetrics | undefined): Promise<BotStore> {
  const key = parseEncryptionKey(o.config.store.encryptionKey);
  const opened = await openStore(o.config.store.url, key, {
    now,
    // The refresh lock is leased for one token request's deadline.
    refreshDeadlineMs: o.service?.tokenTimeoutMs ?? DEFAULT_TOKEN_TIMEOUT_MS,
    onUnreadableRecord: (namespace) => o.log.warn('a stored record could not be decrypted; treated as absent', { namespace }),
  });
  return metrics ? timedStore(opened, opened.engine.kind, metrics, ['accounts', 'pendingLogins', 'pendingLinks']) : opened;
}

/** The periodic tasks (the expired-record sweep), started. */
function startScheduler(store: BotStore, log: CoreOptions['log']): Scheduler {
  const scheduler = new Scheduler({
    engine: store.engine,
    onError: (task, error) => log.warn('a periodic task failed; the next period tries again', { task, error }),
  });
  scheduler.add(expiredRecordSweep(store, (count) => log.debug('expired records deleted', { count })));
  // Every process runs the scheduler; the lease in the store makes each period's run happen once across them.
  scheduler.start();
  return scheduler;
}

type Deliver = (reminder: QueuedReminder) => Promise<DeliveryResult>;

/** How reminders reach Discord, set later by a process with a Discord client; until then each one is retried. */
function lateDelivery(): { deliver: Deliver; set: (deliver: Deliver) => void } {
  let deliverVia: Deliver | undefined;
  return {
    deliver: (reminder) => (deliverVia ? deliverVia(reminder) : Promise.resolve({ ok: false, reason: 'retry', detail: 'no Discord client in this process' })),
    set: (deliver) => {
      deliverVia = deliver;
    },
  };
}

function openReminders(
  o: CoreOptions,
  now: () => number,
  { store, service, tokens, login }: { store: BotStore; service: ServiceClient; tokens: TokenManager; login: LoginService },
  deliver: Deliver,
): Reminders {
  return new Reminders({
    // The shared store engine: its atomic steps make each reminder's claim hold across every process.
    kv: store.engine,
    source: {
      anime: (id) => service.getAnime(id, { fields: AIRING_FIELDS }),
      // The periodic sync reads as background work: a login it finds revoked is told to the user by DM.
      airingList: async (userId, read) =>
        (await login.linkedAs(userId)) === undefined ? undefined : watchingAndPlanned(service, tokens.sourceFor(userId, { background: read?.background === true })),
    },
    deliver,
    now,
    log: o.log,
    knobs: { ...o.config.reminders, ...o.reminders },
  });
}
