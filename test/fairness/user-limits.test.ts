import { describe, expect, it } from 'vitest';
import { TokenBuckets } from '../../src/fairness/token-bucket.js';
import { RateLimitedError, UserRateLimits } from '../../src/fairness/user-limits.js';
import { describeError } from '../../src/interactions/user-errors.js';

function clock(start = 1_000_000): { now: () => number; advance(ms: number): void } {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

describe('TokenBuckets', () => {
  it('allows a burst, then refills at the sustained rate and says when', () => {
    const c = clock();
    const b = new TokenBuckets({ burst: 3, perMinute: 6 }, c.now);
    expect([b.take('u'), b.take('u'), b.take('u')].every((r) => r.ok)).toBe(true);
    const refused = b.take('u');
    expect(refused).toEqual({ ok: false, retryAfterMs: 10_000 });
    c.advance(9_999);
    expect(b.take('u').ok).toBe(false);
    c.advance(1);
    expect(b.take('u').ok).toBe(true);
    // Other keys are independent.
    expect(b.take('v').ok).toBe(true);
  });

  it('adjust refunds up to the burst and charges down to minus the burst', () => {
    const b = new TokenBuckets({ burst: 2, perMinute: 60 }, clock().now);
    b.adjust('u', 5);
    expect(b.tokens('u')).toBe(2);
    b.adjust('u', -10);
    expect(b.tokens('u')).toBe(-2);
  });

  it('keeps memory bounded: full buckets are not kept, and past maxKeys the least recent go', () => {
    const c = clock();
    const b = new TokenBuckets({ burst: 2, perMinute: 60 }, c.now, 100);
    for (let i = 0; i < 1000; i++) b.take(`user${i}`);
    expect(b.size).toBeLessThanOrEqual(100);
    b.adjust('refunded', 1);
    expect(b.size).toBeLessThanOrEqual(100);
  });

  it('refuses nonsense configuration', () => {
    expect(() => new TokenBuckets({ burst: 0, perMinute: 1 })).toThrow(RangeError);
    expect(() => new TokenBuckets({ burst: 1, perMinute: 0 })).toThrow(RangeError);
  });
});

describe('UserRateLimits', () => {
  const config = { commands: { burst: 2, perMinute: 6 }, autocomplete: { burst: 4, perMinute: 60 }, ownerIds: ['999'] };

  it('charges only work that went upstream: cache hits are refunded', async () => {
    const c = clock();
    const limits = new UserRateLimits(config, c.now);
    for (let i = 0; i < 20; i++) await limits.run('command', '1', async () => 'from cache');
    await limits.run('command', '1', async () => limits.noteUpstreamCall());
    await limits.run('command', '1', async () => limits.noteUpstreamCall());
    await expect(limits.run('command', '1', async () => 'x')).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('an interaction costs one token however many requests it fans out to', async () => {
    const limits = new UserRateLimits(config, clock().now);
    for (let i = 0; i < 2; i++) {
      await limits.run('command', '1', async () => {
        for (let n = 0; n < 10; n++) limits.noteUpstreamCall();
      });
    }
    await expect(limits.run('command', '1', async () => 'x')).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('a burst fired at once is limited (a token is taken up front), and work is not run when refused', async () => {
    const limits = new UserRateLimits(config, clock().now);
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
    const limits = new UserRateLimits(config, clock().now);
    for (let i = 0; i < 2; i++) await limits.run('command', '1', async () => limits.noteUpstreamCall());
    await expect(limits.run('command', '1', async () => 'x')).rejects.toBeInstanceOf(RateLimitedError);
    for (let i = 0; i < 4; i++) await limits.run('autocomplete', '1', async () => limits.noteUpstreamCall());
    await expect(limits.run('autocomplete', '1', async () => 'x')).rejects.toBeInstanceOf(RateLimitedError);
    for (let i = 0; i < 50; i++) await limits.run('command', '999', async () => limits.noteUpstreamCall());
    limits.addOwners(['1']);
    expect(await limits.run('command', '1', async () => 'owner now')).toBe('owner now');

    const other = new UserRateLimits(config, clock().now);
    await expect(other.run('command', '2', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    // It made no request, so its token came back: two more still fit.
    await other.run('command', '2', async () => other.noteUpstreamCall());
    await other.run('command', '2', async () => other.noteUpstreamCall());
  });

  it('a limit that is off never refuses; the refusal reads as a clear "slow down"', async () => {
    const limits = new UserRateLimits({ commands: undefined, autocomplete: undefined, ownerIds: [] }, clock().now);
    for (let i = 0; i < 100; i++) await limits.run('command', '1', async () => limits.noteUpstreamCall());
    expect(describeError(new RateLimitedError(2500))).toEqual({
      title: 'Slow down',
      text: 'You are sending requests faster than this bot allows for one person. Try again in 3 seconds.',
      unexpected: false,
    });
  });
});
