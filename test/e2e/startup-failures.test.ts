// Start-up failures end start-up with the cause and leave nothing open behind them.

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot } from '../../src/app/bot.js';
import type { BotConfig } from '../../src/config/types.js';
import { silentLogger } from '../../src/log/log.js';
import { openStore } from '../../src/store/bot-store.js';
import { parseEncryptionKey } from '../../src/config/keys.js';

describe('start-up failures', () => {
  let dir: string;
  let occupied: Server;
  let port: number;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amls-startup-'));
    occupied = createServer();
    await new Promise<void>((resolve) => occupied.listen(0, '127.0.0.1', resolve));
    const address = occupied.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => occupied.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  it('a taken web port rejects with EADDRINUSE (what the test harness retries on), and the database stays usable', async () => {
    const key = randomBytes(32).toString('base64');
    const config: BotConfig = {
      service: {
        apiUrl: 'http://127.0.0.1:9',
        authUrl: 'http://127.0.0.1:9',
        webUrl: 'http://127.0.0.1:9',
        clientId: 'id',
        clientSecret: undefined,
        clientIdHeader: 'X-SERVICE-CLIENT-ID',
        userAgent: 'test',
      },
      discord: { token: 'token', applicationId: '1100000000000000005', apiUrl: 'http://127.0.0.1:9/api' },
      web: { port, publicUrl: `http://127.0.0.1:${port}`, redirectUri: `http://127.0.0.1:${port}/oauth/callback` },
      store: { url: `sqlite://${join(dir, 'bot.sqlite')}`, encryptionKey: key },
      userRate: { commands: undefined, autocomplete: undefined, ownerIds: [] },
      transport: { kind: 'gateway', publicKey: undefined, shards: undefined, shutdownGraceMs: 1_000 },
    };
    await expect(startBot({ config, log: silentLogger, host: '127.0.0.1' })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    // The database is usable by the next start.
    const store = await openStore(config.store.url, parseEncryptionKey(key));
    expect(await store.ping()).toBe(true);
    await store.close();
  });
});
