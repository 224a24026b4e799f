// Part of `--only recaps`: what `/server wrapped` costs the store (issue 42), and what the community's
// new records weigh. On SQLite, and PostgreSQL / Redis when TEST_POSTGRES_URL / TEST_REDIS_URL are set.
//
// - A 1 000-member server (each member 60 anime titles from a shared pool of 600, half completed this
//   year with a finish date and a start season) joined through the real community code: the store reads
//   of `/server wrapped` (the members' yearly sums, the title index's names, the titles' kept ratings)
//   and the year counted, each sample through a new community object (no process memo): p50/p95
//   against 100 ms p95 cold.
// - A week of typical use for 40 of them (a few episodes a day, a completion and a score most weeks, a
//   sync a day): history bytes per member per week, and the sums record's size.
// - The mirror's new fields (finish date, start season): bytes per entry, from the encoded mirror.

import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { prepareCase, engineCases } from '../local-stack/store-engines.js';
import { InProcessJobEngine } from '../src/jobs/in-process.js';
import { NsfwRatings } from '../src/known-works/nsfw-ratings.js';
import { silentLogger } from '../src/log/log.js';
import type { ListPage, ListPageRequest, ListSource } from '../src/community/list-source.js';
import { encodeMirror, type MirrorRecord } from '../src/community/records.js';
import { serverYear } from '../src/community/server-year.js';
import { Social } from '../src/community/community.js';
import type { ListKind, MirrorEntry } from '../src/community/types.js';
import type { EngineKind, StoreEngine } from '../src/store/engine.js';
import type { BenchOptions } from './options.js';
import { StoreWeekSource } from '../src/server-recaps/store-week.js';
import { fixed, summarize, table } from './stats.js';

const GUILD = '1100000000000000001';
const MEMBERS = 1_000;
const POOL = 600;
const PER_MEMBER = 60;
const WEEK_MEMBERS = 40;
const READ_P95_MS = 100;
const DAY = 86_400_000;
const YEAR = new Date().getUTCFullYear();
const SEASONS = ['winter', 'spring', 'summer', 'fall'];

const memberId = (i: number): string => `12${String(i).padStart(17, '0')}`;

/** A deterministic pseudo-random sequence per member (titles skewed to the popular end of the pool). */
function seeded(seed: number): () => number {
  let s = seed * 2654435761 + 1;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function memberList(i: number, now: number): Map<number, MirrorEntry> {
  const rnd = seeded(i + 1);
  const list = new Map<number, MirrorEntry>();
  while (list.size < PER_MEMBER) {
    const id = 1 + Math.floor(POOL * rnd() ** 2);
    const completed = rnd() < 0.5;
    const month = 1 + Math.floor(rnd() * 11);
    list.set(id, {
      id,
      title: `Pool title ${id}`,
      status: completed ? 'completed' : rnd() < 0.5 ? 'watching' : 'plan_to_watch',
      score: completed ? 5 + Math.floor(rnd() * 6) : 0,
      progress: completed ? 12 : Math.floor(rnd() * 6),
      total: 12,
      episodeSeconds: 1_440,
      nsfw: id % 37 === 0,
      updatedAt: now - Math.floor(rnd() * 200) * DAY,
      picture: `https://cdn.example/images/anime/${id % 97}/${id}.jpg`,
      ...(completed ? { finishedOn: `${YEAR}-${String(month).padStart(2, '0')}-${rnd() < 0.3 ? '00' : '14'}` } : {}),
      season: `${YEAR - Math.floor(rnd() * 3)}-${SEASONS[id % 4] ?? 'winter'}`,
    });
  }
  return list;
}

/** The members' lists as the service would page them (in-process: no requests are counted here). */
class BenchLists implements ListSource {
  readonly lists = new Map<string, Map<number, MirrorEntry>>();

  page(userId: string, kind: ListKind, request: ListPageRequest): Promise<ListPage> {
    const all = kind === 'anime' ? [...(this.lists.get(userId)?.values() ?? [])] : [];
    all.sort(request.byUpdate ? (a, b) => b.updatedAt - a.updatedAt || a.id - b.id : (a, b) => a.id - b.id);
    return Promise.resolve({ entries: all.slice(request.offset, request.offset + request.limit).map((e) => ({ ...e })), more: request.offset + request.limit < all.length });
  }
}

interface Place {
  store: StoreEngine;
  social: (now: () => number) => Promise<Social>;
  close(): Promise<void>;
}

async function openPlace(kind: EngineKind, lists: BenchLists): Promise<Place> {
  const place = prepareCase(kind);
  const store = await place.open();
  const opened: InProcessJobEngine[] = [];
  return {
    store,
    social: async (now) => {
      const jobs = new InProcessJobEngine(store, now, () => undefined, 0);
      opened.push(jobs);
      const social = new Social({ kv: store, jobs, source: lists, linked: async (id) => ({ serviceUser: `m${id.slice(-4)}`, linkedAt: 0 }), now, log: silentLogger, knobs: { pageSize: 1000 } });
      await social.define();
      return social;
    },
    close: async () => {
      for (const jobs of opened) await jobs.stop();
      await store.close();
      await place.cleanup();
    },
  };
}

/** The store reads (and the count) of one `/server wrapped`, through a new community object: wall and CPU ms. */
async function wrappedReads(social: Social, ratings: NsfwRatings): Promise<{ wall: number; cpu: number }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const y = serverYear(YEAR, await social.yearSums(GUILD, 'anime', YEAR));
  const ids = [...new Set([y.completed, y.loved, y.dropped, y.shared].flatMap((l) => l.slice(0, 30).map((x) => x.id)))];
  await social.titleNames('anime', ids);
  await Promise.all(ids.map((id) => ratings.get('anime', id)));
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000 };
}

