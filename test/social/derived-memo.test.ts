import { describe, expect, it } from 'vitest';
import { DerivedMemo } from '../../src/social/derived-memo.js';

describe('DerivedMemo', () => {
  it('reuses a result only while every input is the very same object', () => {
    const memo = new DerivedMemo<{ n: number }>();
    const a = { id: 'a' };
    const b = { id: 'b' };
    let computed = 0;
    const compute = () => ({ n: ++computed });
    const first = memo.get('k', [a, b], compute);
    expect(memo.get('k', [a, b], compute)).toBe(first);
    expect(memo.get('k', [a, { id: 'b' }], compute).n).toBe(2);
    expect(memo.get('k', [a], compute).n).toBe(3);
    expect(memo.get('other', [a], compute).n).toBe(4);
    expect(computed).toBe(4);
  });

  it('keeps a bounded number of keys', () => {
    const memo = new DerivedMemo<{ n: number }>(2);
    const input = [{}];
    let computed = 0;
    for (const key of ['a', 'b', 'c', 'a']) memo.get(key, input, () => ({ n: ++computed }));
    expect(computed).toBe(4);
  });
});
