// The reminders' stored records are read by typed decoders: a good record comes back as stored (fields
// a newer version added kept), a malformed one is treated as absent, never thrown on, and counted and
// logged by record type; so is the list of a person's kept failures.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseGuild, parseQueued, parseTitle, parseUser } from '../../src/reminders/records.js';
import { Failures } from '../../src/reminders/failures.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import { observeRecords, type ObservedRecords } from '../store/observed-records.js';

describe('reminder record decoders', () => {
  let observed: ObservedRecords;
  let lines: unknown[];
  beforeEach(() => {
    observed = observeRecords();
    lines = observed.lines;
  });
  afterEach(() => observed.stop());

  it('reads good records as stored, and absent ones as absent without a report', () => {
    const user = { titles: [1], excluded: [], followList: false, listTitles: [], delayMinutes: 0, newerField: 'kept', locale: 'xx' };
    expect(parseUser(JSON.stringify(user))).toEqual({ titles: [1], excluded: [], followList: false, listTitles: [], delayMinutes: 0, newerField: 'kept' });
    expect(parseTitle('{"id":5,"title":"T","fetchedAt":1}')).toEqual({ id: 5, title: 'T', fetchedAt: 1 });
    expect(parseGuild(undefined)).toBeUndefined();
    expect(parseUser(undefined)).toBeUndefined();
    expect(parseQueued(undefined)).toBeUndefined();
    expect(lines).toEqual([]);
  });

  it('refuses malformed records without throwing, each counted and logged by type', async () => {
    expect(parseUser('{not json')).toBeUndefined();
    expect(parseUser('{"titles":"1"}')).toBeUndefined();
    expect(parseTitle('[]')).toBeUndefined();
    expect(parseGuild('{"follows":[{"titleId":5,"channelId":"not a snowflake","delayMinutes":0,"ageRestricted":false}]}')).toBeUndefined();
    expect(parseQueued({ id: 'x', titleId: 5 })).toBeUndefined();
    expect(lines).toEqual([{ record: 'rem:user' }, { record: 'rem:user' }, { record: 'rem:title' }, { record: 'rem:guild' }, { record: 'rem:queued' }]);
    const text = await observed.text();
    expect(text).toMatch(/store_records_malformed_total\{record="rem:user"\} 2/);
    expect(text).toMatch(/store_records_malformed_total\{record="rem:guild"\} 1/);
  });
});

describe('kept reminder failures decoder', () => {
  it('a malformed kept list reads as none, counted and logged', async () => {
    const { lines, stop } = observeRecords();
    try {
      const kv = new MemoryEngine();
      await kv.set('rem:failed:111', '{"not":"a list"}');
      expect(await new Failures(kv, () => 0).ofUser('111')).toEqual([]);
      expect(lines).toEqual([{ record: 'rem:failed' }]);
    } finally {
      stop();
    }
  });
});
