// The store's side of the upstream ports (src/service/upstream-ports.ts): the composition root opens
// them on the engine STORE_URL names and hands them to the service client.
import type { StoreSteps } from '../store-steps.js';
import type { SharedCoolOff, SharedResponseCache } from '../../service/upstream-ports.js';
import { openUpstreamBudget, type StoreUpstreamBudget, type StoreUpstreamBudgetOptions } from './shared-line.js';
import { StoreCoolOff, type StoreCoolOffOptions } from './shared-cool-off.js';
import { StoreResponseCache, type StoreResponseCacheOptions } from './shared-response-cache.js';

export interface UpstreamSharedOptions {
  budget: StoreUpstreamBudgetOptions;
  coolOff?: StoreCoolOffOptions;
  cache?: StoreResponseCacheOptions;
}

export interface UpstreamShared {
  /** Close it before the engine (on SQLite it holds its own connection). */
  budget: StoreUpstreamBudget;
  coolOff: SharedCoolOff;
  cache: SharedResponseCache;
}

/**
 * The three shared parts on one engine (the same engine the BotStore uses), each through its own
 * deadline: a store that answers slowly costs a request one short deadline, then the part falls back
 * as when the store is down (this process's pacing, no shared cool-off, a cache miss).
 */
export async function openUpstreamShared(steps: StoreSteps, options: UpstreamSharedOptions): Promise<UpstreamShared> {
  return {
    budget: await openUpstreamBudget(steps.for('budget'), options.budget),
    coolOff: new StoreCoolOff(steps.for('cool_off'), options.coolOff),
    cache: new StoreResponseCache(steps.for('response_cache'), options.cache),
  };
}

export { openUpstreamBudget, StoreUpstreamBudget, type StoreUpstreamBudgetOptions } from './shared-line.js';
export { StoreCoolOff, type StoreCoolOffOptions } from './shared-cool-off.js';
export { StoreResponseCache, type StoreResponseCacheOptions } from './shared-response-cache.js';
