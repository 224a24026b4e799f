// Every ServiceClient method and error path against the service emulator (emulator/server.ts).

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CoolOff } from '../../src/service/cool-off.js';
import { ServiceClient, type AuthedCallContext } from '../../src/service/client.js';
import {
  AbortedError,
  InvalidOptionError,
  ReauthRequiredError,
  ServiceHttpError,
  ThrottledError,
  UpstreamUnavailableError,
} from '../../src/service/errors.js';
import { animeFields, mangaFields, nested, userFields } from '../../src/service/fields.js';
import { buildAuthorizeUrl, OAuthClient } from '../../src/service/oauth.js';
import { storedTokensFrom, TokenManager } from '../../src/service/token-source.js';
import type { NodeItem, Page } from '../../src/service/common-types.js';
import type { Anime } from '../../src/service/work-types.js';
import { loginAsPerson } from '../../emulator/login.js';
import { DEFAULT_CLIENT, startEmulator, type Emulator } from '../../emulator/server.js';
import { MemoryStorage } from './memory-token-storage.js';


const PUBLIC_CLIENT = { id: 'amls-emulator-public-client-id-01', redirectUris: ['http://127.0.0.1:3000/oauth/callback'] };
const REDIRECT = DEFAULT_CLIENT.redirectUris[0]!;
const VERIFIER = 'Verifier-0123456789-abcdefghijklmnopqrstuvwxyz._~';
const UA = 'amls-bot-tests/1.0';

let emu: Emulator;
let client: ServiceClient;
let oauth: OAuthClient;
let storage: MemoryStorage;
let manager: TokenManager;
/** The client's cool-off clock, moved past the window after a throttling test. */
let coolNow = 0;

function login(user: string, key = user): AuthedCallContext {
  storage.map.set(key, storedTokensFrom({ token_type: 'Bearer', ...emu.issueTokensFor(user) }, Date.now()));
  return { auth: manager.sourceFor(key) };
}

beforeAll(async () => {
  emu = await startEmulator({ clients: [DEFAULT_CLIENT, PUBLIC_CLIENT] });
  client = new ServiceClient({
    apiUrl: emu.url,
    clientId: DEFAULT_CLIENT.id,
    userAgent: UA,
    backoff: () => 0,
    coolOff: new CoolOff({ now: () => coolNow }),
  });
  oauth = new OAuthClient({ authUrl: emu.url, clientId: DEFAULT_CLIENT.id, clientSecret: DEFAULT_CLIENT.secret!, userAgent: UA });
});
afterAll(async () => {
  await client.close();
  await oauth.close();
  await emu.close();
});
beforeEach(() => {
  emu.faults.reset();
  storage = new MemoryStorage();
  manager = new TokenManager({ oauth, storage });
});

