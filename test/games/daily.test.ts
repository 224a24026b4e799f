// The daily secret on every store engine: two connections (two processes) drawing at once agree on one
// secret per kind and day; it stays when the pool changes; a year's secrets are not drawn again; the
// draw is the crypto one by default. Each person's plays: eight guesses, repeats and guesses after the
// end not counted, streaks over consecutive days, stats and "forget me".

import { afterEach, describe, expect, it } from 'vitest';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import { DailySecrets, previousDay, utcDay } from '../../src/games/daily.js';
import { Plays, MAX_GUESSES } from '../../src/games/plays.js';
import { makePool } from './pool-fixture.js';

describe.each(engineCases())('daily secrets and plays on $kind', (engineCase) => {
  let place: OpenedCase | undefined;
  const opened: StoreEngine[] = [];
  afterEach(async () => {
    for (const e of opened.splice(0)) await e.close();
    await place?.cleanup();
  });

  it.skipIf(engineCase.skipped !== undefined)('two processes drawing at once keep one secret per kind and day', async () => {
    place = prepareCase(engineCase.kind);
    const a = await place.open();
    const b = await place.open();
    opened.push(a, b);
    const pool = makePool('anime', 1000);
    // Each process draws a different title: only the first kept counts.
    const [x, y] = await Promise.all([new DailySecrets(a, () => 1).secret('anime', '2026-11-28', pool), new DailySecrets(b, () => 2).secret('anime', '2026-11-28', pool)]);
    expect(x).toEqual(y);
    // A refreshed pool the same day changes nothing.
    expect(await new DailySecrets(b, () => 0).secret('anime', '2026-11-28', makePool('anime', 5))).toEqual(x);
    expect(await new DailySecrets(a).kept('manga', '2026-11-28')).toBeUndefined();
  });

  it.skipIf(engineCase.skipped !== undefined)('two guesses at once count once; the game ends once', async () => {
    place = prepareCase(engineCase.kind);
    const a = await place.open();
    const b = await place.open();
    opened.push(a, b);
    const day = '2026-11-28';
    const results = await Promise.all([new Plays(a).guess('u1', 'anime', day, { id: 7, row: 'r', solved: true }), new Plays(b).guess('u1', 'anime', day, { id: 7, row: 'r', solved: true })]);
    expect(results.filter((r) => r.added)).toHaveLength(1);
    const stats = await new Plays(a).stats('u1', 'anime');
    expect(stats).toMatchObject({ solved: 1, streak: 1, lastSolved: day });
    expect(await new Plays(b).forgetUser('u1')).toBe(2);
    expect(await a.keys('game:user:u1:')).toEqual([]);
  });
});

describe('daily secrets', () => {
  it('leaves out the last year of secrets, and draws with crypto by default', async () => {
    const kv = new MemoryEngine();
    const pool = makePool('anime', 3);
    const secrets = new DailySecrets(kv, () => 0);
    const seen: number[] = [];
    let day = '2026-01-01';
    for (let i = 0; i < 3; i++) {
      seen.push((await secrets.secret('anime', day, pool)).id);
      day = utcDay(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
    }
    expect(new Set(seen).size).toBe(3);
    // Every title was a secret within the year: one comes again rather than none (the draw's first: 1000).
    expect((await secrets.secret('anime', day, pool)).id).toBe(1000);
    // A year on, 2026-01-01 (1000) and 01-02 (1001) are out of the year; 01-03 (1002) and 01-04 (1000) are not.
    expect(seen).toEqual([1000, 1001, 1002]);
    expect((await secrets.secret('anime', '2027-01-03', pool)).id).toBe(1001);
    const drawn = new Set<number>();
    for (let i = 0; i < 40; i++) drawn.add((await new DailySecrets(new MemoryEngine()).secret('anime', '2026-01-01', makePool('anime', 1000))).id);
    expect(drawn.size).toBeGreaterThan(30);
  });
});

describe('plays', () => {
  it('counts eight guesses, not repeats nor guesses after the end, and reveals nothing else', async () => {
    const plays = new Plays(new MemoryEngine());
    const day = '2026-11-28';
    expect((await plays.guess('u', 'anime', day, { id: 1, row: 'a', solved: false })).added).toBe(true);
    expect(await plays.guess('u', 'anime', day, { id: 1, row: 'a', solved: false })).toMatchObject({ added: false, why: 'repeated' });
    for (let id = 2; id <= MAX_GUESSES; id++) await plays.guess('u', 'anime', day, { id, row: 'b', solved: false });
    const play = await plays.play('u', 'anime', day);
    expect(play).toMatchObject({ end: 'lost' });
    expect(play.guesses).toHaveLength(MAX_GUESSES);
    expect(await plays.guess('u', 'anime', day, { id: 99, row: 'c', solved: true })).toMatchObject({ added: false, why: 'ended' });
    expect(await plays.stats('u', 'anime')).toMatchObject({ lost: 1, solved: 0, streak: 0 });
  });

  it('keeps streaks over consecutive days, breaks them on a miss or a gap, and counts the distribution', async () => {
    const plays = new Plays(new MemoryEngine());
    const solve = (day: string, extra = 0) => (async () => {
      for (let i = 0; i < extra; i++) await plays.guess('u', 'manga', day, { id: 100 + i, row: 'x', solved: false });
      await plays.guess('u', 'manga', day, { id: 1, row: 'y', solved: true });
    })();
    await solve('2026-11-01');
    await solve('2026-11-02', 2);
    let s = await plays.stats('u', 'manga');
    expect(s).toMatchObject({ streak: 2, best: 2, solved: 2 });
    expect(s.distribution.slice(0, 3)).toEqual([1, 0, 1]);
    expect(Plays.currentStreak(s, '2026-11-03')).toBe(2);
    expect(Plays.currentStreak(s, '2026-11-04')).toBe(0);
    await solve('2026-11-04');
    s = await plays.stats('u', 'manga');
    expect(s).toMatchObject({ streak: 1, best: 2, solved: 3 });
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(await plays.higherLowerRun('u', 'manga', 4)).toBe(4);
    expect(await plays.higherLowerRun('u', 'manga', 2)).toBe(4);
  });
});
