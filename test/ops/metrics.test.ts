// GET /metrics after a scripted session (search, paging, login, update, a failing upstream):
// names, labels and counts as the README and the Grafana dashboard promise. Metrics have their own
// listener (METRICS_PORT, loopback by default): the public port never serves them.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentId, GUILD, newUser, startStack, type Stack } from '../../local-stack/harness.js';
import { answerOf } from '../../local-stack/user-helpers.js';
import { DEFAULT_USERS } from '../../emulator/server.js';

const TOKEN = 'metrics-scrape-token-0123456789';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match) throw new Error(`unparsable exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1] ?? ''] = pair[2] ?? '';
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

describe('GET /metrics', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ metrics: TOKEN, emulator: { users: DEFAULT_USERS } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const metricsUrl = (): string => stack.bot.web?.metricsUrl ?? 'no metrics listener';
  const scrape = async (): Promise<Sample[]> => {
    const res = await fetch(metricsUrl(), { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return parseExposition(await res.text());
  };

  it('serves metrics on their own loopback listener, not on the public port, even with the token', async () => {
    const url = new URL(metricsUrl());
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.port).not.toBe(new URL(stack.webUrl).port);
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Array<Record<string, string>>) {
      const res = await fetch(`${stack.webUrl}/metrics`, { headers });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('amls_bot_');
    }
  });

  it('refuses scrapes without the bearer token, with our security headers', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: TOKEN }] as Array<Record<string, string>>) {
      const res = await fetch(metricsUrl(), { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await res.text()).not.toContain('amls_bot_');
    }
  });

  it('counts a scripted session by command, outcome, endpoint, status class, cache, refresh and login', async () => {
    const user = newUser('metrics');
    // Search twice (the second one from the cache), then page.
    const search = () => answerOf(stack.command({ name: 'anime', subcommand: 'search', options: { query: 'the' }, user, where: GUILD }));
    const first = await search();
    expect(first.ephemeral, first.text).toBe(false);
    await search();
    const page2 = await answerOf(stack.click(first.message, componentId(first.message, 'Next'), user, GUILD));
    expect(page2.ephemeral, page2.text).toBe(false);

    // Login, then an update whose token the service has expired (one refresh).
    await stack.login(user, { name: 'alice', password: 'alice-password' });
    stack.emulator.expireAccessTokens('alice');
    const update = await answerOf(
      stack.command({ name: 'list', subcommandGroup: 'anime', subcommand: 'update', options: { title: 'id:967', status: 'watching' }, user, where: GUILD }),
    );
    expect(update.ephemeral, update.text).toBe(false);

    // A failing upstream: every attempt answers 500.
    stack.emulator.faults.failNext(5, { status: 500, body: '{"error":"internal"}' });
    const failing = await answerOf(stack.command({ name: 'anime', subcommand: 'info', options: { title: 'id:1' }, user, where: GUILD }));
    expect(failing.ephemeral).toBe(true);
    stack.emulator.faults.reset();

    // A callback with an unknown state: a failed login.
    expect((await fetch(`${stack.config.web.publicUrl}/oauth/callback?state=unknown&code=x`)).status).toBe(400);

    const s = await scrape();
    expect(value(s, 'amls_bot_interactions_total', { kind: 'command', command: 'anime search', outcome: 'ok' })).toBe(2);
    expect(value(s, 'amls_bot_interactions_total', { kind: 'component', command: 'pg', outcome: 'ok' })).toBe(1);
    expect(value(s, 'amls_bot_interactions_total', { kind: 'command', command: 'login', outcome: 'ok' })).toBe(1);
    expect(value(s, 'amls_bot_interactions_total', { kind: 'command', command: 'list anime update', outcome: 'ok' })).toBe(1);
    expect(value(s, 'amls_bot_interactions_total', { kind: 'command', command: 'anime info', outcome: 'user_error' })).toBe(1);

    expect(value(s, 'amls_bot_interaction_first_response_seconds_count', { kind: 'command' })).toBe(5);
    expect(value(s, 'amls_bot_interaction_first_response_seconds_count', { kind: 'component' })).toBe(1);
    expect(value(s, 'amls_bot_interaction_final_answer_seconds_count', { kind: 'command', command: 'anime search' })).toBe(2);
    expect(value(s, 'amls_bot_interaction_first_response_seconds_bucket', { kind: 'command', le: '3' })).toBe(5);

    expect(value(s, 'amls_bot_upstream_requests_total', { endpoint: 'anime', method: 'GET', status_class: '2xx' })).toBe(2);
    expect(value(s, 'amls_bot_upstream_requests_total', { endpoint: 'anime/{id}/my_list_status', method: 'PUT', status_class: '4xx' })).toBe(1);
    expect(value(s, 'amls_bot_upstream_requests_total', { endpoint: 'anime/{id}/my_list_status', method: 'PUT', status_class: '2xx' })).toBe(1);
    expect(value(s, 'amls_bot_upstream_requests_total', { endpoint: 'anime/{id}', status_class: '5xx' })).toBeGreaterThanOrEqual(2);
    expect(value(s, 'amls_bot_upstream_retries_total', { endpoint: 'anime/{id}', reason: 'unavailable' })).toBeGreaterThanOrEqual(1);
    expect(value(s, 'amls_bot_upstream_request_duration_seconds_count', { endpoint: 'users/@me', method: 'GET' })).toBe(1);
    expect(value(s, 'amls_bot_upstream_cool_offs_total')).toBe(0);

    // Upstream requests per interaction: the first search sent one, the repeat none (cache), the page one.
    expect(value(s, 'amls_bot_upstream_requests_per_interaction_count', { kind: 'command', command: 'anime search' })).toBe(2);
    expect(value(s, 'amls_bot_upstream_requests_per_interaction_sum', { kind: 'command', command: 'anime search' })).toBe(1);
    expect(value(s, 'amls_bot_upstream_requests_per_interaction_bucket', { kind: 'command', command: 'anime search', le: '0' })).toBe(1);
    expect(value(s, 'amls_bot_upstream_requests_per_interaction_sum', { kind: 'component', command: 'pg' })).toBe(1);
    expect(value(s, 'amls_bot_upstream_requests_per_interaction_sum', { kind: 'command', command: 'login' })).toBe(0);

    expect(value(s, 'amls_bot_response_cache_total', { result: 'hit' })).toBe(1);
    expect(value(s, 'amls_bot_response_cache_total', { result: 'miss' })).toBeGreaterThanOrEqual(2);

    expect(value(s, 'amls_bot_token_refreshes_total', { outcome: 'ok' })).toBe(1);
    expect(value(s, 'amls_bot_logins_started_total')).toBe(1);
    expect(value(s, 'amls_bot_logins_completed_total')).toBe(1);
    expect(value(s, 'amls_bot_logins_failed_total', { reason: 'invalid_state' })).toBe(1);

    expect(value(s, 'amls_bot_store_operation_duration_seconds_count', { engine: 'sqlite', operation: 'accounts.get' })).toBeGreaterThan(0);
    expect(value(s, 'amls_bot_store_operation_duration_seconds_count', { engine: 'sqlite', operation: 'pendingLogins.take' })).toBe(2); // one per callback

    // The reminder queue, read from the job engine at the scrape (nothing queued in this session).
    for (const state of ['waiting', 'delayed', 'active', 'failed']) expect(value(s, 'amls_bot_reminder_jobs', { state })).toBe(0);
    expect(value(s, 'amls_bot_reminder_oldest_due_seconds')).toBe(0);
    // The activity feed's outcomes are exported (no feed channel in this session: nothing counted yet).
    for (const outcome of ['posted', 'dropped', 'duplicate', 'paused', 'retried', 'failed']) {
      expect(s.some((x) => x.name === 'amls_bot_feed_posts_total' && x.labels.outcome === outcome)).toBe(true);
      expect(value(s, 'amls_bot_feed_posts_total', { outcome })).toBe(0);
    }
    for (const reason of ['not-member', 'no-channel', 'expired', 'unrecorded', 'unreadable']) expect(value(s, 'amls_bot_feed_dropped_total', { reason })).toBe(0);

    // Cover look-ups for the pictures, every outcome exported from the first scrape.
    for (const outcome of ['memo', 'shared', 'fetched', 'refused_host', 'redirect_refused', 'not_image', 'too_large', 'timeout', 'failed']) {
      expect(s.some((x) => x.name === 'amls_bot_cover_fetches_total' && x.labels.outcome === outcome)).toBe(true);
    }

    // Node.js process metrics.
    expect(s.some((x) => x.name === 'process_cpu_user_seconds_total')).toBe(true);
    expect(s.some((x) => x.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });
});

describe('metrics without a token', () => {
  it('are served on the loopback listener only; the public port answers 404', async () => {
    const stack = await startStack({ metrics: true });
    try {
      const url = stack.bot.web?.metricsUrl ?? '';
      expect(new URL(url).hostname).toBe('127.0.0.1');
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('amls_bot_interactions_total');
      const pub = await fetch(`${stack.webUrl}/metrics`);
      expect(pub.status).toBe(404);
      expect(await pub.text()).not.toContain('amls_bot_');
    } finally {
      await stack.stop();
    }
  });
});

describe('metrics off', () => {
  it('serves no /metrics route unless METRICS=on', async () => {
    const stack = await startStack();
    try {
      expect(stack.bot.metrics).toBeUndefined();
      expect(stack.bot.web?.metricsUrl).toBeUndefined();
      const res = await fetch(`${stack.webUrl}/metrics`);
      expect(res.status).toBe(404);
    } finally {
      await stack.stop();
    }
  });
});