describe('catalogue and forum with the client header', () => {
  it('searchAnime / searchManga with typed fields; followPage on the emulator paging URL', async () => {
    const page = await client.searchAnime({ q: 'the', limit: 2, fields: animeFields('start_season', 'genres') });
    expect(page.data).toHaveLength(2);
    expect(page.data[0]!.node.start_season?.year).toEqual(expect.any(Number));
    const last = emu.requestLog.at(-1)!;
    expect(last).toMatchObject({ path: '/v2/anime', auth: 'client', status: 200 });
    expect(last.query).toMatchObject({ q: 'the', limit: '2', fields: 'start_season,genres' });
    expect(new URL(page.paging.next!).origin).toBe(emu.url);
    const second = await client.followPage<Page<NodeItem<Anime>>>(page.paging.next!);
    expect(second.data.length).toBeGreaterThan(0);
    expect(second.data.map((d) => d.node.id)).not.toContain(page.data[0]!.node.id);

    const manga = await client.searchManga({ q: 'the', limit: 3, fields: mangaFields('num_volumes') });
    expect(manga.data.length).toBeGreaterThan(0);
  });

  it('pages() walks a search to its last page', async () => {
    const first = await client.searchAnime({ q: 'the', limit: 25, nsfw: true });
    const ids: number[] = [];
    let count = 0;
    let lastPaging = first.paging;
    for await (const p of client.pages(first)) {
      count++;
      ids.push(...p.data.map((d) => d.node.id));
      lastPaging = p.paging;
    }
    expect(count).toBeGreaterThan(1);
    expect(lastPaging.next).toBeUndefined();
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('getAnime / getManga', async () => {
    const anime = await client.getAnime(5114, { fields: animeFields('genres', 'num_episodes', 'statistics') });
    expect(anime).toMatchObject({ id: 5114, title: expect.any(String) });
    expect(Array.isArray(anime.genres)).toBe(true);
    const manga = await client.getManga(2, { fields: mangaFields(nested('authors', 'first_name', 'last_name')) });
    expect(manga.id).toBe(2);
    expect(manga.authors?.[0]?.node?.id).toEqual(expect.any(Number));
  });

  it('animeRanking / mangaRanking / seasonalAnime', async () => {
    // The catalogue changes with the emulator's day; with nsfw hidden (the default) the ranks keep their
    // gaps where a not-safe-for-work work stands, as the real service's do.
    const everything = await client.animeRanking({ rankingType: 'all', limit: 5, nsfw: true, fields: 'nsfw' });
    expect(everything.data.map((d) => d.ranking?.rank)).toEqual([1, 2, 3, 4, 5]);
    const ranking = await client.animeRanking({ rankingType: 'all', limit: 5, fields: 'nsfw' });
    const ranks = ranking.data.map((d) => d.ranking?.rank ?? 0);
    expect(ranks[0]).toBeGreaterThanOrEqual(1);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ranking.data.every((d) => d.node.nsfw === 'white')).toBe(true);
    const hidden = everything.data.filter((d) => d.node.nsfw !== undefined && d.node.nsfw !== 'white').length;
    expect(ranking.data.filter((d) => (d.ranking?.rank ?? 99) <= 5)).toHaveLength(5 - hidden);
    const mr = await client.mangaRanking({ rankingType: 'bypopularity', limit: 3, fields: 'popularity', nsfw: true });
    expect(mr.data).toHaveLength(3);
    expect(mr.paging.next).toEqual(expect.any(String));
    const season = await client.seasonalAnime({ year: 2020, season: 'fall', sort: 'anime_score', limit: 10 });
    expect(season.season).toEqual({ year: 2020, season: 'fall' });
  });

  it('userAnimeList / userMangaList of another user', async () => {
    const list = await client.userAnimeList('alice', { fields: 'list_status', sort: 'list_score', limit: 5, nsfw: true });
    expect(list.data.length).toBeGreaterThan(0);
    const scores = list.data.map((d) => d.list_status?.score ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const manga = await client.userMangaList('bob', { limit: 3, nsfw: true, fields: 'list_status' });
    expect(manga.data.length).toBeGreaterThan(0);
    const unknown = await client.userAnimeList('nobody-here').catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(ServiceHttpError);
    expect((unknown as ServiceHttpError).status).toBe(404);
  });

  it('forumBoards / forumTopics / forumTopic', async () => {
    const boards = await client.forumBoards();
    const boardId = boards.categories?.[0]?.boards?.[0]?.id;
    expect(boardId).toEqual(expect.any(Number));
    const topics = await client.forumTopics({ boardId: boardId!, limit: 2, sort: 'recent' });
    expect(topics.data.length).toBeGreaterThan(0);
    const byQuery = await client.forumTopics({ q: 'anime', limit: 3 });
    expect(Array.isArray(byQuery.data)).toBe(true);
    const topic = await client.forumTopic(topics.data[0]!.id, { limit: 3 });
    expect(topic.data.title).toEqual(expect.any(String));
    expect(topic.data.posts!.length).toBeGreaterThan(0);
    expect(topic.data.posts!.length).toBeLessThanOrEqual(3);
  });

  it('not found: unknown forum topic and unknown anime', async () => {
    for (const call of [() => client.forumTopic(999_999_999), () => client.getAnime(999_999_999)]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ServiceHttpError);
      expect(err).toMatchObject({ status: 404, code: 'not_found' });
    }
  });

  it('an unknown client id → ServiceHttpError 400 bad_request', async () => {
    const bad = new ServiceClient({ apiUrl: emu.url, clientId: 'bogus', userAgent: UA, backoff: () => 0 });
    const err = await bad.forumBoards().catch((e: unknown) => e);
    await bad.close();
    expect(err).toBeInstanceOf(ServiceHttpError);
    expect(err).toMatchObject({ status: 400, code: 'bad_request', serviceMessage: 'Invalid client id' });
  });
});

describe('OAuth against the emulator', () => {
  it('authorization code with HTTP Basic (confidential client), then the token works', async () => {
    const url = buildAuthorizeUrl({ authUrl: emu.url, clientId: DEFAULT_CLIENT.id, state: 'st-1', redirectUri: REDIRECT, codeChallenge: VERIFIER });
    const location = await loginAsPerson(url, { name: 'carol', password: 'carol-password' });
    expect(location.searchParams.get('state')).toBe('st-1');
    const before = emu.stats.tokenRequests.authorization_code;
    const tokens = await oauth.exchangeCode({ code: location.searchParams.get('code')!, codeVerifier: VERIFIER, redirectUri: REDIRECT });
    expect(emu.stats.tokenRequests.authorization_code).toBe(before + 1);
    storage.map.set('carol', storedTokensFrom(tokens, Date.now()));
    const me = await client.me({ fields: userFields('anime_statistics') }, { auth: manager.sourceFor('carol') });
    expect(me.name).toBe('carol');
    expect(me.anime_statistics).toBeDefined();
  });

  it('authorization code with client_id in the body (public client)', async () => {
    const pub = new OAuthClient({ authUrl: emu.url, clientId: PUBLIC_CLIENT.id, userAgent: UA });
    const url = buildAuthorizeUrl({ authUrl: emu.url, clientId: PUBLIC_CLIENT.id, state: 'st-2', redirectUri: REDIRECT, codeChallenge: VERIFIER });
    const location = await loginAsPerson(url, { name: 'bob', password: 'bob-password' });
    const tokens = await pub.exchangeCode({ code: location.searchParams.get('code')!, codeVerifier: VERIFIER, redirectUri: REDIRECT });
    const refreshed = await pub.refresh(tokens.refresh_token);
    await pub.close();
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).toEqual(expect.any(String));
  });

  it('a wrong verifier is a permanent OAuth error', async () => {
    const url = buildAuthorizeUrl({ authUrl: emu.url, clientId: DEFAULT_CLIENT.id, state: 's', redirectUri: REDIRECT, codeChallenge: VERIFIER });
    const location = await loginAsPerson(url, { name: 'alice', password: 'alice-password' });
    const err = await oauth
      .exchangeCode({ code: location.searchParams.get('code')!, codeVerifier: `${VERIFIER}x`, redirectUri: REDIRECT })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'oauth', status: 400, permanent: true });
  });
});

