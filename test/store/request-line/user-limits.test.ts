import { afterAll, describe, expect, it } from 'vitest';
import { RateLimitedError, UserRateLimits } from '../../../src/store/request-line/user-limits.js';
import { describeError } from '../../../src/interactions/user-errors.js';
import { MemoryEngine } from '../../../src/store/engines/index.js';
import { openUserRateLimiters, windowOf } from '../../../src/store/request-line/user-limit-store.js';
import type { UserRateConfig } from '../../../src/config/types.js';
import { engineCases, prepareCase, type OpenedCase } from '../../../local-stack/store-engines.js';
import type { StoreEngine } from '../../../src/store/engine.js';
import { ENGLISH } from '../../../src/i18n/index.js';

async function limitsOn(config: UserRateConfig, engine: StoreEngine = new MemoryEngine()): Promise<UserRateLimits> {
  return new UserRateLimits(await openUserRateLimiters(engine, config), config.ownerIds);
}

describe('windowOf', () => {
  it('turns a bucket into burst points per the time the sustained rate takes to earn them back', () => {
    expect(windowOf({ burst: 8, perMinute: 12 })).toEqual({ points: 8, duration: 40 });
    expect(windowOf({ burst: 20, perMinute: 60 })).toEqual({ points: 20, duration: 20 });
    // Whole seconds, at least one.
    expect(windowOf({ burst: 1, perMinute: 600 })).toEqual({ points: 1, duration: 1 });
    expect(windowOf({ burst: 3, perMinute: 7 })).toEqual({ points: 3, duration: 26 });
  });

  it('refuses nonsense configuration', () => {
    expect(() => windowOf({ burst: 0, perMinute: 1 })).toThrow(RangeError);
    expect(() => windowOf({ burst: 1, perMinute: 0 })).toThrow(RangeError);
  });
});

describe('UserRateLimits', () => {
  const config = { commands: { burst: 2, perMinute: 6 }, autocomplete: { burst: 4, perMinute: 60 }, ownerIds: ['999'] };

  it('charges only work that went upstream: cache hits are refunded', async () => {
    const limits = await limitsOn(config);
    for (let i = 0; i < 20; i++) await limits.run('command', '1', async () => 'from cache');
    await limits.run('command', '1', async () => limits.noteUpstreamCall());
    await limits.run('command', '1', async () => limits.noteUpstreamCall());
    await expect(limits.run('command', '1', async () => 'x')).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('an interaction costs one token however many requests it fans out to', async () => {
    const limits = await limitsOn(config);
    for (let i = 0; i < 2; i++) {
      await limits.run('command', '1', async () => {
        for (let n = 0; n < 10; n++) limits.noteUpstreamCall();
      });
    }
    await expect(limits.run('command', '1', async () => 'x')).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('a burst fired at once is limited (a token is taken up front), and work is not run when refused', async () => {
    const limits = await limitsOn(config);
    let ran = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        limits.run('command', '1', async () => {
          ran++;
          await new Promise((resolve) => setTimeout(resolve, 5));
          limits.noteUpstreamCall();
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(ran).toBe(2);
  });

  it('autocomplete has its own bucket; owners are never limited; a failing work still settles the charge', async () => {
    const limits = await limitsOn(config);
    for (let i = 0; i < 2; i++) await limits.run('command', '1', async () => limits.noteUpstreamCall());
    await expect(limits.run('command', '1', async () => 'x')).rejects.toBeInstanceOf(RateLimitedError);
    for (let i = 0; i < 4; i++) await limits.run('autocomplete', '1', async () => limits.noteUpstreamCall());
    await expect(limits.run('autocomplete', '1', async () => 'x')).rejects.toBeInstanceOf(RateLimitedError);
    for (let i = 0; i < 50; i++) await limits.run('command', '999', async () => limits.noteUpstreamCall());
    limits.addOwners(['1']);
    expect(await limits.run('command', '1', async () => 'owner now')).toBe('owner now');

    const other = await limitsOn(config);
    await expect(other.run('command', '2', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    // It made no request, so its token came back: two more still fit.
    await other.run('command', '2', async () => other.noteUpstreamCall());
    await other.run('command', '2', async () => other.noteUpstreamCall());
  });

  it('a refund after the window it was taken from ended is not given (the next window starts full, not over-full)', async () => {
    const limits = await limitsOn({ commands: { burst: 2, perMinute: 120 }, autocomplete: undefined, ownerIds: [] });
    // The window is 1 s: the work outlives it and made no request.
    await limits.run('command', '1', () => new Promise((resolve) => setTimeout(resolve, 1_100)));
    await limits.run('command', '1', async () => limits.noteUpstreamCall());
    await limits.run('command', '1', async () => limits.noteUpstreamCall());
    await expect(limits.run('command', '1', async () => 'x')).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('a limit that is off never refuses; the refusal reads as a clear "slow down"', async () => {
    const limits = await limitsOn({ commands: undefined, autocomplete: undefined, ownerIds: [] });
    for (let i = 0; i < 100; i++) await limits.run('command', '1', async () => limits.noteUpstreamCall());
    expect(describeError(new RateLimitedError(2500), ENGLISH)).toEqual({
      title: 'Slow down',
      text: 'You are sending requests faster than this bot allows for one person. Try again in 3 seconds.',
      unexpected: false,
    });
  });
});

describe('UserRateLimits on a shared store', () => {
  const opened: OpenedCase[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((c) => c.cleanup()));
  });
  const config = { commands: { burst: 3, perMinute: 6 }, autocomplete: undefined, ownerIds: [] };

  for (const c of engineCases().filter((e) => e.kind === 'postgres' || e.kind === 'redis')) {
    it.skipIf(c.skipped !== undefined)(`${c.kind}: two processes' limiters count one user once, refunds included`, async () => {
      const place = prepareCase(c.kind);
      opened.push(place);
      const [a, b] = [await place.open(), await place.open()];
      try {
        const one = await limitsOn(config, a);
        const two = await limitsOn(config, b);
        // A cache hit on one process is refunded and costs nothing on the other.
        for (let i = 0; i < 5; i++) await one.run('command', '1', async () => 'cached');
        await one.run('command', '1', async () => one.noteUpstreamCall());
        await two.run('command', '1', async () => two.noteUpstreamCall());
        await one.run('command', '1', async () => one.noteUpstreamCall());
        const refused = await two.run('command', '1', async () => 'x').catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(RateLimitedError);
        expect((refused as RateLimitedError).retryAfterMs).toBeGreaterThan(0);
        expect((refused as RateLimitedError).retryAfterMs).toBeLessThanOrEqual(30_000);
        // Another user is untouched.
        expect(await two.run('command', '2', async () => 'ok')).toBe('ok');
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  }

  // Processes starting together on a fresh database: each opens its limiters at once. Before the
  // limiter's table was created under the store's lock, PostgreSQL refused all but one of the racing
  // CREATE TABLE IF NOT EXISTS ("type … already exists") and that process could not start.
  it.skipIf(engineCases().find((e) => e.kind === 'postgres')?.skipped !== undefined)('postgres: eight processes opening their limiters at once on a fresh store all start', async () => {
    for (let round = 0; round < 10; round++) {
      const place = prepareCase('postgres');
      opened.push(place);
      const engines = await Promise.all(Array.from({ length: 8 }, () => place.open()));
      try {
        const limiters = await Promise.allSettled(engines.map((e) => openUserRateLimiters(e, config)));
        expect(limiters.filter((r) => r.status === 'rejected')).toEqual([]);
      } finally {
        await Promise.all(engines.map((e) => e.close()));
      }
    }
  });
});
