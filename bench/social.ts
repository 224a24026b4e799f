// The server's list community at scale (`npm run bench -- --only social`): 1 000 joined members with
// 300 list entries each across 100 servers (overlapping: server 1 has everyone, each member joined two others), on the bot's real core (`openCore`: store, job engine,
// service client, tokens, the SocialService) against the emulator. Per store engine:
// - the first sync: upstream requests while every member joins (the first sync happens at the join);
// - then simulated hours (the bench's clock, a step every minute): members change their lists on the
//   service at a realistic rate, the job engine runs what fell due; upstream requests per hour;
// - reads on the 1 000-member server through the views the handlers call (bench/social-reads.ts): the
//   server view of a title, /compare, the leaderboards and top titles, warm and cold (the per-process
//   memo of decoded mirrors full or empty), with the upstream requests they made (none expected);
// - the store's size per member (the community's records, keys and values), by part.
// Memory and SQLite by default; BENCH_SOCIAL_ENGINES=memory,sqlite,postgres,redis picks engines.
// BENCH_SOCIAL_ONLY=sync stops after the first sync (with the store operations per member it took);
// BENCH_SOCIAL_ONLY=sync,reads skips the simulated hours. BENCH_SOCIAL_SYNC_MEMBERS=N: only the first N
// members join (a quick look at the first sync's cost per member; the other figures then mean less).

import { performance } from 'node:perf_hooks';
import type { JobEngine } from '../src/jobs/job-engine.js';
import { SYNC_QUEUE } from '../src/community/knobs.js';
import type { EngineKind } from '../src/store/engine.js';
import type { SocialService } from '../src/community/types.js';
import { buildCatalogue, DEFAULT_CATALOGUE_SEED, type Catalogue } from '../emulator/catalogue/index.js';
import { Prng } from '../emulator/prng.js';
import type { BenchOptions } from './options.js';
import { timeReads, type ReadTimes, type Reads } from './social-reads.js';
import { startSocialStack, type SocialStack } from './social-stack.js';
import {
  ANIME_PER_MEMBER, applyChanges, buildWorkload, CATALOGUE_SIZE, emptyCounts, GUILDS, MANGA_PER_MEMBER, MEMBERS, memberNames,
  totalChanges, type ChangeCounts, type SocialWorkload,
} from './social-workload.js';
import { fixed, section } from './stats.js';

const HOUR = 3_600_000;
/**
 * The joins are spread over this long before the measured hours (8 × the default 30-minute base, the
 * longest sync interval), so members' sync schedules are spread as in a community that grew over time,
 * not all due at one instant.
 */
const JOIN_SPREAD_MS = 4 * HOUR;
const STEP_MS = 60_000;
const JOIN_CONCURRENCY = 8;

/** The issues' targets (boards: /server leaderboard and /server top, cold; first sync: every member's, on SQLite). */
export const TARGETS = { requestsPerHour: 1_500, serverViewP95Ms: 50, boardsP95Ms: 50, readUpstream: 0, firstSyncSqliteS: 60 } as const;

function enginesToRun(): EngineKind[] {
  const all: EngineKind[] = ['memory', 'sqlite', 'postgres', 'redis'];
  const picked = process.env.BENCH_SOCIAL_ENGINES?.split(',').map((e) => e.trim()) ?? ['memory', 'sqlite'];
  return all.filter((e) => picked.includes(e));
}

/** The parts BENCH_SOCIAL_ONLY keeps (all when unset). */
function only(part: 'sync' | 'hours' | 'reads'): boolean {
  const picked = process.env.BENCH_SOCIAL_ONLY?.split(',').map((p) => p.trim());
  return !picked || picked.includes(part);
}

