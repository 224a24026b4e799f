// What the pieces of the core are opened with (src/app/core.ts and the open-*.ts beside it): the
// process's options, its clock, the store, the job engine, the service client and tokens, the
// metrics, and the process's one Discord side.

import type { DiscordSide } from '../discord-api/discord-side.js';
import type { JobEngine } from '../jobs/job-engine.js';
import type { BotMetrics } from '../metrics/bot-metrics.js';
import { DEFAULT_KNOBS } from '../reminders/knobs.js';
import type { ServiceClient } from '../service/client.js';
import type { TokenManager } from '../service/token-source.js';
import type { BotStore } from '../store/bot-store.js';
import type { BotOptions } from './options.js';

export type CoreOptions = Pick<BotOptions, 'config' | 'log' | 'now' | 'service' | 'processMetrics' | 'reminders' | 'social' | 'feed' | 'games' | 'polls'>;

export interface CoreEnv {
  o: CoreOptions;
  now: () => number;
  store: BotStore;
  jobs: JobEngine;
  metrics: BotMetrics | undefined;
  service: ServiceClient;
  tokens: TokenManager;
  discord: DiscordSide;
}

/** How long a worker owns a job of the services that follow the reminder knobs (and their send leases' base). */
export function leaseMsOf(o: CoreOptions): number {
  return { ...DEFAULT_KNOBS, ...o.config.reminders, ...o.reminders }.leaseMs;
}
