// Reminder settings and kept failures change through the store's compare-and-set helper: a record
// contended more often than the old hand-written loops' 8 tries still changes, and a give-up is counted
// and logged instead of dropped in silence.
import { afterEach, describe, expect, it } from 'vitest';
import { Settings } from '../../src/reminders/settings.js';
import { FollowerIndex } from '../../src/reminders/follower-index.js';
import { Failures } from '../../src/reminders/failures.js';
import { observeRecords } from '../store/observed-records.js';
import { contendedEngine } from '../store/contended-engine.js';

describe('reminder settings under contention', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('a user\'s and a server\'s settings change after more lost writes than the old 8 tries', async () => {
    const kv = contendedEngine(10);
    const settings = new Settings(kv, new FollowerIndex());
    const { user } = await settings.updateUser('111', (u) => void u.titles.push(5));
    expect(user.titles).toEqual([5]);
    expect(kv.tries).toBe(11);
    const again = contendedEngine(10, kv);
    const present = await new Settings(again, new FollowerIndex()).updateUserIfPresent('111', (u) => void u.titles.push(6));
    expect(present?.user.titles).toEqual([5, 6]);
    const { guild } = await new Settings(contendedEngine(10, kv), new FollowerIndex()).updateGuild('222', (g) => void g.follows.push({ titleId: 5, channelId: '333', delayMinutes: 0, ageRestricted: false }));
    expect(guild.follows).toHaveLength(1);
  });

  it('a failed reminder that cannot be kept is counted and logged, not dropped in silence', async () => {
    const { lines, text, stop: unobserve } = observeRecords();
    stop = unobserve;
    const kv = contendedEngine(Infinity);
    const failures = new Failures(kv, () => 1_000);
    const reminder = { id: '111:5:1', target: { kind: 'dm' as const, userId: '111' }, titleId: 5, title: 'T', atMs: 0, dueMs: 0, late: false };
    await expect(failures.record(reminder, 'refused')).resolves.toBeUndefined();
    expect(lines).toEqual([expect.objectContaining({ record: 'rem:failed' })]);
    expect(await text()).toMatch(/store_cas_gave_up_total\{record="rem:failed"\} 1/);
  });
});
