// The reminder domain's server-channel parts on the in-memory engine, with a controlled clock and
// a recording `deliver`: follows, what a refused post does, titles that end, and stored shapes.

import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/log.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';
import { KEY, parseQueued, type QueuedReminder } from '../../src/reminders/records.js';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { Reminders } from '../../src/reminders/reminders.js';
import { ReminderError, type DeliveryResult, type ReminderOutcome } from '../../src/reminders/types.js';
import type { ChannelAgeRestriction } from '../../src/discord-api/channel-state.js';
import { MAX_CHANNEL_FOLLOWS } from '../../src/reminders/knobs.js';
import type { Anime } from '../../src/service/work-types.js';

const MINUTE = 60_000;
const WEEK = 7 * 24 * 60 * MINUTE;
// Thursday 2026-01-08 00:00 Japan time.
const START = Date.UTC(2026, 0, 7, 15, 0);
const GUILD = '300000000000000001';
const CHANNEL = '300000000000000002';
const OTHER_CHANNEL = '300000000000000003';
const ROLE = '300000000000000004';

function airing(id: number, over: Partial<Anime> = {}): Anime {
  return {
    id,
    title: `Title ${id}`,
    status: 'currently_airing',
    start_date: '2026-01-01',
    num_episodes: 12,
    broadcast: { day_of_the_week: 'thursday', start_time: '01:00' },
    nsfw: 'white',
    ...over,
  };
}

function setup(results: DeliveryResult[] = [], channelState?: ChannelAgeRestriction) {
  let now = START;
  // Which channels Discord says are age-restricted now, and how often it was asked.
  const adultChannels = new Set([OTHER_CHANNEL]);
  const channelReads: string[] = [];
  const catalogue = new Map<number, Anime>();
  const sent: QueuedReminder[] = [];
  const outcomes: ReminderOutcome[] = [];
  const kv = new MemoryEngine(() => now);
  const reminders = new Reminders({
    kv,
    jobs: new InProcessJobEngine(kv, () => now, (what, error) => {
      throw new Error(`${what}: ${String(error)}`);
    }),
    now: () => now,
    log: silentLogger,
    source: {
      anime: async (id) => catalogue.get(id) ?? airing(id),
      airingList: async () => undefined,
    },
    deliver: async (r) => {
      sent.push(r);
      return results.shift() ?? { ok: true };
    },
    knobs: { tickMs: 30_000, indexRefreshMs: 0, titleRefreshMs: 60 * MINUTE },
    counted: (outcome) => outcomes.push(outcome),
    channelState:
      channelState ??
      ((guildId, channelId) => {
        channelReads.push(channelId);
        return Promise.resolve(guildId === GUILD ? adultChannels.has(channelId) : undefined);
      }),
  });
  return { reminders, kv, sent, catalogue, outcomes, adultChannels, channelReads, at: (ms: number) => (now = ms), now: () => now };
}

// The first broadcast after START: Thursday 01:00 Japan time = Wednesday 16:00 UTC.
const FIRST = Date.UTC(2026, 0, 7, 16, 0);

