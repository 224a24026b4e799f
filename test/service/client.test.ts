import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/service/client.js';
import {
  AbortedError,
  CoolingOffError,
  ReauthRequiredError,
  ServiceHttpError,
  ThrottledError,
  UpstreamUnavailableError,
} from '../../src/service/errors.js';
import { type TokenSource } from '../../src/service/token-source.js';
import { CoolOff } from '../../src/service/cool-off.js';
import { startScriptedServer, type ScriptedServer } from './http-fixture.js';

const PAGE = { data: [{ node: { id: 1, title: 'A' } }], paging: {} };
const HTML = '<!DOCTYPE html><html><body>Cloudflare: 521 web server is down</body></html>';
const INVALID_TOKEN = {
  status: 401,
  json: { error: 'invalid_token', message: 'token expired' },
  headers: { 'www-authenticate': 'Bearer error="invalid_token", error_description="The access token expired"' },
};

/** A TokenSource whose refresh hands out tok-2, tok-3, …; records calls. */
function fakeAuth(initial = 'tok-1') {
  let current = initial;
  let n = 1;
  const calls = { get: 0, rejected: [] as string[] };
  const source: TokenSource = {
    getAccessToken: () => {
      calls.get++;
      return Promise.resolve(current);
    },
    refreshAfterRejection: (t) => {
      calls.rejected.push(t);
      if (t === current) current = `tok-${++n}`;
      return Promise.resolve(current);
    },
  };
  return { source, calls };
}

