// The pick's order: most members first, what one of them finished or dropped left out. (A poll
// answer from a title: test/render/group-pick.test.ts.)

import { describe, expect, it } from 'vitest';
import { groupPick } from '../../src/group-polls/group-pick.js';
import { statusCode } from '../../src/community/member-summary.js';
import type { MemberSummary } from '../../src/community/types.js';

describe('the pick', () => {
  const summary = (id: string, titles: Array<[number, string]>): MemberSummary => ({
    discordUserId: id, serviceUser: id, kind: 'manga', count: titles.length, progress: 0, seconds: 0, completed: 0, scoreSum: 0, scored: 0,
    titles: new Uint32Array(titles.flatMap(([t, status]) => [t, statusCode('manga', status) * 16])),
  });
  it('ranks plans by members, leaves out what one completed or dropped, and uses the manga statuses', () => {
    const rows = groupPick('manga', [
      summary('a', [[1, 'plan_to_read'], [2, 'plan_to_read'], [3, 'plan_to_read'], [4, 'reading']]),
      summary('b', [[2, 'plan_to_read'], [3, 'dropped'], [5, 'plan_to_read']]),
      summary('c', [[2, 'plan_to_read'], [1, 'on_hold'], [4, 'plan_to_read']]),
    ]);
    expect(rows).toEqual([
      { id: 2, wanters: ['a', 'b', 'c'] },
      { id: 1, wanters: ['a'] },
      { id: 4, wanters: ['c'] },
      { id: 5, wanters: ['b'] },
    ]);
  });
});
