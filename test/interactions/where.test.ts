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

  it('knows a server where the app is only installed to the user (no server install `0`): the bot is absent', () => {
    const inGuild = { id: '1', context: 0, guild_id: '9', channel: { nsfw: false } };
    expect(whereFromRaw({ ...inGuild, authorizing_integration_owners: { '1': '42' } })).toEqual({ place: 'guild', ageRestricted: false, botAbsent: true });
    expect(whereFromRaw({ ...inGuild, authorizing_integration_owners: { '0': '9', '1': '42' } }).botAbsent).toBeUndefined();
    expect(whereFromRaw({ ...inGuild, authorizing_integration_owners: { '0': '9' } }).botAbsent).toBeUndefined();
    // Owners not sent (older payloads): nothing is assumed.
    expect(whereFromRaw(inGuild).botAbsent).toBeUndefined();
    // In a DM with the bot or a private channel a user install is the normal case, not an absence.
    expect(whereFromRaw({ id: '1', context: 2, authorizing_integration_owners: { '1': '42' } }).botAbsent).toBeUndefined();
    const tracker = new WhereTracker();
    expect(tracker.take('unseen', { inGuild: true, owners: { '1': '42' } }).botAbsent).toBe(true);
    expect(tracker.take('unseen', { inGuild: true, owners: { '0': '9' } }).botAbsent).toBeUndefined();
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
