// The process's one cover source: covers fetched only from COVER_HOSTS and kept as thumbnails in
// the store's `cover-cache` places, shared by every process on the same store and bounded by
// COVER_CACHE_MAX_BYTES (places × the largest thumbnail kept). Like every shared read on a person's
// path it reaches the store through the store steps (`cover_cache`): a slow store costs one short
// deadline, then reads as a miss (the cover is fetched) until it answers in time again.

import { COVER_CACHE_ENTRY_BYTES, DEFAULT_COVER_CACHE_MAX_BYTES, DEFAULT_COVER_HOSTS } from '../config/defaults.js';
import type { CoversConfig } from '../config/types.js';
import { CoverSource } from '../covers/cover-source.js';
import type { Logger } from '../log/log.js';
import type { BotMetrics } from '../metrics/bot-metrics.js';
import { coverObserver } from '../metrics/observers.js';
import type { StoreSteps } from '../store/store-steps.js';
import { StoreResponseCache } from '../store/request-line/index.js';

export function openCovers(steps: StoreSteps, config: CoversConfig | undefined, log: Logger, metrics: BotMetrics | undefined): CoverSource {
  const maxBytes = config?.cacheMaxBytes ?? DEFAULT_COVER_CACHE_MAX_BYTES;
  const cache = new StoreResponseCache(steps.for('cover_cache'), {
    name: 'cover-cache',
    slots: Math.max(2, Math.floor(maxBytes / COVER_CACHE_ENTRY_BYTES)),
    maxEntryBytes: COVER_CACHE_ENTRY_BYTES,
    staleMs: 0,
    onError: (error, operation) => log.debug('the shared cover cache failed; read as a miss', { operation, error }),
  });
  return new CoverSource({ hosts: config?.hosts ?? [...DEFAULT_COVER_HOSTS], cache, observer: coverObserver(log, metrics) });
}
