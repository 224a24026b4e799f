// Turns what the service client, the router, the token manager, the cover source and the store report into log
// lines and (when metrics are on) Prometheus samples.

import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { scopedLogger, type Logger } from '../log/log.js';
import { CAS_GAVE_UP_CHANNEL, type CasGaveUp } from '../store/compare-and-set.js';
import { RECORD_MALFORMED_CHANNEL, type RecordMalformed } from '../store/record-decoder.js';
import type { ServiceObserver } from '../service/observer.js';
import type { RefreshEvent } from '../service/token-source.js';
import type { InteractionReport } from '../interactions/outcome.js';
import type { CoverObserver } from '../covers/cover-source.js';
import { statusClass, type BotMetrics } from './bot-metrics.js';

const seconds = (ms: number): number => ms / 1000;

/** Every upstream attempt logged at debug (with the interaction's bindings, when it belongs to one) and counted. */
export function serviceObserver(log: Logger, metrics: BotMetrics | undefined): ServiceObserver {
  return {
    attempt(e) {
      const ms = Math.round(e.durationMs);
      scopedLogger(log).debug('upstream call', {
        endpoint: e.endpoint,
        method: e.method,
        status: e.status ?? null,
        attempt: e.attempt,
        ms,
        auth: e.auth,
        ...(e.aborted ? { aborted: true } : {}),
        ...(e.error !== undefined ? { error: e.error } : {}),
      });
      if (!metrics || e.aborted) return;
      metrics.upstreamRequests.inc({ endpoint: e.endpoint, method: e.method, status_class: statusClass(e.status) });
      metrics.upstreamDuration.observe({ endpoint: e.endpoint, method: e.method }, seconds(e.durationMs));
    },
    retry(e) {
      metrics?.upstreamRetries.inc({ endpoint: e.endpoint, reason: e.reason });
    },
    cache(e) {
      metrics?.cache.inc({ result: e.result });
    },
    coolOff(e) {
      scopedLogger(log).warn('the service is throttling the bot; pausing requests', { ms: e.ms, status: e.status ?? null });
      metrics?.coolOffs.inc();
    },
  };
}

export function interactionObserver(metrics: BotMetrics): (report: InteractionReport) => void {
  return (r) => {
    metrics.interactions.inc({ kind: r.kind, command: r.command, outcome: r.outcome });
    if (r.firstResponseMs !== undefined) metrics.firstResponse.observe({ kind: r.kind }, seconds(r.firstResponseMs));
    metrics.finalAnswer.observe({ kind: r.kind, command: r.command }, seconds(r.totalMs));
    metrics.upstreamPerInteraction.observe({ kind: r.kind, command: r.command }, r.upstreamRequests);
  };
}

/**
 * Token refreshes counted by outcome; failures written to the audit trail with the Discord user
 * and the service account they were linked as (read before a rejected login is removed).
 */
export function refreshObserver(
  log: Logger,
  metrics: BotMetrics | undefined,
  linkedAs: (discordUserId: string) => Promise<string | undefined>,
): (e: RefreshEvent) => Promise<void> {
  return async (e) => {
    metrics?.tokenRefreshes.inc({ outcome: e.outcome });
    if (e.outcome === 'ok') {
      scopedLogger(log).debug('token refreshed', { discordUserId: e.key, ms: Math.round(e.durationMs) });
      return;
    }
    const serviceUserName = await linkedAs(e.key).catch(() => undefined);
    scopedLogger(log).warn('audit: token refresh failed', {
      audit: 'refresh_failed',
      discordUserId: e.key,
      serviceUserName: serviceUserName ?? null,
      outcome: e.outcome === 'rejected' ? 'login_removed' : e.outcome === 'client_rejected' ? 'bot_misconfigured' : 'kept_for_retry',
    });
  };
}

type AsyncFn = (...args: never[]) => Promise<unknown>;

/**
 * The same object whose async methods (and those of the `nested` objects, e.g. `accounts`) are
 * timed into store_operation_duration_seconds{engine, operation}.
 */
export function timedStore<T extends object>(store: T, engine: string, metrics: BotMetrics, nested: readonly string[] = []): T {
  const wrap = <O extends object>(target: O, prefix: string): O => {
    const cache = new Map<PropertyKey, unknown>();
    return new Proxy(target, {
      get(obj, property, receiver) {
        const value: unknown = Reflect.get(obj, property, receiver);
        if (typeof property !== 'string') return value;
        if (cache.has(property)) return cache.get(property);
        let out = value;
        if (typeof value === 'function' && property !== 'constructor') {
          const fn = value as AsyncFn;
          const operation = `${prefix}${property}`;
          out = (...args: never[]) => {
            const started = performance.now();
            const result: unknown = fn.apply(obj, args);
            if (!(result instanceof Promise)) return result;
            const done = (): void => metrics.storeDuration.observe({ engine, operation }, seconds(performance.now() - started));
            return result.finally(done);
          };
        } else if (nested.includes(property) && typeof value === 'object' && value !== null) {
          out = wrap(value, `${property}.`);
        } else {
          return value;
        }
        cache.set(property, out);
        return out;
      },
    });
  };
  return wrap(store, '');
}

/** Hosts a process warns about at most; past it, refusals are only counted. */
const REFUSED_HOSTS_LOGGED = 64;

/**
 * Every cover look-up counted by outcome. A picture URL on a host outside COVER_HOSTS is logged at warn
 * once per host per process: the service may have moved its pictures, and the operator should say so.
 */
export function coverObserver(log: Logger, metrics: BotMetrics | undefined): CoverObserver {
  const warned = new Set<string>();
  return {
    cover(outcome, host) {
      metrics?.coverFetches.inc({ outcome });
      if (outcome !== 'refused_host' || warned.has(host) || warned.size >= REFUSED_HOSTS_LOGGED) return;
      warned.add(host);
      log.warn('a cover is on a host not in COVER_HOSTS; not fetched (add the host if the service moved its pictures)', { host });
    },
  };
}

/**
 * The store layer's give-ups (a compare-and-set change that lost every attempt) and malformed records
 * (a decoder refused one), published on diagnostics channels, logged at warn and counted. Returns the unsubscribe.
 */
export function observeStoreRecords(log: Logger, metrics: BotMetrics | undefined): () => void {
  const onGaveUp = (message: unknown): void => {
    const e = message as CasGaveUp;
    metrics?.storeCasGaveUp.inc({ record: e.record });
    scopedLogger(log).warn('a stored record changed concurrently too often; the change gave up', { record: e.record, attempts: e.attempts });
  };
  const onMalformed = (message: unknown): void => {
    const e = message as RecordMalformed;
    metrics?.storeRecordsMalformed.inc({ record: e.record });
    scopedLogger(log).warn('a stored record did not decode; treated as absent', { record: e.record });
  };
  subscribe(CAS_GAVE_UP_CHANNEL, onGaveUp);
  subscribe(RECORD_MALFORMED_CHANNEL, onMalformed);
  return () => {
    unsubscribe(CAS_GAVE_UP_CHANNEL, onGaveUp);
    unsubscribe(RECORD_MALFORMED_CHANNEL, onMalformed);
  };
}
