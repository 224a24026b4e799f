import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../local-stack/store-engines.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { openTwo, type TwoProcesses } from './request-line/helpers.js';
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

for (const engineCase of engineCases()) {
  const suite = engineCase.skipped ? describe.skip : describe;
  suite(`a lock waiter whose interaction ended: ${engineCase.kind}`, () => {
    let two: TwoProcesses;
    beforeAll(async () => {
      two = await openTwo(engineCase.kind);
    });
    afterAll(async () => {
      await two?.close();
    });

    it('stops asking the store once its signal aborts, rejecting with the reason; one aborted before never takes the lock', async () => {
      const name = `aborted-${randomBytes(4).toString('hex')}`;
      let release = (): void => undefined;
      const held = sharedLocks(two.a).run(name, { untilMs: Date.now() + 5_000, graceMs: 100 }, () => new Promise<void>((resolve) => (release = resolve)));
      await new Promise((resolve) => setTimeout(resolve, 20));
      let tries = 0;
      const counted = new Proxy(two.b, {
        get: (target, prop, receiver) => {
          const value: unknown = Reflect.get(target, prop, receiver);
          if (prop === 'setIfAbsent') tries++;
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      }) as StoreEngine;
      const controller = new AbortController();
      const started = Date.now();
      const waiter = sharedLocks(counted)
        .run(name, { untilMs: Date.now() + 3_000, graceMs: 100, signal: controller.signal }, async () => 'ran')
        .catch((e: unknown) => e);
      await new Promise((resolve) => setTimeout(resolve, 150));
      const gone = new Error('the interaction timed out');
      controller.abort(gone);
      // The old wait: polling on until the 3 s end, then LockTimeoutError.
      expect(await waiter).toBe(gone);
      expect(Date.now() - started).toBeLessThan(1_000);
      const triesAtAbort = tries;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(tries).toBe(triesAtAbort);
      expect(triesAtAbort).toBeGreaterThan(0);
      release();
      await held;
      // Aborted before: rejected without taking the (now free) lock.
      expect(await sharedLocks(counted).run(name, { untilMs: Date.now() + 1_000, graceMs: 100, signal: controller.signal }, async () => 'ran').catch((e: unknown) => e)).toBe(gone);
      expect(await two.a.get(`lock:${name}`)).toBeUndefined();
    });
  });
}

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
