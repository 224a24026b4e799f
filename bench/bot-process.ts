// The bot under the memory benchmark, alone in its own process (started with --expose-gc), so its
// heap is not mixed with the fake Discord's and the emulator's, which record everything by design.
// Started by bench/memory.ts through child_process.fork; speaks bench/bot-protocol.ts over IPC.

import { startBot, type RunningBot } from '../src/app/bot.js';
import { silentLogger } from '../src/log/log.js';
import { asToBot, type CacheSizes, type FromBot, type MemorySample } from './bot-protocol.js';

let bot: RunningBot | undefined;

function send(message: FromBot): void {
  process.send?.(message);
}

function cacheSizes(running: RunningBot): CacheSizes {
  const { client, deps } = running;
  return {
    users: client.users.cache.size,
    channels: client.channels.cache.size,
    guilds: client.guilds.cache.size,
    responseCache: Math.round(deps.service.cachedResponseBytes / 1024),
    titleCache: deps.titleCache.size,
    restHandlers: client.rest.handlers.size,
    restHashes: client.rest.hashes.size,
  };
}

async function settledHeap(): Promise<MemorySample> {
  const collect = globalThis.gc;
  if (!collect) throw new Error('bot process started without --expose-gc');
  for (let i = 0; i < 4; i++) {
    collect();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const m = process.memoryUsage();
  if (!bot) throw new Error('bot not started');
  return { heapUsed: m.heapUsed, heapTotal: m.heapTotal, rss: m.rss, external: m.external, caches: cacheSizes(bot) };
}

async function stop(): Promise<void> {
  await bot?.stop();
  bot = undefined;
}

process.on('message', (raw: unknown) => {
  const message = asToBot(raw);
  if (!message) return;
  void (async () => {
    try {
      if (message.type === 'start') {
        bot = await startBot({ config: message.config, log: silentLogger, host: '127.0.0.1', service: { retries: 1, backoff: () => 10 }, games: { poolReads: false } });
        await bot.ready;
        send({ type: 'ready' });
      } else if (message.type === 'sample') {
        send({ type: 'sample', sample: await settledHeap() });
      } else {
        await stop();
        send({ type: 'stopped' });
        process.disconnect();
      }
    } catch (error) {
      send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  })();
});

process.on('disconnect', () => {
  void stop().finally(() => process.exit(0));
});
