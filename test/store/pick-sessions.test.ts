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
    // Two clicks at once draw from the same session: each notes a title of its own, none is lost.
    const unshown = (session: { ids: number[]; shown: number[] }) => session.ids.find((n) => !session.shown.includes(n));
    const both = await Promise.all([picks.drawNext('111', id, unshown), picks.drawNext('111', id, unshown)]);
    expect(both.map((d) => ('next' in d ? d.next : undefined)).sort()).toEqual([2, 3]);
    expect((await picks.session('111', id))?.session.shown.slice().sort()).toEqual([1, 2, 3]);
    expect(await picks.drawNext('111', id, unshown)).toMatchObject({ exhausted: { shown: expect.any(Array) } });
    expect(await picks.drawNext('222', id, unshown)).toEqual({ expired: true });

    expect(await picks.forgetUser('111')).toBe(2);
    expect(await picks.pool('111:anime:plan_to_watch:@me')).toBeUndefined();
    expect(await picks.session('111', id)).toBeUndefined();
    expect(await picks.pool('222:anime:plan_to_watch:@me')).toEqual(POOL);
  });
});
