// The metrics listener: GET /metrics (Prometheus text format) on its own port, by default on
// loopback only, never on the public port that serves the login callback and interactions. With a
// token configured, scrapes must send it as a bearer token wherever the listener is bound.

import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { startWebServer, type RunningWebServer } from './server.js';

export interface MetricsServerOptions {
  render(): Promise<{ contentType: string; body: string }>;
  /** When set, scrapes must send `Authorization: Bearer <token>`. */
  token?: string;
  port: number;
  host: string;
  log?: (message: string) => void;
}

export function createMetricsApp(o: Pick<MetricsServerOptions, 'render' | 'token' | 'log'>): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use((_req: Request, res: Response, next) => {
    res.set({
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      'X-Content-Type-Options': 'nosniff',
    });
    next();
  });
  app.get('/metrics', async (req: Request, res: Response) => {
    if (o.token !== undefined && !bearerMatches(req.headers.authorization, o.token)) {
      res.set('WWW-Authenticate', 'Bearer realm="metrics"').status(401).type('text/plain').send('Unauthorized');
      return;
    }
    try {
      const { contentType, body } = await o.render();
      res.status(200).type(contentType).send(body);
    } catch (error) {
      o.log?.(`metrics could not be rendered: ${error instanceof Error ? error.message : 'non-Error thrown'}`);
      res.status(500).type('text/plain').send('Internal error');
    }
  });
  app.use((_req: Request, res: Response) => {
    res.status(404).type('text/plain').send('Not found');
  });
  return app;
}

export function startMetricsServer(o: MetricsServerOptions): Promise<RunningWebServer> {
  return startWebServer(createMetricsApp(o), o.port, o.host);
}

/** Constant-time comparison of an Authorization header with the expected bearer token. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return false;
  const digest = (value: string): Buffer => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

/** Starts the metrics listener beside a running web server; closing the result closes both. */
export async function withMetricsServer(web: RunningWebServer, o: MetricsServerOptions & { enabled?: boolean }): Promise<RunningWebServer> {
  let metrics: RunningWebServer;
  try {
    metrics = await startMetricsServer(o);
  } catch (error) {
    await web.close();
    throw error;
  }
  return {
    ...web,
    metricsUrl: `${metrics.url}/metrics`,
    close: async () => {
      await Promise.all([web.close(), metrics.close()]);
    },
  };
}