/** Counts the engine's operations (and batch writes' records) from now on: patched on the one engine object every part of the core holds. */
function countOperations(engine: object): () => Map<string, number> {
  const counts = new Map<string, number>();
  const target = engine as Record<string, unknown>;
  for (const op of ['get', 'getMany', 'set', 'writeMany', 'setIfAbsent', 'take', 'compareAndSet', 'compareAndDelete', 'delete', 'keys']) {
    const original = target[op];
    if (typeof original !== 'function') continue;
    target[op] = (...args: unknown[]): unknown => {
      counts.set(op, (counts.get(op) ?? 0) + 1);
      if (op === 'writeMany' && Array.isArray(args[0])) counts.set('writeMany records', (counts.get('writeMany records') ?? 0) + args[0].length);
      return (original as (...a: unknown[]) => unknown).apply(engine, args);
    };
  }
  return () => counts;
}

function verdict(ok: boolean): string {
  return ok ? 'PASS' : 'FAIL';
}

export async function runSocial(o: BenchOptions): Promise<void> {
  section('social');
  // A full run covers a day and a bit: every member's daily whole-list read falls inside it.
  const hours = o.quick ? 2 : 26;
  console.log(
    `${MEMBERS} joined members × ${ANIME_PER_MEMBER + MANGA_PER_MEMBER} entries (${ANIME_PER_MEMBER} anime + ${MANGA_PER_MEMBER} manga, popularity-skewed picks from ${CATALOGUE_SIZE} works of each kind) across ${GUILDS} servers (server 1 has all ${MEMBERS}); ${hours} simulated hours after the first sync, a step every ${STEP_MS / 1000} s`,
  );
  for (const kind of enginesToRun()) {
    try {
      await runOn(kind, hours, o);
    } catch (error) {
      console.log(`  ${kind}: FAILED or skipped (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    }
  }
}

async function runOn(kind: EngineKind, hours: number, o: BenchOptions): Promise<void> {
  const start = Date.UTC(2026, 0, 8, 12, 0);
  let now = start - JOIN_SPREAD_MS;
  // The emulator builds its catalogue for the day it starts on: the same one (cached), so every listed title is in it.
  const catalogue = buildCatalogue(CATALOGUE_SIZE, DEFAULT_CATALOGUE_SEED, now, memberNames());
  const workload = buildWorkload(catalogue, now);
  const stack = await startSocialStack(kind, workload, () => now);
  try {
    const social = stack.core.social;
    // As a bot process that runs jobs: the sync workers and the deployment's periodic watch.
    await social.start();
    console.log(`  ${kind} (${stack.core.jobs.kind} job engine):`);

    // ---- first sync: every member joins their servers, the joins spread over JOIN_SPREAD_MS
    const operations = countOperations(stack.core.store.engine);
    const joinedMembers = Math.min(MEMBERS, Number(process.env.BENCH_SOCIAL_SYNC_MEMBERS) || MEMBERS);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const joined = await joinAll(stack, workload, now, (t) => (now = t));
    const joinSeconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    // CPU time of this process (the bot's core and the emulator): what a loaded machine's real time hides.
    const joinCpuSeconds = (cpu.user + cpu.system) / 1e6;
    const joinedIds = new Set(workload.members.slice(0, joinedMembers).map((m) => m.discordUserId));
    const memberships = workload.guilds.reduce((n, g) => n + g.members.filter((id) => joinedIds.has(id)).length, 0);
    const failures = [...joined.failures].map(([why, n]) => `${n} × ${why}`).join('; ');
    const syncTarget = kind === 'sqlite' ? ` (target on SQLite ≤ ${TARGETS.firstSyncSqliteS} s: ${verdict(joinSeconds <= TARGETS.firstSyncSqliteS)})` : '';
    console.log(
      `    first sync: ${joined.joinRequests} upstream requests for ${joinedMembers} members (${fixed(joined.joinRequests / joinedMembers, 2)} per member; one page per kind would be 2), ${memberships} joins (${JOIN_CONCURRENCY} members at a time) spread over ${JOIN_SPREAD_MS / HOUR} simulated hours, ${fixed(joinSeconds)} s real time${syncTarget}, ${fixed(joinCpuSeconds)} s CPU${failures ? `; joins FAILED: ${failures}` : ''}`,
    );
    console.log(`    meanwhile ${joined.syncRequests} upstream requests for the syncs that fell due (not in the hourly figures)`);
    const ops = [...operations()].map(([op, n]) => `${op} ${fixed(n / joinedMembers, 1)}`).join(', ');
    console.log(`    store operations per member during the first sync (the syncs that fell due included): ${ops}`);
    if (!only('hours') && !only('reads')) return;

    if (!only('hours')) {
      console.log('    simulated hours: skipped (BENCH_SOCIAL_ONLY)');
    } else if (stack.core.jobs.kind !== 'in-process') {
      console.log(`    simulated hours: not run on ${stack.core.jobs.kind} (its delayed jobs wait in real time, the bench's clock cannot move them)`);
    } else {
      await simulateHours(stack, workload, catalogue, hours, start, (t) => (now = t));
    }
    const lag = await mirrorLag(social, workload);
    console.log(`    mirrors at the end: ${lag.matching} of ${lag.sampled} sampled member lists match the service exactly; ${lag.missing} titles the service has and the mirror not, ${lag.extra} the other way, ${lag.differing} differing (changes since a member's last sync)`);

    // ---- reads on the 1 000-member server
    const reads = await timeReads(stack, workload, catalogue, o.quick ? 40 : 150);
    printReads(reads);

    // ---- the store
    const size = await storeSize(stack);
    const entries = workload.members.reduce((n, m) => n + m.lists.anime.size + m.lists.manga.size, 0);
    const parts = Object.entries(size.parts)
      .map(([part, p]) => `${part} ${fixed(p.bytes / MEMBERS / 1024)} KiB (${p.keys} records)`)
      .join(', ');
    console.log(
      `    store: ${fixed(size.bytes / MEMBERS / 1024)} KiB per member (${size.keys} community records, ${fixed(size.bytes / 1024 / 1024)} MiB of keys and values; ${fixed(size.bytes / entries, 0)} bytes per mirrored entry); per member: ${parts}`,
    );
  } finally {
    await stack.close();
  }
}

/** Hours of list changes on the service from `start`, a step every minute; prints the upstream requests per hour. */
async function simulateHours(stack: SocialStack, workload: SocialWorkload, catalogue: Catalogue, hours: number, start: number, setNow: (t: number) => void): Promise<void> {
  let now = start;
  setNow(now);
  const perHour: number[] = [];
  const refreshesBefore = stack.refreshes();
  const changes = emptyCounts();
  const rng = new Prng(2222);
  const t0 = performance.now();
  const reads0 = stack.listReads();
  for (let h = 0; h < hours; h++) {
    const before = stack.requests();
    for (let s = 0; s < HOUR / STEP_MS; s++) {
      addCounts(changes, applyChanges(workload, catalogue, rng, now, now + STEP_MS));
      now += STEP_MS;
      setNow(now);
      await drain(stack.core.jobs);
    }
    perHour.push(stack.requests() - before);
  }
  const maxHour = Math.max(...perHour);
  const meanHour = perHour.reduce((a, b) => a + b, 0) / perHour.length;
  console.log(
    `    then per simulated hour: ${perHour.join(', ')} upstream requests (mean ${fixed(meanHour, 0)}, max ${maxHour}; target ≤ ${TARGETS.requestsPerHour}: ${verdict(maxHour <= TARGETS.requestsPerHour)}); of them ${stack.listReads().incremental - reads0.incremental} incremental and ${stack.listReads().whole - reads0.whole} whole list reads; ${stack.refreshes() - refreshesBefore} token refreshes; ${fixed(totalChanges(changes) / hours, 0)} list changes/hour made on the service (${describeCounts(changes)}); ${fixed((performance.now() - t0) / 1000)} s real time`,
  );
}

function readLine(name: string, t: ReadTimes, p95Target?: number): string {
  const fast = p95Target === undefined ? '' : `, p95 ≤ ${p95Target} ms cold ${verdict(t.cold.p95 <= p95Target)}`;
  return `    ${name}: warm p50 ${fixed(t.warm.p50)} p95 ${fixed(t.warm.p95)} ms (${t.warm.n}); cold p50 ${fixed(t.cold.p50)} p95 ${fixed(t.cold.p95)} ms (${t.cold.n}; CPU p50 ${fixed(t.coldCpu.p50)} p95 ${fixed(t.coldCpu.p95)} ms); ${t.upstream} upstream (targets: 0 upstream ${verdict(t.upstream === 0)}${fast})`;
}

/** A board's cold views split: the first after a change (counted again) and one with the kept counts. */
function boardLine(name: string, t: ReadTimes): string {
  const b = t.boards;
  if (!b) return '';
  const target = TARGETS.boardsP95Ms;
  return `\n    ${name}, cold, split: first view after a member's list changed p50 ${fixed(b.afterChange.p50)} p95 ${fixed(b.afterChange.p95)} ms (CPU p95 ${fixed(b.afterChangeCpu.p95)} ms; ≤ ${target} ms ${verdict(b.afterChange.p95 <= target)}); with the kept counts p50 ${fixed(b.kept.p50)} p95 ${fixed(b.kept.p95)} ms (CPU p95 ${fixed(b.keptCpu.p95)} ms; ≤ ${target} ms ${verdict(b.kept.p95 <= target)}) (${b.kept.n} each)`;
}

function printReads(r: Reads): void {
  console.log('    reads on the 1 000-member server, through the views (rendering included); warm = the per-process memo of mirrors holds them, cold = it starts empty:');
  console.log(readLine('server view on /anime|manga info', r.serverView, TARGETS.serverViewP95Ms));
  console.log(readLine('/compare', r.compare));
  console.log(readLine('/server leaderboard', r.leaderboard, TARGETS.boardsP95Ms) + boardLine('/server leaderboard', r.leaderboard));
  console.log(readLine('/server top', r.top, TARGETS.boardsP95Ms) + boardLine('/server top', r.top));
}

/** Runs every sync that is due now (the in-process engine starts a queue's concurrency at a time). */
async function drain(jobs: JobEngine): Promise<void> {
  for (let i = 0; i < 10_000; i++) {
    await jobs.runDue();
    const c = await jobs.counts(SYNC_QUEUE);
    if (c.waiting + c.active === 0) return;
  }
  throw new Error('the due syncs did not drain');
}

/** Every membership, JOIN_CONCURRENCY joins at a time (as members of busy servers join); failures by reason. */
/**
 * Every membership: JOIN_CONCURRENCY members at a time, each joining their servers one after the other,
 * the clock moving evenly over JOIN_SPREAD_MS and the syncs that fall due run in between.
 * Counts the first syncs' requests (whole-list reads) apart from the other syncs', and failed joins by reason.
 */
async function joinAll(
  stack: SocialStack,
  workload: SocialWorkload,
  from: number,
  setNow: (t: number) => void,
): Promise<{ joinRequests: number; syncRequests: number; failures: Map<string, number> }> {
  const social: SocialService = stack.core.social;
  const guildsOf = new Map<string, string[]>();
  for (const g of workload.guilds) for (const id of g.members) guildsOf.set(id, [...(guildsOf.get(id) ?? []), g.guildId]);
  const failures = new Map<string, number>();
  const joinOne = async (g: string, id: string): Promise<void> => {
    const why = await social.join(g, id).then(
      (outcome) => (outcome.ok ? undefined : outcome.reason),
      (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
    );
    if (why !== undefined) failures.set(why, (failures.get(why) ?? 0) + 1);
  };
  const before = { requests: stack.requests(), ...stack.listReads() };
  const limit = Number(process.env.BENCH_SOCIAL_SYNC_MEMBERS);
  const members = Number.isInteger(limit) && limit > 0 ? workload.members.slice(0, limit) : workload.members;
  const inProcess = stack.core.jobs.kind === 'in-process';
  for (let i = 0; i < members.length; i += JOIN_CONCURRENCY) {
    setNow(from + Math.floor((JOIN_SPREAD_MS * i) / members.length));
    // On pg-boss and BullMQ delayed jobs wait in real time: nothing the bench's clock makes due would run.
    if (inProcess) await drain(stack.core.jobs);
    // JOIN_CONCURRENCY members at once, each joining their servers one after the other.
    await Promise.all(
      members.slice(i, i + JOIN_CONCURRENCY).map(async (m) => {
        for (const g of guildsOf.get(m.discordUserId) ?? []) await joinOne(g, m.discordUserId);
      }),
    );
  }
  if (inProcess) await drain(stack.core.jobs);
  // The in-process engine also starts due jobs on its own timer, during joins too: the first syncs are the whole-list reads
  // (no daily full pass falls in these hours), the syncs' reads are incremental.
  const joinRequests = stack.listReads().whole - before.whole;
  return { joinRequests, syncRequests: stack.requests() - before.requests - joinRequests, failures };
}

function addCounts(into: ChangeCounts, c: ChangeCounts): void {
  for (const k of Object.keys(into) as Array<keyof ChangeCounts>) into[k] += c[k];
}

function describeCounts(c: ChangeCounts): string {
  return (Object.entries(c) as Array<[string, number]>).map(([k, v]) => `${k} ${v}`).join(', ');
}

/** Compares 50 members' mirrors with what the service holds now. */
async function mirrorLag(social: SocialService, workload: SocialWorkload): Promise<{ sampled: number; matching: number; missing: number; extra: number; differing: number }> {
  let matching = 0;
  let missing = 0;
  let extra = 0;
  let differing = 0;
  let sampled = 0;
  for (let i = 0; i < workload.members.length; i += Math.floor(workload.members.length / 25)) {
    const m = workload.members[i];
    if (!m) continue;
    for (const kind of ['anime', 'manga'] as const) {
      sampled++;
      const mirror = await social.mirror(m.discordUserId, kind);
      const mirrored = new Map((mirror?.entries ?? []).map((e) => [e.id, e]));
      const list = m.lists[kind];
      let same = true;
      for (const [id, e] of list) {
        const got = mirrored.get(id);
        if (!got) {
          missing++;
          same = false;
        } else if (got.status !== e.status || got.score !== e.score || got.progress !== (kind === 'anime' ? e.episodes : e.chapters)) {
          differing++;
          same = false;
        }
      }
      for (const id of mirrored.keys()) {
        if (!list.has(id)) {
          extra++;
          same = false;
        }
      }
      if (same) matching++;
    }
  }
  return { sampled, matching, missing, extra, differing };
}

/** Which part of the community a record is: mirrors, the per-server title index (rows, names, where a member's rows are), summaries, the servers' kept counts, the rest. */
function partOf(key: string): string {
  if (key.startsWith('soc:mirror:')) return 'mirrors';
  if (/^soc:(h|name|ix):/.test(key)) return 'title index';
  if (key.startsWith('soc:sum:')) return 'summaries';
  if (/^soc:(top|sgen):/.test(key)) return 'kept counts';
  return 'memberships';
}

/** The community's records in the store (keys under `soc:`) and their bytes, in all and by part. */
async function storeSize(stack: SocialStack): Promise<{ keys: number; bytes: number; parts: Record<string, { keys: number; bytes: number }> }> {
  const engine = stack.core.store.engine;
  const keys = await engine.keys('soc:');
  let bytes = 0;
  const parts: Record<string, { keys: number; bytes: number }> = {};
  for (let i = 0; i < keys.length; i += 5_000) {
    const slice = keys.slice(i, i + 5_000);
    const values = await engine.getMany(slice);
    slice.forEach((k, j) => {
      const b = Buffer.byteLength(k) + Buffer.byteLength(values[j] ?? '');
      bytes += b;
      const part = (parts[partOf(k)] ??= { keys: 0, bytes: 0 });
      part.keys++;
      part.bytes += b;
    });
  }
  return { keys: keys.length, bytes, parts };
}
