import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/service/client.js';
import { ResponseCache } from '../../src/service/response-cache.js';
import type { TokenSource } from '../../src/service/token-source.js';
import { startScriptedServer, type ScriptedServer } from './http-fixture.js';

describe('ResponseCache', () => {
  it('serves a fresh entry, reloads after the TTL, and evicts the least recently used when its bytes are full', async () => {
    let now = 0;
    // Each value below measures 4 bytes as JSON ("a1"): room for two.
    const cache = new ResponseCache({ ttlMs: 1000, maxBytes: 8, now: () => now });
    let loads = 0;
    const load = (v: string) => async () => {
      loads++;
      return v;
    };
    expect(await cache.getOrLoad('a', load('a1'))).toBe('a1');
    expect(await cache.getOrLoad('a', load('a2'))).toBe('a1');
    now = 1001;
    expect(await cache.getOrLoad('a', load('a3'))).toBe('a3');
    await cache.getOrLoad('b', load('b1'));
    await cache.getOrLoad('a', load('unused')); // touches a: b is now the oldest
    await cache.getOrLoad('c', load('c1'));
    expect(cache.size).toBe(2);
    expect(await cache.getOrLoad('b', load('b2'))).toBe('b2');
    expect(loads).toBe(5);
    expect(cache.bytes).toBe(8);
  });

  it('keeps entries past their freshness for stale answers, up to the stale limit', () => {
    let now = 0;
    const cache = new ResponseCache({ ttlMs: 1000, staleMs: 5000, now: () => now });
    cache.set('k', { v: 1 }, 100);
    now = 2000;
    expect(cache.peek('k')).toBeUndefined();
    expect(cache.stale('k')).toEqual({ value: { v: 1 }, ageMs: 2000 });
    now = 6000;
    expect(cache.stale('k')).toBeUndefined();
  });

  it('never keeps one answer larger than half of its bound', () => {
    const cache = new ResponseCache({ maxBytes: 1000 });
    cache.set('big', 'x', 501);
    cache.set('small', 'y', 500);
    expect(cache.peek('big')).toBeUndefined();
    expect(cache.peek('small')).toEqual({ value: 'y' });
  });

  it('shares one load between concurrent callers and never caches a failure', async () => {
    const cache = new ResponseCache();
    let loads = 0;
    const slow = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 10));
      return loads;
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => cache.getOrLoad('k', slow)));
    expect(new Set(results)).toEqual(new Set([1]));
    expect(loads).toBe(1);
    await expect(cache.getOrLoad('bad', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('bad', async () => 'up')).toBe('up');
  });
});

describe('ServiceClient with a response cache', () => {
  let server: ScriptedServer;
  let client: ServiceClient;
  const auth: TokenSource = { getAccessToken: async () => 'user-token', refreshAfterRejection: async () => 'user-token' };

  beforeAll(async () => {
    server = await startScriptedServer(() => ({ status: 200, json: { id: 1, data: [], paging: {} } }));
    client = new ServiceClient({ apiUrl: server.url, clientId: 'cid', userAgent: 'test', cache: new ResponseCache() });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  const count = (path: string) => server.requests.filter((r) => r.url.startsWith(path)).length;

  it('caches anonymous catalogue reads only', async () => {
    await client.getAnime(1);
    await client.getAnime(1);
    expect(count('/v2/anime/1')).toBe(1);
    expect(client.cachedResponses).toBeGreaterThan(0);
    await client.getAnime(1, {}, { auth });
    await client.getAnime(1, {}, { auth });
    expect(count('/v2/anime/1')).toBe(3);
  });

  it('a call with an abort signal answers from the cache and fills it, without sharing a load', async () => {
    const signal = new AbortController().signal;
    await client.getAnime(2, {}, { signal });
    await client.getAnime(2, {}, { signal });
    await client.getAnime(2);
    expect(count('/v2/anime/2')).toBe(1);
  });

  it('always reads people’s lists fresh', async () => {
    await client.userAnimeList('alice', { limit: 5 });
    await client.userAnimeList('alice', { limit: 5 });
    expect(count('/v2/users/alice/animelist')).toBe(2);
  });
});
