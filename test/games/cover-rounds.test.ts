// Cover rounds in one process on the memory store and the in-process job engine, the clock moved by
// hand: frames every 10 s, one winner, a round that times out, the next round, one session per
// channel, racing answers, a restart between steps.
import { describe, expect, it } from 'vitest';
import { GameBoards } from '../../src/games/boards.js';
import { COVER_QUEUE, CoverRounds, type CoverRoundDisplay } from '../../src/games/cover-rounds.js';
import { COVER_STEP_MS, coverKey, type CoverSession } from '../../src/games/cover-session.js';
import type { PlayedRound } from '../../src/games/cover-session.js';
import { resolveGuess } from '../../src/games/matching.js';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { createLogger } from '../../src/log/log.js';
import { MemoryEngine } from '../../src/store/engines/index.js';
import type { StoreEngine } from '../../src/store/engine.js';
import { makePool } from './pool-fixture.js';

const log = createLogger('error', () => undefined);
const pool = makePool('anime', 20);
const G = '1200000000000000001';
const U = (n: number) => `13000000000000000${String(n).padStart(2, '0')}`;
const START = { guildId: G, channelId: 'c1', kind: 'anime' as const, locale: 'en-US', total: 2 };

interface Shown {
  posts: Array<{ n: number; title: number; nonce: string }>;
  edits: Array<{ n: number; frame: number }>;
  results: PlayedRound[];
}

function display(shown: Shown): CoverRoundDisplay {
  let id = 0;
  return {
    post: async (s, nonce) => {
      shown.posts.push({ n: s.n, title: s.title.id, nonce });
      return `m${++id}`;
    },
    edit: async (s, frame) => void shown.edits.push({ n: s.n, frame }),
    result: async (_s, round) => void shown.results.push(round),
  };
}

function setUp(kv: StoreEngine = new MemoryEngine(), clock = { t: 1_000_000 }) {
  const shown: Shown = { posts: [], edits: [], results: [] };
  const jobs = new InProcessJobEngine(kv, () => clock.t, () => undefined, 0);
  const boards = new GameBoards(kv, () => clock.t);
  const played = async (a: { guildId: string; userId: string; won: boolean }) => void (await boards.recordPlay(a.guildId, a.userId, { game: 'cover' }, a.won ? 1 : 0));
  const rounds = new CoverRounds({ kv, jobs, played, pool: async () => pool, now: () => clock.t, log, display: display(shown), draw: () => 0 });
  const advance = async (ms: number) => {
    clock.t += ms;
    await jobs.runDue();
  };
  return { kv, clock, shown, jobs, boards, rounds, advance };
}

const titleOf = (s: CoverSession | undefined) => pool.titles.find((t) => t.id === s?.title.id)!;
const other = (s: CoverSession | undefined) => pool.titles.find((t) => t.id !== s?.title.id)!;

