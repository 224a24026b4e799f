// The deployment's shared upstream state, opened on the store's engine and handed to the service
// client: one rate budget, one cool-off and one cache of public answers for every process that
// shares STORE_URL.

import type { LimitsConfig } from '../config/types.js';
import type { Logger } from '../log/log.js';
import type { DeploymentShared } from '../service/deployment-gate.js';
import type { StoreSteps } from '../store/store-steps.js';
import { openUpstreamShared } from '../store/request-line/index.js';

const MINUTE = 60_000;

/** How long a shared public answer counts as fresh, by endpoint template; others 2 minutes. */
const SHARED_TTL_MS: Readonly<Record<string, number>> = {
  'anime/{id}': 10 * MINUTE,
  'manga/{id}': 10 * MINUTE,
  'anime/ranking': 30 * MINUTE,
  'manga/ranking': 30 * MINUTE,
  'anime/season/{year}/{season}': 30 * MINUTE,
  'forum/boards': 60 * MINUTE,
};
const DEFAULT_SHARED_TTL_MS = 2 * MINUTE;
/** While the service fails, a shared answer this much past its TTL is still served (marked possibly out of date). */
const SHARED_STALE_MS = 60 * MINUTE;

export interface OpenedSharing {
  deployment: DeploymentShared;
  close(): Promise<void>;
}

/**
 * On the store's engine through `steps` (each store step with its own short deadline). `cacheTtlMs`
 * (tests) replaces every endpoint's freshness, as it does for the process's cache.
 */
export async function openUpstreamSharing(steps: StoreSteps, limits: LimitsConfig, log: Logger, cacheTtlMs?: number): Promise<OpenedSharing> {
  const shared = await openUpstreamShared(steps, {
    budget: {
      requestsPerSecond: limits.serviceRequestsPerSecond,
      burst: limits.serviceRequestsBurst,
      processCount: limits.serviceProcessCount,
      onError: (error) => log.warn('the shared upstream budget failed; counting in this process', { error }),
      onCountUnknown: () => log.warn('pacing alone without having read how many processes run (the store failed since start): taking a share for 2 processes, with no burst; set SERVICE_PROCESS_COUNT to the number of bot processes'),
    },
    coolOff: { initialMs: limits.serviceCoolOffMs, maxMs: limits.serviceCoolOffMaxMs, onCoolOff: (e) => log.warn('the service is throttling the deployment; every process pauses', { ...e }) },
    cache: { staleMs: SHARED_STALE_MS, onError: (error, operation) => log.debug('the shared response cache failed; read as a miss', { operation, error }) },
  });
  return {
    deployment: {
      ...shared,
      cacheTtlMs: (endpoint) => cacheTtlMs ?? SHARED_TTL_MS[endpoint] ?? DEFAULT_SHARED_TTL_MS,
      staleMs: SHARED_STALE_MS,
    },
    close: () => shared.budget.close(),
  };
}
