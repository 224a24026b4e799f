// Reminder scheduler at scale: 10 000 users following 20 titles each out of 1 500 distinct airing
// titles (10% also follow their list), plus 500 servers posting 10 titles each in their channels,
// over simulated hours with the scheduler's real tick. Counts
// upstream requests per hour (title polls and list syncs), times each scheduler pass and the longest
// time a pass holds the event loop (what delays interactions), and reads RSS.
// The store is the in-memory engine and delivery a counter, so the numbers are the scheduler's own.

import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { silentLogger } from '../src/log/log.js';
import { MemoryEngine } from '../src/store/engines/memory.js';
import { KEY, emptyUser, type GuildReminders } from '../src/reminders/records.js';
import { InProcessJobEngine } from '../src/jobs/in-process.js';
import { Reminders } from '../src/reminders/reminders.js';
import type { Anime } from '../src/service/work-types.js';
import { WEEKDAYS } from '../src/airing/air-times.js';
import { Prng } from '../emulator/prng.js';
import type { BenchOptions } from './options.js';
import { section, summarize } from './stats.js';

const USERS = 10_000;
const PER_USER = 20;
const TITLES = 1_500;
const LIST_USERS = USERS / 10;
const GUILDS = 500;
const PER_GUILD = 10;
const HOUR = 3_600_000;

export async function runReminders(o: BenchOptions): Promise<void> {
  // Long enough to see the first refresh cycle (titles are polled again after 6 hours).
  const hours = o.quick ? 2 : 7;
  const start = Date.UTC(2026, 0, 8, 12, 0);
  let now = start;
  const rng = new Prng(13);
  const catalogue = new Map<number, Anime>();
  for (let i = 0; i < TITLES; i++) {
    const id = 10_000 + i;
    const startDay = new Date(start - rng.int(0, 10) * 7 * 86_400_000 - rng.int(0, 6) * 86_400_000).toISOString().slice(0, 10);
    catalogue.set(id, {
      id,
      title: `Title ${id}`,
      status: 'currently_airing',
      start_date: startDay,
      num_episodes: rng.pick([12, 13, 24, 0]),
      broadcast: { day_of_the_week: rng.pick(WEEKDAYS), start_time: `${String(rng.pick([0, 1, 2, 17, 18, 22, 23, 8])).padStart(2, '0')}:${rng.pick(['00', '30'])}` },
      nsfw: 'white',
    });
  }
  const ids = [...catalogue.keys()];
  let titlePolls = 0;
  let listSyncs = 0;
  let delivered = 0;
  const kv = new MemoryEngine(() => now);
  const reminders = new Reminders({
    kv,
    jobs: new InProcessJobEngine(kv, () => now, () => undefined),
    now: () => now,
    log: silentLogger,
    source: {
      anime: async (id) => {
        titlePolls++;
        const a = catalogue.get(id);
        if (!a) throw new Error(`no title ${id}`);
        return a;
      },
      airingList: async (userId) => {
        listSyncs++;
        const seed = Number(userId.slice(-6));
        return Array.from({ length: PER_USER }, (_, i) => catalogue.get(ids[(seed * 7 + i * 13) % TITLES] ?? 0) as Anime);
      },
    },
    deliver: async () => {
      delivered++;
      return { ok: true };
    },
  });
  for (let u = 0; u < USERS; u++) {
    const user = emptyUser();
    const picks = new Set<number>();
    while (picks.size < PER_USER) picks.add(ids[rng.int(0, TITLES - 1)] ?? 0);
    user.titles = [...picks];
    user.delayMinutes = rng.pick([0, 0, 30, 60]);
    if (u < LIST_USERS) {
      user.followList = true;
      user.listSyncedAt = start - rng.int(0, 6 * HOUR);
    }
    await kv.set(KEY.user(`1${String(u).padStart(17, '0')}`), JSON.stringify(user));
  }

  for (let g = 0; g < GUILDS; g++) {
    const guildId = `2${String(g).padStart(17, '0')}`;
    const picks = new Set<number>();
    while (picks.size < PER_GUILD) picks.add(ids[rng.int(0, TITLES - 1)] ?? 0);
    const guild: GuildReminders = {
      follows: [...picks].map((titleId, i) => ({
        titleId,
        channelId: `3${String(g * 2 + (i % 2)).padStart(17, '0')}`,
        roleId: `4${String(g).padStart(17, '0')}`,
        delayMinutes: rng.pick([0, 30]),
        ageRestricted: false,
      })),
    };
    await kv.set(KEY.guild(guildId), JSON.stringify(guild));
  }

  const tickMs = reminders.knobs.tickMs;
  const durations: number[] = [];
  const blocks: number[] = [];
  let peak = { ms: 0, delivered: 0 };
  const polledPerHour: number[] = [];
  let firstTickMs = 0;
  for (let h = 0; h < hours; h++) {
    const before = titlePolls + listSyncs;
    for (let t = 0; t < HOUR / tickMs; t++) {
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      const d0 = delivered;
      const t0 = performance.now();
      await reminders.tick();
      const ms = performance.now() - t0;
      loop.disable();
      if (h === 0 && t === 0) firstTickMs = ms;
      else {
        durations.push(ms);
        // The histogram's max is the longest gap of its 1 ms timer: the longest stretch the pass held the loop.
        blocks.push(loop.count > 0 ? loop.max / 1e6 : ms);
        if (ms > peak.ms) peak = { ms, delivered: delivered - d0 };
      }
      now += tickMs;
    }
    polledPerHour.push(titlePolls + listSyncs - before);
  }
  const steady = polledPerHour.slice(1);
  const s = summarize(durations);
  const b = summarize(blocks);
  const rssMb = process.memoryUsage().rss / 1024 / 1024;
  section('reminders');
  console.log(`${USERS} users × ${PER_USER} titles (${TITLES} distinct, ${LIST_USERS} follow their list) + ${GUILDS} servers × ${PER_GUILD} channel follows, ${hours} simulated hours, tick ${tickMs / 1000} s`);
  console.log(`  upstream requests/hour: first hour ${polledPerHour[0] ?? 0} (initial fetch), then max ${Math.max(...steady)} avg ${(steady.reduce((a, b) => a + b, 0) / Math.max(1, steady.length)).toFixed(0)} (target ≤ 1500)`);
  console.log(`  total: ${titlePolls} title polls, ${listSyncs} list syncs, ${delivered} reminders delivered`);
  console.log(`  scheduler time per tick: first ${firstTickMs.toFixed(1)} ms (loads the index), then p50 ${s.p50.toFixed(2)} ms p95 ${s.p95.toFixed(2)} ms max ${s.max.toFixed(1)} ms (the longest pass delivered ${peak.delivered} reminders)`);
  console.log(`  longest event-loop hold per tick: p50 ${b.p50.toFixed(1)} ms p95 ${b.p95.toFixed(1)} ms max ${b.max.toFixed(1)} ms (target ≤ 50 ms)`);
  console.log(`  RSS ${rssMb.toFixed(0)} MB`);
}
