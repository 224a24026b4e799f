// The weekly recap on every store engine (memory, SQLite, PostgreSQL with pg-boss, Redis with BullMQ):
// channel records changed concurrently by compare-and-set, the slot's job posting once, the member
// snapshot forgotten; and with two processes sharing PostgreSQL or Redis, both planning and working the
// same week, exactly one post.

import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/log.js';
import { ServerRecaps, type RecapPost } from '../../src/server-recaps/server-recaps.js';
import { MEMBERS_KEY, StoreWeekSource } from '../../src/server-recaps/store-week.js';
import { engineCases } from '../../local-stack/store-engines.js';
import { EnginePlace } from '../community/engine-place.js';
import { FakeWeeks } from './helpers.js';

const GUILD = '100000000000000001';
const CHANNELS = ['200000000000000001', '200000000000000002', '200000000000000003'];

async function until(check: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

/**
 * A clock the test aims once the engines are open: `aim(lead)` moves it to `lead` ms before a whole
 * minute, so the recaps' next slot comes that soon (the engines' delays run on real time). Aiming after
 * the engines opened keeps a slow open from pushing the slot a minute on.
 */
function aimableClock(): { now: () => number; aim: (lead: number) => void } {
  let skew = 0;
  return {
    now: () => Date.now() + skew,
    aim: (lead) => {
      skew = (60_000 - lead - (Date.now() % 60_000) + 60_000) % 60_000;
    },
  };
}

const LEAD_MS = 6_000;

/** A UTC schedule whose next slot is the next whole minute at least 2 s away. */
function slotSoon(now: number): { weekday: 0 | 1 | 2 | 3 | 4 | 5 | 6; minuteOfDay: number; timeZone: string } {
  const d = new Date(Math.ceil((now + 2000) / 60_000) * 60_000);
  return { weekday: d.getUTCDay() as 0, minuteOfDay: d.getUTCHours() * 60 + d.getUTCMinutes(), timeZone: 'UTC' };
}

describe.each(engineCases())('weekly recap on $kind', (engineCase) => {
  const engine = new EnginePlace(engineCase.kind);
  afterEach(async () => {
    await engine.close();
  });

  it.skipIf(engineCase.skipped)('keeps every channel added at once, and the member snapshot forgets a member', async () => {
    const { store, jobs } = await engine.open(Date.now);
    const recaps = new ServerRecaps({ kv: store, jobs, source: new FakeWeeks(), now: Date.now, log: silentLogger });
    await Promise.all(
      CHANNELS.map((channelId, i) => recaps.channels.add(GUILD, { channelId, weekday: (i % 7) as 0, minuteOfDay: 600 + i, timeZone: 'Europe/Paris', kind: 'both', ageRestricted: false }, 'fr')),
    );
    const server = await recaps.channels.server(GUILD);
    expect(server.channels.map((c) => c.channelId).sort()).toEqual([...CHANNELS].sort());
    expect(server.locale).toBe('fr');
    await Promise.all([recaps.channels.skipped(GUILD, CHANNELS[0] ?? '', '2026-12-07', 'quiet'), recaps.channels.pause(GUILD, CHANNELS[1] ?? '', '403')]);
    const after = await recaps.channels.server(GUILD);
    expect(after.channels.find((c) => c.channelId === CHANNELS[0])?.lastSkipped?.reason).toBe('quiet');
    expect(after.channels.find((c) => c.channelId === CHANNELS[1])?.pausedAt).toBeDefined();
    for (const c of CHANNELS) await recaps.channels.remove(GUILD, c);
    expect(await store.keys('srecap:guild:')).toEqual([]);

    const members = ['300000000000000001', '300000000000000002'];
    const week = new StoreWeekSource(store, { members: async () => members, weekSums: async () => [], memberSums: async () => [], topCounts: async () => [], titleNames: async () => new Map() });
    await week.noteMembers(GUILD, Date.now());
    expect(await week.forgetUser(members[0] ?? '')).toBe(1);
    expect(await store.get(MEMBERS_KEY(GUILD))).not.toContain(members[0]);
    expect(await store.get(MEMBERS_KEY(GUILD))).toContain(members[1]);
  });

  it.skipIf(engineCase.skipped)('posts the week once at its slot', async () => {
    const { now: clock, aim } = aimableClock();
    const { store, jobs } = await engine.open(clock);
    const posts: RecapPost[] = [];
    const recaps = new ServerRecaps({ kv: store, jobs, source: new FakeWeeks(), now: clock, log: silentLogger });
    await recaps.start({ deliver: async (post) => (posts.push(post), { ok: true }), ageRestricted: async () => false });
    aim(LEAD_MS);
    await recaps.channels.add(GUILD, { channelId: CHANNELS[0] ?? '', ...slotSoon(clock()), kind: 'anime', ageRestricted: false }, undefined);
    const found = await recaps.channels.channel(GUILD, CHANNELS[0] ?? '');
    if (found) await recaps.planChannel(GUILD, found.channel);
    const end = Date.now() + 90_000;
    while (posts.length === 0 && Date.now() < end) {
      await jobs.runDue();
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(posts).toHaveLength(1);
    await recaps.plan();
    await jobs.runDue();
    await new Promise((r) => setTimeout(r, 1000));
    expect(posts).toHaveLength(1);
  }, 120_000);
});

describe.each(engineCases().filter((c) => c.kind === 'postgres' || c.kind === 'redis'))('weekly recap, two processes on $kind', (engineCase) => {
  const engine = new EnginePlace(engineCase.kind);
  afterEach(async () => {
    await engine.close();
  });

  it.skipIf(engineCase.skipped)('both plan and work the same week: one post per channel', async () => {
    const posts: RecapPost[] = [];
    const processes: ServerRecaps[] = [];
    const { now: clock, aim } = aimableClock();
    for (let i = 0; i < 2; i++) {
      const { store, jobs } = await engine.open(clock, 3_600_000);
      const recaps = new ServerRecaps({ kv: store, jobs, source: new FakeWeeks(), now: clock, log: silentLogger, leaseMs: 30_000 });
      // Discord is slow: both would be inside a send at once if nothing kept them apart.
      await recaps.start({
        deliver: async (post) => {
          await new Promise((r) => setTimeout(r, 150));
          posts.push(post);
          return { ok: true };
        },
        ageRestricted: async () => false,
      });
      processes.push(recaps);
    }
    const [a, b] = processes;
    if (!a || !b) throw new Error('two processes');
    aim(LEAD_MS);
    const schedule = slotSoon(clock());
    for (const channelId of CHANNELS.slice(0, 2)) await a.channels.add(GUILD, { channelId, ...schedule, kind: 'both', ageRestricted: false }, 'de');
    await Promise.all([a.plan(), b.plan(), a.plan(), b.plan()]);
    await until(() => posts.length >= 2, 90_000);
    await Promise.all([a.plan(), b.plan()]);
    await new Promise((r) => setTimeout(r, 3000));
    expect(posts.map((p) => p.channel.channelId).sort()).toEqual(CHANNELS.slice(0, 2).sort());
  }, 120_000);
});
