import { describe, expect, it } from 'vitest';
import { MirrorMemo, mirrorMemo } from '../../src/community/mirror-memo.js';
import type { SocialService } from '../../src/community/types.js';
import { entry, FixedReader, mirror } from './boards-fixtures.js';

describe('MirrorMemo', () => {
  it('reuses a decoded mirror within its time, reads it again after', async () => {
    let clock = 5_000;
    const reader = new FixedReader({ g: ['a'] }, [mirror('a', [entry(1)])]);
    const memo = new MirrorMemo(reader, { ttlMs: 1_000, maxEntries: 100, now: () => clock });
    const first = await memo.mirror('a', 'anime');
    expect(await memo.mirror('a', 'anime')).toBe(first);
    expect(reader.reads).toBe(1);
    clock += 999;
    await memo.mirror('a', 'anime');
    expect(reader.reads).toBe(1);
    clock += 2;
    await memo.mirror('a', 'anime');
    expect(reader.reads).toBe(2);
  });

  it('shares one read between concurrent requests and never keeps "no mirror"', async () => {
    const reader = new FixedReader({}, [mirror('a', [entry(1)])]);
    const memo = new MirrorMemo(reader, { ttlMs: 60_000, maxEntries: 100 });
    await Promise.all([memo.mirror('a', 'anime'), memo.mirror('a', 'anime'), memo.mirror('a', 'anime')]);
    expect(reader.reads).toBe(1);
    expect(await memo.mirror('b', 'anime')).toBeUndefined();
    expect(await memo.mirror('b', 'anime')).toBeUndefined();
    expect(reader.reads).toBe(3);
  });

  it('always reads memberships from the store', async () => {
    const guilds: Record<string, string[]> = { g: ['a'] };
    const memo = new MirrorMemo(new FixedReader(guilds, []), { ttlMs: 60_000, maxEntries: 100 });
    expect(await memo.members('g')).toEqual(['a']);
    guilds.g = [];
    expect(await memo.members('g')).toEqual([]);
    expect(await memo.isMember('g', 'a')).toBe(false);
  });

  it('keeps at most maxEntries entries in all', async () => {
    const reader = new FixedReader({}, ['a', 'b', 'c'].map((id) => mirror(id, [entry(1), entry(2), entry(3)])));
    const memo = new MirrorMemo(reader, { ttlMs: 60_000, maxEntries: 8 });
    for (const id of ['a', 'b', 'c']) await memo.mirror(id, 'anime');
    expect(memo.size).toBe(2);
  });

  it("drops a member's copies when the service reports a change of their list", async () => {
    const reader = new FixedReader({}, [mirror('a', [entry(1)]), mirror('a', [entry(2)], { kind: 'manga' })]);
    const social = reader as unknown as SocialService;
    const memo = mirrorMemo(social, { ttlMs: 60_000, maxEntries: 100 });
    expect(mirrorMemo(social)).toBe(memo);
    expect(reader.listeners).toHaveLength(1);
    await memo.mirror('a', 'anime');
    await memo.mirror('a', 'manga');
    await reader.listeners[0]?.('a', 'usera', []);
    await memo.mirror('a', 'anime');
    await memo.mirror('a', 'manga');
    expect(reader.reads).toBe(4);
  });
});
