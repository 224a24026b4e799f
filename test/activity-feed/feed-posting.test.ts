// The activity feed's batching and posting on the in-process job engine with a hand-moved clock:
// one post per member and window, only where the member joined, dropped when they left or were
// forgotten, a refused post pauses the channel, a failed post is retried without posting twice.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { silentLogger } from '../../src/log/log.js';
import { Feed, FEED_KEY, FEED_QUEUE, type FeedPost, type FeedPostResult } from '../../src/activity-feed/feed-posting.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import { completed, FakeSocial, started } from './feed-helpers.js';

const BATCH_MS = 120_000;
const GUILD = '100000000000000001';
const OTHER_GUILD = '100000000000000002';
const CHANNEL = '200000000000000001';
const OTHER_CHANNEL = '200000000000000002';
const ALICE = '300000000000000001';
const BOB = '300000000000000002';

describe('activity feed batching and posting', () => {
  let clock: number;
  let kv: MemoryEngine;
  let jobs: InProcessJobEngine;
  let social: FakeSocial;
  let feed: Feed;
  let posts: FeedPost[];
  let answer: (post: FeedPost) => FeedPostResult;

  beforeEach(async () => {
    clock = Date.UTC(2026, 0, 8, 12);
    kv = new MemoryEngine();
    jobs = new InProcessJobEngine(kv, () => clock, () => undefined, 0);
    social = new FakeSocial();
    posts = [];
    answer = () => ({ ok: true });
    feed = new Feed({ kv, jobs, now: () => clock, log: silentLogger, batchMs: BATCH_MS });
    feed.attach(social);
    feed.setDeliver((post) => {
      const result = answer(post);
      if (result.ok) posts.push(post);
      return Promise.resolve(result);
    });
    feed.setChannelState(() => Promise.resolve(false));
    await feed.start();
    await feed.channels.add(GUILD, { channelId: CHANNEL, ageRestricted: false });
    social.add(GUILD, ALICE);
  });
  afterEach(async () => {
    await jobs.stop();
  });

  const after = async (ms: number) => {
    clock += ms;
    await jobs.runDue();
  };

  it('several changes by one member within the window become one post, sent when the window ends', async () => {
    await social.emit(ALICE, 'alice', [started(1, 'Frieren')]);
    await after(30_000);
    await social.emit(ALICE, 'alice', [completed(2, 'Dungeon Meshi', 9)]);
    await after(60_000);
    expect(posts).toHaveLength(0);
    await after(30_000);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ guildId: GUILD, discordUserId: ALICE, serviceUser: 'alice', channel: { channelId: CHANNEL } });
    expect(posts[0]?.items.map((i) => [i.id, i.event])).toEqual([
      [1, 'started'],
      [2, 'completed'],
    ]);
    // A change after the post opens a new batch, posted one window later.
    await social.emit(ALICE, 'alice', [completed(1, 'Frieren', 10)]);
    await after(BATCH_MS - 1);
    expect(posts).toHaveLength(1);
    await after(1);
    expect(posts).toHaveLength(2);
    expect(await kv.get(FEED_KEY.pending(ALICE))).toBeUndefined();
  });

  it('changes not worth posting schedule nothing', async () => {
    await social.emit(ALICE, 'alice', [{ kind: 'anime', after: { ...started(1, 'Frieren').before!, status: 'plan_to_watch' } }]);
    expect(await kv.get(FEED_KEY.pending(ALICE))).toBeUndefined();
    expect((await jobs.counts(FEED_QUEUE)).delayed).toBe(0);
  });

  it('posts in every feed channel of every server the member joined, and nowhere else', async () => {
    await feed.channels.add(GUILD, { channelId: OTHER_CHANNEL, ageRestricted: true, roleId: '400000000000000001' });
    await feed.channels.add(OTHER_GUILD, { channelId: '200000000000000003', ageRestricted: false });
    await feed.channels.add('100000000000000009', { channelId: '200000000000000009', ageRestricted: false });
    social.add(OTHER_GUILD, ALICE);
    social.add('100000000000000009', BOB);
    await social.emit(ALICE, 'alice', [started(1, 'Frieren')]);
    await after(BATCH_MS);
    expect(posts.map((p) => p.channel.channelId).sort()).toEqual([CHANNEL, OTHER_CHANNEL, '200000000000000003'].sort());
    expect(posts.find((p) => p.channel.channelId === OTHER_CHANNEL)?.channel.roleId).toBe('400000000000000001');
  });

  it('a member who left before the window ended, or was forgotten, has the batch dropped', async () => {
    await social.emit(ALICE, 'alice', [started(1, 'Frieren')]);
    await social.leave(GUILD, ALICE);
    await after(BATCH_MS);
    expect(posts).toHaveLength(0);

    social.add(GUILD, BOB);
    await social.emit(BOB, 'bob', [started(1, 'Frieren')]);
    await social.forgetUser(BOB);
    const batchId = (JSON.parse((await kv.get(FEED_KEY.pending(BOB))) ?? '{}') as { batchId?: string }).batchId ?? '';
    expect(batchId).not.toContain(BOB);
    expect((await kv.keys('job:')).some((k) => k.endsWith(batchId))).toBe(true);
    expect(await feed.forgetUser(BOB)).toBe(1);
    expect((await kv.keys('job:')).filter((k) => k.endsWith(batchId))).toEqual([]);
    await after(BATCH_MS);
    expect(posts).toHaveLength(0);
    expect(await kv.keys('feed:pending:')).toEqual([]);
    expect(await kv.keys('feed:batch:')).toEqual([]);
  });

  it('a refused post pauses that channel (others still get it); nothing is posted there until it is added again', async () => {
    await feed.channels.add(GUILD, { channelId: OTHER_CHANNEL, ageRestricted: false });
    const notices: string[] = [];
    feed.setPauseNotice((guildId, channel, reason) => Promise.resolve(void notices.push(`${guildId} ${channel.channelId} ${reason}`)));
    answer = (post) => (post.channel.channelId === CHANNEL ? { ok: false, reason: 'refused', detail: '403 50013 Missing Permissions' } : { ok: true });
    await social.emit(ALICE, 'alice', [started(1, 'Frieren')]);
    await after(BATCH_MS);
    expect(posts.map((p) => p.channel.channelId)).toEqual([OTHER_CHANNEL]);
    const paused = (await feed.channels.list(GUILD)).find((c) => c.channelId === CHANNEL);
    expect(paused?.pausedAt).toBe(clock);
    expect(paused?.pausedReason).toContain('Missing Permissions');
    expect(notices).toEqual([`${GUILD} ${CHANNEL} 403 50013 Missing Permissions`]);

    let attempts = 0;
    answer = (post) => {
      if (post.channel.channelId === CHANNEL) attempts++;
      return { ok: true };
    };
    await social.emit(ALICE, 'alice', [completed(1, 'Frieren')]);
    await after(BATCH_MS);
    expect(attempts).toBe(0);
    expect(notices).toHaveLength(1);
    // Added again: the pause is lifted.
    await feed.channels.add(GUILD, { channelId: CHANNEL, ageRestricted: false });
    expect((await feed.channels.list(GUILD)).every((c) => c.pausedAt === undefined)).toBe(true);
    await social.emit(ALICE, 'alice', [completed(2, 'Dungeon Meshi')]);
    await after(BATCH_MS);
    expect(attempts).toBe(1);
  });

  it('a failed post is retried by the job engine, and a channel that already has it is not posted to again', async () => {
    await feed.channels.add(GUILD, { channelId: OTHER_CHANNEL, ageRestricted: false });
    let failures = 1;
    answer = (post) => {
      if (post.channel.channelId === OTHER_CHANNEL && failures > 0) {
        failures--;
        return { ok: false, reason: 'retry', detail: '503 upstream' };
      }
      return { ok: true };
    };
    await social.emit(ALICE, 'alice', [started(1, 'Frieren')]);
    await after(BATCH_MS);
    expect(posts.map((p) => p.channel.channelId)).toEqual([CHANNEL]);
    // Changes meanwhile go to a new batch, not into the one being retried.
    await social.emit(ALICE, 'alice', [completed(3, 'Mushishi')]);
    await after(30_000);
    expect(posts.map((p) => p.channel.channelId)).toEqual([CHANNEL, OTHER_CHANNEL]);
    expect(posts[1]?.items.map((i) => i.id)).toEqual([1]);
    await after(BATCH_MS);
    expect(posts.map((p) => p.items[0]?.id)).toEqual([1, 1, 3, 3]);
  });

  it("a channel's age restriction is read when posting, not kept from setup; when Discord cannot be asked the post is retried", async () => {
    await feed.channels.add(GUILD, { channelId: OTHER_CHANNEL, ageRestricted: true });
    const adultNow = new Set<string>();
    let down = true;
    feed.setChannelState((guildId, channelId) => (down ? Promise.reject(new Error('503 upstream')) : Promise.resolve(guildId === GUILD && adultNow.has(channelId))));
    await social.emit(ALICE, 'alice', [started(1, 'Frieren', 'anime', true)]);
    await after(BATCH_MS);
    expect(posts).toHaveLength(0);
    down = false;
    adultNow.add(CHANNEL);
    await after(60_000);
    // Set up as age-restricted, no longer so: posted as in any channel. Set up as not, restricted since: as in one.
    expect(posts.map((p) => [p.channel.channelId, p.channel.ageRestricted]).sort()).toEqual([
      [CHANNEL, true],
      [OTHER_CHANNEL, false],
    ]);
  });

  it('two feeds (processes) sharing the store post a batch once, whichever records its changes', async () => {
    const second = new Feed({ kv, jobs, now: () => clock, log: silentLogger, batchMs: BATCH_MS });
    const social2 = new FakeSocial();
    social2.add(GUILD, ALICE);
    second.attach(social2);
    await social.emit(ALICE, 'alice', [started(1, 'Frieren')]);
    await social2.emit(ALICE, 'alice', [started(2, 'Mushishi')]);
    await Promise.all([social.emit(ALICE, 'alice', [completed(3, 'A')]), social2.emit(ALICE, 'alice', [completed(4, 'B')])]);
    await after(BATCH_MS);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.items.map((i) => i.id).sort()).toEqual([1, 2, 3, 4]);
  });
});
