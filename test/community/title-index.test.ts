// The per-server title index on every store engine (memory, SQLite, and PostgreSQL and Redis when
// TEST_POSTGRES_URL / TEST_REDIS_URL are set): filled by the first sync (one batch), following later
// syncs and list changes through the bot, joins and leaves of other servers, emptied when a mirror is
// dropped (nothing of the member left in the store), no row lost when two instances change one title
// at once, a lost login's rows shown only until their stale time, a full pass healing rows lost between
// a mirror write and its index write; the server view answered from it without reading any mirror,
// and reading only the rows of this server's members.

import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/log.js';
import type { SocialKv } from '../../src/community/kv.js';
import { serverViewOf } from '../../src/community/server-view.js';
import { Social } from '../../src/community/community.js';
import { HOLDERS_PREFIX, TITLE_PREFIX, TitleIndex } from '../../src/community/title-index.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { engineCases } from '../../local-stack/store-engines.js';
import { EnginePlace } from './engine-place.js';
import { DAY, entry, FakeLists } from './fake-lists.js';

const GUILD = '1100000000000000001';
const OTHER_GUILD = '1100000000000000002';
const U = (n: number) => String(1_200_000_000_000_000_000n + BigInt(n));

describe.each(engineCases())('the title index on $kind', (engineCase) => {
  const engine = new EnginePlace(engineCase.kind);
  const start = Date.UTC(2026, 10, 1, 12);
  let now = start;
  let lists = new FakeLists(() => now);
  const linked = new Map<string, { serviceUser: string; linkedAt: number }>();
  /** Gets of mirror records through the instances' stores (the server view must make none). */
  let mirrorGets = 0;
  let storeGets = 0;
  /** Keys read by the instances (gets, getMany), and the batches and single writes of index rows. */
  let keysRead: string[] = [];
  let rowBatches = 0;
  let rowSingleWrites = 0;

  afterEach(async () => {
    await engine.close();
    now = start;
    lists = new FakeLists(() => now);
    linked.clear();
  });

  async function instance(): Promise<{ social: Social; store: StoreEngine }> {
    const clock = () => now;
    const { store, jobs } = await engine.open(clock);
    const single = (key: string) => {
      if (key.startsWith(HOLDERS_PREFIX)) rowSingleWrites++;
    };
    const kv: SocialKv = {
      get: (key) => {
        storeGets++;
        keysRead.push(key);
        if (key.startsWith('soc:mirror:')) mirrorGets++;
        return store.get(key);
      },
      getMany: (keys) => {
        storeGets++;
        keysRead.push(...keys);
        mirrorGets += keys.filter((k) => k.startsWith('soc:mirror:')).length;
        return store.getMany(keys);
      },
      writeMany: (writes) => {
        if (writes.some(([k]) => k.startsWith(HOLDERS_PREFIX))) rowBatches++;
        return store.writeMany(writes);
      },
      set: (key, ...a) => (single(key), store.set(key, ...a)),
      setIfAbsent: (key, ...a) => (single(key), store.setIfAbsent(key, ...a)),
      compareAndSet: (key, ...a) => (single(key), store.compareAndSet(key, ...a)),
      compareAndDelete: (key, ...a) => (single(key), store.compareAndDelete(key, ...a)),
      delete: (key) => (single(key), store.delete(key)),
      keys: (prefix) => {
        storeGets++;
        return store.keys(prefix);
      },
    };
    const social = new Social({ kv, jobs, source: lists, linked: async (id) => linked.get(id), now: clock, log: silentLogger, knobs: { pageSize: 1000 } });
    await social.define();
    return { social, store };
  }

  function link(n: number): string {
    const id = U(n);
    linked.set(id, { serviceUser: `user${n}`, linkedAt: start - DAY });
    return id;
  }

  /** The rows of a title in a server, whoever they belong to. */
  async function rowsOf(store: StoreEngine, id: number, kind: 'anime' | 'manga' = 'anime', guildId = GUILD) {
    const prefix = TITLE_PREFIX(guildId, kind, id);
    const holders = (await store.keys(prefix)).map((k) => k.slice(prefix.length));
    return (await new TitleIndex(store).read(guildId, kind, id, holders))?.rows;
  }

  /** Whether any server's index has rows of this title. */
  async function indexed(store: StoreEngine, id: number): Promise<boolean> {
    return (await store.keys(HOLDERS_PREFIX)).some((k) => k.includes(`:anime:${id}:`));
  }

  /** A sync of the member now (the job as the engine would run it). */
  async function syncNow(social: Social, userId: string): Promise<void> {
    await social.scheduleSync(userId, now);
    await social.runSync(userId);
  }

  const run = it.skipIf(engineCase.skipped !== undefined);

  run('is filled by the first sync and follows later syncs, list changes and removals', async () => {
    const a = link(1);
    const b = link(2);
    lists.fill(a, 'anime', 30);
    lists.fill(a, 'manga', 5);
    lists.fill(b, 'anime', 10, 21);
    const { social, store } = await instance();
    await social.join(GUILD, a);
    await social.join(GUILD, b);

    expect((await rowsOf(store, 1))?.get(a)).toEqual({ serviceUser: 'user1', status: 'completed', score: 7, progress: 12, total: 12 });
    expect([...((await rowsOf(store, 25))?.keys() ?? [])].sort()).toEqual([a, b].sort());
    expect((await rowsOf(store, 3, 'manga'))?.has(a)).toBe(true);
    expect(await rowsOf(store, 40)).toBeUndefined();

    // A change through the bot moves the row at once.
    await social.listChanged(a, 'anime', 25, entry(25, { status: 'dropped', score: 3, progress: 4 }));
    expect((await rowsOf(store, 25))?.get(a)).toMatchObject({ status: 'dropped', score: 3, progress: 4 });
    expect((await rowsOf(store, 25))?.get(b)).toMatchObject({ status: 'completed' });
    // A title added through the bot gets a row; removed, the row goes, and the record with its last row.
    await social.listChanged(a, 'anime', 500, entry(500, { status: 'watching' }));
    expect((await rowsOf(store, 500))?.get(a)).toMatchObject({ status: 'watching' });
    await social.listChanged(a, 'anime', 500, undefined);
    expect(await indexed(store, 500)).toBe(false);

    // A later (incremental) sync writes what changed on the service.
    now += 60 * 60_000;
    lists.change(b, 'anime', 22, { status: 'on_hold', score: 9 });
    lists.change(b, 'anime', 600, { status: 'watching' });
    await syncNow(social, b);
    expect((await rowsOf(store, 22))?.get(b)).toMatchObject({ status: 'on_hold', score: 9 });
    expect((await rowsOf(store, 600))?.get(b)).toMatchObject({ status: 'watching' });

    // The next full pass finds a title removed on the service: its row goes.
    now += 2 * DAY;
    lists.list(b, 'anime').delete(600);
    await syncNow(social, b);
    expect(await indexed(store, 600)).toBe(false);
  });

  run('the first sync writes its rows in one batch, never one title record at a time', async () => {
    const a = link(1);
    const b = link(2);
    lists.fill(a, 'anime', 200);
    lists.fill(a, 'manga', 50);
    lists.fill(b, 'anime', 200);
    const { social, store } = await instance();
    await social.join(GUILD, b);
    rowBatches = 0;
    rowSingleWrites = 0;
    await social.join(GUILD, a);
    expect(rowBatches).toBe(2);
    expect(rowSingleWrites).toBe(0);
    expect((await store.keys(HOLDERS_PREFIX)).filter((k) => k.endsWith(`:${a}`))).toHaveLength(250);
  });

  run("a server's rows are its members' only: joining another server writes rows there, leaving it takes them away", async () => {
    const a = link(1);
    const b = link(2);
    lists.fill(a, 'anime', 10);
    lists.fill(b, 'anime', 10);
    const { social, store } = await instance();
    await social.join(GUILD, a);
    await social.join(OTHER_GUILD, b);
    // Each server's rows hold its own members only.
    expect([...((await rowsOf(store, 3))?.keys() ?? [])]).toEqual([a]);
    expect([...((await rowsOf(store, 3, 'anime', OTHER_GUILD))?.keys() ?? [])]).toEqual([b]);
    expect((await store.keys(`${HOLDERS_PREFIX}${GUILD}:`)).every((k) => k.endsWith(`:${a}`))).toBe(true);

    // Joining another server (mirror kept: no new read) brings the rows there; the reads follow.
    const requests = lists.requests.length;
    await social.join(OTHER_GUILD, a);
    expect(lists.requests.length).toBe(requests);
    expect([...((await rowsOf(store, 3, 'anime', OTHER_GUILD))?.keys() ?? [])].sort()).toEqual([a, b].sort());
    expect((await social.holders(OTHER_GUILD, 'anime', 3)).holders.map((h) => h.discordUserId)).toEqual([b, a]);
    // A change through the bot reaches every server the member joined.
    await social.listChanged(a, 'anime', 3, entry(3, { status: 'dropped', score: 2 }));
    for (const g of [GUILD, OTHER_GUILD]) expect((await rowsOf(store, 3, 'anime', g))?.get(a)).toMatchObject({ status: 'dropped', score: 2 });

    // Leaving one server takes the rows there and only there.
    await social.leave(OTHER_GUILD, a);
    expect([...((await rowsOf(store, 3, 'anime', OTHER_GUILD))?.keys() ?? [])]).toEqual([b]);
    expect((await store.keys(`${HOLDERS_PREFIX}${OTHER_GUILD}:`)).some((k) => k.endsWith(`:${a}`))).toBe(false);
    expect((await rowsOf(store, 3))?.get(a)).toMatchObject({ status: 'dropped' });
  });

  run('a full pass heals rows lost between a mirror write and its index write (and indexes mirrors of older versions)', async () => {
    const a = link(1);
    lists.fill(a, 'anime', 20);
    const { social, store } = await instance();
    await social.join(GUILD, a);
    // As if the process died after writing the mirror, or an older version kept the mirror: no rows.
    for (const key of await store.keys(HOLDERS_PREFIX)) await store.delete(key);
    now += 2 * DAY;
    await syncNow(social, a);
    for (let id = 1; id <= 20; id++) expect((await rowsOf(store, id))?.get(a)).toMatchObject({ status: 'completed' });
  });

  run('leaving the last server, or forget me, leaves no row of the member anywhere in the store', async () => {
    const a = link(1);
    const b = link(2);
    const c = link(3);
    for (const id of [a, b, c]) {
      lists.fill(id, 'anime', 40);
      lists.fill(id, 'manga', 10);
    }
    const { social, store } = await instance();
    for (const id of [a, b, c]) await social.join(GUILD, id);
    await social.join(OTHER_GUILD, a);
    await social.listChanged(a, 'anime', 900, entry(900, { status: 'watching' }));

    const mentions = async (userId: string) => (await engine.raw()).filter((r) => r.key.includes(userId) || r.value.includes(userId)).map((r) => r.key);
    await social.leave(GUILD, a);
    // Still in another server: the rows there stay.
    expect((await rowsOf(store, 1, 'anime', OTHER_GUILD))?.has(a)).toBe(true);
    expect((await rowsOf(store, 1))?.has(a)).toBe(false);
    await social.leave(OTHER_GUILD, a);
    expect((await mentions(a)).filter((k) => !k.includes('job'))).toEqual([]);
    expect(await indexed(store, 900)).toBe(false);

    expect(await social.forgetUser(b)).toBeGreaterThan(0);
    expect((await mentions(b)).filter((k) => !k.includes('job'))).toEqual([]);
    expect((await rowsOf(store, 1))?.has(c)).toBe(true);
    expect([...((await rowsOf(store, 1))?.keys() ?? [])]).toEqual([c]);
  });

  it.skipIf(engineCase.skipped !== undefined || !engineCase.shared)('two instances changing one title for different members at once keep every row', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => link(i + 1));
    for (const id of ids) lists.fill(id, 'anime', 3);
    const one = await instance();
    const two = await instance();
    for (const id of ids) await one.social.join(GUILD, id);
    await Promise.all(
      ids.map((id, i) => (i % 2 ? one : two).social.listChanged(id, 'anime', 77, entry(77, { status: 'watching', score: (i % 10) + 1, progress: i }))),
    );
    const rows = await rowsOf(one.store, 77);
    expect([...(rows?.keys() ?? [])].sort()).toEqual([...ids].sort());
    ids.forEach((id, i) => expect(rows?.get(id)).toMatchObject({ score: (i % 10) + 1, progress: i }));
    // And removed at once by both, every row goes.
    await Promise.all(ids.map((id, i) => (i % 2 ? two : one).social.listChanged(id, 'anime', 77, undefined)));
    expect(await indexed(one.store, 77)).toBe(false);
  });

  run("the server view answers from this server's rows: no mirror read, no row of another server's member", async () => {
    const ids = Array.from({ length: 8 }, (_, i) => link(i + 1));
    ids.forEach((id, i) => {
      lists.fill(id, 'anime', 50);
      lists.list(id, 'anime').set(7, entry(7, { status: i % 2 ? 'watching' : 'completed', score: i + 1, progress: i }));
    });
    const outsiders = Array.from({ length: 30 }, (_, i) => link(100 + i));
    for (const id of outsiders) lists.fill(id, 'anime', 10);
    const { social } = await instance();
    for (const id of ids) await social.join(GUILD, id);
    for (const id of outsiders) await social.join(OTHER_GUILD, id);

    mirrorGets = 0;
    storeGets = 0;
    keysRead = [];
    const found = await social.holders(GUILD, 'anime', 7);
    expect(mirrorGets).toBe(0);
    expect(storeGets).toBeLessThanOrEqual(4);
    // The read grows with this server's holders of the title, not with the deployment's.
    expect(keysRead.filter((k) => outsiders.some((o) => k.includes(o)))).toEqual([]);
    expect(keysRead.filter((k) => k.startsWith(HOLDERS_PREFIX))).toHaveLength(ids.length);
    expect(found.joined).toBe(8);
    expect(found.title).toEqual({ title: 'Title 7', nsfw: false });
    // Holders in join order; the member of another server is not among them.
    expect(found.holders.map((h) => h.discordUserId)).toEqual(ids);
    const view = serverViewOf('anime', 7, found.holders);
    expect(view.byStatus).toEqual([
      { status: 'watching', count: 4 },
      { status: 'completed', count: 4 },
    ]);
    expect(view.meanScore).toBe(4.5);
    expect(view.lines[0]).toMatchObject({ serviceUser: 'user8', status: 'watching', score: 8 });
    expect((await social.holders(GUILD, 'anime', 4242)).holders).toEqual([]);
  });

  run('a member whose login was lost is shown until their stale time, then not, and the sweep removes the rows', async () => {
    const a = link(1);
    const b = link(2);
    lists.fill(a, 'anime', 5);
    lists.fill(b, 'anime', 5);
    const { social, store } = await instance();
    await social.join(GUILD, a);
    await social.join(GUILD, b);
    lists.lost.add(a);
    now += 60 * 60_000;
    await syncNow(social, a);
    const staleUntil = now + social.knobs.staleMs;
    expect((await rowsOf(store, 3))?.get(a)).toMatchObject({ staleUntil });
    expect((await social.holders(GUILD, 'anime', 3)).holders.map((h) => h.discordUserId)).toEqual([a, b]);

    now = staleUntil;
    expect((await social.holders(GUILD, 'anime', 3)).holders.map((h) => h.discordUserId)).toEqual([b]);
    await social.watch();
    expect((await rowsOf(store, 3))?.has(a)).toBe(false);
    expect((await rowsOf(store, 3))?.has(b)).toBe(true);
  });

  run('a member whose login came back is shown again after their next sync', async () => {
    const a = link(1);
    lists.fill(a, 'anime', 5);
    const { social, store } = await instance();
    await social.join(GUILD, a);
    lists.lost.add(a);
    now += 60 * 60_000;
    await syncNow(social, a);
    expect((await rowsOf(store, 2))?.get(a)?.staleUntil).toBeDefined();
    lists.lost.delete(a);
    now += 60 * 60_000;
    // Joining again after linking again syncs at once (incremental: the mirror is recent).
    await social.join(GUILD, a);
    expect((await rowsOf(store, 2))?.get(a)?.staleUntil).toBeUndefined();
  });
});
