// The in-memory engine the bench and unit tests use; the bot uses the shared store engine, whose
// own contract tests cover SQLite, PostgreSQL and Redis.
import { describe, expect, it } from 'vitest';
import { MemoryKv, type AtomicKv } from '../../src/reminders/kv.js';

const engines: Array<[string, (now: () => number) => Promise<AtomicKv>]> = [
  ['memory', async (now) => new MemoryKv(now)],
];

describe.each(engines)('%s key-value engine', (_name, open) => {
  it('sets only when absent, compares before replacing or deleting', async () => {
    const kv = await open(Date.now);
    try {
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
    } finally {
      await kv.close();
    }
  });

  it('expires values, after which the key counts as absent', async () => {
    let now = 1_000_000;
    const kv = await open(() => now);
    try {
      await kv.set('t', 'x', 1000);
      expect(await kv.setIfAbsent('t', 'y', 1000)).toBe(false);
      now += 1000;
      expect(await kv.get('t')).toBeUndefined();
      expect(await kv.compareAndSet('t', 'x', 'z')).toBe(false);
      expect(await kv.setIfAbsent('t', 'y')).toBe(true);
      expect(await kv.get('t')).toBe('y');
    } finally {
      await kv.close();
    }
  });

  it('lists live keys by prefix in order', async () => {
    const kv = await open(Date.now);
    try {
      for (const k of ['p:b', 'p:a', 'q:a', 'p', 'p:c']) await kv.set(k, '1');
      await kv.set('p:d', '1', -1);
      expect(await kv.keys('p:')).toEqual(['p:a', 'p:b', 'p:c']);
    } finally {
      await kv.close();
    }
  });

  it('lets exactly one of many concurrent claims win', async () => {
    const kv = await open(Date.now);
    try {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => kv.setIfAbsent('claim', String(i))));
      expect(results.filter(Boolean)).toHaveLength(1);
    } finally {
      await kv.close();
    }
  });
});
