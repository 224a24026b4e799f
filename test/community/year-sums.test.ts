// The members' history events and yearly/weekly sums, pure: packing, dates across a year boundary, what
// the mirror and the changes each count, what is kept and what goes.

import { describe, expect, it } from 'vitest';
import { eventsOf, packEvents, unpackEvents } from '../../src/community/history-codec.js';
import { serverYear } from '../../src/community/server-year.js';
import { nextTally } from '../../src/community/tallies.js';
import type { MemberYear, MirrorChange } from '../../src/community/types.js';
import { weekSums, yearFromMirror, yearSums } from '../../src/community/year-sums.js';
import { entry } from './fake-lists.js';

const NEW_YEAR_2026 = Date.UTC(2026, 0, 1);
const change = (id: number, before: Partial<Parameters<typeof entry>[1]> | undefined, after: Partial<Parameters<typeof entry>[1]> | undefined): MirrorChange => ({
  kind: 'anime',
  ...(before ? { before: entry(id, before) } : {}),
  ...(after ? { after: entry(id, after) } : {}),
});

describe('history events', () => {
  it('pack into 16 bytes each and read back the same, removals and additions told apart', () => {
    const events = eventsOf(
      [
        change(1, { status: 'watching', progress: 3, score: 0 }, { status: 'completed', progress: 12, score: 9 }),
        change(2, undefined, { status: 'plan_to_watch', progress: 0, score: 0 }),
        change(3, { status: 'dropped', progress: 4 }, undefined),
        change(4, { status: 'watching', progress: 65_000 }, { status: 'watching', progress: 70_000 }),
      ],
      NEW_YEAR_2026 - 1,
    );
    const packed = packEvents('anime', events);
    expect(Buffer.from(packed, 'base64')).toHaveLength(16 * 4);
    const back = unpackEvents('anime', packed);
    expect(back[0]).toEqual({ at: NEW_YEAR_2026 / 1000 - 1, id: 1, status: 'completed', score: 9, progress: 12, before: { status: 'watching', score: 0, progress: 3 }, removed: false });
    expect(back[1]).toMatchObject({ id: 2, status: 'plan_to_watch', removed: false });
    expect(back[1]?.before).toBeUndefined();
    expect(back[2]).toMatchObject({ id: 3, status: 'dropped', progress: 4, removed: true });
    expect(back[2]?.before).toBeUndefined();
    // Progress past 16 bits is capped, not wrapped.
    expect(back[3]?.progress).toBe(65_535);
  });

  it('leave out changes a member did not make (the total or the title only)', () => {
    expect(eventsOf([change(1, { total: 12 }, { total: 24 }), change(2, { title: 'A' }, { title: 'B' })], NEW_YEAR_2026)).toEqual([]);
  });
});

describe('yearly sums across the new year (UTC)', () => {
  const before = eventsOf([change(1, { status: 'watching', progress: 10 }, { status: 'completed', progress: 12, finishedOn: undefined })], NEW_YEAR_2026 - 1_000);
  const after = eventsOf([change(2, { status: 'watching', progress: 0 }, { status: 'watching', progress: 5 })], NEW_YEAR_2026);

  it('count each event in the year it was seen, and each completion by its finish date else when it was seen', () => {
    const mirror = [
      entry(1, { status: 'completed' }),
      // Finished on the last day of 2025, seen completed only in 2026: it is 2025's.
      entry(3, { status: 'completed', finishedOn: '2025-12-31', season: '2025-fall', score: 8 }),
      entry(4, { status: 'completed', finishedOn: '2026-01-00' }),
      entry(5, { status: 'dropped', updatedAt: NEW_YEAR_2026 - 60_000 }),
      entry(2, { status: 'watching' }),
    ];
    let t = nextTally('anime', undefined, mirror, before, NEW_YEAR_2026 - 1_000);
    t = nextTally('anime', t, mirror, after, NEW_YEAR_2026 + 1_000);
    const y2025 = yearSums(2025, t.y['2025'] ?? { p: 0, n: 0, t: [], c: [], d: [] });
    const y2026 = yearSums(2026, t.y['2026'] ?? { p: 0, n: 0, t: [], c: [], d: [] });
    expect(y2025.progress).toBe(2);
    expect(y2025.completed.map((c) => c.id).sort()).toEqual([1, 3]);
    expect(y2025.completed.find((c) => c.id === 3)).toEqual({ id: 3, score: 8, season: '2025-fall' });
    expect(y2025.dropped).toEqual([5]);
    expect(y2026.progress).toBe(5);
    expect(y2026.titles).toEqual([2]);
    expect(y2026.completed.map((c) => c.id)).toEqual([4]);
    expect(t.s).toBe(NEW_YEAR_2026 - 1_000);
  });

  it('keep the current and the previous year only, and recent events 15 days', () => {
    let t = nextTally('anime', undefined, [], before, NEW_YEAR_2026 - 1_000);
    const later = Date.UTC(2027, 0, 20);
    t = nextTally('anime', t, [], [], later);
    expect(Object.keys(t.y).sort()).toEqual(['2026', '2027']);
    expect(unpackEvents('anime', t.r)).toEqual([]);
  });

  it('a completion seen but without a finish date, completed again later, counts in the year it was seen', () => {
    const seen = new Map([[7, NEW_YEAR_2026 / 1000 + 10]]);
    expect(yearFromMirror(2026, [entry(7, { status: 'completed' })], seen).c).toEqual([7, 7, 0]);
    expect(yearFromMirror(2025, [entry(7, { status: 'completed' })], seen).c).toEqual([]);
  });
});

