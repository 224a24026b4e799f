import { createServer, STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import type express from 'express';

export interface RunningWebServer {
  /** Base URL to reach the server from this host, e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  /** Where GET /metrics is served (its own listener), when metrics are on. */
  metricsUrl?: string;
  close(): Promise<void>;
}

/**
 * Requests Node refuses before Express sees them (headers over 16 KB, malformed requests) are
 * answered with the same core security headers as the app's pages, not Node's bare default.
 */
const RAW_SECURITY_HEADERS =
  "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n" +
  'X-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\nCache-Control: no-store\r\n';

/** Listens on host:port (port 0 picks a free port). */
export async function startWebServer(app: express.Express, port: number, host = '0.0.0.0'): Promise<RunningWebServer> {
  const server = createServer(app);
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${RAW_SECURITY_HEADERS}Content-Length: 0\r\nConnection: close\r\n\r\n`);
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const hostPart = reachable.includes(':') ? `[${reachable}]` : reachable;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${hostPart}:${address.port}`,
    port: address.port,
    close: () => {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
