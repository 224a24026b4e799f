// A store kept by the earlier layout (one title-index record per title for the whole deployment, no
// member summaries) moves at start on every store engine, without a manual step: each member's rows
// go into the servers they joined and their summaries are written from the mirrors, the old records
// go, and the next start does nothing.

import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/log.js';
import { LAYOUT_KEY, LAYOUT_VERSION } from '../../src/community/layout.js';
import { leaderboard } from '../../src/community/leaderboards.js';
import { encodeMirror, KEY } from '../../src/community/records.js';
import { Social } from '../../src/community/community.js';
import type { MirrorEntry } from '../../src/community/types.js';
import { engineCases } from '../../local-stack/store-engines.js';
import { EnginePlace } from './engine-place.js';
import { entry, FakeLists } from './fake-lists.js';

const GUILD = '1100000000000000001';
const OTHER = '1100000000000000002';
const A = '1200000000000000001';
const B = '1200000000000000002';

describe.each(engineCases())('the earlier layout on $kind', (engineCase) => {
  const engine = new EnginePlace(engineCase.kind);
  const now = Date.UTC(2026, 10, 1, 12);

  afterEach(async () => {
    await engine.close();
  });

  /** The records an earlier version kept: memberships, mirrors without a version, one index record per title. */
  async function earlierStore(): Promise<void> {
    const { store } = await engine.open(() => now);
    const member = (guilds: string[], serviceUser: string) => JSON.stringify({ guilds, serviceUser, activeAt: 0, changedAt: 0, nextAt: now + 3_600_000 });
    const mirror = (serviceUser: string, entries: MirrorEntry[]) =>
      encodeMirror({ serviceUser, syncedAt: now - 60_000, seenUpdatedAt: 0, fullAt: now - 60_000, version: 0, entries: new Map(entries.map((e) => [e.id, e])) });
    await store.set(KEY.member(A), member([GUILD], 'alice'));
    await store.set(KEY.member(B), member([GUILD, OTHER], 'bob'));
    await store.set(KEY.guild(GUILD), JSON.stringify({ members: [A, B] }));
    await store.set(KEY.guild(OTHER), JSON.stringify({ members: [B] }));
    await store.set(KEY.mirror(A, 'anime'), mirror('alice', [entry(1, { progress: 10 }), entry(2, { status: 'watching', score: 9, progress: 3 })]));
    await store.set(KEY.mirror(B, 'anime'), mirror('bob', [entry(2, { status: 'dropped', score: 4, progress: 1 })]));
    await store.set(KEY.mirror(B, 'manga'), mirror('bob', [entry(5, { status: 'reading', progress: 40 })]));
    await store.set('soc:title:anime:1', JSON.stringify({ t: 'Title 1', n: 0, r: { [A]: [1, 7, 10, 12, 'alice'] } }));
    await store.set('soc:title:anime:2', JSON.stringify({ t: 'Title 2', n: 0, r: { [A]: [0, 9, 3, 12, 'alice'], [B]: [3, 4, 1, 12, 'bob'] } }));
    await store.set('soc:title:manga:5', JSON.stringify({ t: 'Title 5', n: 0, r: { [B]: [0, 7, 40, 12, 'bob'] } }));
  }

  async function started(): Promise<{ social: Social; store: Awaited<ReturnType<EnginePlace['open']>>['store'] }> {
    const clock = () => now;
    const { store, jobs } = await engine.open(clock);
    const social = new Social({ kv: store, jobs, source: new FakeLists(clock), linked: async () => undefined, now: clock, log: silentLogger });
    await social.start();
    return { social, store };
  }

  it.skipIf(engineCase.skipped !== undefined)('moves at start: rows per server and summaries from the mirrors, the old records gone', async () => {
    await earlierStore();
    const { social, store } = await started();

    expect((await social.holders(GUILD, 'anime', 2)).holders.map((h) => [h.serviceUser, h.status, h.score])).toEqual([
      ['alice', 'watching', 9],
      ['bob', 'dropped', 4],
    ]);
    expect((await social.holders(OTHER, 'anime', 2)).holders.map((h) => h.serviceUser)).toEqual(['bob']);
    expect((await social.holders(OTHER, 'anime', 1)).holders).toEqual([]);
    expect((await social.holders(OTHER, 'manga', 5)).title).toEqual({ title: 'Title 5', nsfw: false });
    expect(leaderboard(await social.summaries(GUILD, 'anime'), 'episodes').map((r) => [r.serviceUser, r.value])).toEqual([
      ['alice', 13],
      ['bob', 1],
    ]);
    expect((await social.summaries(OTHER, 'manga')).map((s) => s.progress)).toEqual([40]);
    expect(await store.keys('soc:title:')).toEqual([]);
    expect(await store.get(LAYOUT_KEY)).toBe(LAYOUT_VERSION);

    // The next start finds the layout done and changes nothing.
    const before = (await engine.raw()).filter((r) => r.key.startsWith('soc:')).sort((x, y) => x.key.localeCompare(y.key));
    await started();
    const after = (await engine.raw()).filter((r) => r.key.startsWith('soc:')).sort((x, y) => x.key.localeCompare(y.key));
    expect(after).toEqual(before);
  });
});
