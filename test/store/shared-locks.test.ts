import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BotStore } from '../../src/store/bot-store.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import { LockTimeoutError, sharedLocks } from '../../src/store/locks.js';

describe('sharedLocks', () => {
  it('serialises holders of one name and waits no longer than the given end', async () => {
    const locks = sharedLocks(new MemoryEngine());
    const order: string[] = [];
    const slow = locks.run('n', { untilMs: Date.now() + 1_000, graceMs: 100 }, async () => {
      order.push('a start');
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('a end');
    });
    const next = locks.run('n', { untilMs: Date.now() + 1_000, graceMs: 100 }, async () => void order.push('b'));
    await Promise.all([slow, next]);
    expect(order).toEqual(['a start', 'a end', 'b']);

    let release = (): void => undefined;
    const held = locks.run('m', { untilMs: Date.now() + 1_000, graceMs: 100 }, () => new Promise<void>((resolve) => (release = resolve)));
    await expect(locks.run('m', { untilMs: Date.now() + 60, graceMs: 100 }, async () => 'x')).rejects.toBeInstanceOf(LockTimeoutError);
    await expect(locks.run('m', { untilMs: Date.now() - 1, graceMs: 100 }, async () => 'x')).rejects.toBeInstanceOf(LockTimeoutError);
    // waitMs 0: one try, refused at once while held (the lease still runs to untilMs + grace).
    const started = Date.now();
    await expect(locks.run('m', { untilMs: Date.now() + 5_000, graceMs: 100, waitMs: 0 }, async () => 'x')).rejects.toBeInstanceOf(LockTimeoutError);
    expect(Date.now() - started).toBeLessThan(1_000);
    release();
    await held;
    expect(await locks.run('m', { untilMs: Date.now() + 5_000, graceMs: 100, waitMs: 0 }, async () => 'free')).toBe('free');
  });

  it('a holder that died frees the lock at its end plus the grace', async () => {
    const engine = new MemoryEngine();
    const locks = sharedLocks(engine);
    // Taken and never released (its process died): leased for 80 ms + 20 ms.
    void locks.run('dead', { untilMs: Date.now() + 80, graceMs: 20 }, () => new Promise<never>(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    expect(await locks.run('dead', { untilMs: Date.now() + 1_000, graceMs: 100 }, async () => 'mine')).toBe('mine');
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(60);
    expect(waited).toBeLessThan(400);
  });
});

describe('BotStore.withRefreshLock', () => {
  it('a refresh lock whose holder died blocks the next refresh no longer than one refresh deadline', async () => {
    const engine = new MemoryEngine();
    const store = new BotStore(engine, randomBytes(32), { refreshDeadlineMs: 150 });
    // The holder's process dies holding the lock: it is never released.
    void store.withRefreshLock('1', () => new Promise<never>(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const started = Date.now();
    expect(await store.withRefreshLock('1', async () => 'refreshed')).toBe('refreshed');
    expect(Date.now() - started).toBeLessThan(150 + 100);
    // Other users were never blocked.
    const other = Date.now();
    await store.withRefreshLock('2', async () => undefined);
    expect(Date.now() - other).toBeLessThan(50);
  });
});

describe('BotStore lost-login notices', () => {
  it('one claim per lost login across stores sharing the engine; cleared by a new link; forgotten with the user', async () => {
    const engine = new MemoryEngine();
    const key = randomBytes(32);
    const [one, two] = [new BotStore(engine, key), new BotStore(engine, key)];
    const claims = await Promise.all([one.claimLoginLostNotice('7'), two.claimLoginLostNotice('7'), one.claimLoginLostNotice('7')]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    await two.clearLoginLostNotice('7');
    expect(await one.claimLoginLostNotice('7')).toBe(true);
    expect((await one.forgetUser('7')).other['login-lost-notices']).toBe(1);
    expect(await two.claimLoginLostNotice('7')).toBe(true);
  });
});