describe('channel follows', () => {
  it('posts each episode once per channel at the air time plus the delay, with the role and age restriction', async () => {
    const t = setup();
    await t.reminders.addChannel(GUILD, { channelId: CHANNEL, roleId: ROLE, delayMinutes: 30, ageRestricted: false }, airing(1));
    await t.reminders.addChannel(GUILD, { channelId: OTHER_CHANNEL, delayMinutes: 0, ageRestricted: true }, airing(1));
    t.at(FIRST + MINUTE);
    await t.reminders.tick();
    expect(t.sent.map((r) => r.target)).toEqual([{ kind: 'channel', guildId: GUILD, channelId: OTHER_CHANNEL, ageRestricted: true }]);
    t.at(FIRST + 30 * MINUTE);
    await t.reminders.tick();
    await t.reminders.tick();
    expect(t.sent).toHaveLength(2);
    expect(t.sent[1]?.target).toEqual({ kind: 'channel', guildId: GUILD, channelId: CHANNEL, roleId: ROLE, ageRestricted: false });
    expect(t.sent[1]?.episode).toBe(2);
  });

  it('reads the age restriction when posting: a channel no longer age-restricted gets no reminder of a not-safe-for-work title, other titles as any channel does', async () => {
    const t = setup();
    const adult = airing(1, { nsfw: 'gray' });
    t.catalogue.set(1, adult);
    t.adultChannels.add(CHANNEL);
    // Set up while the channel was age-restricted.
    await t.reminders.addChannel(GUILD, { channelId: CHANNEL, delayMinutes: 0, ageRestricted: true }, adult);
    await t.reminders.addChannel(GUILD, { channelId: CHANNEL, delayMinutes: 0, ageRestricted: true }, airing(2));
    t.at(FIRST + MINUTE);
    await t.reminders.tick();
    expect(t.sent.map((r) => [r.titleId, r.target.kind === 'channel' && r.target.ageRestricted])).toEqual([
      [1, true],
      [2, true],
    ]);
    // The server lifts the restriction: the next episode of the adult title is not posted there; the other is, as in any channel.
    t.adultChannels.delete(CHANNEL);
    t.at(FIRST + WEEK + MINUTE);
    await t.reminders.tick();
    expect(t.sent.slice(2).map((r) => [r.titleId, r.target.kind === 'channel' && r.target.ageRestricted])).toEqual([[2, false]]);
    expect(t.outcomes.filter((o) => o === 'dropped')).toHaveLength(1);
    // Run again, it stays unsent (and Discord is not asked again for it).
    const reads = t.channelReads.length;
    await t.reminders.tick();
    expect(t.sent).toHaveLength(3);
    expect(t.channelReads).toHaveLength(reads);
    // Restricted again: posted again.
    t.adultChannels.add(CHANNEL);
    t.at(FIRST + 2 * WEEK + MINUTE);
    await t.reminders.tick();
    expect(t.sent.slice(3).map((r) => r.titleId).sort()).toEqual([1, 2]);
  });

  it('a channel that cannot be read from Discord is retried, not posted with the flag from setup', async () => {
    let down = true;
    const t = setup([], (_guildId, channelId) => (down ? Promise.reject(new Error('503 Service Unavailable')) : Promise.resolve(channelId === OTHER_CHANNEL)));
    const adult = airing(1, { nsfw: 'gray' });
    t.catalogue.set(1, adult);
    await t.reminders.addChannel(GUILD, { channelId: OTHER_CHANNEL, delayMinutes: 0, ageRestricted: true }, adult);
    t.at(FIRST + MINUTE);
    await t.reminders.tick();
    expect(t.sent).toHaveLength(0);
    expect(t.outcomes).toContain('retried');
    down = false;
    t.at(FIRST + 5 * MINUTE);
    await t.reminders.tick();
    expect(t.sent.map((r) => r.target)).toEqual([{ kind: 'channel', guildId: GUILD, channelId: OTHER_CHANNEL, ageRestricted: true }]);
  });

  it('following again in the same channel replaces the role and delay instead of adding a second follow', async () => {
    const t = setup();
    await t.reminders.addChannel(GUILD, { channelId: CHANNEL, roleId: ROLE, delayMinutes: 30, ageRestricted: false }, airing(1));
    await t.reminders.addChannel(GUILD, { channelId: CHANNEL, delayMinutes: 5, ageRestricted: false }, airing(1));
    const list = await t.reminders.listChannels(GUILD);
    expect(list.map((v) => v.follow)).toEqual([{ titleId: 1, channelId: CHANNEL, delayMinutes: 5, ageRestricted: false }]);
  });

  it('refuses titles with nothing to expect, bad delays and more than the per-server cap, storing nothing', async () => {
    const t = setup();
    await expect(t.reminders.addChannel(GUILD, { channelId: CHANNEL, delayMinutes: 0, ageRestricted: false }, airing(1, { status: 'finished_airing' }))).rejects.toBeInstanceOf(ReminderError);
    await expect(t.reminders.addChannel(GUILD, { channelId: CHANNEL, delayMinutes: -1, ageRestricted: false }, airing(1))).rejects.toBeInstanceOf(ReminderError);
    expect(await t.kv.get(KEY.guild(GUILD))).toBeUndefined();
    for (let i = 0; i < MAX_CHANNEL_FOLLOWS; i++) await t.reminders.addChannel(GUILD, { channelId: CHANNEL, delayMinutes: 0, ageRestricted: false }, airing(1000 + i));
    await expect(t.reminders.addChannel(GUILD, { channelId: CHANNEL, delayMinutes: 0, ageRestricted: false }, airing(5000))).rejects.toThrow(`at most ${MAX_CHANNEL_FOLLOWS}`);
    expect(await t.reminders.listChannels(GUILD)).toHaveLength(MAX_CHANNEL_FOLLOWS);
  });

  it('a refused post pauses every follow of that channel only, with the reason; adding again resumes', async () => {
    const t = setup([{ ok: false, reason: 'gone', detail: '403 50013 Missing Permissions' }]);
    const friday = airing(2, { broadcast: { day_of_the_week: 'friday', start_time: '01:00' } });
    t.catalogue.set(2, friday);
    await t.reminders.addChannel(GUILD, { channelId: CHANNEL, delayMinutes: 0, ageRestricted: false }, airing(1));
    await t.reminders.addChannel(GUILD, { channelId: CHANNEL, delayMinutes: 0, ageRestricted: false }, friday);
    await t.reminders.addChannel(GUILD, { channelId: OTHER_CHANNEL, delayMinutes: 0, ageRestricted: false }, friday);
    t.at(FIRST + MINUTE);
    await t.reminders.tick();
    expect(t.sent).toHaveLength(1);
    const paused = (await t.reminders.listChannels(GUILD)).filter((v) => v.follow.pausedAt !== undefined);
    expect(paused.map((v) => [v.follow.channelId, v.follow.titleId, v.follow.pausedReason]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      [CHANNEL, 1, '403 50013 Missing Permissions'],
      [CHANNEL, 2, '403 50013 Missing Permissions'],
    ]);
    // A day later title 2 airs: only the other channel gets it.
    t.at(FIRST + 24 * 60 * MINUTE + MINUTE);
    await t.reminders.tick();
    expect(t.sent.slice(1).map((r) => r.target.kind === 'channel' && r.target.channelId)).toEqual([OTHER_CHANNEL]);
    await t.reminders.addChannel(GUILD, { channelId: CHANNEL, delayMinutes: 0, ageRestricted: false }, airing(1));
    t.at(FIRST + WEEK + MINUTE);
    await t.reminders.tick();
    expect(t.sent.at(-1)?.target).toMatchObject({ channelId: CHANNEL });
    expect(t.sent.at(-1)?.titleId).toBe(1);
  });

  it('a title that finishes ends its channel follows; removing the last follow leaves no server record', async () => {
    const t = setup();
    await t.reminders.addChannel(GUILD, { channelId: CHANNEL, delayMinutes: 0, ageRestricted: false }, airing(1));
    await t.reminders.addChannel(GUILD, { channelId: CHANNEL, delayMinutes: 0, ageRestricted: false }, airing(2));
    t.catalogue.set(1, airing(1, { status: 'finished_airing' }));
    t.at(START + 2 * 60 * MINUTE);
    await t.reminders.tick();
    expect((await t.reminders.listChannels(GUILD)).map((v) => v.follow.titleId)).toEqual([2]);
    expect(await t.reminders.removeChannel(GUILD, CHANNEL, 2)).toBe(true);
    expect(await t.reminders.removeChannel(GUILD, CHANNEL, 2)).toBe(false);
    expect(await t.kv.get(KEY.guild(GUILD))).toBeUndefined();
  });
});

describe('queued reminder records', () => {
  const base = { id: '1:1:1', titleId: 1, title: 'x', atMs: 1, dueMs: 1, late: false, attempts: 0, nextAttemptMs: 1 };

  it('reads records queued before channel reminders existed as DMs', () => {
    expect(parseQueued(JSON.stringify({ ...base, userId: '200000000000000001' }))?.target).toEqual({ kind: 'dm', userId: '200000000000000001' });
  });

  it('refuses malformed targets rather than trusting them', () => {
    expect(parseQueued(JSON.stringify({ ...base, target: { kind: 'channel', guildId: GUILD, channelId: 'general', ageRestricted: false } }))).toBeUndefined();
    expect(parseQueued(JSON.stringify({ ...base, target: { kind: 'channel', guildId: GUILD, channelId: CHANNEL } }))).toBeUndefined();
    expect(parseQueued(JSON.stringify({ ...base, target: { kind: 'webhook', url: 'https://x' } }))).toBeUndefined();
    expect(parseQueued(JSON.stringify({ ...base }))).toBeUndefined();
  });
});
