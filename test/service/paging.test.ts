import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../src/service/client.js';
import { PagingOriginError } from '../../src/service/errors.js';
import { apiV2Root, resolvePagingUrl } from '../../src/service/paging.js';
import type { NodeItem, Page } from '../../src/service/common-types.js';
import type { Anime } from '../../src/service/work-types.js';
import { startScriptedServer, type ScriptedServer } from './http-fixture.js';

describe('resolvePagingUrl', () => {
  const root = apiV2Root('https://api.example.net');
  const prefixed = apiV2Root('https://api.example.net/base/');

  it('accepts URLs under the API root + /v2 and keeps the query as written', () => {
    expect(resolvePagingUrl('https://api.example.net/v2/anime?offset=3&fields=rank%2Cpopularity&limit=3&q=hokuto+no+ken', root)).toEqual({
      origin: 'https://api.example.net',
      path: '/v2/anime?offset=3&fields=rank%2Cpopularity&limit=3&q=hokuto+no+ken',
    });
    expect(resolvePagingUrl('https://api.example.net/v2/users/@me/animelist?offset=10&fields=list_status%7B%7D', root).path).toBe(
      '/v2/users/@me/animelist?offset=10&fields=list_status%7B%7D',
    );
    expect(resolvePagingUrl('https://api.example.net/base/v2/manga?offset=10', prefixed).path).toBe('/base/v2/manga?offset=10');
    expect(resolvePagingUrl('HTTPS://API.EXAMPLE.NET:443/v2/anime#frag', root).path).toBe('/v2/anime');
  });

  it.each([
    'https://evil.example/v2/anime?offset=3',
    'http://api.example.net/v2/anime',
    'https://api.example.net:8443/v2/anime',
    'https://api.example.net/v1/oauth2/token',
    'https://api.example.net/v2x/anime',
    'https://api.example.net/v2/../v1/oauth2/token',
    'https://api.example.net/v2/%2e%2e/v1/oauth2/token',
    'https://user:pw@api.example.net/v2/anime',
    'https://api.example.net.evil.example/v2/anime',
    '/v2/anime?offset=3',
    'not a url',
    'https://api.example.net/v2/manga?offset=10',
  ])('rejects %s', (url) => {
    const r = url.endsWith('manga?offset=10') ? prefixed : root;
    expect(() => resolvePagingUrl(url, r)).toThrow(PagingOriginError);
  });
});

describe('followPage and pages()', () => {
  let server: ScriptedServer;
  let client: ServiceClient;
  const pages = new Map<string, unknown>();

  beforeAll(async () => {
    server = await startScriptedServer((req) => {
      const body = pages.get(req.url);
      return body === undefined ? { status: 404, json: { error: 'not_found', message: '' } } : { status: 200, json: body };
    });
    client = new ServiceClient({ apiUrl: server.url, clientId: 'cid', userAgent: 'u', backoff: () => 0 });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });
  beforeEach(() => {
    pages.clear();
    server.requests.length = 0;
  });

  const item = (id: number) => ({ node: { id, title: `t${id}` } });

  it('followPage sends the URL as given (query untouched, no limit added)', async () => {
    const path = '/v2/anime?offset=3&fields=rank%2Cpopularity%2Cstart_season&q=hokuto+no+ken';
    pages.set(path, { data: [item(4)], paging: { previous: `${server.url}/v2/anime?offset=0` } });
    const page = await client.followPage<Page<NodeItem<Anime>>>(`${server.url}${path}`);
    expect(page.data).toEqual([item(4)]);
    expect(page.paging.previous).toBe(`${server.url}/v2/anime?offset=0`);
    expect(server.requests[0]!.url).toBe(path);
    expect(server.requests[0]!.headers['x-service-client-id']).toBe('cid');
  });

  it('followPage never contacts another origin', async () => {
    await expect(client.followPage('http://127.0.0.1:1/v2/anime?offset=3')).rejects.toBeInstanceOf(PagingOriginError);
    await expect(client.followPage(`${server.url}/v1/oauth2/token`)).rejects.toBeInstanceOf(PagingOriginError);
    expect(server.requests).toHaveLength(0);
  });

  it('pages() follows next through short and empty pages until next is absent', async () => {
    const u = (o: number) => `${server.url}/v2/anime/ranking?offset=${o}&ranking_type=all&limit=3`;
    pages.set(`/v2/anime/ranking?offset=3&ranking_type=all&limit=3`, { data: [item(4)], paging: { next: u(6) } });
    pages.set(`/v2/anime/ranking?offset=6&ranking_type=all&limit=3`, { data: [], paging: { next: u(9) } });
    pages.set(`/v2/anime/ranking?offset=9&ranking_type=all&limit=3`, { data: [item(10)], paging: {} });
    const first = { data: [item(1), item(2)], paging: { next: u(3) } };
    const seen: number[][] = [];
    for await (const p of client.pages(first)) seen.push(p.data.map((d) => d.node.id));
    expect(seen).toEqual([[1, 2], [4], [], [10]]);
    expect(server.requests).toHaveLength(3);
  });

  it('pages() stops on a next that loops back', async () => {
    const loop = `${server.url}/v2/anime?offset=3`;
    pages.set('/v2/anime?offset=3', { data: [item(4)], paging: { next: loop } });
    const out = [];
    for await (const p of client.pages({ data: [item(1)], paging: { next: loop } })) out.push(p);
    expect(out).toHaveLength(2);
  });

  it('pages() respects maxPages', async () => {
    const c = new ServiceClient({ apiUrl: server.url, clientId: 'cid', userAgent: 'u', maxPages: 3 });
    for (let i = 1; i <= 10; i++) {
      pages.set(`/v2/anime?offset=${i}`, { data: [item(i)], paging: { next: `${server.url}/v2/anime?offset=${i + 1}` } });
    }
    const out = [];
    for await (const p of c.pages({ data: [], paging: { next: `${server.url}/v2/anime?offset=1` } })) out.push(p);
    await c.close();
    expect(out).toHaveLength(3);
  });

  it('pages() throws PagingOriginError on a foreign next', async () => {
    const it = client.pages({ data: [], paging: { next: 'https://elsewhere.example/v2/anime?offset=3' } });
    await expect(
      (async () => {
        for await (const _p of it) void _p;
      })(),
    ).rejects.toBeInstanceOf(PagingOriginError);
    expect(server.requests).toHaveLength(0);
  });
});
