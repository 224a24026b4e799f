import { describe, expect, it } from 'vitest';
import { WhereTracker, whereFromRaw } from '../../src/interactions/where.js';

describe('where an interaction happened', () => {
  it('reads age-restriction only from guild channels', () => {
    expect(whereFromRaw({ id: '1', context: 0, guild_id: '9', channel: { nsfw: true } })).toEqual({ place: 'guild', ageRestricted: true });
    expect(whereFromRaw({ id: '1', context: 0, guild_id: '9', channel: { nsfw: false } })).toEqual({ place: 'guild', ageRestricted: false });
    expect(whereFromRaw({ id: '1', context: 1, channel: { nsfw: true } })).toEqual({ place: 'bot_dm', ageRestricted: false });
    expect(whereFromRaw({ id: '1', context: 2, channel: { nsfw: true } })).toEqual({ place: 'private_channel', ageRestricted: false });
    expect(whereFromRaw({ id: '1', context: 0, guild_id: '9', channel: { nsfw: 'yes' } }).ageRestricted).toBe(false);
  });

  it('forgets what it took and stays bounded', () => {
    const tracker = new WhereTracker();
    tracker.remember({ id: 'a', context: 0, guild_id: '9', channel: { nsfw: true } });
    expect(tracker.take('a', { inGuild: true }).ageRestricted).toBe(true);
    expect(tracker.take('a', { inGuild: true })).toEqual({ place: 'guild', ageRestricted: false });
    for (let i = 0; i < 5000; i++) tracker.remember({ id: String(i), context: 1 });
    expect(tracker.size).toBeLessThanOrEqual(2000);
  });
});