describe('user calls with a token', () => {
  it('me and animeSuggestions', async () => {
    const ctx = login('alice');
    const me = await client.me({}, ctx);
    expect(me.name).toBe('alice');
    expect(emu.requestLog.at(-1)).toMatchObject({ path: '/v2/users/@me', auth: 'bearer', status: 200 });
    const suggestions = await client.animeSuggestions({ limit: 5 }, ctx);
    expect(suggestions.data.length).toBeLessThanOrEqual(5);
  });

  it('anime list: PUT adds/updates, @me list reads it back, DELETE removes, DELETE again → 404', async () => {
    const ctx = login('bob');
    const status = await client.updateAnimeListStatus(
      5114,
      { status: 'watching', num_watched_episodes: 3, score: 9, tags: ['x', 'y'], comments: 'good', priority: 1 },
      ctx,
    );
    expect(status).toMatchObject({ status: 'watching', num_episodes_watched: 3, score: 9 });
    expect(status.updated_at).toEqual(expect.any(String));
    const partial = await client.updateAnimeListStatus(5114, { score: 7 }, ctx);
    expect(partial).toMatchObject({ status: 'watching', num_episodes_watched: 3, score: 7 });

    const first = await client.userAnimeList('@me', { fields: 'list_status{tags,comments,priority}', limit: 1000, nsfw: true }, ctx);
    const entries = [];
    for await (const p of client.pages(first, ctx)) entries.push(...p.data);
    const entry = entries.find((d) => d.node.id === 5114);
    expect(entry?.list_status).toMatchObject({ score: 7, tags: ['x', 'y'], comments: 'good', priority: 1 });

    await expect(client.deleteAnimeListStatus(5114, ctx)).resolves.toBeUndefined();
    const again = await client.deleteAnimeListStatus(5114, ctx).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ServiceHttpError);
    expect((again as ServiceHttpError).isNotFound).toBe(true);
  });

  it('manga list: PUT, @me list, DELETE', async () => {
    const ctx = login('carol');
    const status = await client.updateMangaListStatus(2, { status: 'reading', num_chapters_read: 5, num_volumes_read: 1, is_rereading: false }, ctx);
    expect(status).toMatchObject({ status: 'reading', num_chapters_read: 5, num_volumes_read: 1 });
    const list = await client.userMangaList('@me', { status: 'reading', fields: 'list_status', limit: 1000, nsfw: true }, ctx);
    expect(list.data.some((d) => d.node.id === 2 && d.list_status?.num_chapters_read === 5)).toBe(true);
    await client.deleteMangaListStatus(2, ctx);
    const after = await client.userMangaList('@me', { limit: 1000, nsfw: true }, ctx);
    expect(after.data.some((d) => d.node.id === 2)).toBe(false);
  });

  it('DELETE whose first answer is lost (502) and whose retry finds nothing → success', async () => {
    const ctx = login('alice');
    await client.updateAnimeListStatus(820, { status: 'completed' }, ctx);
    await client.deleteAnimeListStatus(820, ctx);
    emu.faults.failNext(1, { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' });
    await expect(client.deleteAnimeListStatus(820, ctx)).resolves.toBeUndefined();
  });

  it('"M only" calls without a token fail locally', async () => {
    const before = emu.stats.requests;
    await expect(client.me({}, {} as AuthedCallContext)).rejects.toBeInstanceOf(ReauthRequiredError);
    await expect(client.userAnimeList('@me')).rejects.toThrow('log in first');
    expect(emu.stats.requests).toBe(before);
  });
});

describe('token refresh against the emulator', () => {
  it('an access token expired on the server → one refresh, retry succeeds, rotated token stored', async () => {
    const ctx = login('alice');
    const old = storage.map.get('alice')!;
    emu.expireAccessTokens('alice');
    const before = emu.stats.tokenRequests.refresh_token;
    const me = await client.me({}, ctx);
    expect(me.name).toBe('alice');
    expect(emu.stats.tokenRequests.refresh_token).toBe(before + 1);
    const now = storage.map.get('alice')!;
    expect(now.accessToken).not.toBe(old.accessToken);
    expect(now.refreshToken).not.toBe(old.refreshToken);
    // the rotated refresh token works for the next refresh
    emu.expireAccessTokens('alice');
    await client.me({}, ctx);
    expect(emu.stats.tokenRequests.refresh_token).toBe(before + 2);
  });

  it('50 concurrent calls with a stored token about to expire → exactly one refresh', async () => {
    const ctx = login('bob');
    const t = storage.map.get('bob')!;
    // Obtained an hour ago and expiring in 30 s: inside the refresh-ahead window.
    storage.map.set('bob', { ...t, obtainedAt: Date.now() - 3_600_000, expiresAt: Date.now() + 30_000 });
    const before = emu.stats.tokenRequests.refresh_token;
    const results = await Promise.all(Array.from({ length: 50 }, () => client.forumBoards(ctx)));
    expect(results).toHaveLength(50);
    expect(emu.stats.tokenRequests.refresh_token).toBe(before + 1);
  });

  it('50 concurrent calls rejected with 401 → exactly one refresh', async () => {
    const ctx = login('carol');
    emu.expireAccessTokens('carol');
    const before = emu.stats.tokenRequests.refresh_token;
    const results = await Promise.all(Array.from({ length: 50 }, () => client.me({}, ctx)));
    expect(results.every((u) => u.name === 'carol')).toBe(true);
    expect(emu.stats.tokenRequests.refresh_token).toBe(before + 1);
  });

  it('refresh revoked → ReauthRequiredError and the record is deleted', async () => {
    const ctx = login('alice');
    emu.revokeRefreshTokens('alice');
    emu.expireAccessTokens('alice');
    const err = await client.me({}, ctx).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReauthRequiredError);
    expect((err as ReauthRequiredError).reason).toBe('refresh_rejected');
    expect(storage.map.has('alice')).toBe(false);
    await expect(client.me({}, ctx)).rejects.toMatchObject({ kind: 'reauth', reason: 'not_logged_in' });
  });

  it('a token issued to another client cannot be refreshed by ours → reauth', async () => {
    storage.map.set('bob', storedTokensFrom({ token_type: 'Bearer', ...emu.issueTokensFor('bob', PUBLIC_CLIENT.id) }, Date.now() - 10 * 86_400_000));
    const err = await client.me({}, { auth: manager.sourceFor('bob') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReauthRequiredError);
    expect(storage.map.has('bob')).toBe(false);
  });

  it('token endpoint outage is transient: record kept', async () => {
    const down = new OAuthClient({ authUrl: `${emu.url}/nowhere`, clientId: DEFAULT_CLIENT.id, clientSecret: DEFAULT_CLIENT.secret!, userAgent: UA });
    const m = new TokenManager({ oauth: down, storage });
    storage.map.set('carol', storedTokensFrom({ token_type: 'Bearer', ...emu.issueTokensFor('carol') }, Date.now() - 86_400_000 * 40));
    const err = await client.me({}, { auth: m.sourceFor('carol') }).catch((e: unknown) => e);
    await down.close();
    expect(err).toBeInstanceOf(UpstreamUnavailableError);
    expect(storage.map.has('carol')).toBe(true);
  });
});

describe('failures injected by the emulator', () => {
  const html = { status: 503, body: '<!DOCTYPE html><html>Service Unavailable</html>', contentType: 'text/html' };

  it('two 503 HTML pages then success (retried)', async () => {
    emu.faults.failNext(2, html);
    const before = emu.stats.requests;
    await expect(client.forumBoards()).resolves.toHaveProperty('categories');
    expect(emu.stats.requests).toBe(before + 3);
  });

  it('persistent 503 HTML → UpstreamUnavailableError with status and body', async () => {
    emu.faults.failNext(3, html);
    const err = await client.getAnime(5114).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamUnavailableError);
    expect(err).toMatchObject({ status: 503, rawBody: html.body });
  });

  it('an HTML page with status 200 is retried, not parsed', async () => {
    emu.faults.failNext(1, { status: 200, body: '<html>cdn</html>', contentType: 'text/html' });
    await expect(client.animeRanking({ rankingType: 'airing', limit: 2 })).resolves.toHaveProperty('data');
  });

  it('a 403 forbidden with credentials → ThrottledError at once, without retries', async () => {
    emu.faults.failNext(3, { status: 403, body: '{"message":"","error":"forbidden"}' });
    const before = emu.stats.requests;
    const err = await client.searchAnime({ q: 'bebop' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ThrottledError);
    expect(emu.stats.requests).toBe(before + 1);
    emu.faults.reset();
    coolNow += 3_600_000;
  });

  it('a 400 JSON error is not retried', async () => {
    emu.faults.failNext(1, { status: 400, body: '{"message":"invalid q","error":"bad_request"}' });
    const before = emu.stats.requests;
    const err = await client.searchManga({ q: 'bebop' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'http', status: 400, code: 'bad_request', serviceMessage: 'invalid q' });
    expect(emu.stats.requests).toBe(before + 1);
  });

  it('abort during a slow answer → AbortError, not retried', async () => {
    emu.faults.delayMs = 5_000;
    const ac = new AbortController();
    const before = emu.stats.requests;
    const pending = client.forumBoards({ signal: ac.signal }).catch((e: unknown) => e);
    while (emu.stats.requests === before) await new Promise((r) => setTimeout(r, 10));
    ac.abort();
    const err = await pending;
    emu.faults.delayMs = 0;
    expect(err).toBeInstanceOf(AbortedError);
    expect(emu.stats.requests).toBe(before + 1);
  });

  it('validation happens before any request', async () => {
    const before = emu.stats.requests;
    await expect(client.searchAnime({ q: 'ab' })).rejects.toBeInstanceOf(InvalidOptionError);
    await expect(client.forumTopics({})).rejects.toBeInstanceOf(InvalidOptionError);
    expect(emu.stats.requests).toBe(before);
  });
});
