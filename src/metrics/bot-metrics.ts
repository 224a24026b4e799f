// The bot's Prometheus metrics on prom-client, one registry per running bot. The names here are
// the contract with deploy/grafana-dashboard.json (a test checks the dashboard uses only these).

import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { QueueCounts } from '../jobs/job-engine.js';
import { COVER_OUTCOMES } from '../covers/cover-source.js';

export const METRIC_PREFIX = 'amls_bot_';

/** Seconds; Discord's 3 s acknowledgement deadline and the 15 min interaction lifetime shape them. */
const RESPONSE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 5, 10, 20];
const UPSTREAM_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STORE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

export type InteractionKind = 'command' | 'component' | 'autocomplete';
/**
 * ok: answered; user_error: answered with an explanation (bad input, not found, not logged in);
 * error: an unexpected failure, answered with "something went wrong"; refused: not the invoker's
 * controls; unknown: no such command or component; timeout: answered at the deadline; failed: no
 * answer reached Discord.
 */
export type InteractionOutcome = 'ok' | 'user_error' | 'error' | 'refused' | 'unknown' | 'timeout' | 'failed';
export type RefreshOutcome = 'ok' | 'rejected' | 'client_rejected' | 'failed';

export interface BotMetricsOptions {
  /** Node.js process metrics (CPU, memory, event loop, GC); default true. */
  defaultMetrics?: boolean;
}

export class BotMetrics {
  readonly registry = new Registry();

  readonly interactions = this.counter('interactions_total', 'Interactions handled, by kind, command (or component kind) and outcome.', ['kind', 'command', 'outcome']);
  readonly firstResponse = this.histogram('interaction_first_response_seconds', 'Time from receiving an interaction to its first acknowledgement (reply, defer, update or choices).', ['kind'], RESPONSE_BUCKETS);
  readonly finalAnswer = this.histogram('interaction_final_answer_seconds', 'Time from receiving an interaction to its final answer.', ['kind', 'command'], RESPONSE_BUCKETS);
  readonly upstreamPerInteraction = this.histogram('upstream_requests_per_interaction', 'Requests one interaction sent to the service API (0 when answered from a cache), by kind and command.', ['kind', 'command'], [0, 1, 2, 3, 5, 8, 13, 21]);
  readonly upstreamRequests = this.counter('upstream_requests_total', 'HTTP exchanges with the service API, by endpoint template, method and status class (2xx…5xx, or "network").', ['endpoint', 'method', 'status_class']);
  readonly upstreamDuration = this.histogram('upstream_request_duration_seconds', 'Duration of one HTTP exchange with the service API (one attempt).', ['endpoint', 'method'], UPSTREAM_BUCKETS);
  readonly upstreamRetries = this.counter('upstream_retries_total', 'Retries of service API requests after a transient failure, by endpoint and reason.', ['endpoint', 'reason']);
  readonly coolOffs = this.counter('upstream_cool_offs_total', 'Times the whole client paused because the service throttled it.');
  readonly cache = this.counter('response_cache_total', 'Response cache look-ups of anonymous catalogue reads, by result (hit, miss, stale = stale answer served).', ['result']);
  readonly tokenRefreshes = this.counter('token_refreshes_total', 'Access-token refreshes sent to the token endpoint, by outcome (ok, rejected = login removed, client_rejected = bot misconfigured, failed = transient).', ['outcome']);
  readonly storeDuration = this.histogram('store_operation_duration_seconds', 'Duration of store operations, by engine and operation.', ['engine', 'operation'], STORE_BUCKETS);
  readonly storeStepsFailedOpen = this.counter('store_steps_failed_open_total', 'Store steps on a person\'s path that did not answer in time, by step (cool_off, budget, response_cache, cover_cache, nsfw_ratings, preferences, replay), operation and reason (timeout, error, skipped while the store is slow); each fell back as if the store were down.', ['step', 'operation', 'reason']);
  readonly storeCasGaveUp = this.counter('store_cas_gave_up_total', 'Changes of a stored record that gave up after every compare-and-set attempt lost to another writer, by record kind (the key without its ids); each failed its caller.', ['record']);
  readonly storeRecordsMalformed = this.counter('store_records_malformed_total', 'Stored records that did not decode (treated as absent), by record type.', ['record']);
  readonly loginsStarted = this.counter('logins_started_total', 'Logins started with /login.');
  readonly loginsCompleted = this.counter('logins_completed_total', 'Logins that linked an account.');
  readonly loginsFailed = this.counter('logins_failed_total', 'Login callbacks that did not link an account, by reason.', ['reason']);

