// The end of a `/server pick` poll as a job, on every store and its job engine (SQLite in-process,
// PostgreSQL with pg-boss and Redis with BullMQ when TEST_POSTGRES_URL / TEST_REDIS_URL are set): who
// wins (ties by members who want it, then by the pick's order), the poll read again until Discord
// reports it finalized, and the result posted exactly once though two processes are told of the end
// at once (End poll and the gateway's MESSAGE_UPDATE), the poster slow; End poll's result follows
// Discord's count (which comes some time after the end), also after a restart, and a count that takes
// longer than half an hour is still waited for, read less and less often (an injected clock).

import { afterEach, describe, expect, it } from 'vitest';
import type { JobEngine } from '../../src/jobs/job-engine.js';
import { silentLogger } from '../../src/log/log.js';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { GroupPolls, POLL_QUEUE, pollResult, RECHECK_MAX_MS, RECHECK_MS, recheckDelay, type PollReading, type PollRecord, type PollResult } from '../../src/group-polls/group-polls.js';
import { engineCases } from '../../local-stack/store-engines.js';
import { EnginePlace } from '../community/engine-place.js';

const MESSAGE = '500000000000000001';
const titles = [
  { id: 1, title: 'One', wanters: 2 },
  { id: 2, title: 'Two', wanters: 3 },
  { id: 3, title: 'Three', wanters: 3 },
];

describe('who wins a poll', () => {
  const counts = (...c: number[]) => new Map(c.map((n, i) => [i + 1, n]));
  it('most votes; a tie goes to the title more members want, then to the higher one in the pick; nobody voted: no winner', () => {
    expect(pollResult(titles, counts(3, 1, 0))).toEqual({ winner: titles[0], votes: 3, totalVotes: 4, tie: 'none' });
    expect(pollResult(titles, counts(2, 2, 0))).toMatchObject({ winner: titles[1], tie: 'members' });
    expect(pollResult(titles, counts(1, 2, 2))).toMatchObject({ winner: titles[1], tie: 'order' });
    expect(pollResult(titles, counts(0, 0, 0))).toEqual({ votes: 0, totalVotes: 0, tie: 'none' });
  });
});

describe('how often an ended poll Discord has not finalized is read again', () => {
  it('every RECHECK_MS for the first minute, then a quarter of the time since the end, at most RECHECK_MAX_MS, never stopping', () => {
    expect([0, 30_000, 60_000].map((t) => recheckDelay(t))).toEqual([RECHECK_MS, RECHECK_MS, RECHECK_MS]);
    expect(recheckDelay(4 * 60_000)).toBe(60_000);
    expect(recheckDelay(40 * 60_000)).toBe(10 * 60_000);
    expect(recheckDelay(7 * 24 * 3_600_000)).toBe(RECHECK_MAX_MS);
  });

  it('a count that takes 45 minutes is still noticed, with a few reads (an injected clock on the in-process engine)', async () => {
    const run = await onClock((now, endsAt) => ({ finalized: now >= endsAt + 45 * 60_000, counts: new Map([[1, 1]]), endsAt }), 65 * 60_000);
    const finalAt = run.endsAt + 45 * 60_000;
    expect(run.posts).toHaveLength(1);
    expect(run.posts[0] ?? 0).toBeGreaterThanOrEqual(finalAt);
    // Read again a quarter of the time since the end after it: noticed within 45 / 4 minutes.
    expect((run.posts[0] ?? 0) - finalAt).toBeLessThanOrEqual((45 * 60_000) / 4 + 5_000);
    // A read every 15 s would be 180 by the count.
    const afterEnd = run.reads.filter((t) => t >= run.endsAt);
    expect(afterEnd.length).toBeGreaterThan(10);
    expect(afterEnd.length).toBeLessThan(40);
    expect(afterEnd.filter((t) => t >= run.endsAt + 30 * 60_000).length).toBeLessThanOrEqual(3);
  });
});

describe('a poll Discord cannot be asked about for a while', () => {
  it('every attempt of a read fails for 40 minutes: the job fails, a later read stays queued and posts the result (an injected clock)', async () => {
    const run = await onClock((now, endsAt) => {
      if (now < endsAt + 40 * 60_000) throw new Error('Discord answered 503');
      return { finalized: true, counts: new Map([[1, 1]]), endsAt };
    }, 70 * 60_000);
    expect(run.failedForGood).toBeGreaterThanOrEqual(1);
    expect(run.posts).toHaveLength(1);
    expect((run.posts[0] ?? 0) - (run.endsAt + 40 * 60_000)).toBeLessThanOrEqual(RECHECK_MAX_MS + 5_000);
  });
});

