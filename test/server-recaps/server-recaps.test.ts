// The weekly recap on the in-process job engine with a hand-moved clock: posted once at its slot (the
// plan run again, a job run again, a restart), late within 6 hours, skipped after, skipped when quiet,
// paused when the channel refuses, and the list's marks kept.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { silentLogger } from '../../src/log/log.js';
import { RECAP_KEY, ServerRecaps, type RecapPost, type RecapPostResult } from '../../src/server-recaps/server-recaps.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import { FakeWeeks } from './helpers.js';

const GUILD = '100000000000000001';
const CHANNEL = '200000000000000001';
const HOUR = 3_600_000;
// Monday 7 December 2026, 10:00 UTC; the recap is due Monday 18:00 in Berlin (17:00 UTC).
const START = Date.UTC(2026, 11, 7, 10);
const SLOT = Date.UTC(2026, 11, 7, 17);

describe('weekly recap posting', () => {
  let clock: number;
  let kv: MemoryEngine;
  let jobs: InProcessJobEngine;
  let weeks: FakeWeeks;
  let posts: RecapPost[];
  let answer: () => RecapPostResult;
  let notices: Array<{ guildId: string; channelId: string; reason: string; locale: string | undefined }>;

  function open(): ServerRecaps {
    return new ServerRecaps({ kv, jobs, source: weeks, now: () => clock, log: silentLogger });
  }

  async function started(recaps: ServerRecaps): Promise<ServerRecaps> {
    await recaps.start({
      deliver: (post) => {
        const result = answer();
        if (result.ok) posts.push(post);
        return Promise.resolve(result);
      },
      ageRestricted: () => Promise.resolve(false),
      pauseNotice: (guildId, channelId, reason, locale) => {
        notices.push({ guildId, channelId, reason, locale });
        return Promise.resolve();
      },
    });
    return recaps;
  }

  async function add(recaps: ServerRecaps): Promise<void> {
    await recaps.channels.add(GUILD, { channelId: CHANNEL, weekday: 1, minuteOfDay: 18 * 60, timeZone: 'Europe/Berlin', kind: 'both', ageRestricted: false }, 'de');
    const found = await recaps.channels.channel(GUILD, CHANNEL);
    if (found) await recaps.planChannel(GUILD, found.channel);
  }

  beforeEach(() => {
    notices = [];
    clock = START;
    kv = new MemoryEngine();
    jobs = new InProcessJobEngine(kv, () => clock, () => undefined, 0);
    weeks = new FakeWeeks();
    posts = [];
    answer = () => ({ ok: true });
  });
  afterEach(async () => {
    await jobs.stop();
  });

  it('posts at the slot once, whatever runs again, with the week it covers and the server language', async () => {
    const recaps = await started(open());
    await add(recaps);
    await jobs.runDue();
    expect(posts).toHaveLength(0);
    clock = SLOT + 1000;
    await jobs.runDue();
    expect(posts).toHaveLength(1);
    const [post] = posts;
    expect(post?.locale).toBe('de');
    expect(post?.slot.week).toBe('2026-12-07');
    expect(post?.week.toMs).toBe(SLOT);
    expect(post?.week.fromMs).toBe(SLOT - 7 * 24 * HOUR);
    // The plan again, the same job again, another instance: nothing more.
    await recaps.plan();
    await recaps.run({ guildId: GUILD, channelId: CHANNEL, week: '2026-12-07' }, { id: 'x', attempt: 1, final: false });
    const other = await started(open());
    await other.plan();
    await jobs.runDue();
    expect(posts).toHaveLength(1);
    expect(await kv.get(RECAP_KEY.sent(GUILD, CHANNEL, '2026-12-07'))).toBeDefined();
    expect((await recaps.channels.channel(GUILD, CHANNEL))?.channel.lastPosted?.week).toBe('2026-12-07');
    // The next week's job was planned and posts a week later.
    clock = SLOT + 7 * 24 * HOUR + 1000;
    await recaps.plan();
    await jobs.runDue();
    expect(posts.map((p) => p.slot.week)).toEqual(['2026-12-07', '2026-12-14']);
  });

  it('posts late within 6 hours of the slot after downtime, and skips the week after that', async () => {
    const recaps = open();
    await recaps.define();
    await add(recaps);
    // Down at the slot: the first process to start plans and posts 5 hours late.
    clock = SLOT + 5 * HOUR;
    await started(recaps);
    await jobs.runDue();
    expect(posts).toHaveLength(1);
    // Down over the next slot for 7 hours: that week is skipped and said so.
    clock = SLOT + 7 * 24 * HOUR + 7 * HOUR;
    await recaps.plan();
    await jobs.runDue();
    expect(posts).toHaveLength(1);
    const channel = (await recaps.channels.channel(GUILD, CHANNEL))?.channel;
    expect(channel?.lastSkipped).toMatchObject({ week: '2026-12-14', reason: 'late' });
  });

  it('skips a quiet week and notes it; a refused post pauses the channel and nothing more is tried', async () => {
    const recaps = await started(open());
    await add(recaps);
    weeks.quiet = true;
    clock = SLOT;
    await jobs.runDue();
    expect(posts).toHaveLength(0);
    expect((await recaps.channels.channel(GUILD, CHANNEL))?.channel.lastSkipped).toMatchObject({ week: '2026-12-07', reason: 'quiet' });
    weeks.quiet = false;
    answer = () => ({ ok: false, reason: 'refused', detail: '403 50013 Missing Permissions' });
    clock = SLOT + 7 * 24 * HOUR;
    await recaps.plan();
    await jobs.runDue();
    const channel = (await recaps.channels.channel(GUILD, CHANNEL))?.channel;
    expect(channel?.pausedAt).toBeDefined();
    expect(channel?.pausedReason).toContain('Missing Permissions');
    expect(channel?.lastSkipped).toMatchObject({ week: '2026-12-14', reason: 'paused' });
    // The owner is told once, in the server's language.
    expect(notices).toEqual([{ guildId: GUILD, channelId: CHANNEL, reason: '403 50013 Missing Permissions', locale: 'de' }]);
    const reads = weeks.reads.length;
    answer = () => ({ ok: true });
    clock += 7 * 24 * HOUR;
    await recaps.plan();
    await jobs.runDue();
    expect(posts).toHaveLength(0);
    expect(weeks.reads).toHaveLength(reads);
    expect(notices).toHaveLength(1);
  });

  it('retries a failed post without posting twice', async () => {
    const recaps = await started(open());
    await add(recaps);
    let fails = 1;
    answer = () => (fails-- > 0 ? { ok: false, reason: 'retry', detail: '500' } : { ok: true });
    clock = SLOT;
    await jobs.runDue();
    expect(posts).toHaveLength(0);
    clock = SLOT + 10 * 60_000;
    await jobs.runDue();
    expect(posts).toHaveLength(1);
    clock = SLOT + 60 * 60_000;
    await jobs.runDue();
    expect(posts).toHaveLength(1);
  });

  it('a removed channel posts nothing and keeps no record', async () => {
    const recaps = await started(open());
    await add(recaps);
    expect(await recaps.channels.remove(GUILD, CHANNEL)).toBe(true);
    clock = SLOT;
    await jobs.runDue();
    expect(posts).toHaveLength(0);
    expect(await kv.keys('srecap:guild:')).toEqual([]);
  });
});
