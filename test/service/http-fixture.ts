// A tiny scripted HTTP server on 127.0.0.1:0 that records every request (used by the service client tests).

import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, type Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query exactly as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Reply =
  | { status: number; body?: string; json?: unknown; headers?: Record<string, string> }
  | { destroy: true }
  | { hang: true };

export type Handler = (req: RecordedRequest) => Reply;

export interface ScriptedServer {
  url: string;
  requests: RecordedRequest[];
  /** Replies used in order, before the fallback handler. */
  queue: Reply[];
  fallback: Handler;
  close(): Promise<void>;
}

export async function startScriptedServer(fallback: Handler = () => ({ status: 200, json: {} })): Promise<ScriptedServer> {
  const sockets = new Set<Socket>();
  const state: ScriptedServer = {
    url: '',
    requests: [],
    queue: [],
    fallback,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      state.requests.push(recorded);
      const reply = state.queue.shift() ?? state.fallback(recorded);
      if ('destroy' in reply) {
        req.socket.destroy();
        return;
      }
      if ('hang' in reply) return;
      const body = reply.body ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
      const contentType = reply.json !== undefined ? 'application/json; charset=utf-8' : 'text/html';
      res.writeHead(reply.status, { 'content-type': contentType, ...reply.headers });
      res.end(body);
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
