import { describe, expect, it } from 'vitest';
import { bubbles } from '../../../src/render/pictures/compare-plot.js';
import { scoredTogether } from '../../../src/views/compare-plot.js';
import type { MemberMirror, MirrorEntry } from '../../../src/community/types.js';

const entry = (id: number, score: number): MirrorEntry => ({ id, title: `T${id}`, status: 'completed', score, progress: 0, total: 0, episodeSeconds: 0, nsfw: false }) as MirrorEntry;
const mirror = (entries: MirrorEntry[]): MemberMirror => ({ entries }) as unknown as MemberMirror;

describe('the compare plot', () => {
  it('takes only titles both scored, each once', () => {
    const a = mirror([entry(1, 8), entry(2, 0), entry(3, 7), entry(4, 5)]);
    const b = mirror([entry(1, 9), entry(2, 6), entry(3, 0), entry(5, 5)]);
    expect(scoredTogether(a, b)).toEqual([{ a: 8, b: 9 }]);
  });

  it('draws points on the same spot as one bubble with its count, and nothing outside 1–10', () => {
    const spots = bubbles([{ a: 8, b: 8 }, { a: 8, b: 8 }, { a: 3, b: 10 }, { a: 0, b: 4 }, { a: 11, b: 2 }, { a: 7.5, b: 2 }]);
    expect(spots).toEqual(expect.arrayContaining([{ a: 8, b: 8, count: 2 }, { a: 3, b: 10, count: 1 }]));
    expect(spots).toHaveLength(2);
  });
});
