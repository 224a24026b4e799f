// The one bounded fetch against a loopback host that misbehaves on purpose: a body past the cap is
// refused and its connection closed (not read to its end), the deadline holds for headers and body,
// redirects are followed only by rule (to an allowed host, a few at most, or none), a refused content
// type is refused before the body is read, and a body the caller stops reading is closed at once.

import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoundedFetch, type BoundedFetchOptions } from '../../src/util/bounded-fetch.js';

const SMALL = Buffer.from('a small body');

describe('bounded fetch', () => {
  let server: Server;
  let origin = '';
  /** Bytes the server managed to send, and when it saw the connection closed, by path. */
  const sent = new Map<string, number>();
  const closedAt = new Map<string, number>();

  /** Streams `total` bytes in 16 KB pieces, as fast as the reader takes them, noting what was sent. */
  function stream(path: string, res: ServerResponse, total: number): void {
    res.on('close', () => closedAt.set(path, Date.now()));
    res.on('error', () => undefined);
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const piece = Buffer.alloc(16 * 1024, 32);
    const next = (): void => {
      if (res.destroyed) return;
      if ((sent.get(path) ?? 0) >= total) return void res.end();
      sent.set(path, (sent.get(path) ?? 0) + piece.length);
      if (res.write(piece)) setImmediate(next);
      else res.once('drain', next);
    };
    next();
  }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = req.url ?? '/';
      if (path === '/small') return void res.writeHead(200, { 'content-type': 'text/plain', 'content-length': SMALL.length }).end(SMALL);
      if (path === '/huge') return stream(path, res, 64 * 1024 * 1024);
      if (path === '/long') return stream(path, res, 64 * 1024 * 1024);
      if (path === '/declared-huge') return void res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 5_000_000 }).end();
      if (path === '/slow-headers') return void setTimeout(() => res.end(SMALL), 3_000).unref();
      if (path === '/slow-body') {
        res.writeHead(200, { 'content-type': 'text/plain' }).write('start');
        return void setTimeout(() => res.end('end'), 3_000).unref();
      }
      if (path === '/away') return void res.writeHead(302, { location: 'http://127.0.0.2:9/evil' }).end();
      if (path === '/here') return void res.writeHead(302, { location: '/small' }).end();
      if (path === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
      if (path === '/html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const fetcher = (o: Partial<BoundedFetchOptions> = {}): BoundedFetch =>
    new BoundedFetch({ hosts: [origin], timeoutMs: 500, maxBytes: 1024 * 1024, maxRedirects: 0, ...o });

  it('reads an allowed URL and refuses one on another host without a request', async () => {
    const f = fetcher();
    expect((await f.bytes(`${origin}/small`)).toString()).toBe('a small body');
    await expect(f.bytes('https://example.com/small')).rejects.toMatchObject({ reason: 'host' });
    await expect(f.bytes(`${origin}/missing`)).rejects.toMatchObject({ reason: 'status' });
    await f.close();
  });

  it('refuses a body past the cap and closes its connection rather than reading it to the end', async () => {
    const f = fetcher({ timeoutMs: 30_000 });
    await expect(f.bytes(`${origin}/huge`)).rejects.toMatchObject({ reason: 'tooLarge' });
    for (let i = 0; i < 40 && !closedAt.has('/huge'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(closedAt.has('/huge')).toBe(true);
    // Far less than the 64 MB offered was sent: the reader stopped at the cap.
    expect(sent.get('/huge') ?? 0).toBeLessThan(16 * 1024 * 1024);
    // A declared length over the cap is refused before any body is read, streamed or whole.
    await expect(f.bytes(`${origin}/declared-huge`)).rejects.toMatchObject({ reason: 'tooLarge' });
    await expect(f.open(`${origin}/declared-huge`)).rejects.toMatchObject({ reason: 'tooLarge' });
    const streamed = await f.open(`${origin}/huge`);
    await expect(async () => {
      for await (const chunk of streamed.chunks()) void chunk;
    }).rejects.toMatchObject({ reason: 'tooLarge' });
    await f.close();
  });

  it('holds its deadline while waiting for headers and while reading the body', async () => {
    const f = fetcher({ timeoutMs: 300 });
    for (const path of ['/slow-headers', '/slow-body']) {
      const started = Date.now();
      await expect(f.bytes(`${origin}${path}`)).rejects.toMatchObject({ reason: 'timeout' });
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    await f.close();
  });

  it('follows redirects only by rule: to an allowed host, a few at most, none when told so', async () => {
    const follows = fetcher({ maxRedirects: 2 });
    expect((await follows.bytes(`${origin}/here`)).toString()).toBe('a small body');
    await expect(follows.bytes(`${origin}/away`)).rejects.toMatchObject({ reason: 'redirect' });
    await expect(follows.bytes(`${origin}/loop`)).rejects.toMatchObject({ reason: 'redirect' });
    await follows.close();
    const none = fetcher();
    await expect(none.bytes(`${origin}/here`)).rejects.toMatchObject({ reason: 'redirect' });
    await none.close();
  });

  it('refuses a content type outside its rule', async () => {
    const f = fetcher({ contentType: /^text\/plain\s*(;|$)/i });
    expect((await f.bytes(`${origin}/small`)).length).toBe(SMALL.length);
    await expect(f.bytes(`${origin}/html`)).rejects.toMatchObject({ reason: 'contentType' });
    await f.close();
  });

  it('closes a streamed body as soon as the caller stops reading and closes it, not at the deadline', async () => {
    const f = fetcher({ timeoutMs: 30_000, maxBytes: 128 * 1024 * 1024 });
    const started = Date.now();
    const res = await f.open(`${origin}/long`);
    // Read by hand, as an unpacker does: the iterator is left where it stands, and close() is all it gets.
    const chunks = res.chunks();
    expect((await chunks.next()).done).toBe(false);
    res.close();
    for (let i = 0; i < 40 && !closedAt.has('/long'); i++) await new Promise((r) => setTimeout(r, 50));
    expect((closedAt.get('/long') ?? Infinity) - started).toBeLessThan(5_000);
    expect(sent.get('/long') ?? 0).toBeLessThan(16 * 1024 * 1024);
    await f.close();
  });
});
