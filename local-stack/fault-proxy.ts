// A loopback HTTP server in front of the emulator that misbehaves on purpose. Each request is
// matched against the active faults (first match wins); unmatched requests are forwarded as they
// are. It counts the requests that reached it and the connections the bot holds open, so tests can
// check that a fault cost no more requests than it should and left no connection behind.

import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  /** Forwards, then sends the real body one byte every `intervalMs`. */
  | { kind: 'trickle'; intervalMs: number }
  /** Reads the request and never answers. */
  | { kind: 'no_headers' }
  /** Forwards, sends the headers and half the body, then resets the connection. */
  | { kind: 'reset_mid_body' }
  /** 200 with a JSON-looking body of `bytes`, generated as it is sent (no Content-Length unless `declare`). */
  | { kind: 'oversized'; bytes: number; declare?: boolean }
  /** The status with an HTML error page, as a CDN in front of the service sends. */
  | { kind: 'html'; status: number }
  /** The real service's throttling answer: a bare 403 forbidden without Retry-After. */
  | { kind: 'throttle' }
  /** Any status with a JSON body and optional headers. */
  | { kind: 'status'; status: number; body: string; headers?: Record<string, string> }
  /** Waits, then forwards. */
  | { kind: 'delay'; ms: number };

export interface FaultRule {
  /** Matched against method + ' ' + path and query, e.g. `GET /v2/anime?q=…` or `POST /v1/oauth2/token`. */
  match: RegExp;
  fault: Fault;
  /** How many requests it applies to; unlimited when absent. */
  times?: number;
}

export interface ProxyRequest {
  method: string;
  url: string;
  fault: Fault['kind'] | 'forwarded';
}

export interface FaultProxy {
  url: string;
  /** Every request that reached the proxy, in order. */
  requests: ProxyRequest[];
  /** Bytes of response bodies the proxy managed to write. */
  bytesSent: number;
  /** Connections from the bot that are open now. */
  readonly openConnections: number;
  /** Requests still being answered (a stuck exchange holds one until its connection closes). */
  readonly activeExchanges: number;
  add(rule: FaultRule): void;
  /** Removes every rule (forward everything again) and forgets counts. */
  reset(): void;
  count(match: RegExp): number;
  close(): Promise<void>;
}

const HTML_PAGE = (status: number) =>
  `<!DOCTYPE html><html><head><title>${status} Error</title></head><body><h1>${status}</h1><p>The web server reported an error.</p></body></html>`;

export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let rules: FaultRule[] = [];
  let active = 0;

  const later = (ms: number, fn: () => void): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const forward = (req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> =>
    new Promise((resolve, reject) => {
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const headers: Record<string, string> = {};
            for (const [k, v] of Object.entries(res.headers)) {
              if (v !== undefined && !['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(k)) headers[k] = String(v);
            }
            resolve({ status: res.statusCode ?? 502, headers, body: Buffer.concat(chunks) });
          });
          res.on('error', reject);
        },
      );
      upstream.on('error', reject);
      upstream.end(body);
    });

  const serve = async (req: IncomingMessage, res: ServerResponse, body: Buffer, fault: Fault | undefined): Promise<void> => {
    const write = (chunk: string | Buffer): boolean => {
      if (res.destroyed) return false;
      proxy.bytesSent += Buffer.byteLength(chunk);
      return res.write(chunk);
    };
    switch (fault?.kind) {
      case undefined: {
        const answer = await forward(req, body);
        res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
        proxy.bytesSent += answer.body.length;
        res.end(answer.body);
        return;
      }
      case 'delay':
        await new Promise<void>((resolve) => later(fault.ms, resolve));
        return serve(req, res, body, undefined);
      case 'no_headers':
        return;
      case 'throttle':
        return serve(req, res, body, { kind: 'status', status: 403, body: '{"message":"","error":"forbidden"}' });
      case 'status':
        res.writeHead(fault.status, { 'content-type': 'application/json; charset=utf-8', ...fault.headers });
        write(fault.body);
        res.end();
        return;
      case 'html':
        res.writeHead(fault.status, { 'content-type': 'text/html' });
        write(HTML_PAGE(fault.status));
        res.end();
        return;
      case 'trickle': {
        const answer = await forward(req, body);
        res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
        let i = 0;
        const step = (): void => {
          if (res.destroyed || i >= answer.body.length) return void (res.destroyed || res.end());
          write(answer.body.subarray(i, i + 1));
          i++;
          later(fault.intervalMs, step);
        };
        step();
        return;
      }
      case 'reset_mid_body': {
        const answer = await forward(req, body);
        res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
        write(answer.body.subarray(0, Math.floor(answer.body.length / 2)));
        later(20, () => req.socket.destroy());
        return;
      }
      case 'oversized': {
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          ...(fault.declare ? { 'content-length': String(fault.bytes) } : {}),
        });
        const chunk = Buffer.alloc(64 * 1024, 'x');
        let sent = 0;
        write('{"data":"');
        sent += 9;
        // Respects back-pressure, so a reader that stops reading stops the writing too.
        const pump = (): void => {
          while (!res.destroyed && sent < fault.bytes - 2) {
            const piece = chunk.subarray(0, Math.min(chunk.length, fault.bytes - 2 - sent));
            sent += piece.length;
            if (!write(piece)) return void res.once('drain', pump);
          }
          if (!res.destroyed) {
            write('"}');
            res.end();
          }
        };
        pump();
        return;
      }
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const line = `${req.method ?? ''} ${req.url ?? ''}`;
      const rule = rules.find((r) => r.match.test(line) && (r.times === undefined || r.times > 0));
      if (rule?.times !== undefined) rule.times--;
      proxy.requests.push({ method: req.method ?? '', url: req.url ?? '', fault: rule?.fault.kind ?? 'forwarded' });
      active++;
      let done = false;
      const finish = (): void => {
        if (!done) active--;
        done = true;
      };
      res.on('close', finish);
      serve(req, res, Buffer.concat(chunks), rule?.fault).catch(() => req.socket.destroy());
    });
  });
  server.keepAliveTimeout = 30_000;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${port}`,
    requests: [],
    bytesSent: 0,
    get openConnections() {
      return sockets.size;
    },
    get activeExchanges() {
      return active;
    },
    add(rule) {
      rules.push({ ...rule });
    },
    reset() {
      rules = [];
      proxy.requests.length = 0;
      proxy.bytesSent = 0;
    },
    count(match) {
      return proxy.requests.filter((r) => match.test(`${r.method} ${r.url}`)).length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
