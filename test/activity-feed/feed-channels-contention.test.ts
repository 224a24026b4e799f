// A server's feed channels change through the store's compare-and-set helper: more lost writes than
// the old hand-written loop's 8 tries still change them, and a give-up throws the helper's error.
import { describe, expect, it } from 'vitest';
import { FeedChannels } from '../../src/activity-feed/feed-channels.js';
import { ConcurrentChangeError } from '../../src/store/compare-and-set.js';
import { contendedEngine } from '../store/contended-engine.js';

describe('feed channels under contention', () => {
  it('adds and removes a channel after 10 lost writes each', async () => {
    const kv = contendedEngine(10);
    const feeds = new FeedChannels(kv, () => 0);
    expect(await feeds.add('222', { channelId: '333', ageRestricted: false })).toBe(true);
    expect(await feeds.list('222')).toEqual([{ channelId: '333', ageRestricted: false }]);
    expect(await new FeedChannels(contendedEngine(10, kv), () => 0).remove('222', '333')).toBe(true);
    expect(await kv.get('feed:guild:222')).toBeUndefined();
  });

  it('gives up with the helper\'s error on a record that always changes', async () => {
    await expect(new FeedChannels(contendedEngine(Infinity), () => 0).add('222', { channelId: '333', ageRestricted: false })).rejects.toThrow(ConcurrentChangeError);
  });
});
