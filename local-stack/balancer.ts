// A small loopback load balancer for multi-process tests: round-robin over the backends, the
// request body buffered so a backend that refuses the connection (down) is skipped and the next
// one tried, as a real balancer's passive health check does.

import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Routed {
  path: string;
  backend: number;
  /** The interaction id, for POST /interactions. */
  interactionId?: string;
  status: number;
  /** For POST /interactions: the signed request exactly as it came (what an eavesdropper could replay). */
  request?: { headers: Record<string, string>; body: string };
}

export interface Balancer {
  url: string;
  port: number;
  routed: Routed[];
  /** Backend that handled the interaction with this id. */
  backendOf(interactionId: string): number | undefined;
  close(): Promise<void>;
}

export interface BalancerOptions {
  port?: number;
  /** Holds each interaction's answer until this settles before passing it on (a slow balancer or network). */
  holdInteractionAnswer?: (interactionId: string) => Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The id of the interaction an /interactions body carries, if it is JSON with one. */
function interactionIdOf(body: Buffer): string | undefined {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { id?: unknown };
    return typeof parsed.id === 'string' ? parsed.id : undefined;
  } catch {
    return undefined; // not JSON: the backend will say so
  }
}

function signedHeadersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'x-signature-ed25519', 'x-signature-timestamp']) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

function forward(backendPort: number, req: IncomingMessage, body: Buffer): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const out = request(
      { host: '127.0.0.1', port: backendPort, method: req.method, path: req.url, headers: { ...req.headers, 'content-length': String(body.length) } },
      resolve,
    );
    out.on('error', reject);
    out.end(body);
  });
}

export async function startBalancer(backendPorts: readonly number[], options: BalancerOptions = {}): Promise<Balancer> {
  const { port = 0, holdInteractionAnswer } = options;
  const routed: Routed[] = [];
  let next = 0;
  const server: Server = createServer((req, res) => void proxy(req, res));

  async function proxy(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    const interactionId = req.url === '/interactions' ? interactionIdOf(body) : undefined;
    const start = next++ % backendPorts.length;
    for (let i = 0; i < backendPorts.length; i++) {
      const backend = (start + i) % backendPorts.length;
      const upstream = await forward(backendPorts[backend] ?? 0, req, body).catch((error: unknown) => error as NodeJS.ErrnoException);
      // Only a refused connection is safe to retry elsewhere: the request never reached that backend.
      if (upstream instanceof Error && upstream.code === 'ECONNREFUSED') continue;
      if (upstream instanceof Error) break;
      routed.push({
        path: req.url ?? '/',
        backend,
        status: upstream.statusCode ?? 0,
        ...(interactionId ? { interactionId, request: { headers: signedHeadersOf(req), body: body.toString('utf8') } } : {}),
      });
      if (interactionId && holdInteractionAnswer) await holdInteractionAnswer(interactionId);
      res.writeHead(upstream.statusCode ?? 502, upstream.headers);
      upstream.pipe(res);
      return;
    }
    res.writeHead(502, { 'content-type': 'text/plain' }).end('no backend available');
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    routed,
    backendOf: (id) => routed.find((r) => r.interactionId === id)?.backend,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
