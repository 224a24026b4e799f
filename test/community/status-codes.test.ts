// The status codes are a storage format (member summaries and title-index rows keep them): kept
// records must read back the same statuses after any change to the code.

import { describe, expect, it } from 'vitest';
import { statusAt, statusIndex } from '../../src/community/status-codes.js';

describe('status codes in the community records', () => {
  it('keep their order: a stored code always means the same status', () => {
    expect(['watching', 'completed', 'on_hold', 'dropped', 'plan_to_watch'].map((s) => statusIndex('anime', s))).toEqual([0, 1, 2, 3, 4]);
    expect(['reading', 'completed', 'on_hold', 'dropped', 'plan_to_read'].map((s) => statusIndex('manga', s))).toEqual([0, 1, 2, 3, 4]);
  });

  it('read a code back as its status, and know no code for a status not listed', () => {
    expect(statusAt('anime', 4)).toBe('plan_to_watch');
    expect(statusAt('manga', 0)).toBe('reading');
    expect(statusAt('anime', 15)).toBeUndefined();
    expect(statusIndex('anime', 'reading')).toBeUndefined();
    expect(statusIndex('manga', 'plan_to_watch')).toBeUndefined();
  });
});
