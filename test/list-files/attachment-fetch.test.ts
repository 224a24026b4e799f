// The import file's fetch: only from the allowed hosts, at most 5 MB as sent and 20 MB unpacked (a gzip
// bomb stopped at the limit while it streams, not after), gzip known by its magic bytes, one deadline.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AttachmentReader, attachmentAllowed } from '../../src/list-files/attachment-fetch.js';

const XML = Buffer.from('<myanimelist><anime><series_animedb_id>1</series_animedb_id><my_status>Watching</my_status></anime></myanimelist>');
// A list whose root holds about 64 MB of spaces (well-formed XML), in a gzip of about 64 KB.
const BOMB = gzipSync(Buffer.concat([Buffer.from('<myanimelist>'), Buffer.alloc(64 * 1024 * 1024, 32)]));
// A list nested far deeper than the format, whose sender then holds the connection open (more to come).
const DEEP = Buffer.from(`<myanimelist>${'<a>'.repeat(1000)}`);
const files: Record<string, Buffer> = { '/plain.xml': XML, '/packed.xml.gz': gzipSync(XML), '/bomb.gz': BOMB, '/big.xml': Buffer.alloc(6 * 1024 * 1024, 32) };

describe('attachment fetch', () => {
  let server: Server;
  let origin = '';
  /** When the server saw each held response's connection closed (epoch ms), by path. */
  const closedAt = new Map<string, number>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.startsWith('/held')) {
        res.on('close', () => closedAt.set(req.url ?? '', Date.now()));
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        // Flushed so the reader gets it at once; never ended.
        return void res.write(req.url.endsWith('.gz') ? gzipSync(DEEP, { flush: constants.Z_SYNC_FLUSH }).subarray(0, -8) : DEEP);
      }
      const body = files[req.url?.split('?')[0] ?? ''];
      if (req.url?.startsWith('/slow')) return void setTimeout(() => res.end(XML), 2_000);
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      // Sent in pieces, so a reader that stops early leaves the rest unsent.
      let at = 0;
      const next = (): void => {
        if (at >= body.length || res.destroyed) return void res.end();
        const piece = body.subarray(at, at + 16 * 1024);
        at += piece.length;
        if (res.write(piece)) setImmediate(next);
        else res.once('drain', next);
      };
      next();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('allows only the listed hosts (HTTPS for a bare host, the exact origin otherwise)', () => {
    const hosts = ['cdn.discordapp.com', 'http://127.0.0.1:8790'];
    expect(attachmentAllowed('https://cdn.discordapp.com/attachments/1/2/a.xml?ex=1&is=2&hm=3', hosts)).toBe(true);
    expect(attachmentAllowed('http://cdn.discordapp.com/attachments/1/2/a.xml', hosts)).toBe(false);
    expect(attachmentAllowed('https://evil.example/a.xml', hosts)).toBe(false);
    expect(attachmentAllowed('https://user:pw@cdn.discordapp.com/a.xml', hosts)).toBe(false);
    expect(attachmentAllowed('http://127.0.0.1:8790/cdn/a.xml', hosts)).toBe(true);
    expect(attachmentAllowed('http://127.0.0.1:8791/cdn/a.xml', hosts)).toBe(false);
    expect(attachmentAllowed('not a url', hosts)).toBe(false);
  });

  it('reads a file as it is and gzipped, and refuses other hosts without fetching', async () => {
    const reader = new AttachmentReader({ hosts: [origin] });
    expect((await reader.read('anime', `${origin}/plain.xml`)).entries).toHaveLength(1);
    expect((await reader.read('anime', `${origin}/packed.xml.gz`)).entries).toHaveLength(1);
    await expect(reader.read('anime', 'https://example.com/plain.xml')).rejects.toMatchObject({ reason: 'host' });
    await expect(reader.read('anime', `${origin}/missing.xml`)).rejects.toMatchObject({ reason: 'unreachable' });
    await reader.close();
  });

  it('stops a gzip bomb at the unpacked limit while it streams, and a file over the size sent', async () => {
    const reader = new AttachmentReader({ hosts: [origin] });
    await expect(reader.read('anime', `${origin}/bomb.gz`)).rejects.toMatchObject({ reason: 'tooLargeUnpacked' });
    await expect(reader.read('anime', `${origin}/big.xml`)).rejects.toMatchObject({ reason: 'tooLarge' });
    await reader.close();
  });

  it('gives up at its deadline', async () => {
    const reader = new AttachmentReader({ hosts: [origin], timeoutMs: 200 });
    await expect(reader.read('anime', `${origin}/slow.xml`)).rejects.toMatchObject({ reason: 'timeout' });
    await reader.close();
  });

  it('closes the body as soon as reading stops early, not at the deadline (plain and gzip)', async () => {
    const reader = new AttachmentReader({ hosts: [origin], timeoutMs: 30_000 });
    for (const path of ['/held.xml', '/held.xml.gz']) {
      const started = Date.now();
      const read = await reader.read('anime', `${origin}${path}`);
      expect(read.fatal?.code).toBe('tooDeep');
      for (let i = 0; i < 40 && !closedAt.has(path); i++) await new Promise((r) => setTimeout(r, 50));
      // Closed within a couple of seconds of the refusal; the deadline was 30 s away.
      expect((closedAt.get(path) ?? Infinity) - started).toBeLessThan(5_000);
    }
    await reader.close();
  });
});
