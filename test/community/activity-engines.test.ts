// What the community notices, on every store engine (memory, SQLite, and PostgreSQL and Redis when
// TEST_POSTGRES_URL / TEST_REDIS_URL are set): the syncs' changes kept as each member's history and
// yearly/weekly sums across the new year, read by another instance; a mirror of an earlier version
// still read; and every record of it gone when the member leaves their last server, is forgotten, or
// their lost login is removed.

import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/log.js';
import { decodeMirror, encodeMirror } from '../../src/community/records.js';
import { Social } from '../../src/community/community.js';
import { engineCases } from '../../local-stack/store-engines.js';
import { EnginePlace } from './engine-place.js';
import { DAY, entry, FakeLists } from './fake-lists.js';

const GUILD = '1100000000000000001';
const OTHER = '1100000000000000002';
const A = '1200000000000000001';
const B = '1200000000000000002';
const C = '1200000000000000003';

describe.each(engineCases())('history and sums on $kind', { timeout: 60_000 }, (engineCase) => {
  const engine = new EnginePlace(engineCase.kind);
  let now = Date.UTC(2025, 11, 31, 20);
  const lists = new FakeLists(() => now);
  const linked = new Map<string, { serviceUser: string; linkedAt: number }>();

  afterEach(async () => {
    await engine.close();
  });

  async function instance(): Promise<Social> {
    const { store, jobs } = await engine.open(() => now);
    const social = new Social({ kv: store, jobs, source: lists, linked: async (id) => linked.get(id), now: () => now, log: silentLogger, knobs: { pageSize: 1000 } });
    await social.define();
    return social;
  }

  async function syncNow(social: Social, id: string): Promise<void> {
    await social.scheduleSync(id, now);
    await social.runSync(id);
  }

  const activityKeys = async (id: string) =>
    (await engine.raw())
      .map((r) => r.key)
      .filter((k) => (k.startsWith('soc:hist:') || k.startsWith('soc:tally:')) && k.includes(id))
      .sort();
  const kept = (id: string) => [`soc:hist:${id}:anime`, `soc:tally:${id}:anime`, `soc:tally:${id}:manga`];

  it.skipIf(engineCase.skipped !== undefined)('keeps each change seen, sums the years either side of the new year, read by another instance', async () => {
    now = Date.UTC(2025, 11, 31, 20);
    for (const id of [A, B]) linked.set(id, { serviceUser: `user${id.slice(-1)}`, linkedAt: now - DAY });
    const a = lists.list(A, 'anime');
    a.set(1, entry(1, { status: 'completed', finishedOn: '2025-06-14', season: '2025-spring', score: 8 }));
    a.set(2, entry(2, { status: 'watching', progress: 3, total: 12 }));
    a.set(3, entry(3, { status: 'dropped', updatedAt: Date.UTC(2025, 10, 2) }));
    lists.fill(B, 'anime', 2);
    const one = await instance();
    const two = engineCase.shared ? await instance() : one;
    expect(await one.join(GUILD, A)).toMatchObject({ ok: true });
    expect(await one.join(GUILD, B)).toMatchObject({ ok: true });
    // The finish date and the season are kept in the mirror.
    expect((await two.mirror(A, 'anime'))?.entries.find((e) => e.id === 1)).toMatchObject({ finishedOn: '2025-06-14', season: '2025-spring' });

    now += 3_600_000;
    lists.change(A, 'anime', 2, { progress: 5 });
    await syncNow(one, A);
    // Just after midnight UTC: the title is completed (no finish date given).
    now = Date.UTC(2026, 0, 1, 0, 30);
    lists.change(A, 'anime', 2, { status: 'completed', progress: 12, score: 9 });
    await syncNow(one, A);

    const [y2025] = await two.yearSums(GUILD, 'anime', 2025);
    expect(y2025?.discordUserId).toBe(A);
    expect(y2025?.since).toBe(Date.UTC(2025, 11, 31, 20));
    expect(y2025?.sums).toMatchObject({ progress: 2, titles: [2], dropped: [3], completed: [{ id: 1, score: 8, season: '2025-spring' }] });
    const y2026 = (await two.yearSums(GUILD, 'anime', 2026)).find((m) => m.discordUserId === A);
    expect(y2026?.sums).toMatchObject({ progress: 7, completed: [{ id: 2, score: 9 }] });
    // B joined and changed nothing: sums of their mirror, no history.
    expect((await two.yearSums(GUILD, 'anime', 2026)).map((m) => m.discordUserId)).toEqual([A, B]);
    expect(await two.history(B, 'anime')).toBeUndefined();

    const history = await two.history(A, 'anime');
    expect(history?.events.map((e) => [e.id, e.before?.progress, e.progress, e.status])).toEqual([
      [2, 3, 5, 'watching'],
      [2, 5, 12, 'completed'],
    ]);
    const week = await two.weekSums(GUILD, 'anime', Date.UTC(2025, 11, 29), Date.UTC(2026, 0, 5));
    expect(week.find((m) => m.discordUserId === A)?.sums).toMatchObject({ progress: 9, completed: [2], watched: [{ id: 2, progress: 9 }] });
    // Only this server's members.
    expect(await two.yearSums(OTHER, 'anime', 2026)).toEqual([]);
  });

  it.skipIf(engineCase.skipped !== undefined)('everything noticed goes when a member leaves their last server, is forgotten, or their lost login is removed', async () => {
    now = Date.UTC(2026, 2, 1);
    for (const id of [A, B, C]) {
      linked.set(id, { serviceUser: `user${id.slice(-1)}`, linkedAt: now - DAY });
      lists.fill(id, 'anime', 3);
    }
    const social = await instance();
    for (const id of [A, B, C]) await social.join(GUILD, id);
    await social.join(OTHER, A);
    now += 3_600_000;
    for (const id of [A, B, C]) {
      lists.change(id, 'anime', 1, { status: 'watching', progress: 2 });
      await syncNow(social, id);
      expect(await activityKeys(id)).toEqual(kept(id));
    }
    // Still in another server: kept.
    await social.leave(GUILD, A);
    expect(await activityKeys(A)).toEqual(kept(A));
    await social.leave(OTHER, A);
    expect(await activityKeys(A)).toEqual([]);

    expect(await social.forgetUser(B)).toBeGreaterThan(0);
    expect(await activityKeys(B)).toEqual([]);

    await social.loggedOut(C);
    linked.delete(C);
    now += 31 * DAY;
    await social.watch();
    expect(await activityKeys(C)).toEqual([]);
  });
});