describe('ServiceClient transport', () => {
  let server: ScriptedServer;
  let client: ServiceClient;
  const backoffCalls: number[] = [];
  /** The cool-off's clock: each test starts after any window an earlier one opened. */
  let coolNow = 0;

  beforeAll(async () => {
    server = await startScriptedServer(() => ({ status: 200, json: PAGE }));
    client = new ServiceClient({
      apiUrl: `${server.url}/`,
      clientId: 'cid-123',
      userAgent: 'amls-bot/0.1 (+test)',
      timeoutMs: 2_000,
      coolOff: new CoolOff({ initialMs: 1_000, maxMs: 8_000, now: () => coolNow }),
      backoff: (attempt) => {
        backoffCalls.push(attempt);
        return 0;
      },
    });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    server.queue.length = 0;
    backoffCalls.length = 0;
    coolNow += 3_600_000;
  });

  it('without auth sends the client-ID header, never Authorization; always User-Agent and limit', async () => {
    const page = await client.searchAnime({ q: ' hokuto no ken ', fields: 'id,my_list_status{status}' });
    expect(page).toEqual(PAGE);
    const req = server.requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.headers['x-service-client-id']).toBe('cid-123');
    expect(req.headers.authorization).toBeUndefined();
    expect(req.headers['user-agent']).toBe('amls-bot/0.1 (+test)');
    const url = new URL(req.url, server.url);
    expect(url.pathname).toBe('/v2/anime');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      limit: '100',
      q: 'hokuto no ken',
      fields: 'id,my_list_status{status}',
    });
  });

  it('with auth sends only the bearer token', async () => {
    const { source } = fakeAuth();
    await client.getAnime(967, { fields: 'id' }, { auth: source });
    const req = server.requests[0]!;
    expect(req.headers.authorization).toBe('Bearer tok-1');
    expect(req.headers['x-service-client-id']).toBeUndefined();
    expect(req.url).toBe('/v2/anime/967?fields=id');
  });

  it('uses a configurable client header name', async () => {
    const c = new ServiceClient({ apiUrl: server.url, clientId: 'k', clientIdHeader: 'X-MAL-CLIENT-ID', userAgent: 'u' });
    await c.forumBoards();
    await c.close();
    expect(server.requests[0]!.headers['x-mal-client-id']).toBe('k');
    expect(server.requests[0]!.headers['x-service-client-id']).toBeUndefined();
  });

  it('"M only" calls without auth fail with "log in first" before any request', async () => {
    const calls: Array<() => Promise<unknown>> = [
      () => client.animeSuggestions({}, {} as never),
      () => client.updateAnimeListStatus(1, { score: 5 }, {} as never),
      () => client.deleteMangaListStatus(1, {} as never),
      () => client.me({}, {} as never),
      () => client.userAnimeList('@me'),
      () => client.userMangaList('@me', {}, {}),
    ];
    for (const call of calls) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ReauthRequiredError);
      expect((err as Error).message).toBe('log in first');
    }
    expect(server.requests).toHaveLength(0);
  });

  it('PUT sends a form body with the writable names and parses the entry', async () => {
    const { source } = fakeAuth();
    server.queue.push({ status: 200, json: { status: 'watching', num_episodes_watched: 3, tags: ['a', 'b'], extra: 1 } });
    const res = await client.updateAnimeListStatus(
      21,
      { status: 'watching', num_watched_episodes: 3, is_rewatching: false, tags: ['a', 'b'], comments: 'x & y', score: 0 },
      { auth: source },
    );
    expect(res).toEqual({ status: 'watching', num_episodes_watched: 3, tags: ['a', 'b'], extra: 1 });
    const req = server.requests[0]!;
    expect(req.method).toBe('PUT');
    expect(req.url).toBe('/v2/anime/21/my_list_status');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
      status: 'watching',
      num_watched_episodes: '3',
      is_rewatching: 'false',
      tags: 'a,b',
      comments: 'x & y',
      score: '0',
    });
  });

  it('401 invalid_token → refresh once → retry once with the new token', async () => {
    const { source, calls } = fakeAuth();
    server.queue.push(INVALID_TOKEN);
    const page = await client.userAnimeList('@me', { fields: 'list_status' }, { auth: source });
    expect(page.data).toHaveLength(1);
    expect(calls.rejected).toEqual(['tok-1']);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('a 401 recognised only by WWW-Authenticate also triggers the refresh', async () => {
    const { source, calls } = fakeAuth();
    server.queue.push({ status: 401, body: '', headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });
    await client.me({}, { auth: source });
    expect(calls.rejected).toEqual(['tok-1']);
    expect(server.requests).toHaveLength(2);
  });

  it('a second 401 → ReauthRequiredError (one refresh, two requests)', async () => {
    const { source, calls } = fakeAuth();
    server.queue.push(INVALID_TOKEN, INVALID_TOKEN, { status: 200, json: PAGE });
    const err = await client.animeSuggestions({ limit: 3 }, { auth: source }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReauthRequiredError);
    expect((err as ReauthRequiredError).reason).toBe('token_rejected');
    expect(calls.rejected).toEqual(['tok-1']);
    expect(server.requests).toHaveLength(2);
  });

  it('401 without a token (client header) is a plain ServiceHttpError', async () => {
    server.queue.push(INVALID_TOKEN);
    const err = await client.forumBoards().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceHttpError);
    expect((err as ServiceHttpError).status).toBe(401);
    expect(server.requests).toHaveLength(1);
  });

  it('retries 5xx and network errors with backoff, then succeeds', async () => {
    server.queue.push({ status: 500, json: { error: 'internal' } }, { destroy: true });
    const page = await client.animeRanking({ rankingType: 'airing', limit: 6 });
    expect(page.data).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
    expect(backoffCalls).toEqual([0, 1]);
  });

  it('gives up after the configured retries with UpstreamUnavailableError keeping status and body', async () => {
    server.queue.push({ status: 502, body: HTML }, { status: 503, body: HTML }, { status: 504, body: HTML });
    const err = await client.forumTopics({ q: 'JoJo opening' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamUnavailableError);
    expect((err as UpstreamUnavailableError).status).toBe(504);
    expect((err as UpstreamUnavailableError).rawBody).toBe(HTML);
    expect(server.requests).toHaveLength(3);
  });

  it('an HTML body with status 200 is an outage, not a crash', async () => {
    server.fallback = () => ({ status: 200, body: HTML });
    try {
      const err = await client.getManga(401).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UpstreamUnavailableError);
      expect((err as UpstreamUnavailableError).status).toBe(200);
      expect((err as UpstreamUnavailableError).rawBody).toBe(HTML);
    } finally {
      server.fallback = () => ({ status: 200, json: PAGE });
    }
  });

  it('403 with credentials is throttling: not retried, ThrottledError, and the whole client cools off', async () => {
    const forbidden = { status: 403, json: { message: '', error: 'forbidden' } };
    server.queue.push(forbidden, forbidden);
    const err = await client.seasonalAnime({ year: 2020, season: 'fall' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ThrottledError);
    expect((err as ThrottledError).code).toBe('forbidden');
    expect(server.requests).toHaveLength(1);
    expect(backoffCalls).toEqual([]);
    // During the window nothing is sent, for any caller.
    const { source } = fakeAuth();
    await expect(client.getAnime(1)).rejects.toBeInstanceOf(CoolingOffError);
    await expect(client.me({}, { auth: source })).rejects.toBeInstanceOf(ThrottledError);
    expect(server.requests).toHaveLength(1);
    expect(client.coolingOffMs).toBe(1_000);
    // The window ends: one probe goes out, is throttled again, and the window doubles.
    coolNow += 1_000;
    await expect(client.getAnime(2)).rejects.toBeInstanceOf(ThrottledError);
    expect(server.requests).toHaveLength(2);
    expect(client.coolingOffMs).toBe(2_000);
    // Then the service recovers: the next probe succeeds and everything flows again.
    coolNow += 2_000;
    await expect(client.getAnime(3)).resolves.toEqual(PAGE);
    await expect(client.getAnime(4)).resolves.toEqual(PAGE);
    expect(client.coolingOffMs).toBe(0);
    expect(server.requests).toHaveLength(4);
  });

  it('a 429 with Retry-After cools off for at least that long; a 503 with Retry-After too', async () => {
    server.queue.push({ status: 429, json: { message: '', error: 'too_many' }, headers: { 'retry-after': '5' } });
    await expect(client.getAnime(1)).rejects.toBeInstanceOf(ThrottledError);
    expect(client.coolingOffMs).toBe(5_000);
    coolNow += 5_000;
    server.queue.push({ status: 503, body: HTML, headers: { 'retry-after': '3' } });
    await expect(client.getAnime(1)).rejects.toBeInstanceOf(ThrottledError);
    expect(server.requests).toHaveLength(2);
    expect(client.coolingOffMs).toBe(3_000);
    coolNow += 3_000;
    await expect(client.getAnime(1)).resolves.toEqual(PAGE);
    expect(client.coolingOffMs).toBe(0);
  });

  it('a 403 on another user\'s list is a permission refusal (private list), not throttling', async () => {
    server.queue.push({ status: 403, json: { message: '', error: 'forbidden' } });
    const err = await client.userAnimeList('someone').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceHttpError);
    expect((err as ServiceHttpError).status).toBe(403);
    expect(client.coolingOffMs).toBe(0);
    await expect(client.getAnime(1)).resolves.toEqual(PAGE);
  });

  it('a call that cannot be answered before the scope deadline skips retries it has no time for', async () => {
    server.queue.push({ status: 502, body: HTML }, { status: 502, body: HTML });
    const scoped = client.scoped({ signal: new AbortController().signal, deadlineAt: Date.now() + 300 });
    await expect(scoped.getAnime(9)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(server.requests).toHaveLength(1);
  });

  it('4xx JSON errors are typed and not retried', async () => {
    server.queue.push({ status: 400, json: { message: 'invalid q', error: 'bad_request' } });
    const err = await client.searchManga({ q: 'parasyte' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceHttpError);
    expect(err).toMatchObject({ status: 400, code: 'bad_request', serviceMessage: 'invalid q', isBadRequest: true });
    expect((err as ServiceHttpError).rawBody).toBe('{"message":"invalid q","error":"bad_request"}');
    expect(server.requests).toHaveLength(1);
  });

  it('DELETE: 404 on the first attempt is an error', async () => {
    const { source } = fakeAuth();
    server.queue.push({ status: 404, json: { message: '', error: 'not_found' } });
    const err = await client.deleteAnimeListStatus(5, { auth: source }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceHttpError);
    expect((err as ServiceHttpError).isNotFound).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('DELETE: lost response then 404 counts as success', async () => {
    const { source } = fakeAuth();
    server.queue.push({ destroy: true }, { status: 404, json: { message: '', error: 'not_found' } });
    await expect(client.deleteAnimeListStatus(5, { auth: source })).resolves.toBeUndefined();
    server.queue.push({ status: 502, body: HTML }, { status: 404, json: { message: '', error: 'not_found' } });
    await expect(client.deleteMangaListStatus(6, { auth: source })).resolves.toBeUndefined();
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /v2/anime/5/my_list_status',
      'DELETE /v2/anime/5/my_list_status',
      'DELETE /v2/manga/6/my_list_status',
      'DELETE /v2/manga/6/my_list_status',
    ]);
  });

  it('DELETE success ignores the body (JSON null or anything)', async () => {
    const { source } = fakeAuth();
    server.queue.push({ status: 200, json: null }, { status: 200, body: '' });
    await expect(client.deleteAnimeListStatus(7, { auth: source })).resolves.toBeUndefined();
    await expect(client.deleteAnimeListStatus(7, { auth: source })).resolves.toBeUndefined();
  });

  it('an aborted call rejects promptly with AbortError and is not retried', async () => {
    server.queue.push({ hang: true });
    const ac = new AbortController();
    const pending = client.getAnime(1, {}, { signal: ac.signal }).catch((e: unknown) => e);
    while (server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    ac.abort();
    const err = await pending;
    expect(err).toBeInstanceOf(AbortedError);
    expect((err as Error).name).toBe('AbortError');
    expect(server.requests).toHaveLength(1);
    expect(backoffCalls).toEqual([]);
  });

  it('an already-aborted signal sends nothing', async () => {
    const err = await client.forumBoards({ signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AbortedError);
    expect(server.requests).toHaveLength(0);
  });

  it('a hanging server times out per attempt and ends in UpstreamUnavailableError', async () => {
    const c = new ServiceClient({
      apiUrl: server.url,
      clientId: 'k',
      userAgent: 'u',
      timeoutMs: 150,
      retries: 1,
      backoff: () => 0,
    });
    server.queue.push({ hang: true }, { hang: true });
    const err = await c.forumTopic(1877721, { limit: 3 }).catch((e: unknown) => e);
    await c.close();
    expect(err).toBeInstanceOf(UpstreamUnavailableError);
    expect(server.requests).toHaveLength(2);
  });

  it('uses the default jittered backoff when none is injected (bounded, grows)', async () => {
    const { jitteredBackoff } = await import('../../src/service/http-exchange.js');
    const low = jitteredBackoff(250, 4000, () => 0);
    const high = jitteredBackoff(250, 4000, () => 0.999999);
    expect([0, 1, 2, 3, 4, 5].map(low)).toEqual([125, 250, 500, 1000, 2000, 2000]);
    expect([0, 1, 5].map(high)).toEqual([249, 499, 3999]);
  });
});
