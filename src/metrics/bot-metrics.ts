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

  readonly interactions = new Counter({
    name: `${METRIC_PREFIX}interactions_total`,
    help: 'Interactions handled, by kind, command (or component kind) and outcome.',
    labelNames: ['kind', 'command', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly firstResponse = new Histogram({
    name: `${METRIC_PREFIX}interaction_first_response_seconds`,
    help: 'Time from receiving an interaction to its first acknowledgement (reply, defer, update or choices).',
    labelNames: ['kind'] as const,
    buckets: RESPONSE_BUCKETS,
    registers: [this.registry],
  });
  readonly finalAnswer = new Histogram({
    name: `${METRIC_PREFIX}interaction_final_answer_seconds`,
    help: 'Time from receiving an interaction to its final answer.',
    labelNames: ['kind', 'command'] as const,
    buckets: RESPONSE_BUCKETS,
    registers: [this.registry],
  });
  readonly upstreamPerInteraction = new Histogram({
    name: `${METRIC_PREFIX}upstream_requests_per_interaction`,
    help: 'Requests one interaction sent to the service API (0 when answered from a cache), by kind and command.',
    labelNames: ['kind', 'command'] as const,
    buckets: [0, 1, 2, 3, 5, 8, 13, 21],
    registers: [this.registry],
  });
  readonly upstreamRequests = new Counter({
    name: `${METRIC_PREFIX}upstream_requests_total`,
    help: 'HTTP exchanges with the service API, by endpoint template, method and status class (2xx…5xx, or "network").',
    labelNames: ['endpoint', 'method', 'status_class'] as const,
    registers: [this.registry],
  });
  readonly upstreamDuration = new Histogram({
    name: `${METRIC_PREFIX}upstream_request_duration_seconds`,
    help: 'Duration of one HTTP exchange with the service API (one attempt).',
    labelNames: ['endpoint', 'method'] as const,
    buckets: UPSTREAM_BUCKETS,
    registers: [this.registry],
  });
  readonly upstreamRetries = new Counter({
    name: `${METRIC_PREFIX}upstream_retries_total`,
    help: 'Retries of service API requests after a transient failure, by endpoint and reason.',
    labelNames: ['endpoint', 'reason'] as const,
    registers: [this.registry],
  });
  readonly coolOffs = new Counter({
    name: `${METRIC_PREFIX}upstream_cool_offs_total`,
    help: 'Times the whole client paused because the service throttled it.',
    registers: [this.registry],
  });
  readonly cache = new Counter({
    name: `${METRIC_PREFIX}response_cache_total`,
    help: 'Response cache look-ups of anonymous catalogue reads, by result (hit, miss, stale = stale answer served).',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  readonly tokenRefreshes = new Counter({
    name: `${METRIC_PREFIX}token_refreshes_total`,
    help: 'Access-token refreshes sent to the token endpoint, by outcome (ok, rejected = login removed, client_rejected = bot misconfigured, failed = transient).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly storeDuration = new Histogram({
    name: `${METRIC_PREFIX}store_operation_duration_seconds`,
    help: 'Duration of store operations, by engine and operation.',
    labelNames: ['engine', 'operation'] as const,
    buckets: STORE_BUCKETS,
    registers: [this.registry],
  });
  readonly loginsStarted = new Counter({
    name: `${METRIC_PREFIX}logins_started_total`,
    help: 'Logins started with /login.',
    registers: [this.registry],
  });
  readonly loginsCompleted = new Counter({
    name: `${METRIC_PREFIX}logins_completed_total`,
    help: 'Logins that linked an account.',
    registers: [this.registry],
  });
  readonly loginsFailed = new Counter({
    name: `${METRIC_PREFIX}logins_failed_total`,
    help: 'Login callbacks that did not link an account, by reason.',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly reminders = new Counter({
    name: `${METRIC_PREFIX}reminders_total`,
    help: 'Reminder job runs, by outcome: delivered, dropped (no longer wanted), duplicate (already sent), paused (DMs closed or channel refused), retried, failed (for good).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly feedPosts = new Counter({
    name: `${METRIC_PREFIX}feed_posts_total`,
    help: 'Activity feed batch runs, by outcome: posted, dropped (never to be posted: see amls_bot_feed_dropped_total), duplicate (already posted), paused (a channel refused the post), retried, failed (for good).',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly feedDropped = new Counter({
    name: `${METRIC_PREFIX}feed_dropped_total`,
    help: 'Activity feed batches (or changes) never to be posted, by reason: not-member, no-channel, expired (not posted within a day), unrecorded (the store refused the changes), unreadable.',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  readonly coverFetches = new Counter({
    name: `${METRIC_PREFIX}cover_fetches_total`,
    help: 'Cover look-ups for the pictures (not API requests), by outcome: memo (this process), shared (the store\'s cache), fetched, refused_host (not in COVER_HOSTS), redirect_refused, not_image, too_large, timeout, failed.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
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
  readonly oldestDue = new Gauge({
    name: `${METRIC_PREFIX}reminder_oldest_due_seconds`,
    help: 'How long the oldest due reminder job has waited for a worker (0 when none waits).',
    registers: [this.registry],
  });

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
