// The community's store layer and the mirror's syncs on every store engine (memory, SQLite, and
// PostgreSQL and Redis when TEST_POSTGRES_URL / TEST_REDIS_URL are set), against a counted fake of
// the service's list pages: the first sync pages, incremental syncs stop at the last change seen,
// the daily full pass finds deletions, one sync per member per interval across two instances, and
// a lost login stops syncing and leaves a mirror that expires.

import { afterEach, describe, expect, it } from 'vitest';
import type { JobEngine } from '../../src/jobs/job-engine.js';
import { createLogger, silentLogger } from '../../src/log/log.js';
import { DEFAULT_SOCIAL_KNOBS, SYNC_QUEUE, syncJobId, type SocialKnobs } from '../../src/community/knobs.js';
import { Social } from '../../src/community/community.js';
import type { MirrorChange } from '../../src/community/types.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { engineCases } from '../../local-stack/store-engines.js';
import { EnginePlace } from './engine-place.js';
import { DAY, entry, FakeLists } from './fake-lists.js';

const GUILD = '1100000000000000001';
const OTHER = '1100000000000000002';
const KNOBS: Partial<SocialKnobs> = { pageSize: 1000, incrementalPageSize: 100 };
/** Members whose lists last changed long ago (the fake's entries) are synced at sixteen times the base interval. */
const QUIET_INTERVAL = 16 * DEFAULT_SOCIAL_KNOBS.baseSyncMs;