describe('weekly sums', () => {
  it('sum exactly the events inside the window, whatever the time zone of its edges', () => {
    const at = (ms: number, c: MirrorChange) => eventsOf([c], ms);
    const events = [
      ...at(NEW_YEAR_2026 - 3_600_000, change(1, { status: 'watching', progress: 1 }, { status: 'watching', progress: 3 })),
      ...at(NEW_YEAR_2026 + 3_600_000, change(1, { status: 'watching', progress: 3 }, { status: 'completed', progress: 12, score: 9 })),
      ...at(NEW_YEAR_2026 + 7_200_000, change(2, { status: 'plan_to_watch', progress: 0 }, { status: 'watching', progress: 1 })),
      ...at(NEW_YEAR_2026 + 9_000_000, change(3, { status: 'watching', progress: 2 }, { status: 'dropped', progress: 2 })),
    ];
    // A week ending at midnight in UTC+9 (15:00 UTC the day before) leaves out what came after.
    const tokyo = weekSums('anime', events, NEW_YEAR_2026 - 7 * 86_400_000 - 9 * 3_600_000, NEW_YEAR_2026 - 9 * 3_600_000 + 86_400_000);
    expect(tokyo.progress).toBe(2 + 9 + 1);
    const utc = weekSums('anime', events, NEW_YEAR_2026, NEW_YEAR_2026 + 7 * 86_400_000);
    expect(utc).toEqual({
      progress: 10,
      watched: [
        { id: 1, progress: 9 },
        { id: 2, progress: 1 },
      ],
      completed: [1],
      started: [2],
      dropped: [3],
      scored: [{ id: 1, score: 9 }],
    });
  });
});

describe("a server's year", () => {
  const member = (id: string, completed: Array<[number, number, string?]>, dropped: number[] = [], titles: number[] = []): MemberYear => ({
    discordUserId: id,
    since: Number(id),
    sums: { year: 2025, progress: 10, titles, started: 0, dropped, completed: completed.map(([cid, score, season]) => ({ id: cid, score, ...(season ? { season } : {}) })) },
  });

  it('ranks the most completed, the best loved (at least 3 scores), the most dropped, the season and the members', () => {
    const y = serverYear(2025, [
      member('1', [[10, 9, '2025-spring'], [11, 6, '2025-spring'], [12, 10]], [20]),
      member('2', [[10, 7, '2025-spring'], [11, 6]], [20, 21]),
      member('3', [[10, 8], [11, 7, '2024-fall']], [], [30]),
      member('4', [[12, 10], [11, 0]]),
    ]);
    expect(y).toMatchObject({ members: 4, completers: 4, completions: 9, titles: 3, progress: 40, since: 1 });
    expect(y.completed.map((c) => [c.id, c.members])).toEqual([[11, 4], [10, 3], [12, 2]]);
    // 12 has the best mean but two scores only.
    expect(y.loved.map((c) => [c.id, c.meanScore])).toEqual([[10, 8], [11, 19 / 3]]);
    expect(y.dropped.map((c) => [c.id, c.members])).toEqual([[20, 2], [21, 1]]);
    expect(y.season).toEqual({ season: '2025-spring', members: 2, titles: 2 });
    expect(y.leaders[0]).toEqual({ discordUserId: '1', completed: 3 });
    expect(y.shared[0]).toMatchObject({ id: 11, members: 4 });
    expect(y.shared.find((s) => s.id === 30)?.members).toBe(1);
  });
});
