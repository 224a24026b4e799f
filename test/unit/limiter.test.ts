import { describe, expect, it } from 'vitest';
import { limiter } from '../../src/limiter.js';

describe('limiter', () => {
  it('never runs more than n tasks at once, runs them all, and keeps going after failures', async () => {
    const limit = limiter(3);
    let running = 0;
    let peak = 0;
    const task = (i: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (i % 4 === 0) throw new Error(`task ${i}`);
      return i;
    };
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => limit(task(i))));
    expect(peak).toBe(3);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(15);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(5);
  });

  it('needs at least one place', () => {
    expect(() => limiter(0)).toThrow(RangeError);
  });
});