/** A week of typical use for some members: a few episodes a day, a completion and a score, a sync a day. */
async function typicalWeek(social: Social, lists: BenchLists, clock: { now: number }): Promise<void> {
  for (let day = 0; day < 7; day++) {
    clock.now += DAY;
    for (let i = 0; i < WEEK_MEMBERS; i++) {
      const list = lists.lists.get(memberId(i));
      const watching = [...(list?.values() ?? [])].filter((e) => e.status === 'watching').slice(0, 2);
      for (const [n, e] of watching.entries()) {
        const progress = Math.min(e.total, e.progress + 1 + ((day + n) % 2));
        const done = day === 5 && n === 0;
        list?.set(e.id, { ...e, progress: done ? e.total : progress, status: done ? 'completed' : e.status, score: done ? 8 : e.score, updatedAt: clock.now });
      }
      await social.scheduleSync(memberId(i), clock.now);
      await social.runSync(memberId(i));
    }
  }
}

/** The store reads of one weekly recap of the server's last 7 days (both kinds, through a new community object): wall ms. */
async function recapReads(store: StoreEngine, social: Social, now: number): Promise<number> {
  const t0 = performance.now();
  await new StoreWeekSource(store, social).week(GUILD, 'both', now - 7 * DAY, now);
  return performance.now() - t0;
}

async function sizesOf(store: StoreEngine, prefix: string, count: number): Promise<number> {
  const raws = await store.getMany(Array.from({ length: count }, (_, i) => `${prefix}${memberId(i)}:anime`));
  return raws.reduce((n, raw) => n + Buffer.byteLength(raw ?? ''), 0) / count;
}

async function benchEngine(kind: EngineKind, o: BenchOptions): Promise<string[]> {
  const lists = new BenchLists();
  const clock = { now: Date.UTC(YEAR, 11, 1) };
  for (let i = 0; i < MEMBERS; i++) lists.lists.set(memberId(i), memberList(i, clock.now));
  const place = await openPlace(kind, lists);
  try {
    const social = await place.social(() => clock.now);
    const t0 = performance.now();
    for (let i = 0; i < MEMBERS; i++) await social.join(GUILD, memberId(i));
    const joinS = (performance.now() - t0) / 1000;
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let n = 0; n < Math.max(10, o.samples); n++) {
      const t = await wrappedReads(await place.social(() => clock.now), new NsfwRatings(place.store));
      wall.push(t.wall);
      cpu.push(t.cpu);
    }
    const s = summarize(wall);
    const c = summarize(cpu);
    await typicalWeek(social, lists, clock);
    const recap: number[] = [];
    for (let n = 0; n < Math.max(10, o.samples); n++) recap.push(await recapReads(place.store, await place.social(() => clock.now), clock.now));
    const r = summarize(recap);
    const hist = await sizesOf(place.store, 'soc:hist:', WEEK_MEMBERS);
    const tally = await sizesOf(place.store, 'soc:tally:', WEEK_MEMBERS);
    return [kind, fixed(joinS, 0), `${fixed(s.p50)} / ${fixed(s.p95)}`, `${fixed(c.p50)} / ${fixed(c.p95)}`, s.p95 <= READ_P95_MS ? 'ok' : 'MISSED', `${fixed(r.p50)} / ${fixed(r.p95)} ${r.p95 <= READ_P95_MS ? 'ok' : 'MISSED'}`, fixed(hist, 0), fixed(tally, 0)];
  } finally {
    await place.close();
  }
}

/** Bytes the finish date and start season add to each mirror entry, from encoded mirrors with and without them. */
function mirrorGrowth(): string {
  const entries = memberList(7, Date.UTC(YEAR, 11, 1));
  const stripped = (e: MirrorEntry): MirrorEntry => {
    const copy = { ...e };
    delete copy.finishedOn;
    delete copy.season;
    return copy;
  };
  const record = (strip: boolean): MirrorRecord => ({
    serviceUser: 'member',
    syncedAt: 1,
    seenUpdatedAt: 1,
    fullAt: 1,
    version: 1,
    entries: new Map([...entries].map(([id, e]) => [id, strip ? stripped(e) : e])),
  });
  const withFields = Buffer.byteLength(encodeMirror(record(false)));
  const without = Buffer.byteLength(encodeMirror(record(true)));
  const completed = [...entries.values()].filter((e) => e.finishedOn !== undefined).length;
  return `mirror growth from the new fields: ${fixed((withFields - without) / entries.size)} bytes per entry (${PER_MEMBER} entries, ${completed} with a finish date, all with a season; ${without} → ${withFields} bytes)`;
}

export async function runServerYear(o: BenchOptions): Promise<void> {
  console.log(`\n== recaps: /server wrapped and the weekly recap for a ${MEMBERS}-member server (store reads, cold), history and sums sizes ==`);
  const rows: string[][] = [];
  for (const engine of engineCases().filter((c) => c.kind !== 'memory')) {
    if (engine.skipped) {
      console.log(`${engine.kind}: skipped (${engine.skipped})`);
      continue;
    }
    rows.push(await benchEngine(engine.kind, o));
  }
  console.log(`load average now: ${loadavg().map((l) => fixed(l)).join(' ')} on ${cpus().length} cores (wall times grow with it; CPU times less)`);
  console.log(table(['engine', `${MEMBERS} joins s`, 'wrapped reads wall p50/p95 ms', 'CPU p50/p95 ms', `≤ ${READ_P95_MS} ms p95`, 'weekly recap reads wall p50/p95 ms', `history B/member/week (${WEEK_MEMBERS} members)`, 'sums record B/member'], rows));
  console.log(mirrorGrowth());
}