/**
 * One process on SQLite's in-process engine with a hand-moved clock: a poll that ends an hour after the
 * start, read from Discord through `read`, the clock moved 5 s at a time from just before the end to
 * `untilMs` after it, the jobs that fell due run at each step.
 */
async function onClock(read: (now: number, endsAt: number) => PollReading, untilMs: number): Promise<{ endsAt: number; reads: number[]; posts: number[]; failedForGood: number }> {
  const place = new EnginePlace('sqlite');
  const start = Date.parse('2026-03-01T00:00:00Z');
  const endsAt = start + 3_600_000;
  let now = start;
  const clock = () => now;
  const out = { endsAt, reads: [] as number[], posts: [] as number[], failedForGood: 0 };
  try {
    const { store } = await place.open(clock);
    const jobs = new InProcessJobEngine(store, clock, () => undefined, 0, { onJobFailed: (f) => void (f.final && out.failedForGood++) });
    const polls = new GroupPolls({ kv: store, jobs, now: clock, log: silentLogger, leaseMs: 30_000 });
    polls.setPort({
      read: async () => {
        out.reads.push(now);
        return read(now, endsAt);
      },
      postResult: async () => {
        out.posts.push(now);
      },
    });
    await polls.start();
    await polls.opened({ messageId: MESSAGE, channelId: '1', guildId: '2', kind: 'anime', creatorId: '3', locale: 'en-US', expiresAt: endsAt, answers: titles });
    for (now = endsAt - 5_000; now <= endsAt + untilMs; now += 5_000) await jobs.runDue();
    await jobs.stop();
  } finally {
    await place.close();
  }
  return out;
}

