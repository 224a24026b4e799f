// Pick pools and sessions on every store engine: kept and read back, a re-roll noted only over the
// value it read (two clicks at once: one wins), "forget me" deletes the person's records only.

import { afterEach, describe, expect, it } from 'vitest';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';
import { PickSessions, type PickPool } from '../../src/store/pick-sessions.js';
import type { StoreEngine } from '../../src/store/engine.js';

const POOL: PickPool = {
  candidates: [{ id: 1, title: 'One', genres: ['Action'], count: 12, mediaType: 'tv', status: 'finished_airing', nsfw: false }],
  completed: [7],
};

describe.each(engineCases())('pick sessions on $kind', (engineCase) => {
  let place: OpenedCase | undefined;
  let store: StoreEngine | undefined;
  afterEach(async () => {
    await store?.close();
    await place?.cleanup();
  });

  it.skipIf(engineCase.skipped !== undefined)('keeps pools and sessions, advances once per read, and forgets one person', async () => {
    place = prepareCase(engineCase.kind);
    store = await place.open();
    const picks = new PickSessions(store);
    await picks.savePool('111:anime:plan_to_watch:@me', POOL);
    await picks.savePool('222:anime:plan_to_watch:@me', POOL);
    expect(await picks.pool('111:anime:plan_to_watch:@me')).toEqual(POOL);

    const id = await picks.open({ userId: '111', ids: [1, 2, 3], shown: [1], completed: [] });
    expect(id).toMatch(/^[\w-]{12}$/);
    const read = await picks.session('111', id);
    expect(read?.session.shown).toEqual([1]);
    expect(await picks.session('222', id)).toBeUndefined();
    if (!read) return;
    // Two clicks read the same session: only the first note of a shown title is kept.
    expect(await picks.advance(id, read.raw, read.session, 2)).toBe(true);
    expect(await picks.advance(id, read.raw, read.session, 3)).toBe(false);
    expect((await picks.session('111', id))?.session.shown).toEqual([1, 2]);

    expect(await picks.forgetUser('111')).toBe(2);
    expect(await picks.pool('111:anime:plan_to_watch:@me')).toBeUndefined();
    expect(await picks.session('111', id)).toBeUndefined();
    expect(await picks.pool('222:anime:plan_to_watch:@me')).toEqual(POOL);
  });
});
