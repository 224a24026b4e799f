// The games' pools on every store engine: a 1 000-title pool kept once and read by another connection
// (another process), a newer pool reaching a process that parsed the older one; and the refresh: a read
// queued once per kind and hour across processes while a pool is missing or a week old, none while fresh.

import { afterEach, describe, expect, it } from 'vitest';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import { GamePools, POOL_REFRESH_MS } from '../../src/games/pool.js';
import { PoolRefresh, poolRetryAt } from '../../src/games/pool-refresh.js';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { createLogger } from '../../src/log/log.js';
import { Games } from '../../src/games/games.js';
import { makePool } from './pool-fixture.js';

describe.each(engineCases())('game pools on $kind', (engineCase) => {
  let place: OpenedCase | undefined;
  const opened: StoreEngine[] = [];
  afterEach(async () => {
    for (const e of opened.splice(0)) await e.close();
    await place?.cleanup();
  });

  it.skipIf(engineCase.skipped !== undefined)('keeps a 1 000-title pool that another connection reads, and a newer one replaces it there', async () => {
    place = prepareCase(engineCase.kind);
    const a = await place.open();
    const b = await place.open();
    opened.push(a, b);
    const writer = new GamePools(a);
    const reader = new GamePools(b);
    expect(await reader.current('anime')).toBeUndefined();
    const pool = makePool('anime', 1000, 10);
    await writer.save('anime', pool.titles, 10);
    expect(await reader.current('anime')).toEqual(pool);
    expect(await reader.current('manga')).toBeUndefined();
    const newer = makePool('anime', 3, 20);
    await writer.save('anime', newer.titles, 20);
    expect(await reader.current('anime')).toEqual(newer);
    expect(await reader.readAt('anime')).toBe(20);
  });
});

describe('pool refresh', () => {
  const log = createLogger('error', () => undefined);

  function setUp(now: { t: number }, titles = makePool('anime', 4).titles) {
    const kv = new MemoryEngine();
    const jobs = new InProcessJobEngine(kv, () => now.t, () => undefined, 0);
    const reads: string[] = [];
    const pools = new GamePools(kv);
    const refresh = new PoolRefresh({ pools, jobs, now: () => now.t, log, source: async (kind) => (reads.push(kind), kind === 'anime' ? titles : []) });
    return { kv, jobs, reads, pools, refresh };
  }

  it('queues one read per kind and hour while a pool is missing, none while it is fresh, again after a week', async () => {
    const now = { t: 5 * 3_600_000 + 10 };
    const { pools, refresh } = setUp(now);
    await refresh.define();
    expect(await refresh.queueDue()).toEqual(['anime', 'manga']);
    // Another process (or the watch) asking in the same hour adds nothing.
    expect(await refresh.queueDue()).toEqual([]);
    await pools.save('anime', makePool('anime', 2).titles, now.t);
    await pools.save('manga', makePool('manga', 2).titles, now.t);
    now.t += 3_600_000;
    expect(await refresh.queueDue()).toEqual([]);
    now.t += POOL_REFRESH_MS;
    expect(await refresh.queueDue()).toEqual(['anime', 'manga']);
  });

  it('reads and keeps a pool through the job; an empty read keeps the pool there is', async () => {
    const now = { t: 1_000 };
    const { jobs, reads, pools, refresh } = setUp(now);
    await refresh.start();
    await jobs.runDue();
    expect(reads.sort()).toEqual(['anime', 'manga']);
    expect((await pools.current('anime'))?.titles.length).toBe(4);
    expect(await pools.current('manga')).toBeUndefined();
    await jobs.stop();
  });

  it('says when to come back while a pool is not read yet', async () => {
    const kv = new MemoryEngine();
    const now = 7 * 3_600_000 + 1234;
    const games = new Games({ kv, jobs: new InProcessJobEngine(kv, () => now, () => undefined, 0), source: async () => [], now: () => now, log });
    expect(await games.pool('anime')).toEqual({ retryAt: 8 * 3_600_000 });
    expect(poolRetryAt(now)).toBe(8 * 3_600_000);
    await games.pools.save('anime', makePool('anime', 1).titles, now);
    expect(await games.pool('anime')).toEqual({ pool: makePool('anime', 1, now) });
  });
});
