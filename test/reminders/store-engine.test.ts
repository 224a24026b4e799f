// The atomic steps reminders rely on (src/reminders/kv.ts), on the in-memory engine the bench and unit
// tests pass. Every engine's full contract (SQLite, PostgreSQL and Redis too) is test/store/contract.test.ts.
import { describe, expect, it } from 'vitest';
import type { AtomicKv } from '../../src/reminders/kv.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';

const open = (now: () => number): AtomicKv => new MemoryEngine(now);

describe('the store engine as reminders use it', () => {
  it('sets only when absent, compares before replacing or deleting', async () => {
    const kv = open(Date.now);
    expect(await kv.setIfAbsent('a', '1')).toBe(true);
    expect(await kv.setIfAbsent('a', '2')).toBe(false);
    expect(await kv.get('a')).toBe('1');
    expect(await kv.compareAndSet('a', '2', '3')).toBe(false);
    expect(await kv.compareAndSet('a', '1', '3')).toBe(true);
    expect(await kv.compareAndSet('missing', '1', '3')).toBe(false);
    expect(await kv.get('missing')).toBeUndefined();
    expect(await kv.compareAndDelete('a', '1')).toBe(false);
    expect(await kv.compareAndDelete('a', '3')).toBe(true);
    expect(await kv.get('a')).toBeUndefined();
  });

  it('expires values, after which the key counts as absent', async () => {
    let now = 1_000_000;
    const kv = open(() => now);
    await kv.set('t', 'x', 1000);
    expect(await kv.setIfAbsent('t', 'y', 1000)).toBe(false);
    now += 1000;
    expect(await kv.get('t')).toBeUndefined();
    expect(await kv.compareAndSet('t', 'x', 'z')).toBe(false);
    expect(await kv.setIfAbsent('t', 'y')).toBe(true);
    expect(await kv.get('t')).toBe('y');
  });

  it('lists live keys by prefix (the engine promises no order)', async () => {
    let now = 1_000_000;
    const kv = open(() => now);
    for (const k of ['p:b', 'p:a', 'q:a', 'p', 'p:c']) await kv.set(k, '1');
    await kv.set('p:d', '1', 1);
    now += 1;
    expect((await kv.keys('p:')).sort()).toEqual(['p:a', 'p:b', 'p:c']);
  });

  it('lets exactly one of many concurrent claims win', async () => {
    const kv = open(Date.now);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.setIfAbsent('claim', String(i))));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
