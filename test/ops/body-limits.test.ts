// Body limits count the bytes actually read, not only the Content-Length header: a chunked request
// without Content-Length is cut off with 413 as soon as it passes the limit, long before the client
// stops sending, and the connection is closed instead of the rest being read. On the bot's own
// routes (64 KiB; 2 KiB for the confirmation form) and on POST /interactions (128 KiB).

import { generateKeyPairSync, sign } from 'node:crypto';
import { request } from 'node:http';
import { Client } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebApp, MAX_REQUEST_BODY_BYTES, type WebAppOptions } from '../../src/web/app.js';
import { startWebServer, type RunningWebServer } from '../../src/web/server.js';
import { HttpInteractions, INTERACTION_MAX_BODY_BYTES } from '../../src/transport/http.js';
import { SeenInteractions } from '../../src/transport/replay.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import { WhereTracker } from '../../src/interactions/where.js';
import { silentLogger } from '../../src/log/log.js';

const login: WebAppOptions['login'] = {
  finishLogin: async () => ({ ok: false, reason: 'invalid_state', status: 400, message: 'unknown state' }),
  confirmLink: async () => undefined,
  cancelLink: async () => undefined,
};

const CHUNK = Buffer.alloc(16 * 1024, 'x');
/** Far more than any limit here: a client that would send this much unless cut off. */
const ENDLESS = 64 * 1024 * 1024;

interface Streamed {
  status: number;
  /** Bytes the client had written when the answer came. */
  sentBeforeAnswer: number;
  /** Whether the client had finished its body when the answer came. */
  finishedSending: boolean;
  connection: string | undefined;
  /** Resolves with the bytes written in all once the server closed the connection. */
  closed: Promise<number>;
}

/** POSTs a chunked body (no Content-Length) of up to `total` bytes, 16 KiB at a time, as fast as the server reads it. */
function streamChunked(url: string, total: number, headers: Record<string, string> = {}): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream', ...headers } });
    let sent = 0;
    let finished = false;
    let answered = false;
    let markClosed: (bytes: number) => void = () => undefined;
    const closed = new Promise<number>((done) => (markClosed = done));
    req.on('close', () => markClosed(sent));
    const pump = (): void => {
      while (!answered && !req.destroyed && sent < total) {
        const piece = CHUNK.subarray(0, Math.min(CHUNK.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered && !req.destroyed && sent >= total && !finished) {
        finished = true;
        req.end();
      }
    };
    req.on('response', (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode ?? 0, sentBeforeAnswer: sent, finishedSending: finished, connection: res.headers.connection, closed });
    });
    // A write after the server closed the connection fails; only before an answer is that an error.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.flushHeaders();
    pump();
  });
}

async function expectCutOff(url: string, limit: number, headers: Record<string, string> = {}): Promise<void> {
  const r = await streamChunked(url, ENDLESS, headers);
  expect(r.status).toBe(413);
  expect(r.connection).toBe('close');
  // Answered while the body was still coming, not after reading it whole.
  expect(r.finishedSending).toBe(false);
  expect(r.sentBeforeAnswer).toBeGreaterThan(limit);
  // And the connection is closed: the client cannot push the rest (at most what socket buffers hold).
  expect(await r.closed).toBeLessThan(ENDLESS / 4);
}

describe('body limits by bytes read', () => {
  let server: RunningWebServer;
  let client: Client;
  const signer = generateKeyPairSync('ed25519');
  const publicKey = signer.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');

  beforeAll(async () => {
    client = new Client({ intents: [] });
    const interactions = new HttpInteractions({
      client,
      where: new WhereTracker(),
      publicKey,
      log: silentLogger,
      accepting: () => true,
      seen: new SeenInteractions(new MemoryEngine()),
    });
    server = await startWebServer(createWebApp({ login, routes: [interactions.routes()] }), 0, '127.0.0.1');
  });
  afterAll(async () => {
    await server?.close();
    await client?.destroy();
  });

  it('a chunked body sent to a route that takes none gets 413 once past 64 KiB, before it ends', async () => {
    for (const path of ['/healthz', '/oauth/callback', '/nowhere']) await expectCutOff(`${server.url}${path}`, MAX_REQUEST_BODY_BYTES);
  });

  it('a small chunked body there is read, dropped, and the route answers as usual', async () => {
    const r = await streamChunked(`${server.url}/nowhere`, 20_000);
    expect(r.status).toBe(404);
    expect(r.finishedSending).toBe(true);
  });

  it('the confirmation form stops at its own 2 KiB', async () => {
    await expectCutOff(`${server.url}/oauth/confirm`, 2048, { 'content-type': 'application/x-www-form-urlencoded' });
  });

  it(`POST /interactions reads at most ${INTERACTION_MAX_BODY_BYTES} bytes before verifying; a chunked body beyond gets 413 before it ends`, async () => {
    await expectCutOff(`${server.url}/interactions`, INTERACTION_MAX_BODY_BYTES);
  });

  it('POST /interactions still verifies a body up to the limit, chunked or not', async () => {
    const ping = JSON.stringify({ id: '1100000000000000900', application_id: '1100000000000000001', type: 1, token: 'x', version: 1 });
    const padded = ping.padEnd(INTERACTION_MAX_BODY_BYTES, ' ');
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = sign(null, Buffer.from(timestamp + padded), signer.privateKey).toString('hex');
    const headers = { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp };
    const res = await fetch(`${server.url}/interactions`, { method: 'POST', headers, body: padded });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ type: 1 });
    // The same bytes streamed without Content-Length.
    const chunked = await fetch(`${server.url}/interactions`, {
      method: 'POST',
      headers,
      body: new ReadableStream({
        start(controller) {
          const bytes = Buffer.from(padded);
          for (let at = 0; at < bytes.length; at += 10_000) controller.enqueue(bytes.subarray(at, at + 10_000));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(200);
    expect(await chunked.json()).toEqual({ type: 1 });
  });
});
