import { describe, expect, it } from 'vitest';
import { entry, mirror, viewOf as serverView } from './boards-fixtures.js';

describe('serverViewOf (the holders the title index answers)', () => {
  const mirrors = [
    mirror('a', [entry(5, { status: 'completed', score: 7, progress: 12 }), entry(1)]),
    mirror('b', [entry(1), entry(5, { status: 'watching', score: 0, progress: 3 })]),
    mirror('c', [entry(2)]),
    mirror('d', [entry(5, { status: 'completed', score: 9, progress: 12 })]),
    mirror('e', [entry(5, { status: 'watching', score: 0, progress: 8 })]),
    mirror('f', [entry(5, { status: 'plan_to_watch' })]),
    mirror('g', [entry(5, { status: 'completed', score: 9, progress: 12 })]),
  ];

  it('counts members per status in list order and the mean of given scores', () => {
    const view = serverView('anime', 5, mirrors);
    expect(view.members).toBe(6);
    expect(view.byStatus).toEqual([
      { status: 'watching', count: 2 },
      { status: 'completed', count: 3 },
      { status: 'plan_to_watch', count: 1 },
    ]);
    expect(view.meanScore).toBeCloseTo(25 / 3, 12);
    expect(view.scored).toBe(3);
  });

  it('orders members by status, then score, then progress, then join order', () => {
    const view = serverView('anime', 5, mirrors);
    expect(view.lines.map((l) => l.discordUserId)).toEqual(['e', 'b', 'd', 'g', 'a', 'f']);
    expect(view.lines[0]).toEqual({ discordUserId: 'e', serviceUser: 'usere', status: 'watching', score: 0, progress: 8, total: 12 });
  });

  it('is empty for a title nobody has, and ignores mirrors of the other kind', () => {
    const view = serverView('anime', 99, mirrors);
    expect(view).toMatchObject({ members: 0, byStatus: [], meanScore: undefined, scored: 0, lines: [] });
    expect(serverView('manga', 5, mirrors).members).toBe(0);
  });

  it('orders manga statuses the manga way', () => {
    const view = serverView('manga', 1, [
      mirror('a', [entry(1, { status: 'plan_to_read' })], { kind: 'manga' }),
      mirror('b', [entry(1, { status: 'reading' })], { kind: 'manga' }),
    ]);
    expect(view.byStatus.map((s) => s.status)).toEqual(['reading', 'plan_to_read']);
  });
});
