// Which list changes the activity feed posts, and how one member's changes merge within a batch.

import { describe, expect, it } from 'vitest';
import { classifyChange, classifyChanges, mergeItems, parseFeedItem } from '../../src/activity-feed/feed-changes.js';
import type { MirrorEntry } from '../../src/community/types.js';

const entry = (over: Partial<MirrorEntry> = {}): MirrorEntry => ({
  id: 1,
  title: 'Frieren',
  status: 'plan_to_watch',
  score: 0,
  progress: 0,
  total: 28,
  episodeSeconds: 1440,
  nsfw: false,
  updatedAt: 0,
  ...over,
});

describe('feed classification', () => {
  it('started: a status becoming watching or reading (added that way, from plan to watch, or resumed)', () => {
    expect(classifyChange({ kind: 'anime', before: entry(), after: entry({ status: 'watching' }) })?.event).toBe('started');
    expect(classifyChange({ kind: 'anime', after: entry({ status: 'watching' }) })?.event).toBe('started');
    expect(classifyChange({ kind: 'manga', before: entry({ status: 'on_hold' }), after: entry({ status: 'reading' }) })?.event).toBe('started');
  });

  it('completed and dropped', () => {
    expect(classifyChange({ kind: 'anime', before: entry({ status: 'watching', progress: 27 }), after: entry({ status: 'completed', progress: 28 }) })).toEqual({
      kind: 'anime',
      id: 1,
      title: 'Frieren',
      nsfw: false,
      event: 'completed',
      progress: { from: 27, to: 28, total: 28 },
    });
    expect(classifyChange({ kind: 'anime', before: entry({ status: 'watching' }), after: entry({ status: 'dropped' }) })?.event).toBe('dropped');
  });

  it('scored: a score changed to a non-zero one; a score taken away is not posted', () => {
    const item = classifyChange({ kind: 'anime', before: entry({ status: 'completed', score: 7 }), after: entry({ status: 'completed', score: 9 }) });
    expect(item).toMatchObject({ score: 9 });
    expect(item?.event).toBeUndefined();
    expect(classifyChange({ kind: 'anime', before: entry({ status: 'completed', score: 9 }), after: entry({ status: 'completed', score: 0 }) })).toBeUndefined();
    expect(classifyChange({ kind: 'anime', before: entry({ status: 'completed', score: 9 }), after: entry({ status: 'completed', score: 9 }) })).toBeUndefined();
  });

  it('advanced: progress went up; going down (a correction) is not posted', () => {
    expect(classifyChange({ kind: 'manga', before: entry({ status: 'reading', progress: 10 }), after: entry({ status: 'reading', progress: 13 }) })).toMatchObject({
      progress: { from: 10, to: 13 },
    });
    expect(classifyChange({ kind: 'manga', before: entry({ status: 'reading', progress: 13 }), after: entry({ status: 'reading', progress: 10 }) })).toBeUndefined();
  });

  it('not posted: plan-to-watch adds, on hold, removals, edits of nothing shown', () => {
    expect(classifyChange({ kind: 'anime', after: entry() })).toBeUndefined();
    expect(classifyChange({ kind: 'anime', after: entry({ progress: 3 }) })).toBeUndefined();
    expect(classifyChange({ kind: 'manga', after: entry({ status: 'plan_to_read' }) })).toBeUndefined();
    expect(classifyChange({ kind: 'anime', before: entry({ status: 'watching' }), after: entry({ status: 'on_hold' }) })).toBeUndefined();
    expect(classifyChange({ kind: 'anime', before: entry({ status: 'watching' }) })).toBeUndefined();
    expect(classifyChange({ kind: 'anime', before: entry({ status: 'watching' }), after: entry({ status: 'watching', title: 'Renamed', updatedAt: 5 }) })).toBeUndefined();
  });

  it('merges one title\'s changes within a batch: first start, latest status and score, in first-seen order', () => {
    const batch = classifyChanges([
      { kind: 'anime', before: entry({ status: 'watching', progress: 3 }), after: entry({ status: 'watching', progress: 5 }) },
      { kind: 'anime', before: entry({ id: 2, title: 'Dungeon Meshi' }), after: entry({ id: 2, title: 'Dungeon Meshi', status: 'watching' }) },
    ]);
    const merged = mergeItems(batch, classifyChanges([{ kind: 'anime', before: entry({ status: 'watching', progress: 5 }), after: entry({ status: 'completed', progress: 28, score: 10 }) }]));
    expect(merged.map((i) => i.id)).toEqual([1, 2]);
    expect(merged[0]).toMatchObject({ event: 'completed', score: 10, progress: { from: 3, to: 28, total: 28 } });
    // The same id of the other kind is another title.
    expect(mergeItems(merged, classifyChanges([{ kind: 'manga', after: entry({ status: 'reading' }) }]))).toHaveLength(3);
  });

  it('reads back only well-formed stored items', () => {
    const item = classifyChange({ kind: 'anime', before: entry({ status: 'watching', progress: 1 }), after: entry({ status: 'completed', progress: 28, score: 8 }) });
    expect(parseFeedItem(JSON.parse(JSON.stringify(item)))).toEqual(item);
    expect(parseFeedItem({ kind: 'film', id: 1, title: 'x', nsfw: false })).toBeUndefined();
    expect(parseFeedItem({ kind: 'anime', id: 1, title: 'x', nsfw: false, score: 99 })).toEqual({ kind: 'anime', id: 1, title: 'x', nsfw: false });
  });
});
