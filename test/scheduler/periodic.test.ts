import { afterEach, describe, expect, it } from 'vitest';
import { Scheduler } from '../../src/scheduler/periodic.js';
import { expiredRecordSweep, SWEEP_PERIOD_MS } from '../../src/scheduler/sweep.js';
import { BotStore } from '../../src/store/bot-store.js';
import { MemoryEngine, SqliteEngine } from '../../src/store/engines/index.js';
import { makeTempDir, reply, testKey } from '../auth/helpers.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('scheduler', () => {
  it('runs a task once per period however many schedulers share the engine', async () => {
    const engine = new MemoryEngine();
    let t = 1_700_000_000_000;
    let runs = 0;
    const schedulers = Array.from({ length: 4 }, () => {
      const s = new Scheduler({ engine, now: () => t });
      s.add({ name: 'count', periodMs: 60_000, run: () => Promise.resolve(void runs++) });
      return s;
    });
    const tick = async () => (await Promise.all(schedulers.map((s) => s.tick()))).flat();
    expect(await tick()).toEqual(['count']);
    expect(await tick()).toEqual([]);
    expect(runs).toBe(1);
    t += 60_000;
    expect(await tick()).toEqual(['count']);
    expect(runs).toBe(2);
  });

  it('reports a failing task and tries again next period', async () => {
    const engine = new MemoryEngine();
    let t = 0;
    const errors: string[] = [];
    const s = new Scheduler({ engine, now: () => t, onError: (task) => errors.push(task) });
    s.add({ name: 'flaky', periodMs: 1000, run: () => Promise.reject(new Error('down')) });
    expect(await s.tick()).toEqual([]);
    t += 1000;
    await s.tick();
    expect(errors).toEqual(['flaky', 'flaky']);
  });

  it('refuses periods under a second and stops cleanly', async () => {
    const s = new Scheduler({ engine: new MemoryEngine() });
    expect(() => s.add({ name: 'x', periodMs: 10, run: () => Promise.resolve() })).toThrow(/once a second/);
    s.start();
    await s.stop();
  });

  it('the sweep task deletes expired pending logins from two processes’ shared SQLite file, once per period', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.cleanup);
    const file = `${temp.dir}/s.sqlite`;
    const a = await SqliteEngine.open(file);
    const b = await SqliteEngine.open(file);
    cleanups.push(() => a.close(), () => b.close());
    const key = testKey();
    const storeA = new BotStore(a, key, { pendingLoginTtlMs: 50 });
    const storeB = new BotStore(b, key, { pendingLoginTtlMs: 50 });
    for (let i = 0; i < 3; i++) await storeA.pendingLogins.create({ discordUserId: '900000000000000001', codeVerifier: 'v'.repeat(43), redirectUri: 'http://x/cb', reply });
    await new Promise((r) => setTimeout(r, 120));
    const swept: number[] = [];
    const now = () => 1_700_000_000_000;
    const sa = new Scheduler({ engine: a, now });
    const sb = new Scheduler({ engine: b, now });
    sa.add(expiredRecordSweep(storeA, (n) => swept.push(n)));
    sb.add(expiredRecordSweep(storeB, (n) => swept.push(n)));
    const ran = [...(await sa.tick()), ...(await sb.tick())];
    expect(ran).toEqual(['sweep-expired']);
    expect(swept).toEqual([6]); // 3 logins and their 3 per-user markers
    expect(SWEEP_PERIOD_MS).toBe(60_000);
  });
});
