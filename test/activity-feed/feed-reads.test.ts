// What one feed job costs the store: the member's own record once and the feed records of the servers
// they joined, however many other servers of the deployment have a feed. The real community
// (memberships in the store) over a store that counts its reads.

import { afterEach, describe, expect, it } from 'vitest';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { silentLogger } from '../../src/log/log.js';
import { Feed, type FeedPost } from '../../src/activity-feed/feed-posting.js';
import { Memberships } from '../../src/community/memberships.js';
import { Social } from '../../src/community/community.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import { FakeLists } from '../community/fake-lists.js';
import { started } from './feed-helpers.js';

const BATCH_MS = 120_000;
const SERVERS = 40;
const ALICE = '300000000000000001';
const guild = (i: number) => `1000000000000000${String(i).padStart(2, '0')}`;
const channel = (i: number) => `2000000000000000${String(i).padStart(2, '0')}`;

/** The memory engine, counting `get`s and `keys` by key prefix (`soc:member:`, `feed:guild:`). */
class CountingEngine extends MemoryEngine {
  readonly reads: string[] = [];

  override get(key: string): Promise<string | undefined> {
    this.reads.push(`get ${key}`);
    return super.get(key);
  }

  override keys(prefix: string): Promise<string[]> {
    this.reads.push(`keys ${prefix}`);
    return super.keys(prefix);
  }
}

describe('the feed job reads only the member\'s own servers', () => {
  let jobs: InProcessJobEngine | undefined;
  afterEach(async () => {
    await jobs?.stop();
  });

  it(`with ${SERVERS} servers that have a feed and a member of two, one job reads the member record once and two feed records`, async () => {
    let clock = Date.UTC(2026, 0, 8, 12);
    const kv = new CountingEngine(() => clock);
    jobs = new InProcessJobEngine(kv, () => clock, () => undefined, 0);
    const social = new Social({ kv, jobs, source: new FakeLists(() => clock), linked: () => Promise.resolve(undefined), now: () => clock, log: silentLogger });
    const feed = new Feed({ kv, jobs, now: () => clock, log: silentLogger, batchMs: BATCH_MS });
    feed.attach(social);
    const posts: FeedPost[] = [];
    feed.setDeliver((post) => Promise.resolve(void posts.push(post)).then(() => ({ ok: true as const })));
    feed.setChannelState(() => Promise.resolve(false));
    await feed.start();
    for (let i = 1; i <= SERVERS; i++) await feed.channels.add(guild(i), { channelId: channel(i), ageRestricted: false });
    const memberships = new Memberships(kv);
    await memberships.join(guild(7), ALICE, 'alice', clock);
    await memberships.join(guild(23), ALICE, 'alice', clock);

    await feed.record(ALICE, 'alice', [started(1, 'Frieren')]);
    kv.reads.length = 0;
    clock += BATCH_MS;
    await jobs.runDue();

    expect(posts.map((p) => p.guildId).sort()).toEqual([guild(7), guild(23)]);
    expect(kv.reads.filter((r) => r === `get soc:member:${ALICE}`)).toHaveLength(1);
    expect(kv.reads.filter((r) => r.startsWith('get feed:guild:')).sort()).toEqual([`get feed:guild:${guild(7)}`, `get feed:guild:${guild(23)}`]);
    expect(kv.reads.filter((r) => r.startsWith('keys '))).toEqual([]);
  });
});
