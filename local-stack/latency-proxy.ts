// A loopback TCP proxy that makes a store slow: every chunk the client sends reaches the store
// `latencyMs` later (answers come back at once), so each round trip takes that much longer while the
// bytes and their order stay exactly as sent. Point a PostgreSQL or Redis URL at `url` (`proxiedUrl`).
// Bounded: loopback only, at most `maxConnections` at once (more are refused), and it closes itself
// after `lifetimeMs` so a test that forgets it cannot leave it running.

import { createServer, connect, type Server, type Socket } from 'node:net';

export interface LatencyProxyOptions {
  /** Where the real store listens (host:port of its URL). */
  target: { host: string; port: number };
  /** Added to every round trip; change it later with `setLatency`. Default 0. */
  latencyMs?: number;
  /** Connections at once; more are refused. Default 64. */
  maxConnections?: number;
  /** Closes itself this long after it started. Default 10 minutes. */
  lifetimeMs?: number;
}

export interface LatencyProxy {
  /** `host:port` to connect to instead of the store. */
  readonly host: string;
  readonly port: number;
  readonly latencyMs: number;
  readonly openConnections: number;
  setLatency(ms: number): void;
  /** The store URL with its host and port replaced by the proxy's (path and query kept). */
  proxiedUrl(storeUrl: string): string;
  close(): Promise<void>;
}

/** When either side closes or fails, both are destroyed (and forgotten by `sockets`). */
function closeTogether(client: Socket, upstream: Socket, sockets: Set<Socket>): void {
  const end = (): void => {
    client.destroy();
    upstream.destroy();
  };
  for (const s of [client, upstream]) {
    s.on('error', end);
    s.on('close', () => {
      sockets.delete(s);
      end();
    });
  }
}

/** Client → store, each chunk held back; deliveries never overtake each other when the latency changes. */
function holdBack(client: Socket, upstream: Socket, latencyMs: () => number, timers: Set<NodeJS.Timeout>): void {
  let lastAt = 0;
  client.on('data', (chunk: Buffer) => {
    const at = Math.max(Date.now() + latencyMs(), lastAt);
    lastAt = at;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!upstream.destroyed) upstream.write(chunk);
    }, at - Date.now());
    timers.add(timer);
  });
}

/** Listens on a free loopback port; resolves with the port. */
async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the latency proxy has no TCP address');
  return address.port;
}

export async function startLatencyProxy(o: LatencyProxyOptions): Promise<LatencyProxy> {
  let latencyMs = o.latencyMs ?? 0;
  const maxConnections = o.maxConnections ?? 64;
  const sockets = new Set<Socket>();
  const clients = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const server: Server = createServer((client) => {
    const upstream = connect(o.target.port, o.target.host);
    sockets.add(client).add(upstream);
    clients.add(client);
    client.on('close', () => clients.delete(client));
    closeTogether(client, upstream, sockets);
    holdBack(client, upstream, () => latencyMs, timers);
    // Store → client at once.
    upstream.pipe(client);
  });
  server.maxConnections = maxConnections;
  const port = await listenOnLoopback(server);

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      clearTimeout(lifetime);
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
    return closing;
  };
  const lifetime = setTimeout(() => void close(), o.lifetimeMs ?? 10 * 60_000);
  lifetime.unref();

  return {
    host: '127.0.0.1',
    port,
    get latencyMs() {
      return latencyMs;
    },
    get openConnections() {
      return clients.size;
    },
    setLatency(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('latency must be a non-negative number of milliseconds');
      latencyMs = ms;
    },
    proxiedUrl(storeUrl) {
      const url = new URL(storeUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    close,
  };
}

/** The host and port a PostgreSQL or Redis URL names (their default ports when it names none). */
export function targetOf(storeUrl: string): { host: string; port: number } {
  const url = new URL(storeUrl);
  const fallback = url.protocol.startsWith('redis') ? 6379 : 5432;
  return { host: url.hostname || '127.0.0.1', port: url.port ? Number(url.port) : fallback };
}
