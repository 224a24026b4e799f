// A person's plays and the daily history change through the store's compare-and-set helper: more lost
// writes than the old hand-written loops' 8 tries still change them, and the history's give-up (once
// silent) is counted and logged.
import { afterEach, describe, expect, it } from 'vitest';
import { DailySecrets } from '../../src/games/daily.js';
import { Plays } from '../../src/games/plays.js';
import { observeRecords } from '../store/observed-records.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import { contendedEngine } from '../store/contended-engine.js';
import { makePool } from './pool-fixture.js';

describe('games under contention', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('a winning guess and the stats it ends in are kept after 10 lost writes each', async () => {
    const engine = new MemoryEngine();
    const result = await new Plays(contendedEngine(10, engine)).guess('u1', 'anime', '2026-11-28', { id: 7, row: 'r', solved: true });
    expect(result).toMatchObject({ added: true, play: { end: 'solved' } });
    expect((await new Plays(engine).stats('u1', 'anime')).solved).toBe(1);
  });

  it('a daily history that cannot be kept is counted and logged; the secret still is', async () => {
    const { lines, text, stop: unobserve } = observeRecords();
    stop = unobserve;
    const engine = new MemoryEngine();
    // The secret's set-if-absent wins; the history (already there) changes only by compare-and-set, which always loses.
    await engine.set('game:daily-history:anime', '[]');
    const kv = contendedEngine(Infinity, engine);
    const secrets = new DailySecrets(Object.assign(Object.create(kv) as typeof kv, { setIfAbsent: engine.setIfAbsent.bind(engine) }), () => 0);
    const drawn = await secrets.secret('anime', '2026-11-28', makePool('anime', 5));
    expect(await new DailySecrets(engine).kept('anime', '2026-11-28')).toEqual(drawn);
    expect(lines).toEqual([expect.objectContaining({ record: 'game:daily-history' })]);
    expect(await text()).toMatch(/store_cas_gave_up_total\{record="game:daily-history"\} 1/);
  });
});
