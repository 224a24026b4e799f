// Nothing of the activity feed is lost quietly: a batch whose job ran after its pending record would
// have expired (the deployment was down), or whose opener died before queueing its job, is still
// posted, once; a batch that can never be posted is dropped and counted with its reason. The store
// and the in-process job engine share one hand-moved clock; "processes" are Feed objects sharing them.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import type { JobEngine } from '../../src/jobs/job-engine.js';
import { silentLogger } from '../../src/log/log.js';
import { Feed, FEED_KEY, type FeedDropReason, type FeedOutcome, type FeedPost } from '../../src/activity-feed/feed-posting.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import { completed, FakeSocial, started } from './feed-helpers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const BATCH_MS = 2 * MINUTE;
const GUILD = '100000000000000001';
const CHANNEL = '200000000000000001';
const ALICE = '300000000000000001';

/** A job engine whose periodic work the test runs by hand (the deployment's one runner), and whose enqueue can fail like a dying process. */
class HandRunJobs extends InProcessJobEngine {
  readonly periodic = new Map<string, () => Promise<void>>();
  failEnqueues = 0;

  override every(name: string, _periodMs: number, handler: () => Promise<void>): Promise<void> {
    this.periodic.set(name, handler);
    return Promise.resolve();
  }

  override enqueue(queue: string, id: string, data: object, o?: { delayMs?: number }): Promise<boolean> {
    if (this.failEnqueues > 0) {
      this.failEnqueues--;
      return Promise.reject(new Error('the process died before queueing the job'));
    }
    return super.enqueue(queue, id, data, o);
  }

  async runPeriodic(): Promise<void> {
    for (const handler of this.periodic.values()) await handler();
  }
}

describe('activity feed batches are posted or counted as dropped', () => {
  let clock: number;
  let kv: MemoryEngine;
  let social: FakeSocial;
  let posts: FeedPost[];
  let counts: Array<[FeedOutcome, FeedDropReason | undefined]>;
  let engines: JobEngine[];

  beforeEach(() => {
    clock = Date.UTC(2026, 0, 8, 12);
    kv = new MemoryEngine(() => clock);
    social = new FakeSocial();
    social.add(GUILD, ALICE);
    posts = [];
    counts = [];
    engines = [];
  });
  afterEach(async () => {
    for (const jobs of engines) await jobs.stop();
  });

  /** One bot process on the shared store: its job engine, and its feed (working when `work`). */
  async function process(o: { work: boolean }): Promise<{ feed: Feed; jobs: HandRunJobs }> {
    const jobs = new HandRunJobs(kv, () => clock, () => undefined, 0);
    engines.push(jobs);
    const feed = new Feed({ kv, jobs, now: () => clock, log: silentLogger, batchMs: BATCH_MS, counted: (outcome, reason) => counts.push([outcome, reason]) });
    feed.attach(social);
    feed.setDeliver((post) => {
      posts.push(post);
      return Promise.resolve({ ok: true });
    });
    feed.setChannelState(() => Promise.resolve(false));
    await feed.define();
    if (o.work) await feed.start();
    await feed.channels.add(GUILD, { channelId: CHANNEL, ageRestricted: false });
    return { feed, jobs };
  }

  const dropped = () => counts.filter(([outcome]) => outcome === 'dropped');

  it('a batch whose job runs only after the deployment was down for half an hour is posted, not counted as a duplicate', async () => {
    // The process that recorded the changes runs no jobs (its workers never started: it went down).
    await process({ work: false });
    await social.emit(ALICE, 'alice', [started(1, 'Frieren'), completed(2, 'Mushishi')]);
    expect(await kv.get(FEED_KEY.pending(ALICE))).toBeDefined();
    clock += 30 * MINUTE;
    const back = await process({ work: true });
    await back.jobs.runDue();
    await back.jobs.runPeriodic();
    await back.jobs.runDue();
    expect(posts.map((p) => p.items.map((i) => i.id))).toEqual([[1, 2]]);
    expect(counts.filter(([outcome]) => outcome === 'duplicate')).toEqual([]);
    // Nothing posts it twice: later sweeps and runs find it done.
    clock += 10 * MINUTE;
    await back.jobs.runPeriodic();
    await back.jobs.runDue();
    expect(posts).toHaveLength(1);
    expect(await kv.keys('feed:pending:')).toEqual([]);
    expect(await kv.keys('feed:batch:')).toEqual([]);
  });

  it('a batch whose opener died before queueing its job is posted once the sweep finds it, once', async () => {
    const { jobs } = await process({ work: true });
    jobs.failEnqueues = 1;
    await social.emit(ALICE, 'alice', [started(1, 'Frieren')]).catch(() => undefined);
    expect(await kv.get(FEED_KEY.pending(ALICE))).toBeDefined();
    clock += BATCH_MS;
    await jobs.runDue();
    expect(posts).toHaveLength(0);
    clock += 5 * MINUTE;
    await jobs.runPeriodic();
    await jobs.runDue();
    expect(posts.map((p) => p.items.map((i) => i.id))).toEqual([[1]]);
    clock += 5 * MINUTE;
    await jobs.runPeriodic();
    await jobs.runDue();
    expect(posts).toHaveLength(1);
    expect(dropped()).toEqual([]);
  });

  it('a batch still not posted a day after its window is dropped and counted with its reason; nothing is left', async () => {
    await process({ work: false });
    await social.emit(ALICE, 'alice', [started(1, 'Frieren')]);
    clock += 25 * HOUR;
    const back = await process({ work: true });
    await back.jobs.runPeriodic();
    await back.jobs.runDue();
    expect(posts).toHaveLength(0);
    expect(dropped()).toEqual([['dropped', 'expired']]);
    expect(await kv.keys('feed:pending:')).toEqual([]);
  });

  it('a batch of a member who left every server is counted as dropped with its reason', async () => {
    const { jobs } = await process({ work: true });
    await social.emit(ALICE, 'alice', [started(1, 'Frieren')]);
    await social.leave(GUILD, ALICE);
    clock += BATCH_MS;
    await jobs.runDue();
    expect(posts).toHaveLength(0);
    expect(dropped()).toEqual([['dropped', 'not-member']]);
  });

  it('changes the store would not take are counted as dropped (unrecorded)', async () => {
    await process({ work: true });
    const failing = kv.setIfAbsent.bind(kv);
    kv.setIfAbsent = (key, value, ttl) => (key.startsWith('feed:pending:') ? Promise.reject(new Error('store down')) : failing(key, value, ttl));
    await expect(social.emit(ALICE, 'alice', [started(1, 'Frieren')])).rejects.toThrow('store down');
    expect(dropped()).toEqual([['dropped', 'unrecorded']]);
  });
});
