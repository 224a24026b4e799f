import { describe, expect, it } from 'vitest';
import { computeAffinity, MIN_SCORED_TOGETHER, pearson } from '../../src/community/affinity.js';
import { entry, scored } from './boards-fixtures.js';

describe('pearson', () => {
  it('is 1 for a perfect positive line and -1 for a perfect negative one', () => {
    expect(pearson([1, 2, 3, 4, 5], [2, 4, 6, 8, 10])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3, 4, 5], [10, 8, 6, 4, 2])).toBeCloseTo(-1, 12);
  });

  it('matches known values', () => {
    // cov 6, var 10 and 6: 6 / sqrt(60)
    expect(pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5])).toBeCloseTo(0.7745966692, 9);
    // Anscombe's first quartet: r = 0.81642
    const x = [10, 8, 13, 9, 11, 14, 6, 4, 12, 7, 5];
    const y = [8.04, 6.95, 7.58, 8.81, 8.33, 9.96, 7.24, 4.26, 10.84, 4.82, 5.68];
    expect(pearson(x, y)).toBeCloseTo(0.81642, 5);
    // uncorrelated: symmetric around the mean
    expect(pearson([1, 2, 3, 4, 5], [3, 1, 5, 1, 3])).toBeCloseTo(0, 12);
  });

  it('has no value without variance or with fewer than two points', () => {
    expect(pearson([7, 7, 7, 7, 7], [1, 2, 3, 4, 5])).toBeUndefined();
    expect(pearson([1, 2, 3, 4, 5], [9, 9, 9, 9, 9])).toBeUndefined();
    expect(pearson([5], [5])).toBeUndefined();
    expect(pearson([], [])).toBeUndefined();
  });

  it('stays within [-1, 1] despite rounding', () => {
    const xs = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7];
    const r = pearson(xs, xs.map((x) => x * 3 + 1e-12)) as number;
    expect(r).toBeLessThanOrEqual(1);
    expect(r).toBeGreaterThan(0.999999);
  });
});

describe('computeAffinity', () => {
  it('counts titles in common against titles on either list', () => {
    const a = [entry(1), entry(2), entry(3), entry(4)];
    const b = [entry(3), entry(4), entry(5), entry(6), entry(7), entry(8)];
    const out = computeAffinity(a, b);
    expect(out).toMatchObject({ countA: 4, countB: 6, common: 2 });
    expect(out.commonShare).toBeCloseTo(2 / 8, 12);
  });

  it('is 0 in common for two empty lists, without dividing by zero', () => {
    const out = computeAffinity([], []);
    expect(out.commonShare).toBe(0);
    expect(out.correlation).toEqual({ kind: 'too-few', basis: 0 });
    expect(out.agree).toEqual([]);
    expect(out.disagree).toEqual([]);
  });

  it('correlates only titles both scored and says what it rests on', () => {
    const a = [...scored([1, 2, 3, 4, 5]), entry(6, { score: 9 }), entry(7, { score: 0 })];
    const b = [...scored([2, 4, 5, 4, 5]), entry(6, { score: 0 }), entry(7, { score: 3 }), entry(8, { score: 10 })];
    const out = computeAffinity(a, b);
    expect(out.common).toBe(7);
    expect(out.correlation.kind).toBe('value');
    expect(out.correlation.basis).toBe(5);
    if (out.correlation.kind === 'value') expect(out.correlation.value).toBeCloseTo(0.7745966692, 9);
  });

  it(`says "too few" under ${MIN_SCORED_TOGETHER} titles both scored, even with a perfect line`, () => {
    const out = computeAffinity(scored([1, 2, 3, 4]), scored([1, 2, 3, 4]));
    expect(out.correlation).toEqual({ kind: 'too-few', basis: 4 });
  });

  it('says "no variance" when one of the two gave every shared title the same score', () => {
    const out = computeAffinity(scored([8, 8, 8, 8, 8, 8]), scored([1, 5, 7, 8, 9, 10]));
    expect(out.correlation).toEqual({ kind: 'no-variance', basis: 6 });
  });

  it('lists the closest scores as agreement (best liked first) and the furthest as disagreement', () => {
    const a = scored([10, 7, 3, 9, 2, 8, 5]);
    const b = scored([10, 7, 9, 1, 2, 6, 4]);
    const out = computeAffinity(a, b);
    // gaps: 1:0 (10/10), 2:0 (7/7), 3:6, 4:8, 5:0 (2/2), 6:2, 7:1
    expect(out.agree.map((p) => p.id)).toEqual([1, 2, 5]);
    expect(out.disagree.map((p) => p.id)).toEqual([4, 3, 6]);
    expect(out.disagree[0]).toMatchObject({ scoreA: 9, scoreB: 1, title: 'Title 4' });
  });

  it('never lists a title both as agreement and disagreement, and leaves lists short rather than mislabel', () => {
    const out = computeAffinity(scored([10, 1]), scored([2, 9]));
    expect(out.agree).toEqual([]);
    expect(out.disagree.map((p) => p.id)).toEqual([1, 2]);
    const close = computeAffinity(scored([5, 6]), scored([5, 7]));
    expect(close.agree.map((p) => p.id)).toEqual([1, 2]);
    expect(close.disagree).toEqual([]);
  });

  it('marks a pair not safe for work when either list says so, and counts a duplicated id once', () => {
    const out = computeAffinity([entry(1, { score: 5, nsfw: true }), entry(1, { score: 5 })], [entry(1, { score: 5 })]);
    expect(out.countA).toBe(1);
    expect(out.common).toBe(1);
    expect(out.agree[0]?.nsfw).toBe(true);
  });
});
