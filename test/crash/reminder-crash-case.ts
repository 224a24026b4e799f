// Reminders through crashes, per shared store and its job engine (SQLite with the in-process engine,
// PostgreSQL with pg-boss, Redis with BullMQ): three real bot processes share the store and a clock
// the test moves; 250 reminders fall due over 15 minutes of that clock while processes are killed
// with SIGKILL at random moments and started again (on SQLite, before the dead runs' leases end).
// Discord holds back each answer for a while after taking the post, so kills land mid-send too.
// Afterwards every reminder went out exactly once — counted as messages the fake Discord created,
// not as posts its nonce check turned away — and none to a removed title or a forgotten user.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EngineKind } from '../../src/store/engine.js';
import { startEmulator, type Emulator } from '../../emulator/server.js';
import { Prng } from '../../emulator/prng.js';
import { startFakeDiscord, type FakeDiscord } from '../../fake-discord/index.js';
import { botEnv, CLOCKED_ENTRY, spawnBot, waitFor, waitReady, type BotRun } from '../../local-stack/bot-process.js';
import { freePort } from '../../local-stack/free-port.js';
import { engineCases, prepareCase } from '../../local-stack/store-engines.js';
import { KEY, emptyUser, type TitleInfo } from '../../src/reminders/records.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { CLIENT_ID } from '../../local-stack/harness.js';

const MINUTE = 60_000;
const TITLES = 12;
const USERS = 50;
const PER_USER = 5;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

interface Follow {
  userId: string;
  titleId: number;
  dueMs: number;
}

/** A title airing weekly at `atMs` (Japan time slot), its episode 4 then. */
function titleAiringAt(id: number, atMs: number): TitleInfo {
  const jst = new Date(atMs + 9 * 60 * MINUTE);
  const hh = String(jst.getUTCHours()).padStart(2, '0');
  const mm = String(jst.getUTCMinutes()).padStart(2, '0');
  const start = new Date(atMs + 9 * 60 * MINUTE - 3 * 7 * 24 * 60 * MINUTE).toISOString().slice(0, 10);
  return {
    id,
    title: `Crash Title ${id}`,
    nsfw: 'white',
    status: 'currently_airing',
    broadcast: { day_of_the_week: WEEKDAYS[jst.getUTCDay()] ?? 'monday', start_time: `${hh}:${mm}` },
    start_date: start,
    num_episodes: 24,
    fetchedAt: atMs - 10 * MINUTE,
  };
}

const SEEDS = { sqlite: 23, postgres: 21, redis: 22, memory: 0 } as const;
const JOB_ENGINES = { sqlite: 'in-process', postgres: 'pg-boss', redis: 'bullmq', memory: 'in-process' } as const;

