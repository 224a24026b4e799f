// The end of a `/server pick` poll as a job, on every store and its job engine (SQLite in-process,
// PostgreSQL with pg-boss and Redis with BullMQ when TEST_POSTGRES_URL / TEST_REDIS_URL are set): who
// wins (ties by members who want it, then by the pick's order), the poll read again until Discord
// reports it finalized, and the result posted exactly once though two processes are told of the end
// at once (End poll and the gateway's MESSAGE_UPDATE), the poster slow.

import { afterEach, describe, expect, it } from 'vitest';
import type { JobEngine } from '../../src/jobs/job-engine.js';
import { silentLogger } from '../../src/log/log.js';
import { GroupPolls, pollResult, type PollReading, type PollRecord, type PollResult } from '../../src/social/group-polls.js';
import { engineCases } from '../../local-stack/store-engines.js';
import { EnginePlace } from './engine-place.js';

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
  async function process(reading: () => PollReading, posts: PollResult[], clock: () => number = Date.now): Promise<GroupPolls> {
    const { store, jobs } = await engine.open(clock, 3_600_000);
    engines.push(jobs);
    const polls = new GroupPolls({ kv: store, jobs, now: clock, log: silentLogger, leaseMs: 30_000, recheckMs: 200 });
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
