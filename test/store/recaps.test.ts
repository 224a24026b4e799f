import { afterEach, describe, expect, it } from 'vitest';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';
import { RECAP_TTL_MS, RecapStore, recapKey } from '../../src/store/recaps.js';

const anyYear = (v: Record<string, unknown>): v is Record<string, unknown> & { n: number } => typeof v.n === 'number';

describe('the /wrapped records', () => {
  it('keeps a public list’s year by its name (any case) and one’s own by the Discord id and linked account, apart, for a few hours', async () => {
    let now = 1_000_000;
    const kv = new MemoryEngine(() => now);
    const recaps = new RecapStore(kv);
    await recaps.set({ user: 'Alice' }, 'anime', 2025, { n: 1 });
    await recaps.set({ own: '42', account: 'wren' }, 'anime', 2025, { n: 2 });
    expect(recapKey({ user: 'Alice' }, 'anime', 2025)).toBe('recap:u:alice:anime:2025:v2');
    expect(await recaps.get({ user: 'ALICE' }, 'anime', 2025, anyYear)).toEqual({ n: 1 });
    expect(await recaps.get({ own: '42', account: 'wren' }, 'anime', 2025, anyYear)).toEqual({ n: 2 });
    expect(await recaps.get({ own: '43', account: 'wren' }, 'anime', 2025, anyYear)).toBeUndefined();
    expect(await recaps.get({ user: 'alice' }, 'manga', 2025, anyYear)).toBeUndefined();
    // Another account linked to the same Discord id (after /logout and a new link) is another list.
    expect(await recaps.get({ own: '42', account: 'other' }, 'anime', 2025, anyYear)).toBeUndefined();
    expect(await recaps.get({ own: '42', account: 'WREN' }, 'anime', 2025, anyYear)).toEqual({ n: 2 });
    now += RECAP_TTL_MS + 1;
    expect(await recaps.get({ user: 'alice' }, 'anime', 2025, anyYear)).toBeUndefined();
  });

  it('"forget me" deletes one’s own years and handed-over reads, not other people’s public lists', async () => {
    const kv = new MemoryEngine();
    const recaps = new RecapStore(kv);
    await recaps.set({ own: '42', account: 'wren' }, 'anime', 2025, { n: 2 });
    await recaps.savePart('42', 'job1', { offset: 1000 }, 60_000);
    await recaps.set({ user: 'alice' }, 'anime', 2025, { n: 1 });
    expect(await recaps.part('42', 'job1')).toEqual({ offset: 1000 });
    expect(await recaps.forgetUser('42')).toBe(2);
    expect(await recaps.part('42', 'job1')).toBeUndefined();
    expect(await recaps.get({ own: '42', account: 'wren' }, 'anime', 2025, anyYear)).toBeUndefined();
    expect(await recaps.get({ user: 'alice' }, 'anime', 2025, anyYear)).toEqual({ n: 1 });
  });
});

describe.each(engineCases())('a list being read by background work, on $kind', (engineCase) => {
  let place: OpenedCase | undefined;
  let store: StoreEngine | undefined;
  afterEach(async () => {
    await store?.close();
    await place?.cleanup();
  });

  it.skipIf(engineCase.skipped !== undefined)('is marked until the job ends or the mark expires; "forget me" deletes the marks of one’s own list', async () => {
    place = prepareCase(engineCase.kind);
    store = await place.open();
    const recaps = new RecapStore(store);
    const own = { own: '42', account: 'wren' };
    expect(await recaps.pending({ user: 'alice' }, 'anime', 2025)).toBe(false);
    await recaps.markPending({ user: 'Alice' }, 'anime', 2025, 60_000);
    await recaps.markPending(own, 'anime', 2025, 60_000);
    await recaps.markPending({ user: 'bob' }, 'anime', 2025, 50);
    expect(await recaps.pending({ user: 'alice' }, 'anime', 2025)).toBe(true);
    expect(await recaps.pending({ user: 'alice' }, 'anime', 2024)).toBe(false);
    expect(await recaps.pending(own, 'anime', 2025)).toBe(true);
    await recaps.endPending({ user: 'alice' }, 'anime', 2025);
    expect(await recaps.pending({ user: 'alice' }, 'anime', 2025)).toBe(false);
    expect(await recaps.forgetUser('42')).toBe(1);
    expect(await recaps.pending(own, 'anime', 2025)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await recaps.pending({ user: 'bob' }, 'anime', 2025)).toBe(false);
  });
});
