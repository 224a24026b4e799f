// The server features over the real community store on every store engine (memory, SQLite, and
// PostgreSQL and Redis when TEST_POSTGRES_URL / TEST_REDIS_URL are set): the server view reads the
// server's title index and the leaderboards the members' summaries (both follow a change made in
// another process at once); compare reads mirrors through the per-process memo (within the memo's
// time in another process); none shows a member who left.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../src/log/log.js';
import { computeAffinity } from '../../src/community/affinity.js';
import { leaderboard, topTitles } from '../../src/community/leaderboards.js';
import { MemberSummaries } from '../../src/community/member-summary.js';
import { MirrorMemo } from '../../src/community/mirror-memo.js';
import { serverViewOf } from '../../src/community/server-view.js';
import { Social } from '../../src/community/community.js';
import { engineCases } from '../../local-stack/store-engines.js';
import { EnginePlace } from './engine-place.js';
import { DAY, entry, FakeLists } from './fake-lists.js';

const GUILD = '1100000000000000001';
const TTL = 20_000;

describe.each(engineCases())('the server features on $kind', (engineCase) => {
  const engine = new EnginePlace(engineCase.kind);
  const now = Date.UTC(2026, 10, 1, 12);
  let memoClock = 1_000;
  const lists = new FakeLists(() => now);
  const linked = new Map<string, { serviceUser: string; linkedAt: number }>();

  afterEach(async () => {
    vi.restoreAllMocks();
    await engine.close();
  });

  async function instance(): Promise<{ social: Social; memo: MirrorMemo }> {
    const clock = () => now;
    const { store, jobs } = await engine.open(clock);
    const social = new Social({ kv: store, jobs, source: lists, linked: async (id) => linked.get(id), now: clock, log: silentLogger, knobs: { pageSize: 1000 } });
    await social.define();
    const memo = new MirrorMemo(social, { ttlMs: TTL, maxEntries: 100_000, now: () => memoClock });
    social.onChanges(async (userId) => memo.forget(userId));
    return { social, memo };
  }

  const ids = ['1200000000000000001', '1200000000000000002', '1200000000000000003', '1200000000000000004'];

  it.skipIf(engineCase.skipped !== undefined)('answers from the mirror, follows changes, never shows who left', async () => {
    for (const [i, id] of ids.entries()) {
      linked.set(id, { serviceUser: `user${i}`, linkedAt: now - DAY });
      // Titles 1-10 for everyone (scores rising with the member), then some of their own.
      for (let t = 1; t <= 10; t++) lists.list(id, 'anime').set(t, entry(t, { score: ((t + i) % 10) + 1, progress: t, status: t <= 3 ? 'watching' : 'completed' }));
      for (let t = 0; t < i * 3; t++) lists.list(id, 'anime').set(100 + i * 10 + t, entry(100 + i * 10 + t, { score: 0, progress: 12 }));
    }
    const one = await instance();
    const two = await instance();
    for (const id of ids) expect(await one.social.join(GUILD, id)).toMatchObject({ ok: true });

    const viewIn = async (social: Social) => serverViewOf('anime', 2, (await social.holders(GUILD, 'anime', 2)).holders);
    const view = await viewIn(two.social);
    expect(view.members).toBe(4);
    expect(view.byStatus).toEqual([{ status: 'watching', count: 4 }]);
    // scores on title 2: 3, 4, 5, 6 for members 0-3
    expect(view.lines.map((l) => [l.serviceUser, l.score])).toEqual([
      ['user3', 6],
      ['user2', 5],
      ['user1', 4],
      ['user0', 3],
    ]);

    const [a, b] = await Promise.all([two.memo.mirror(ids[0] as string, 'anime'), two.memo.mirror(ids[1] as string, 'anime')]);
    const affinity = computeAffinity(a?.entries ?? [], b?.entries ?? []);
    expect(affinity).toMatchObject({ countA: 10, countB: 13, common: 10 });
    expect(affinity.correlation.kind).toBe('value');
    expect(leaderboard(await two.social.summaries(GUILD, 'anime'), 'episodes').map((r) => r.value)).toEqual([55 + 36 * 3, 55 + 36 * 2, 55 + 36, 55]);
    expect(topTitles(await two.social.summaries(GUILD, 'anime')).map((t) => t.id)).toHaveLength(10);

    // A change through the bot in process one: the index and the summaries follow at once in both;
    // compare's memo in two within the memo's time.
    await two.memo.mirror(ids[0] as string, 'anime');
    await one.social.listChanged(ids[0] as string, 'anime', 2, entry(2, { status: 'dropped', score: 1, progress: 1, updatedAt: now }));
    for (const social of [one.social, two.social]) {
      expect((await viewIn(social)).byStatus).toEqual([
        { status: 'watching', count: 3 },
        { status: 'dropped', count: 1 },
      ]);
      expect(leaderboard(await social.summaries(GUILD, 'anime'), 'episodes').map((r) => r.value)).toEqual([55 + 36 * 3, 55 + 36 * 2, 55 + 36, 55 - 1]);
    }
    expect((await two.memo.mirror(ids[0] as string, 'anime'))?.entries.find((e) => e.id === 2)?.status).toBe('watching');
    memoClock += TTL + 1;
    expect((await two.memo.mirror(ids[0] as string, 'anime'))?.entries.find((e) => e.id === 2)?.status).toBe('dropped');

    // Leaving shows the member nowhere at once.
    expect(await one.social.leave(GUILD, ids[3] as string)).toBe(true);
    const after = await viewIn(two.social);
    expect(after.members).toBe(3);
    expect(after.lines.map((l) => l.discordUserId)).not.toContain(ids[3]);
    expect((await two.social.summaries(GUILD, 'anime')).map((s) => s.discordUserId)).not.toContain(ids[3]);
    expect(await two.memo.isMember(GUILD, ids[3] as string)).toBe(false);
  });

  it.skipIf(engineCase.skipped !== undefined)("the top titles and the leaderboards' sums are kept in the store once counted, and counted again after any member's change, join or leave, in every process", async () => {
    const members = ['1300000000000000001', '1300000000000000002', '1300000000000000003', '1300000000000000004'];
    for (const [i, id] of members.entries()) {
      linked.set(id, { serviceUser: `top${i}`, linkedAt: now - DAY });
      for (let t = 1; t <= 6; t++) lists.list(id, 'anime').set(t, entry(t, { score: t, progress: t, status: t <= 2 ? 'watching' : 'completed' }));
    }
    const one = await instance();
    const two = await instance();
    for (const id of members.slice(0, 3)) expect(await one.social.join(GUILD, id)).toMatchObject({ ok: true });
    const direct = async (social: Social, status?: string) => topTitles(await social.summaries(GUILD, 'anime'), status);
    const kept = (social: Social, status?: string) => social.topCounts(GUILD, 'anime', status, 3);

    const board = async (social: Social) => leaderboard(await social.memberSums(GUILD, 'anime'), 'episodes');
    const directBoard = async (social: Social) => leaderboard(await social.summaries(GUILD, 'anime'), 'episodes');
    expect(await kept(one.social)).toEqual(await direct(one.social));
    expect(await board(one.social)).toEqual(await directBoard(one.social));
    expect((await kept(two.social)).map((t) => t.members)).toEqual([3, 3, 3, 3, 3, 3]);
    expect(await kept(two.social, 'watching')).toEqual(await direct(two.social, 'watching'));
    // Kept in the store: another view, in either process, reads the counts, not the members' summaries.
    expect((await engine.raw()).some((r) => r.key.startsWith('soc:top:'))).toBe(true);
    const summaryReads = vi.spyOn(MemberSummaries.prototype, 'read');
    await kept(one.social);
    await kept(two.social, 'watching');
    expect((await board(two.social)).map((r) => r.value)).toEqual([21, 21, 21]);
    // A write of a member's mirror that changes nothing summed (as a sync that found nothing new) keeps them.
    await one.social.listChanged(members[2] as string, 'anime', 3, entry(3, { score: 3, progress: 3, status: 'completed' }));
    await kept(two.social);
    await board(one.social);
    expect(summaryReads).not.toHaveBeenCalled();

    // A change through the bot in process one: process two counts again at once.
    await one.social.listChanged(members[0] as string, 'anime', 6, undefined);
    expect(await kept(two.social)).toEqual(await direct(two.social));
    // Two members have it now: under the three a top title needs.
    expect((await kept(two.social)).map((t) => t.id)).toEqual([5, 4, 3, 2, 1]);
    expect((await kept(two.social, 'watching')).map((t) => t.id)).toEqual([2, 1]);
    expect((await board(two.social)).map((r) => r.value)).toEqual([21, 21, 15]);
    await one.social.listChanged(members[1] as string, 'anime', 1, entry(1, { status: 'dropped', score: 1, progress: 1, updatedAt: now }));
    expect((await kept(two.social, 'watching')).map((t) => t.id)).toEqual([2]);
    // A join and a leave change who is counted.
    expect(await one.social.join(GUILD, members[3] as string)).toMatchObject({ ok: true });
    expect((await kept(two.social)).find((t) => t.id === 3)?.members).toBe(4);
    expect(await one.social.leave(GUILD, members[0] as string)).toBe(true);
    expect((await kept(two.social)).find((t) => t.id === 3)?.members).toBe(3);
    expect(await kept(two.social)).toEqual(await direct(two.social));
    expect(await board(two.social)).toEqual(await directBoard(two.social));
  });
});