describe('mirror rows', () => {
  it('of an earlier version (no finish date, no season) still read; a new row keeps both, and one without them is written as before', () => {
    const old = JSON.stringify({ u: 'alice', s: 1, w: 2, f: 3, v: 4, e: [[1, 'A', 'completed', 8, 12, 12, 1440, 0, 1_700_000_000], [2, 'B', 'watching', 0, 3, 0, 0, 0, 1_700_000_001, 'https://cdn.example/b.jpg']] });
    const record = decodeMirror(old);
    expect(record?.entries.get(1)).toEqual({ id: 1, title: 'A', status: 'completed', score: 8, progress: 12, total: 12, episodeSeconds: 1440, nsfw: false, updatedAt: 1_700_000_000_000 });
    expect(record?.entries.get(2)?.picture).toBe('https://cdn.example/b.jpg');
    if (!record) throw new Error('not read');
    // Written again unchanged: the same rows as before.
    expect(JSON.parse(encodeMirror(record)).e).toEqual(JSON.parse(old).e);
    record.entries.set(3, entry(3, { finishedOn: '2025-12-31', season: '2025-fall' }));
    record.entries.set(4, entry(4, { season: '2024-winter' }));
    const back = decodeMirror(encodeMirror(record));
    expect(back?.entries.get(3)).toMatchObject({ finishedOn: '2025-12-31', season: '2025-fall' });
    expect(back?.entries.get(3)?.picture).toBeUndefined();
    expect(back?.entries.get(4)).toMatchObject({ season: '2024-winter' });
    expect(back?.entries.get(4)?.finishedOn).toBeUndefined();
  });
});