/** Waits for `check`, running what fell due on every engine opened (the in-process one runs only when told). */
async function until(engines: readonly JobEngine[], check: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    await Promise.all(engines.map((e) => e.runDue()));
    if (check()) return;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(engineCases())('the end of a poll on $kind', (engineCase) => {
  const engine = new EnginePlace(engineCase.kind);
  afterEach(async () => {
    engines.splice(0);
    await engine.close();
  });

  /** One process: its GroupPolls on the shared store, reading `reading()` and recording its posts. */
  const engines: JobEngine[] = [];
  async function process(reading: () => PollReading, posts: PollResult[], clock: () => number = Date.now, recheckMs = 200): Promise<GroupPolls> {
    const { store, jobs } = await engine.open(clock, 3_600_000);
    engines.push(jobs);
    const polls = new GroupPolls({ kv: store, jobs, now: clock, log: silentLogger, leaseMs: 30_000, recheckMs });
    polls.setPort({
      read: async () => reading(),
      postResult: async (_poll, result) => {
        await new Promise((r) => setTimeout(r, 150));
        posts.push(result);
      },
    });
    await polls.start();
    return polls;
  }
  const record = (expiresAt: number): PollRecord => ({ messageId: MESSAGE, channelId: '1', guildId: '2', kind: 'anime', creatorId: '3', locale: 'en-US', expiresAt, answers: titles });

  it.skipIf(engineCase.skipped)('is read again until Discord reports it finalized, then its result is posted once', async () => {
    const posts: PollResult[] = [];
    let finalized = false;
    const polls = await process(() => ({ finalized, counts: new Map([[3, 2]]) }), posts);
    await polls.opened(record(Date.now() - 1));
    const started = Date.now();
    await until(engines, () => Date.now() - started > 800);
    expect(posts).toEqual([]);
    finalized = true;
    await until(engines, () => posts.length > 0);
    expect(posts).toEqual([{ winner: titles[2], votes: 2, totalVotes: 2, tie: 'none' }]);
    expect((await polls.poll(MESSAGE))?.resultAt).toBeDefined();
  });

  it.skipIf(engineCase.skipped)('End poll: the result follows Discord\'s count, which comes some time after the end, long before the poll\'s original end', async () => {
    const posts: PollResult[] = [];
    let finalized = false;
    const endedAt = Date.now();
    const polls = await process(() => ({ finalized, counts: new Map([[2, 1]]), endsAt: endedAt }), posts);
    await polls.opened(record(Date.now() + 3_600_000));
    await polls.ended(MESSAGE, 'early');
    expect((await polls.poll(MESSAGE))?.endedAt).toBeGreaterThanOrEqual(endedAt);
    const started = Date.now();
    await until(engines, () => Date.now() - started > 600);
    expect(posts).toEqual([]);
    finalized = true;
    await until(engines, () => posts.length > 0, 15_000);
    expect(posts).toEqual([{ winner: titles[1], votes: 1, totalVotes: 1, tie: 'none' }]);
  });

  it.skipIf(engineCase.skipped)('End poll, then a restart before Discord\'s count: the next process posts the result', async () => {
    const posts: PollResult[] = [];
    let finalized = false;
    let reads = 0;
    const read = (): PollReading => {
      reads++;
      // Discord's expiry is not moved here: the record's end (End poll) is what the reads go by.
      return { finalized, counts: new Map([[1, 3]]) };
    };
    // The next read is due 2 s after the first: the restart comes before it.
    const first = await process(read, posts, Date.now, 2_000);
    await first.opened(record(Date.now() + 3_600_000));
    await first.ended(MESSAGE, 'early');
    await until(engines, () => reads > 0);
    // The restart comes once that run has finished (a process that dies mid-run gives its job back after the lease).
    while ((await engines[0]?.counts(POLL_QUEUE))?.active) await new Promise((r) => setTimeout(r, 20));
    const gone = engines.splice(0);
    for (const e of gone) await e.stop();
    finalized = true;
    await process(read, posts);
    await until(engines, () => posts.length > 0, 15_000);
    expect(posts).toEqual([{ winner: titles[0], votes: 3, totalVotes: 3, tie: 'none' }]);
  });

  it.skipIf(engineCase.skipped)('an expiry job this process\'s clock starts early reads again at the end (the job it queues is not its own id)', async () => {
    const posts: PollResult[] = [];
    let reads = 0;
    // The job engine keeps real time; this process's clock falls 2 s behind once the poll is open, so
    // its expiry job runs while the poll, by this clock, has not ended yet.
    let skew = 0;
    const { store, jobs } = await engine.open(Date.now, 3_600_000);
    engines.push(jobs);
    const polls = new GroupPolls({ kv: store, jobs, now: () => Date.now() + skew, log: silentLogger, leaseMs: 30_000, recheckMs: 200 });
    polls.setPort({
      read: async () => ({ finalized: ++reads > 1, counts: new Map([[2, 4]]) }),
      postResult: async (_poll, result) => void posts.push(result),
    });
    await polls.start();
    await polls.opened(record(Date.now() + 500));
    skew = -2_000;
    await until(engines, () => reads > 0);
    // The old code queued `<id>:expiry` again: the running job's own id, dropped, so no read followed.
    await until(engines, () => posts.length > 0, 15_000);
    expect(posts).toEqual([{ winner: titles[1], votes: 4, totalVotes: 4, tie: 'none' }]);
  });

  it.skipIf(engineCase.skipped)('"forget me": the picks a user ran go, the polls they started forget them', async () => {
    const polls = await process(() => ({ finalized: false, counts: new Map() }), []);
    const theirs = await polls.savePick({ guildId: '2', channelId: '1', kind: 'anime', invokerId: '3', hours: 24, titles });
    const others = await polls.savePick({ guildId: '2', channelId: '1', kind: 'anime', invokerId: '4', hours: 24, titles });
    await polls.opened(record(Date.now() + 3_600_000));
    expect(await polls.forgetUser('3')).toBe(2);
    expect(await polls.pick(theirs)).toBeUndefined();
    expect((await polls.pick(others))?.invokerId).toBe('4');
    expect((await polls.poll(MESSAGE))?.creatorId).toBe('');
  });

  it.skipIf(engineCase.skipped || !engineCase.shared)('two processes told of the end at once post one result', async () => {
    const posts: PollResult[] = [];
    const read = () => ({ finalized: true, counts: new Map([[1, 1]]) });
    const [a, b] = [await process(read, posts), await process(read, posts)];
    await a.opened(record(Date.now() + 3_600_000));
    await Promise.all([a.ended(MESSAGE, 'early'), b.ended(MESSAGE, 'final'), b.ended(MESSAGE, 'early')]);
    await until(engines, () => posts.length > 0);
    const settled = Date.now();
    await until(engines, () => Date.now() - settled > 2_000);
    expect(posts).toHaveLength(1);
  });
});
