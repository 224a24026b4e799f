// A stored feed batch is read by its typed decoder: a good one as stored (unknown items left out), a
// malformed one treated as absent, never thrown on, and counted and logged.
import { afterEach, describe, expect, it } from 'vitest';
import { parseBatch } from '../../src/activity-feed/feed-batches.js';
import { observeRecords } from '../store/observed-records.js';

describe('feed batch decoder', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('reads a good batch, and counts and logs malformed ones', async () => {
    const { lines, text, stop: unobserve } = observeRecords();
    stop = unobserve;
    expect(parseBatch('{"batchId":"b","userId":"1","serviceUser":"u","startedAt":5,"items":[{"not":"an item"}]}')).toEqual({ batchId: 'b', userId: '1', serviceUser: 'u', startedAt: 5, items: [] });
    expect(parseBatch(undefined)).toBeUndefined();
    expect(lines).toEqual([]);
    expect(parseBatch('null')).toBeUndefined();
    expect(parseBatch('{"batchId":1}')).toBeUndefined();
    expect(parseBatch('{truncated')).toBeUndefined();
    expect(lines).toEqual([{ record: 'feed:batch' }, { record: 'feed:batch' }, { record: 'feed:batch' }]);
    expect(await text()).toMatch(/store_records_malformed_total\{record="feed:batch"\} 3/);
  });
});
