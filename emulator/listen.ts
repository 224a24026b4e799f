// Starting and stopping the emulator's HTTP servers (the service API and the picture host).

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

/** Listens on `host:port` (0: any free port); resolves with the server and the port it got. */
export async function listen(app: Express, port: number, host: string): Promise<{ server: Server; port: number }> {
  const server = app.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return { server, port: (server.address() as AddressInfo).port };
}

/** Stops accepting connections and ends the open ones; resolves when the server is closed. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeAllConnections();
  });
}
