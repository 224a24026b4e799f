// A loopback HTTP server in front of the emulator that misbehaves on purpose. Each request is
// matched against the active faults (first match wins); unmatched requests are forwarded as they
// are. It counts the requests that reached it and the connections the bot holds open, so tests can
// check that a fault cost no more requests than it should and left no connection behind.

import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends the request on to the target and reads its whole answer (hop-by-hop headers dropped). */
function forwardTo(target: URL, req: IncomingMessage, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
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
}

/** One request being answered, with the proxy's tools for it. */
interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  body: Buffer;
  /** The target's answer to this request. */
  forward: () => Promise<Answer>;
  /** Runs `fn` after `ms` unless the proxy closes first. */
  later: (ms: number, fn: () => void) => void;
  /** Writes a piece of the body (counted in bytesSent); false when the reader is behind or gone. */
  write: (chunk: string | Buffer) => boolean;
  /** Ends the response with this whole body (counted in bytesSent). */
  endWith: (body: Buffer) => void;
}

function writeHeadOf(x: Exchange, answer: Answer): void {
  x.res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
}

/** The real answer, one byte every `intervalMs`. */
function trickle(x: Exchange, answer: Answer, intervalMs: number): void {
  const { res } = x;
  writeHeadOf(x, answer);
  let i = 0;
  const step = (): void => {
    if (res.destroyed || i >= answer.body.length) return void (res.destroyed || res.end());
    x.write(answer.body.subarray(i, i + 1));
    i++;
    x.later(intervalMs, step);
  };
  step();
}

/** A 200 with a JSON-looking body of `bytes`, generated as it is sent. */
function sendOversized(x: Exchange, fault: Extract<Fault, { kind: 'oversized' }>): void {
  const { res } = x;
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    ...(fault.declare ? { 'content-length': String(fault.bytes) } : {}),
  });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let sent = 0;
  x.write('{"data":"');
  sent += 9;
  // Respects back-pressure, so a reader that stops reading stops the writing too.
  const pump = (): void => {
    while (!res.destroyed && sent < fault.bytes - 2) {
      const piece = chunk.subarray(0, Math.min(chunk.length, fault.bytes - 2 - sent));
      sent += piece.length;
      if (!x.write(piece)) return void res.once('drain', pump);
    }
    if (!res.destroyed) {
      x.write('"}');
      res.end();
    }
  };
  pump();
}

/** Answers the request as the fault says (forwarded as it is when there is none). */
async function serve(x: Exchange, fault: Fault | undefined): Promise<void> {
  const { req, res } = x;
  switch (fault?.kind) {
    case undefined: {
      const answer = await x.forward();
      writeHeadOf(x, answer);
      x.endWith(answer.body);
      return;
    }
    case 'delay':
      await new Promise<void>((resolve) => x.later(fault.ms, resolve));
      return serve(x, undefined);
    case 'no_headers':
      return;
    case 'throttle':
      return serve(x, { kind: 'status', status: 403, body: '{"message":"","error":"forbidden"}' });
    case 'status':
      res.writeHead(fault.status, { 'content-type': 'application/json; charset=utf-8', ...fault.headers });
      x.write(fault.body);
      res.end();
      return;
    case 'html':
      res.writeHead(fault.status, { 'content-type': 'text/html' });
      x.write(HTML_PAGE(fault.status));
      res.end();
      return;
    case 'trickle':
      return trickle(x, await x.forward(), fault.intervalMs);
    case 'reset_mid_body': {
      const answer = await x.forward();
      writeHeadOf(x, answer);
      x.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)));
      x.later(20, () => req.socket.destroy());
      return;
    }
    case 'oversized':
      return sendOversized(x, fault);
  }
}

/** Timers that a close can clear all at once. */
function timerSet(): { later: (ms: number, fn: () => void) => void; clearAll: () => void } {
  const timers = new Set<NodeJS.Timeout>();
  return {
    later: (ms, fn) => {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
    },
    clearAll: () => {
      for (const t of timers) clearTimeout(t);
    },
  };
}

function makeExchange(
  target: URL,
  later: Exchange['later'],
  proxy: FaultProxy,
  message: { req: IncomingMessage; res: ServerResponse; body: Buffer },
): Exchange {
  const { req, res, body } = message;
  return {
    req,
    res,
    body,
    forward: () => forwardTo(target, req, body),
    later,
    write: (chunk) => {
      if (res.destroyed) return false;
      proxy.bytesSent += Buffer.byteLength(chunk);
      return res.write(chunk);
    },
    endWith: (whole) => {
      proxy.bytesSent += whole.length;
      res.end(whole);
    },
  };
}

/** The first rule matching the request that has uses left (one use taken). */
function takeRule(rules: FaultRule[], req: IncomingMessage): FaultRule | undefined {
  const line = `${req.method ?? ''} ${req.url ?? ''}`;
  const rule = rules.find((r) => r.match.test(line) && (r.times === undefined || r.times > 0));
  if (rule?.times !== undefined) rule.times--;
  return rule;
}

/** The server's connections that are open now. */
function openSockets(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return sockets;
}

export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  const { later, clearAll } = timerSet();
  let rules: FaultRule[] = [];
  let active = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rule = takeRule(rules, req);
      proxy.requests.push({ method: req.method ?? '', url: req.url ?? '', fault: rule?.fault.kind ?? 'forwarded' });
      active++;
      let done = false;
      const finish = (): void => {
        if (!done) active--;
        done = true;
      };
      res.on('close', finish);
      serve(makeExchange(target, later, proxy, { req, res, body: Buffer.concat(chunks) }), rule?.fault).catch(() => req.socket.destroy());
    });
  });
  server.keepAliveTimeout = 30_000;
  const sockets = openSockets(server);
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
        clearAll();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
