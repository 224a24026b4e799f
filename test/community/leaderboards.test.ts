import { describe, expect, it } from 'vitest';
import { leaderboard, memberValue, metricApplies, MIN_TOP_MEMBERS, statusOf, topTitles } from '../../src/community/leaderboards.js';
import { summaryOf, titleStates } from '../../src/community/member-summary.js';
import type { MemberMirror, MirrorEntry } from '../../src/community/types.js';
import { entry, mirror as mirrorOf } from './boards-fixtures.js';

/** A member's summary of these entries, as the sync keeps it. */
const mirror = (id: string, entries: MirrorEntry[], o: Partial<MemberMirror> = {}) => summaryOf(mirrorOf(id, entries, o));

const DAY = 86_400;

describe('memberValue', () => {
  const m = mirror('1', [
    entry(1, { status: 'completed', progress: 12, episodeSeconds: 1440, score: 8 }),
    entry(2, { status: 'watching', progress: 3, episodeSeconds: 1440, score: 0 }),
    entry(3, { status: 'completed', progress: 24, episodeSeconds: 0, score: 6 }),
    entry(4, { status: 'plan_to_watch', progress: 0, episodeSeconds: 1440 }),
  ]);

  it('sums episodes, days from episode lengths, completed titles and the mean of given scores', () => {
    expect(memberValue(m, 'episodes')).toEqual({ value: 39, basis: 4 });
    // (12 + 3) episodes × 24 minutes = 360 minutes = 0.25 days; unknown lengths count nothing
    expect(memberValue(m, 'days')?.value).toBeCloseTo((15 * 1440) / DAY, 12);
    expect(memberValue(m, 'completed')).toEqual({ value: 2, basis: 4 });
    expect(memberValue(m, 'mean_score')).toEqual({ value: 7, basis: 2 });
  });

  it('has no mean score for a member who scored nothing', () => {
    expect(memberValue(mirror('2', [entry(1)]), 'mean_score')).toBeUndefined();
    expect(memberValue(mirror('2', []), 'episodes')).toEqual({ value: 0, basis: 0 });
  });

  it('counts days for anime only', () => {
    expect(metricApplies('days', 'anime')).toBe(true);
    expect(metricApplies('days', 'manga')).toBe(false);
    expect(metricApplies('episodes', 'manga')).toBe(true);
  });
});

describe('leaderboard', () => {
  it('ranks highest first, ties share a rank and keep join order', () => {
    const rows = leaderboard(
      [
        mirror('a', [entry(1, { progress: 5 })]),
        mirror('b', [entry(1, { progress: 9 })]),
        mirror('c', [entry(1, { progress: 5 })]),
        mirror('d', [entry(1, { progress: 1 })]),
      ],
      'episodes',
    );
    expect(rows.map((r) => [r.rank, r.discordUserId, r.value])).toEqual([
      [1, 'b', 9],
      [2, 'a', 5],
      [2, 'c', 5],
      [4, 'd', 1],
    ]);
  });

  it('leaves out members without a mean score', () => {
    const rows = leaderboard([mirror('a', [entry(1)]), mirror('b', [entry(1, { score: 7 })])], 'mean_score');
    expect(rows.map((r) => r.discordUserId)).toEqual(['b']);
    expect(rows[0]).toMatchObject({ rank: 1, value: 7, basis: 1, serviceUser: 'userb' });
  });
});

describe('topTitles', () => {
  const members = [
    mirror('a', [entry(1, { score: 8 }), entry(2, { score: 6, status: 'watching' }), entry(3), entry(9)]),
    mirror('b', [entry(1, { score: 10 }), entry(2, { score: 9, status: 'watching' }), entry(3, { score: 5 })]),
    mirror('c', [entry(1, { score: 0 }), entry(2, { score: 9, status: 'dropped' }), entry(3, { score: 5 }), entry(9)]),
    mirror('d', [entry(2, { score: 3 }), entry(4, { nsfw: true }), entry(3)]),
    mirror('e', [entry(4), entry(5)]),
    mirror('f', [entry(4)]),
  ];

  it(`keeps titles at least ${MIN_TOP_MEMBERS} members have, most members first, then the best mean`, () => {
    const top = topTitles(members);
    expect(top.map((t) => [t.rank, t.id, t.members])).toEqual([
      [1, 2, 4],
      [2, 3, 4],
      [3, 1, 3],
      [4, 4, 3],
    ]);
    expect(top[0]?.meanScore).toBeCloseTo((6 + 9 + 9 + 3) / 4, 12);
    expect(top[1]).toMatchObject({ meanScore: 5, scored: 2 });
    expect(top[2]).toMatchObject({ meanScore: 9, scored: 2 });
    expect(top[3]).toMatchObject({ id: 4, meanScore: undefined, scored: 0 });
  });

  it('counts only the status asked for', () => {
    const top = topTitles(members, 'watching', 2);
    expect(top.map((t) => [t.id, t.members])).toEqual([[2, 2]]);
    expect(topTitles(members, 'watching')).toEqual([]);
  });

  it('gives titles with as many members and the same mean the same rank', () => {
    const top = topTitles([mirror('a', [entry(1), entry(2)]), mirror('b', [entry(1), entry(2)])], undefined, 2);
    expect(top.map((t) => [t.rank, t.id])).toEqual([
      [1, 1],
      [1, 2],
    ]);
  });

  it("a summary keeps each title's status and score, an unlisted status as other", () => {
    const s = mirror('a', [entry(1, { score: 8, status: 'on_hold' }), entry(2, { status: 'rewatching' }), entry(3, { score: 10, status: 'plan_to_watch' })]);
    expect(titleStates(s)).toEqual(
      new Map([
        [1, { status: 'on_hold', score: 8 }],
        [2, { status: 'other', score: 0 }],
        [3, { status: 'plan_to_watch', score: 10 }],
      ]),
    );
    expect(topTitles([s, s, s], 'rewatching')).toEqual([]);
    expect(topTitles([s, s, s], 'on_hold').map((t) => t.id)).toEqual([1]);
  });

  it('maps status groups onto each kind', () => {
    expect(statusOf('anime', 'current')).toBe('watching');
    expect(statusOf('manga', 'current')).toBe('reading');
    expect(statusOf('anime', 'planned')).toBe('plan_to_watch');
    expect(statusOf('manga', 'planned')).toBe('plan_to_read');
    expect(statusOf('manga', 'on_hold')).toBe('on_hold');
  });
});