// Real stores (PostgreSQL, Redis, SQLite files): a first sync writes thousands of rows, seconds on a
// loaded machine (a second `npm test` beside this one); what is measured here is requests and bytes, not time.
describe.each(engineCases())('the community on $kind', { timeout: 60_000 }, (engineCase) => {
  const engine = new EnginePlace(engineCase.kind);
  let now = Date.UTC(2026, 10, 1, 12);
  let lists: FakeLists;
  const linked = new Map<string, { serviceUser: string; linkedAt: number }>();

  afterEach(async () => {
    await engine.close();
    linked.clear();
  });

  async function instance(o: { log?: ReturnType<typeof createLogger>; realTime?: boolean } = {}): Promise<{ social: Social; store: StoreEngine; jobs: JobEngine }> {
    lists ??= new FakeLists(() => now);
    const clock = o.realTime ? Date.now : () => now;
    const { store, jobs } = await engine.open(clock);
    const social = new Social({ kv: store, jobs, source: lists, linked: async (id) => linked.get(id), now: clock, log: o.log ?? silentLogger, knobs: KNOBS });
    await social.define();
    return { social, store, jobs };
  }

  function member(id: string, serviceUser = `user${id.slice(-3)}`): string {
    linked.set(id, { serviceUser, linkedAt: now - DAY });
    return id;
  }

  const skip = engineCase.skipped !== undefined;

  it.skipIf(skip)('a burst of joins into one server from two instances: every join counts, none fails', async () => {
    lists = new FakeLists(() => now);
    const a = await instance();
    const b = engineCase.shared ? await instance() : a;
    const ids = Array.from({ length: 24 }, (_, i) => member(`13000000000000000${String(i).padStart(2, '0')}`));
    for (const id of ids) lists.fill(id, 'anime', 3);
    const outcomes = await Promise.all(ids.map((id, i) => (i % 2 === 0 ? a : b).social.join(GUILD, id)));
    expect(outcomes.every((o) => o.ok)).toBe(true);
    expect([...(await a.social.members(GUILD))].sort()).toEqual([...ids].sort());
  });

  it.skipIf(skip)('keeps members per server in join order, and the servers of each member', async () => {
    lists = new FakeLists(() => now);
    const { social, store } = await instance();
    const [a, b, c] = [member('1200000000000000001'), member('1200000000000000002'), member('1200000000000000003')];
    expect(await social.join(GUILD, 'not-linked-1')).toEqual({ ok: false, reason: 'not-linked' });
    for (const id of [b, a, c]) expect(await social.join(GUILD, id)).toMatchObject({ ok: true, alreadyMember: false });
    expect(await social.join(GUILD, a)).toMatchObject({ ok: true, alreadyMember: true });
    await social.join(OTHER, a);
    expect(await social.members(GUILD)).toEqual([b, a, c]);
    expect(await social.members(OTHER)).toEqual([a]);
    expect(await social.isMember(OTHER, b)).toBe(false);
    expect(await social.leave(GUILD, a)).toBe(true);
    expect(await social.leave(GUILD, a)).toBe(false);
    expect(await social.members(GUILD)).toEqual([b, c]);
    // Still in OTHER: the mirror stays until the last server is left.
    expect(await social.mirror(a, 'anime')).toBeDefined();
    await social.leave(OTHER, a);
    expect(await social.mirror(a, 'anime')).toBeUndefined();
    expect(await social.members(OTHER)).toEqual([]);
    expect(await social.forgetUser(b)).toBeGreaterThanOrEqual(3);
    expect(await social.members(GUILD)).toEqual([c]);
    const left = (await store.keys('soc:')).filter((k) => k.includes(a) || k.includes(b));
    expect(left).toEqual([]);
    // Concurrent joins all take effect.
    const many = Array.from({ length: 8 }, (_, i) => member(`13000000000000000${i}0`));
    await Promise.all(many.map((id) => social.join(OTHER, id)));
    expect((await social.members(OTHER)).sort()).toEqual([...many].sort());
  });

  it.skipIf(skip)('first sync reads the whole list in pages of 1000; store size per member measured', async () => {
    lists = new FakeLists(() => now);
    const { social, store } = await instance();
    const id = member('1200000000000000011');
    lists.fill(id, 'anime', 2500);
    lists.fill(id, 'manga', 300);
    const joined = await social.join(GUILD, id);
    expect(joined).toEqual({ ok: true, alreadyMember: false, serviceUser: 'user011', entries: { anime: 2500, manga: 300 } });
    expect(lists.requests.filter((r) => r.kind === 'anime').map((r) => [r.offset, r.limit, r.byUpdate])).toEqual([
      [0, 1000, false],
      [1000, 1000, false],
      [2000, 1000, false],
    ]);
    expect(lists.requestsOf(id, 'manga')).toBe(1);
    const mirror = await social.mirror(id, 'anime');
    expect(mirror?.entries).toHaveLength(2500);
    expect(mirror?.entries[0]).toEqual(entry(2500));
    const part = (k: string) => (/^soc:(h|name|ix):/.test(k) ? 'index' : k.startsWith('soc:sum:') ? 'summary' : 'mirror');
    const sizes = await Promise.all((await store.keys('soc:')).map(async (k) => ({ part: part(k), size: (await store.get(k))?.length ?? 0 })));
    const bytesOf = (p: string) => sizes.filter((s) => s.part === p).reduce((a, s) => a + s.size, 0);
    const [bytes, indexBytes, summaryBytes] = [bytesOf('mirror'), bytesOf('index'), bytesOf('summary')];
    // About 50 bytes per entry (2800 entries) plus the small member and server records.
    expect(bytes / 2800).toBeLessThan(70);
    // The title index (src/community/title-index.ts): a row per title in this server (about 25 bytes) and
    // each title's name once (values only: keys add about 60 bytes a row).
    expect(indexBytes / 2800).toBeLessThan(90);
    // The member's summaries (src/community/member-summary.ts): about 8 bytes per entry.
    expect(summaryBytes / 2800).toBeLessThan(12);
    console.info(
      `[social] store size for one member with 2800 entries on ${engineCase.kind}: ${bytes} bytes (${(bytes / 2800).toFixed(1)} per entry) + title index ${indexBytes} bytes (${(indexBytes / 2800).toFixed(1)} per entry in one server) + summaries ${summaryBytes} bytes`,
    );
  });

  it.skipIf(skip)('incremental syncs ask newest first and stop at the last change seen: one request per kind', async () => {
    lists = new FakeLists(() => now);
    const { social } = await instance();
    const id = member('1200000000000000021');
    lists.fill(id, 'anime', 1500);
    lists.fill(id, 'manga', 40);
    await social.join(GUILD, id);
    const seen: MirrorChange[][] = [];
    social.onChanges(async (userId, serviceUser, changes) => {
      expect([userId, serviceUser]).toEqual([id, 'user021']);
      seen.push(changes);
    });
    now += QUIET_INTERVAL;
    lists.change(id, 'anime', 7, { status: 'dropped', score: 3 });
    lists.change(id, 'anime', 1600, { status: 'watching', progress: 1 });
    const before = lists.requests.length;
    await social.runSync(id);
    const after = lists.requests.slice(before);
    expect(after.map((r) => [r.kind, r.byUpdate, r.offset, r.limit])).toEqual([
      ['anime', true, 0, 100],
      ['manga', true, 0, 100],
    ]);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.map((c) => [c.kind, c.before?.status, c.after?.status])).toEqual([
      ['anime', 'completed', 'dropped'],
      ['anime', undefined, 'watching'],
    ]);
    expect((await social.mirror(id, 'anime'))?.entries).toHaveLength(1501);

    // Six hours on, nothing new: the anime list (changed of late) is read again, one request; the quiet
    // manga list waits for its own time; nothing told.
    now += DAY / 4;
    await social.runSync(id);
    expect(lists.requests.slice(before + 2).map((r) => [r.kind, r.byUpdate])).toEqual([['anime', true]]);
    expect(seen).toHaveLength(1);
    // When the manga list's time comes, it is read (one request) with the anime list due again by then.
    now += QUIET_INTERVAL;
    await social.runSync(id);
    expect(lists.requests.slice(before + 3).map((r) => [r.kind, r.byUpdate])).toEqual([
      ['anime', true],
      ['manga', true],
    ]);
  });

  it.skipIf(skip)('only the daily full pass finds deletions', async () => {
    lists = new FakeLists(() => now);
    const { social } = await instance();
    const id = member('1200000000000000031');
    lists.fill(id, 'anime', 30);
    await social.join(GUILD, id);
    const seen: MirrorChange[] = [];
    social.onChanges(async (_u, _s, changes) => void seen.push(...changes));
    lists.list(id, 'anime').delete(5);
    now += QUIET_INTERVAL;
    await social.runSync(id);
    expect((await social.mirror(id, 'anime'))?.entries).toHaveLength(30);
    now += DAY;
    await social.runSync(id);
    expect(lists.requests.at(-2)).toMatchObject({ kind: 'anime', byUpdate: false, offset: 0, limit: 1000 });
    expect((await social.mirror(id, 'anime'))?.entries).toHaveLength(29);
    expect(seen).toEqual([{ kind: 'anime', before: entry(5) }]);
  });

  it.skipIf(skip)('a list change through the bot shows at once, is told once, and a failing listener breaks nothing', async () => {
    lists = new FakeLists(() => now);
    const lines: string[] = [];
    const { social } = await instance({ log: createLogger('debug', (line) => lines.push(line)) });
    const id = member('1200000000000000041');
    lists.fill(id, 'anime', 10);
    await social.join(GUILD, id);
    const seen: MirrorChange[] = [];
    social.onChanges(() => Promise.reject(new Error('listener broke')));
    social.onChanges(async (_u, _s, changes) => void seen.push(...changes));
    await social.listChanged('1299999999999999999', 'anime', 3, entry(3, { score: 10 }));
    now += 60_000;
    lists.change(id, 'anime', 3, { score: 10, progress: 12 });
    const changed = lists.list(id, 'anime').get(3);
    await social.listChanged(id, 'anime', 3, changed);
    expect((await social.mirror(id, 'anime'))?.entries.find((e) => e.id === 3)?.score).toBe(10);
    await social.listChanged(id, 'anime', 4, undefined);
    expect((await social.mirror(id, 'anime'))?.entries.some((e) => e.id === 4)).toBe(false);
    expect(seen.map((c) => [c.before?.score, c.after?.score])).toEqual([
      [7, 10],
      [7, undefined],
    ]);
    expect(lines.filter((l) => l.includes('a listener of list changes failed'))).toHaveLength(2);
    // The sync then finds the same change on the service: nothing told twice.
    now += QUIET_INTERVAL;
    await social.runSync(id);
    expect(seen).toHaveLength(2);
  });

  it.skipIf(skip)('forgotten while a sync reads the lists: nothing of theirs is left', async () => {
    lists = new FakeLists(() => now);
    const { social, store } = await instance();
    const id = member('1200000000000000045');
    lists.fill(id, 'anime', 10);
    await social.join(GUILD, id);
    now += QUIET_INTERVAL;
    let forgotten = false;
    lists.beforePage = async () => {
      if (forgotten) return;
      forgotten = true;
      await social.forgetUser(id);
    };
    await social.runSync(id);
    expect(forgotten).toBe(true);
    expect((await store.keys('soc:')).filter((k) => k.includes(id))).toEqual([]);
  });

  it.skipIf(skip)('one sync per member per interval, and the next one scheduled by activity', async () => {
    lists = new FakeLists(() => now);
    const { social, jobs, store } = await instance();
    const id = member('1200000000000000051');
    lists.fill(id, 'anime', 5);
    await social.join(GUILD, id);
    const first = lists.requests.length;
    await social.runSync(id);
    expect(lists.requests.length).toBe(first);
    // A quiet list: the next sync is due in sixteen times the base interval.
    const joinedRecord = JSON.parse((await store.get(`soc:member:${id}`)) ?? '{}') as { nextAt?: number };
    expect(joinedRecord.nextAt).toBe(now + QUIET_INTERVAL);
    // Using the bot brings it to within half the base interval.
    await social.noteActive(id);
    now += DEFAULT_SOCIAL_KNOBS.baseSyncMs / 2;
    await Promise.all([social.runSync(id), social.runSync(id)]);
    expect(lists.requests.length).toBe(first + 2);
    await social.runSync(id);
    expect(lists.requests.length).toBe(first + 2);
    const record = JSON.parse((await store.get(`soc:member:${id}`)) ?? '{}') as { nextAt?: number; jobIds?: string[] };
    expect(record.nextAt).toBe(now + DEFAULT_SOCIAL_KNOBS.baseSyncMs / 2);
    const next = syncJobId(id, record.nextAt ?? 0, { ...DEFAULT_SOCIAL_KNOBS });
    expect(record.jobIds?.at(-1)).toBe(next);
    // The next job is queued already: enqueueing its id again adds nothing.
    expect(await jobs.enqueue(SYNC_QUEUE, next, { userId: id })).toBe(false);
    // Quiet for a month: synced at sixteen times the base interval.
    now += 40 * DAY;
    await social.runSync(id);
    const quiet = JSON.parse((await store.get(`soc:member:${id}`)) ?? '{}') as { nextAt?: number };
    expect(quiet.nextAt).toBe(now + QUIET_INTERVAL);
  });

  it.skipIf(skip)('a lost login stops syncing; the mirror shows until 30 days pass, then the member is gone with it', async () => {
    lists = new FakeLists(() => now);
    const { social, store } = await instance();
    const id = member('1200000000000000061');
    lists.fill(id, 'anime', 5);
    await social.join(GUILD, id);
    lists.lost.add(id);
    now += QUIET_INTERVAL;
    await social.runSync(id);
    const lostAt = now;
    const mirror = await social.mirror(id, 'anime');
    expect(mirror?.staleUntil).toBe(lostAt + 30 * DAY);
    expect(mirror?.entries).toHaveLength(5);
    const requests = lists.requests.length;
    now += DAY;
    await social.runSync(id);
    await social.watch();
    expect(lists.requests.length).toBe(requests);
    now = lostAt + 30 * DAY;
    expect(await social.mirror(id, 'anime')).toBeUndefined();
    await social.watch();
    expect(await store.get(`soc:mirror:${id}:anime`)).toBeUndefined();
    // No longer a member anywhere: the server does not count them, no record names them.
    expect(await social.isMember(GUILD, id)).toBe(false);
    expect(await social.members(GUILD)).toEqual([]);
    expect((await store.keys('soc:')).filter((k) => k.includes(id))).toEqual([]);
    // Linking again and joining again reads the lists again.
    lists.lost.delete(id);
    linked.set(id, { serviceUser: 'user061', linkedAt: now });
    await social.watch();
    expect(await social.join(GUILD, id)).toMatchObject({ ok: true, alreadyMember: false, entries: { anime: 5, manga: 0 } });
    expect(lists.requests.length).toBeGreaterThan(requests);
    expect((await social.mirror(id, 'anime'))?.staleUntil).toBeUndefined();
  });

  it.skipIf(skip || !engineCase.shared)('two instances on one store: each member synced once per interval, its next job enqueued once', async () => {
    lists = new FakeLists(() => now);
    const a = await instance();
    const b = await instance();
    const ids = Array.from({ length: 6 }, (_, i) => member(`14000000000000000${i}1`));
    for (const id of ids) {
      lists.fill(id, 'anime', 20);
      await (ids.indexOf(id) % 2 ? a : b).social.join(GUILD, id);
    }
    expect((await b.social.members(GUILD)).sort()).toEqual([...ids].sort());
    const before = lists.requests.length;
    now += QUIET_INTERVAL;
    await Promise.all(ids.flatMap((id) => [a.social.runSync(id), b.social.runSync(id)]));
    for (const id of ids) expect(lists.requests.slice(before).filter((r) => r.userId === id)).toHaveLength(2);
    const due = now + DAY;
    const added = await Promise.all([a.jobs, b.jobs, a.jobs].map((jobs) => jobs.enqueue(SYNC_QUEUE, syncJobId(ids[0] ?? '', due, { ...DEFAULT_SOCIAL_KNOBS }), { userId: ids[0] }, { delayMs: DAY })));
    expect(added.filter(Boolean)).toHaveLength(1);
  });

  const networked = engineCase.kind === 'postgres' || engineCase.kind === 'redis';
  it.skipIf(skip || !networked)('two instances working the queue: a sync scheduled by both runs once', async () => {
    lists = new FakeLists(Date.now);
    const a = await instance({ realTime: true });
    const b = await instance({ realTime: true });
    const id = member('1500000000000000001');
    linked.set(id, { serviceUser: 'user001', linkedAt: Date.now() - DAY });
    lists.fill(id, 'anime', 10);
    await a.social.join(GUILD, id);
    await Promise.all([a.social.start(), b.social.start()]);
    const before = lists.requests.length;
    const due = Date.now();
    await Promise.all([a.social.scheduleSync(id, due), b.social.scheduleSync(id, due), a.social.scheduleSync(id, due)]);
    const end = Date.now() + 20_000;
    while (lists.requests.length < before + 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 2000));
    expect(lists.requests.slice(before).map((r) => r.kind)).toEqual(['anime', 'manga']);
  }, 40_000);
});