describe('cover rounds', () => {
  it('posts the first frame, edits five more 10 s apart, and a round no one names ends at 60 s with no winner', async () => {
    const { rounds, shown, advance, jobs } = setUp();
    await rounds.start();
    const got = await rounds.begin({ ...START, total: 1 }, pool);
    expect('started' in got).toBe(true);
    await advance(0);
    expect(shown.posts).toEqual([{ n: 1, title: pool.titles[0]!.id, nonce: expect.stringMatching(/^[\w-]{25}$/) }]);
    for (let i = 1; i <= 5; i++) await advance(COVER_STEP_MS);
    expect(shown.edits.map((e) => e.frame)).toEqual([1, 2, 3, 4, 5]);
    expect(shown.results).toEqual([]);
    await advance(COVER_STEP_MS);
    expect(shown.results).toEqual([{ n: 1, titleId: pool.titles[0]!.id, title: pool.titles[0]!.title }]);
    expect((await rounds.session('c1'))?.over).toBe(true);
    await jobs.stop();
  });

  it('the first right answer wins, the result names it with the time taken, and the next round follows', async () => {
    const { rounds, shown, advance, boards, jobs } = setUp();
    await rounds.start();
    await rounds.begin(START, pool);
    await advance(0);
    const s = await rounds.session('c1');
    expect(await rounds.answer('c1', U(1), other(s))).toMatchObject({ wrong: expect.anything() });
    await advance(12_345);
    const won = await rounds.answer('c1', U(2), titleOf(s));
    expect(won).toMatchObject({ ms: 12_345 });
    // Too late: the round is won; the answer says by whom.
    expect(await rounds.answer('c1', U(3), titleOf(s))).toMatchObject({ taken: expect.anything(), round: { winner: { userId: U(2), ms: 12_345 } } });
    await advance(0);
    expect(shown.results).toEqual([{ n: 1, titleId: s!.title.id, title: s!.title.title, winner: { userId: U(2), ms: 12_345 } }]);
    const next = await rounds.session('c1');
    expect(next).toMatchObject({ n: 2, played: [{ n: 1 }] });
    expect(next!.title.id).not.toBe(s!.title.id);
    expect(shown.posts.map((p) => p.n)).toEqual([1, 2]);
    // The first round's leftover frames and end do nothing.
    await advance(60_000);
    expect(shown.edits.filter((e) => e.n === 1).length).toBeLessThanOrEqual(1);
    expect(shown.results.map((r) => r.n)).toEqual([1, 2]);
    expect((await rounds.session('c1'))?.over).toBe(true);
    // Both answered here (on the server's cover board); only the winner has a win.
    expect((await boards.players(G, { game: 'cover' })).map((p) => [p.userId, p.value]).sort()).toEqual([[U(1), 0], [U(2), 1]]);
    await jobs.stop();
  });

  it('one session per channel: a second start is told the running one; after it ended a new one starts', async () => {
    const { rounds, advance, jobs } = setUp();
    await rounds.start();
    const first = await rounds.begin({ ...START, total: 1 }, pool);
    const second = await rounds.begin({ ...START, total: 3 }, pool);
    expect('running' in second && 'started' in first && second.running.sid).toBe('started' in first && first.started.sid);
    await advance(0);
    await advance(60_000);
    expect('started' in (await rounds.begin(START, pool))).toBe(true);
    await jobs.stop();
  });

  it('of 20 right answers racing, exactly one wins and one win is recorded', async () => {
    const { rounds, boards, advance, jobs } = setUp();
    await rounds.start();
    await rounds.begin(START, pool);
    await advance(0);
    const s = await rounds.session('c1');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => rounds.answer('c1', U(i), titleOf(s))));
    const winners = answers.filter((a) => 'won' in a);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => 'taken' in a)).toHaveLength(19);
    const board = await boards.players(G, { game: 'cover' });
    expect(board.reduce((n, p) => n + p.value, 0)).toBe(1);
    expect(board).toHaveLength(1);
    await jobs.stop();
  });

  it('a typed title names the round\'s title by any of its forms, even one a more popular title shares', async () => {
    // Two titles known by the same English name; the round draws the less popular one (second in the pool).
    const shared = { ...pool, titles: pool.titles.map((t, i) => (i < 2 ? { ...t, en: 'Memory Academy!' } : t)) };
    const kv = new MemoryEngine();
    const clock = { t: 1_000_000 };
    const jobs = new InProcessJobEngine(kv, () => clock.t, () => undefined, 0);
    const rounds = new CoverRounds({ kv, jobs, played: async () => undefined, pool: async () => shared, now: () => clock.t, log, display: display({ posts: [], edits: [], results: [] }), draw: () => 1 });
    await rounds.start();
    await rounds.begin({ ...START, total: 1 }, shared);
    const round = shared.titles[1]!;
    const popular = resolveGuess(shared, 'MEMORY ACADEMY')!;
    expect(popular.id).toBe(shared.titles[0]!.id);
    // Picked from the suggestions (an ID): the popular title is another work, a wrong answer.
    expect(await rounds.answer('c1', U(1), popular)).toMatchObject({ wrong: expect.anything() });
    // Typed: the round's title is named, though the pool's best match for the text is the other one.
    expect(await rounds.answer('c1', U(2), popular, undefined, 'MEMORY ACADEMY')).toMatchObject({ won: { title: { id: round.id }, won: { userId: U(2) } } });
    // Text that is a form of neither is wrong whatever it resolved to.
    await rounds.begin({ ...START, channelId: 'c2', total: 1 }, shared);
    expect(await rounds.answer('c2', U(3), popular, undefined, shared.titles[2]!.title)).toMatchObject({ wrong: expect.anything() });
    await jobs.stop();
  });

  it('a stale button (another session) and a channel without rounds are told so', async () => {
    const { rounds, advance, jobs } = setUp();
    await rounds.start();
    expect(await rounds.answer('c1', U(1), pool.titles[0]!)).toEqual({ none: true });
    await rounds.begin(START, pool);
    await advance(0);
    expect(await rounds.answer('c1', U(1), pool.titles[0]!, 'other-sid')).toEqual({ stale: true });
    await jobs.stop();
  });

  it('a restart between steps loses nothing: another process on the same store shows the rest', async () => {
    const kv = new MemoryEngine();
    const clock = { t: 5_000_000 };
    const a = setUp(kv, clock);
    await a.rounds.start();
    await a.rounds.begin({ ...START, total: 1 }, pool);
    await a.advance(0);
    await a.jobs.stop();
    const b = setUp(kv, clock);
    await b.rounds.start();
    for (let i = 1; i <= 6; i++) await b.advance(COVER_STEP_MS);
    expect(a.shown.posts).toHaveLength(1);
    expect(b.shown.edits.map((e) => e.frame)).toEqual([1, 2, 3, 4, 5]);
    expect(b.shown.results).toHaveLength(1);
    expect(await b.jobs.counts(COVER_QUEUE)).toMatchObject({ waiting: 0, delayed: 0, failed: 0 });
    await b.jobs.stop();
  });

  it('a round that cannot be shown ends the channel\'s rounds after the last attempt', async () => {
    const kv = new MemoryEngine();
    const clock = { t: 1 };
    const jobs = new InProcessJobEngine(kv, () => clock.t, () => undefined, 0);
    const failing: CoverRoundDisplay = { post: async () => Promise.reject(new Error('403 Missing Permissions')), edit: async () => undefined, result: async () => undefined };
    const rounds = new CoverRounds({ kv, jobs, played: async () => undefined, pool: async () => pool, now: () => clock.t, log, display: failing, draw: () => 0 });
    await rounds.start();
    await rounds.begin(START, pool);
    for (let i = 0; i < 5; i++) {
      clock.t += 10_000;
      await jobs.runDue();
    }
    expect(await kv.get(coverKey('c1'))).toContain('"over":true');
    await jobs.stop();
  });
});
