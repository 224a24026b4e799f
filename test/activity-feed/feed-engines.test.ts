// The activity feed with two processes sharing a store and its job engine (SQLite's in-process
// engine is one process only, so: PostgreSQL with pg-boss, Redis with BullMQ, when TEST_POSTGRES_URL /
// TEST_REDIS_URL are set): changes recorded by either process, concurrently, make one post per member
// and window, never two. And on every engine: a batch whose opener died before queueing its job is
// queued by the sweep and posted once.

import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/log.js';
import type { JobEngine } from '../../src/jobs/job-engine.js';
import { Feed, FEED_KEY, type FeedPost } from '../../src/activity-feed/feed-posting.js';
import { SWEEP_GRACE_MS } from '../../src/activity-feed/feed-batches.js';
import { engineCases } from '../../local-stack/store-engines.js';
import { EnginePlace } from '../community/engine-place.js';
import { completed, FakeSocial, started } from './feed-helpers.js';

const GUILD = '100000000000000001';
const CHANNELS = ['200000000000000001', '200000000000000002'];
const MEMBERS = ['300000000000000001', '300000000000000002', '300000000000000003', '300000000000000004'];

async function until(check: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe.each(engineCases().filter((c) => c.kind === 'postgres' || c.kind === 'redis'))('activity feed, two processes on $kind', (engineCase) => {
  const engine = new EnginePlace(engineCase.kind);
  afterEach(async () => {
    await engine.close();
  });

  async function process(social: FakeSocial, posts: FeedPost[]): Promise<Feed> {
    const { store, jobs } = await engine.open(Date.now, 3_600_000);
    const feed = new Feed({ kv: store, jobs, now: Date.now, log: silentLogger, batchMs: 1500, leaseMs: 30_000 });
    feed.attach(social);
    // Discord is slow: both processes would be inside a send at once if nothing kept them apart.
    feed.setDeliver(async (post) => {
      await new Promise((r) => setTimeout(r, 100));
      posts.push(post);
      return { ok: true };
    });
    feed.setChannelState(() => Promise.resolve(false));
    await feed.start();
    return feed;
  }

  it.skipIf(engineCase.skipped)('changes recorded by both processes at once make one post per member and channel', async () => {
    const posts: FeedPost[] = [];
    const [socialA, socialB] = [new FakeSocial(), new FakeSocial()];
    for (const m of MEMBERS) for (const s of [socialA, socialB]) s.add(GUILD, m);
    const a = await process(socialA, posts);
    await process(socialB, posts);
    for (const channelId of CHANNELS) await a.channels.add(GUILD, { channelId, ageRestricted: false });
    await Promise.all(
      MEMBERS.flatMap((m, i) => [
        socialA.emit(m, `member${i}`, [started(10 + i, `Title ${i}`)]),
        socialB.emit(m, `member${i}`, [completed(20 + i, `Other ${i}`)]),
        socialA.emit(m, `member${i}`, [completed(30 + i, `Third ${i}`)]),
      ]),
    );
    await until(() => posts.length >= MEMBERS.length * CHANNELS.length);
    // Time for any second post to show up.
    await new Promise((r) => setTimeout(r, 3000));
    expect(posts).toHaveLength(MEMBERS.length * CHANNELS.length);
    for (const m of MEMBERS) {
      const mine = posts.filter((p) => p.discordUserId === m);
      expect(mine.map((p) => p.channel.channelId).sort()).toEqual([...CHANNELS].sort());
      for (const p of mine) expect(p.items).toHaveLength(3);
    }
    expect(await a.channels.guilds()).toEqual([GUILD]);
  }, 60_000);
});

/** The engine, with its next `enqueue` failing as a process dying before it queued the job would leave things. */
function dyingBeforeEnqueue(jobs: JobEngine): JobEngine {
  let fail = 1;
  return new Proxy(jobs, {
    get(target, prop) {
      if (prop === 'enqueue' && fail > 0) {
        fail--;
        return () => Promise.reject(new Error('the process died before queueing the job'));
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe.each(engineCases())('activity feed batches on $kind', (engineCase) => {
  const engine = new EnginePlace(engineCase.kind);
  afterEach(async () => {
    await engine.close();
  });

  it.skipIf(engineCase.skipped)('a batch whose opener died before queueing its job is queued by the sweep and posted once', async () => {
    let shift = 0;
    const clock = () => Date.now() + shift;
    const { store, jobs } = await engine.open(clock, 3_600_000);
    const posts: FeedPost[] = [];
    const social = new FakeSocial();
    social.add(GUILD, MEMBERS[0] as string);
    const feed = new Feed({ kv: store, jobs: dyingBeforeEnqueue(jobs), now: clock, log: silentLogger, batchMs: 1000, leaseMs: 30_000 });
    feed.attach(social);
    feed.setDeliver((post) => Promise.resolve(void posts.push(post)).then(() => ({ ok: true as const })));
    feed.setChannelState(() => Promise.resolve(false));
    await feed.start();
    await feed.channels.add(GUILD, { channelId: CHANNELS[0] as string, ageRestricted: false });
    await social.emit(MEMBERS[0] as string, 'member0', [started(1, 'Frieren')]);
    expect(await store.get(FEED_KEY.pending(MEMBERS[0] as string))).toBeDefined();
    // No job: nothing is posted however long one waits.
    await new Promise((r) => setTimeout(r, 1500));
    await jobs.runDue();
    expect(posts).toHaveLength(0);
    // The deployment's sweep (run here by hand) finds the batch a while after its window.
    shift += SWEEP_GRACE_MS;
    expect(await feed.sweep()).toEqual({ requeued: 1, dropped: 0 });
    const end = Date.now() + 30_000;
    while (posts.length === 0 && Date.now() < end) {
      await jobs.runDue();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(posts.map((p) => p.items.map((i) => i.id))).toEqual([[1]]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await feed.sweep()).toEqual({ requeued: 0, dropped: 0 });
    await jobs.runDue();
    expect(posts).toHaveLength(1);
    expect(await store.keys('feed:pending:')).toEqual([]);
  }, 60_000);
});
