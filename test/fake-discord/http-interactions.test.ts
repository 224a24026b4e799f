// The fake's HTTP interactions mode, as Discord's: the endpoint is checked before it is saved
// (signed PING → {"type":1}, bad signature → 401), interactions are POSTed signed, the response body
// is the first answer and must come within the deadline, and the callback endpoint is not used.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parsePublicKey, verifyInteractionSignature } from '../../src/transport/signature.js';
import { registerTestCommands, slashCommand, startFakeDiscord, testCommand, type FakeDiscord } from '../../fake-discord/index.js';

let fake: FakeDiscord;
let server: Server;
let url: string;
let behaviour: (body: Record<string, unknown>, res: ServerResponse) => void = () => undefined;
let verifySignatures = true;

beforeAll(async () => {
  fake = await startFakeDiscord({ ackDeadlineMs: 1_000 });
  await registerTestCommands(fake, [testCommand('hello')]);
  const key = parsePublicKey(fake.publicKey);
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const ok = verifyInteractionSignature(key, req.headers['x-signature-ed25519'] as string | undefined, req.headers['x-signature-timestamp'] as string | undefined, raw);
      if (verifySignatures && !ok) {
        res.writeHead(401).end();
        return;
      }
      const body = JSON.parse(raw.toString()) as Record<string, unknown>;
      if (body.type === 1) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":1}');
        return;
      }
      behaviour(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/interactions`;
});
afterAll(async () => {
  server?.closeAllConnections();
  server?.close();
  await fake?.close();
});

const hello = () => fake.interact(slashCommand({ name: 'hello', where: { kind: 'dm' }, user: { id: '812345678901234567' } }));
const json = (res: ServerResponse, body: unknown): void => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

describe('fake Discord over HTTP interactions', () => {
  test('refuses an endpoint that accepts bad signatures', async () => {
    verifySignatures = false;
    await expect(fake.setInteractionsEndpoint(url)).rejects.toThrow(/accepted a bad signature/);
    verifySignatures = true;
    await fake.setInteractionsEndpoint(url);
  });

  test('the HTTP body is the first answer; the callback endpoint refuses HTTP interactions', async () => {
    behaviour = (_body, res) => json(res, { type: 4, data: { content: 'hi over http' } });
    const h = hello();
    expect((await h.settled()).content).toBe('hi over http');
    const callback = await fetch(`${fake.apiUrl}/v10/interactions/${h.id}/${h.token}/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 4, data: { content: 'again' } }),
    });
    expect(callback.status).toBe(404);
  });

  test('an answer after the deadline, a non-200 status or an invalid body is a failed interaction', async () => {
    behaviour = (_body, res) => void setTimeout(() => json(res, { type: 4, data: { content: 'late' } }), 1_300);
    const late = hello();
    await expect(late.firstResponse(3_000)).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(late.errors()).toHaveLength(1);

    behaviour = (_body, res) => void res.writeHead(500).end('boom');
    const failed = hello();
    await expect(failed.firstResponse(2_000)).rejects.toThrow();
    expect(failed.errors()).toEqual([expect.objectContaining({ status: 500 })]);

    behaviour = (_body, res) => json(res, { type: 4, data: {} });
    const empty = hello();
    await expect(empty.firstResponse(2_000)).rejects.toThrow();
    expect(empty.errors()[0]?.code).toBe(50006);
  });
});