  readonly reminders = this.counter('reminders_total', 'Reminder job runs, by outcome: delivered, dropped (no longer wanted), duplicate (already sent), paused (DMs closed or channel refused), retried, failed (for good).', ['outcome']);
  readonly feedPosts = this.counter('feed_posts_total', 'Activity feed batch runs, by outcome: posted, dropped (never to be posted: see amls_bot_feed_dropped_total), duplicate (already posted), paused (a channel refused the post), retried, failed (for good).', ['outcome']);
  readonly feedDropped = this.counter('feed_dropped_total', 'Activity feed batches (or changes) never to be posted, by reason: not-member, no-channel, expired (not posted within a day), unrecorded (the store refused the changes), unreadable.', ['reason']);
  readonly jobsFailed = this.counter('jobs_failed_total', 'Job runs that threw, on any engine, by queue (or periodic job) and whether it was the last attempt (final: true) or will be retried.', ['queue', 'final']);
  readonly coverFetches = this.counter('cover_fetches_total', 'Cover look-ups for the pictures (not API requests), by outcome: memo (this process), shared (the store\'s cache), fetched, refused_host (not in COVER_HOSTS), redirect_refused, not_image, too_large, timeout, failed.', ['outcome']);
  private reminderQueue: (() => Promise<QueueCounts>) | undefined;
  readonly reminderJobs = new Gauge({
    name: `${METRIC_PREFIX}reminder_jobs`,
    help: 'Reminder delivery jobs in the job engine (the whole deployment), by state: waiting (due), delayed (retry back-off), active, failed (kept).',
    labelNames: ['state'] as const,
    registers: [this.registry],
    collect: async () => {
      const counts = await this.reminderQueue?.().catch(() => undefined);
      if (!counts) return;
      for (const state of ['waiting', 'delayed', 'active', 'failed'] as const) this.reminderJobs.set({ state }, counts[state]);
      this.oldestDue.set(counts.oldestWaitingMs / 1000);
    },
  });
  readonly oldestDue = this.gauge('reminder_oldest_due_seconds', 'How long the oldest due reminder job has waited for a worker (0 when none waits).');

  /** Where the reminder queue gauges read from, at each scrape. */
  observeReminderQueue(read: () => Promise<QueueCounts>): void {
    this.reminderQueue = read;
  }

  constructor(o: BotMetricsOptions = {}) {
    if (o.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
    // Every feed outcome from the first scrape, so a dashboard's rate() sees the first post.
    for (const outcome of ['posted', 'dropped', 'duplicate', 'paused', 'retried', 'failed']) this.feedPosts.inc({ outcome }, 0);
    for (const reason of ['not-member', 'no-channel', 'expired', 'unrecorded', 'unreadable']) this.feedDropped.inc({ reason }, 0);
    for (const outcome of COVER_OUTCOMES) this.coverFetches.inc({ outcome }, 0);
  }

  private counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter({ name: `${METRIC_PREFIX}${name}`, help, labelNames, registers: [this.registry] });
  }

  private histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]): Histogram<L> {
    return new Histogram({ name: `${METRIC_PREFIX}${name}`, help, labelNames, buckets, registers: [this.registry] });
  }

  private gauge<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Gauge<L> {
    return new Gauge({ name: `${METRIC_PREFIX}${name}`, help, labelNames, registers: [this.registry] });
  }

  /** Prometheus text exposition. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

export function statusClass(status: number | undefined): string {
  if (status === undefined) return 'network';
  if (status < 100 || status > 599) return 'other';
  return `${Math.floor(status / 100)}xx`;
}
