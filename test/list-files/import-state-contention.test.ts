// An import's state changes through the store's compare-and-set helper: more lost writes than the old
// hand-written loop's 10 tries still change it; a state that is gone is left alone.
import { describe, expect, it } from 'vitest';
import { IMPORT_KEY, STATE_VERSION, updateState } from '../../src/list-files/import-records.js';
import { contendedEngine } from '../store/contended-engine.js';

const state = { version: STATE_VERSION, importId: 'imp1', userId: '111', kind: 'anime', locale: 'en', planned: 3, cursor: 0, done: 0, failed: [], failedCount: 0, cancelled: false, claims: 1, finishing: false };

describe('import state under contention', () => {
  it('advances after 12 lost writes', async () => {
    const kv = contendedEngine(12);
    await kv.set(IMPORT_KEY.state('111', 'imp1'), JSON.stringify(state));
    const next = await updateState(kv, '111', 'imp1', (s) => ({ ...s, cursor: 1, done: 1 }), () => 0);
    expect(next?.cursor).toBe(1);
    expect(JSON.parse((await kv.get(IMPORT_KEY.state('111', 'imp1'))) ?? '{}')).toMatchObject({ cursor: 1, done: 1 });
  });

  it('leaves a state that is gone, and one the change leaves, without writing', async () => {
    const kv = contendedEngine(Infinity);
    expect(await updateState(kv, '111', 'gone', (s) => s, () => 0)).toBeUndefined();
    await kv.set(IMPORT_KEY.state('111', 'imp1'), JSON.stringify(state));
    expect((await updateState(kv, '111', 'imp1', () => undefined, () => 0))?.cursor).toBe(0);
    expect(kv.tries).toBe(0);
  });
});
