import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type express from 'express';

export interface RunningWebServer {
  /** Base URL to reach the server from this host, e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on host:port (port 0 picks a free port). */
export async function startWebServer(app: express.Express, port: number, host = '0.0.0.0'): Promise<RunningWebServer> {
  const server = createServer(app);
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
