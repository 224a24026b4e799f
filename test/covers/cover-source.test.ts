// The cover source against a loopback picture host that misbehaves on purpose: only allowed hosts,
// no redirect elsewhere, only images, at most maxBytes, a deadline of its own; a failed cover is
// undefined (the picture draws a placeholder), a good one is kept small and shared.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoverSource, type CoverOutcome } from '../../src/covers/cover-source.js';
import { coverAllowed, parseCoverHosts } from '../../src/covers/cover-rules.js';
import { StoreResponseCache } from '../../src/store/request-line/shared-response-cache.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';

let server: Server;
let origin: string;
let cover: Buffer;
const hits = new Map<string, number>();

beforeAll(async () => {
  const canvas = createCanvas(225, 318);
  const g = canvas.getContext('2d');
  g.fillStyle = '#3a6';
  g.fillRect(0, 0, 225, 318);
  cover = await canvas.encode('jpeg');
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/ok.jpg' || path === '/ok2.jpg') res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': cover.length }).end(cover);
    else if (path === '/text.jpg') res.writeHead(200, { 'content-type': 'text/html' }).end('<html>');
    else if (path === '/broken.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.from('not a jpeg at all'));
    else if (path === '/huge.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const pump = (): void => {
        while (sent < 8_000_000 && res.write(chunk)) sent += chunk.length;
        if (sent >= 8_000_000) res.end();
        else res.once('drain', pump);
      };
      res.on('error', () => undefined);
      pump();
    } else if (path === '/declared-huge.jpg') res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': 5_000_000 }).end();
    else if (path === '/slow.jpg') setTimeout(() => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(cover), 3_000).unref();
    else if (path === '/away.jpg') res.writeHead(302, { location: 'http://127.0.0.2:9/evil.jpg' }).end();
    else if (path === '/here.jpg') res.writeHead(302, { location: '/ok2.jpg' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function source(outcomes: CoverOutcome[], o: { cache?: StoreResponseCache } = {}): CoverSource {
  return new CoverSource({
    hosts: [origin],
    maxBytes: 2_000_000,
    timeoutMs: 500,
    ...(o.cache ? { cache: o.cache } : {}),
    observer: { cover: (outcome) => outcomes.push(outcome) },
  });
}

describe('the cover host rule', () => {
  it('allows the named hosts over HTTPS and full origins exactly', () => {
    const rules = parseCoverHosts(['api-cdn.example.net', 'http://127.0.0.1:8788']);
    expect(coverAllowed('https://api-cdn.example.net/images/anime/1/2.jpg', rules)).toBe(true);
    expect(coverAllowed('http://api-cdn.example.net/images/anime/1/2.jpg', rules)).toBe(false);
    expect(coverAllowed('https://evil.example.net/images/anime/1/2.jpg', rules)).toBe(false);
    expect(coverAllowed('https://api-cdn.example.net.evil.net/x.jpg', rules)).toBe(false);
    expect(coverAllowed('https://user:pw@api-cdn.example.net/x.jpg', rules)).toBe(false);
    expect(coverAllowed('http://127.0.0.1:8788/x.jpg', rules)).toBe(true);
    expect(coverAllowed('http://127.0.0.1:8789/x.jpg', rules)).toBe(false);
    expect(coverAllowed('not a url', rules)).toBe(false);
  });
});

describe('covers from a misbehaving picture host', () => {
  it('fetches a good cover once, kept small, and shares it through the store', async () => {
    const outcomes: CoverOutcome[] = [];
    const cache = new StoreResponseCache(new MemoryEngine(), { name: 'cover-cache', slots: 64, maxEntryBytes: 64 * 1024 });
    const first = await source(outcomes, { cache }).cover(`${origin}/ok.jpg`);
    expect(first).toBeInstanceOf(Buffer);
    expect(first!.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(first!.length).toBeLessThan(cover.length + 1);
    // Another process (a new source on the same store) fetches nothing.
    const before = hits.get('/ok.jpg');
    const again = await source(outcomes, { cache }).cover(`${origin}/ok.jpg`);
    expect(again?.equals(first!)).toBe(true);
    expect(hits.get('/ok.jpg')).toBe(before);
    expect(outcomes).toEqual(['fetched', 'shared']);
  });

  it.each([
    ['/text.jpg', 'not_image'],
    ['/broken.jpg', 'not_image'],
    ['/huge.jpg', 'too_large'],
    ['/declared-huge.jpg', 'too_large'],
    ['/slow.jpg', 'timeout'],
    ['/away.jpg', 'redirect_refused'],
    ['/missing.jpg', 'failed'],
  ] as const)('%s gives no cover (%s), quickly', async (path, outcome) => {
    const outcomes: CoverOutcome[] = [];
    const started = Date.now();
    expect(await source(outcomes).cover(`${origin}${path}`)).toBeUndefined();
    expect(outcomes).toEqual([outcome]);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('follows a redirect that stays on an allowed host', async () => {
    const outcomes: CoverOutcome[] = [];
    expect(await source(outcomes).cover(`${origin}/here.jpg`)).toBeInstanceOf(Buffer);
    expect(outcomes).toEqual(['fetched']);
  });

  it('never contacts a host that is not allowed, and says which it refused', async () => {
    const outcomes: CoverOutcome[] = [];
    const hosts: string[] = [];
    const s = new CoverSource({ hosts: [origin], observer: { cover: (o, host) => (outcomes.push(o), hosts.push(host)) } });
    expect(await s.cover('https://elsewhere.example/images/1.jpg')).toBeUndefined();
    expect(outcomes).toEqual(['refused_host']);
    expect(hosts).toEqual(['elsewhere.example']);
  });

  it("gives up at the caller's signal while the fetch goes on for the next chart", async () => {
    const outcomes: CoverOutcome[] = [];
    const s = source(outcomes);
    const started = Date.now();
    expect(await s.cover(`${origin}/slow.jpg`, AbortSignal.timeout(50))).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(400);
  });
});