/** The case on one engine (a file per engine, so the three run side by side on separate workers). */
export function describeReminderCrashes(kind: Exclude<EngineKind, 'memory'>): void {
  const engineCase = engineCases().find((c) => c.kind === kind);
  if (!engineCase) throw new Error(`no engine case ${kind}`);
  describe(`reminders through SIGKILLs on ${kind}`, () => {
    const cleanups: Array<() => Promise<unknown>> = [];
    afterAll(async () => {
      for (const c of cleanups.reverse()) await c().catch(() => undefined);
    });

    it.skipIf(engineCase.skipped)('three processes killed at random: every reminder delivered once, none to a removed title or a forgotten user', async () => {
      const rng = new Prng(SEEDS[engineCase.kind]);
      const place = prepareCase(engineCase.kind);
      cleanups.push(() => place.cleanup());
      const store: StoreEngine = await place.open();
      cleanups.push(() => store.close());
      const emulator: Emulator = await startEmulator({});
      cleanups.push(() => emulator.close());
      const discord: FakeDiscord = await startFakeDiscord({ applicationId: '990000000000000001' });
      cleanups.push(() => discord.close());
      discord.setMessageAnswerDelay(150);
      const dir = mkdtempSync(join(tmpdir(), 'amls-clock-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      const clockFile = join(dir, 'offset');

      // The moved clock: starts at the next whole minute plus a day, so nothing real is due.
      const start = Math.ceil(Date.now() / MINUTE) * MINUTE + 24 * 60 * MINUTE;
      let offset = start - Date.now();
      writeFileSync(clockFile, String(offset));
      const simNow = () => Date.now() + offset;

      // Seeded follows: 12 titles airing a minute apart from start + 2 min; 50 users × 5 titles; delays 0–2 min.
      const follows: Follow[] = [];
      for (let t = 0; t < TITLES; t++) await store.set(KEY.title(9000 + t), JSON.stringify(titleAiringAt(9000 + t, start + (2 + t) * MINUTE)));
      const users = Array.from({ length: USERS }, (_, i) => `7${String(i).padStart(17, '0')}`);
      for (const userId of users) {
        discord.knowUser(userId, `crash-${userId.slice(-3)}`);
        const titles = new Set<number>();
        while (titles.size < PER_USER) titles.add(9000 + rng.int(0, TITLES - 1));
        const delay = rng.int(0, 2);
        await store.set(KEY.user(userId), JSON.stringify({ ...emptyUser(), titles: [...titles], delayMinutes: delay }));
        for (const titleId of titles) follows.push({ userId, titleId, dueMs: start + (2 + titleId - 9000 + delay) * MINUTE });
      }

      const ports = await Promise.all([0, 1, 2].map(() => freePort()));
      const env = (port: number) =>
        botEnv({
          discord,
          emulator,
          clientId: CLIENT_ID,
          port,
          storeUrl: place.url,
          transport: 'http',
          extra: { AMLS_TEST_CLOCK_FILE: clockFile, REMINDER_TICK_SECONDS: '1', REMINDER_LEASE_SECONDS: '10', REMINDER_RETRY_SECONDS: '1', LOG_LEVEL: 'warn' },
        });
      const runs: Array<BotRun | undefined> = ports.map((port) => spawnBot(env(port), undefined, CLOCKED_ENTRY));
      cleanups.push(async () => runs.forEach((r) => r?.child.kill('SIGKILL')));
      await Promise.all(runs.map((run, i) => (run ? waitReady(run, ports[i] ?? 0, 90_000) : undefined)));

      // Killing: every 1.5–4 s one live process dies by SIGKILL and is started again 0.5–2 s later.
      let kills = 0;
      let starts = 3;
      let killing = true;
      const killer = (async () => {
        while (killing) {
          await new Promise((r) => setTimeout(r, 1500 + rng.int(0, 2500)));
          if (!killing) break;
          const i = rng.int(0, 2);
          const run = runs[i];
          if (!run) continue;
          run.child.kill('SIGKILL');
          kills++;
          runs[i] = undefined;
          await run.exited;
          await new Promise((r) => setTimeout(r, 500 + rng.int(0, 1500)));
          runs[i] = spawnBot(env(ports[i] ?? 0), undefined, CLOCKED_ENTRY);
          starts++;
        }
      })();

      // Mid-run changes, made as the commands make them (in the store): a removed title and forgotten users,
      // for reminders due at least two minutes later.
      const changeAt = start + 5 * MINUTE;
      const removed = follows.filter((f) => f.userId === users[0] || f.userId === users[1]).filter((f) => f.dueMs >= changeAt + 2 * MINUTE);
      const forgotten = new Set([users[2], users[3], users[4]]);
      let changed = false;

      // The clock moves 30 s per real second, to 18 minutes after the start.
      while (simNow() < start + 18 * MINUTE) {
        await new Promise((r) => setTimeout(r, 1000));
        offset += 30_000;
        writeFileSync(clockFile, String(offset));
        if (!changed && simNow() >= changeAt) {
          changed = true;
          for (const f of removed) {
            const raw = await store.get(KEY.user(f.userId));
            const u = JSON.parse(raw ?? '{}') as { titles: number[] };
            await store.set(KEY.user(f.userId), JSON.stringify({ ...u, titles: u.titles.filter((id) => id !== f.titleId) }));
          }
          for (const userId of forgotten) if (userId) await store.delete(KEY.user(userId));
        }
      }
      killing = false;
      await killer;
      for (const [i, run] of runs.entries()) if (!run) runs[i] = spawnBot(env(ports[i] ?? 0), undefined, CLOCKED_ENTRY);

      const skippedIds = new Set(removed.map((f) => `${f.userId}:${f.titleId}`));
      // A forgotten user's reminders due before the change may have gone out before it, or may still have
      // been waiting out a killed attempt's lease or back-off (seconds of real time, minutes of this clock)
      // and then be dropped as forgotten: either is right, but never twice and none due after it.
      const around = (f: Follow) => forgotten.has(f.userId) && f.dueMs < changeAt + 2 * MINUTE;
      const expected = follows.filter((f) => !skippedIds.has(`${f.userId}:${f.titleId}`) && !forgotten.has(f.userId));
      const countFor = (f: Follow) => discord.dms.messagesTo(f.userId).filter((m) => JSON.stringify(m.embeds).includes(`Crash Title ${f.titleId}`)).length;
      const delivered = () => expected.filter((f) => countFor(f) >= 1).length;
      // A reminder whose attempts were cut short by several kills waits out the engine's doubling back-off
      // (1 s, 2 s, … 64 s over its 8 attempts, in real time) before it is sent: the wait allows all of it.
      await waitFor(
        () => delivered() === expected.length,
        240_000,
        () => `all ${expected.length} reminders (delivered ${delivered()}; missing ${JSON.stringify(expected.filter((f) => countFor(f) === 0).map((f) => ({ ...f, dueMin: (f.dueMs - start) / MINUTE })))})`,
      );
      // A message can exist while its job does not know it yet: a run killed mid-send after Discord took
      // the post holds the job until its lease ends, and its retry (told by the nonce or the sent marker)
      // waits out a back-off and a free worker, seconds more on a loaded machine. Every delivery job must
      // still reach its end: the queue drains (nothing waiting, delayed or running), bounded.
      let ready: Record<string, unknown> = {};
      let firstReady: Record<string, unknown> | undefined;
      const drainFrom = Date.now();
      await waitFor(
        async () => {
          ready = (await (await fetch(`http://127.0.0.1:${ports[0] ?? 0}/readyz`)).json()) as Record<string, unknown>;
          firstReady ??= ready;
          return ready.reminders_waiting === 0 && ready.reminders_delayed === 0 && ready.reminders_active === 0;
        },
        90_000,
        () => `the delivery queue to drain (last /readyz: ${JSON.stringify(ready)})`,
      );
      const drainedMs = Date.now() - drainFrom;
      // Let late duplicates, if any, surface before counting.
      await new Promise((r) => setTimeout(r, 3000));

      const twice = follows.filter((f) => countFor(f) > 1);
      const unwanted = follows.filter((f) => !expected.includes(f) && !around(f) && countFor(f) > 0);
      const aroundSent = follows.filter((f) => around(f) && countFor(f) > 0).length;
      const total = users.reduce((n, u) => n + discord.dms.messagesTo(u).length, 0) - aroundSent;
      console.log(
        `[crash ${engineCase.kind}] ${expected.length} reminders expected, ${total} messages created, ${twice.length} twice, ${unwanted.length} unwanted; ` +
          `${kills} SIGKILLs, ${starts} process starts, ${discord.dms.nonceReplays} posts answered by the nonce check; ` +
          `${aroundSent} of ${follows.filter(around).length} forgotten users' reminders due before the change went out before it; ` +
          `the queue drained ${drainedMs} ms after the last delivery (first seen: ${JSON.stringify(firstReady)})`,
      );
      ready = (await (await fetch(`http://127.0.0.1:${ports[0] ?? 0}/readyz`)).json()) as Record<string, unknown>;
      expect(ready).toMatchObject({ reminder_jobs: JOB_ENGINES[engineCase.kind], reminders_failed: 0, reminders_waiting: 0, reminders_delayed: 0, reminders_active: 0 });
      expect(twice).toEqual([]);
      expect(unwanted).toEqual([]);
      expect(total).toBe(expected.length);
      expect(kills).toBeGreaterThanOrEqual(5);
    }, 480_000);
  });
}
