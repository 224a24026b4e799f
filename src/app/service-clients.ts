// The clients that talk to the service: the API client (deadlines, retries, cache, cool-off, each
// real request charged to the acting user), the OAuth client, and the token manager that refreshes
// people's tokens and tells them by DM when background work finds a login revoked.

import { DEFAULT_LIMITS } from '../config/config.js';
import type { LimitsConfig } from '../config/types.js';
import type { UserRateLimits } from '../store/request-line/user-limits.js';
import type { BotMetrics } from '../metrics/bot-metrics.js';
import { refreshObserver, serviceObserver } from '../metrics/observers.js';
import { CoolOff } from '../service/cool-off.js';
import { ServiceClient } from '../service/client.js';
import { OAuthClient } from '../service/oauth.js';
import { ResponseCache } from '../service/response-cache.js';
import { TokenManager } from '../service/token-source.js';
import { noteUpstreamRequest } from '../interactions/upstream-count.js';
import type { BotStore } from '../store/bot-store.js';
import type { DeploymentShared } from '../service/deployment-gate.js';
import type { BotOptions } from './options.js';

export interface ServiceClients {
  service: ServiceClient;
  oauth: OAuthClient;
  tokens: TokenManager;
}

interface ServiceClientsDeps extends Pick<BotOptions, 'config' | 'log' | 'service'> {
  now: () => number;
  metrics: BotMetrics | undefined;
  store: BotStore;
  userRate: UserRateLimits;
  /** Tells a person by DM that background work found their login revoked. */
  tellLoginLost: (discordUserId: string) => Promise<void>;
  /** The deployment's shared budget, cool-off and cache. */
  deployment: DeploymentShared;
}

export function openServiceClients(o: ServiceClientsDeps): ServiceClients {
  const { config, log, now, metrics, store, userRate, tellLoginLost } = o;
  const observer = serviceObserver(log, metrics);
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
    deployment: o.deployment,
    // Each real upstream exchange (never a cache hit) also counts against the acting user's budget.
    observer: {
      ...observer,
      attempt: (e) => {
        observer.attempt?.(e);
        userRate.noteUpstreamCall();
        noteUpstreamRequest();
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
    // Background work that finds a login revoked tells its owner by DM (never silently), once across every
    // process sharing the store.
    onLoginLost: async (discordUserId) => {
      try {
        if (!(await store.claimLoginLostNotice(discordUserId))) return;
      } catch (error) {
        log.info('could not record the lost-login notice; not sending it', { error });
        return;
      }
      try {
        await tellLoginLost(discordUserId);
        log.info('told a user by DM that their login was lost');
      } catch (error) {
        log.info('could not DM a user about their lost login', { error });
        // Not sent: the next background job that finds it may try again.
        await store.clearLoginLostNotice(discordUserId).catch(() => undefined);
      }
    },
  });
  return { service, oauth, tokens };
}
