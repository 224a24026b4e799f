// Reminder jobs as they run, on the in-process job engine with a hand-moved clock: what is checked
// against the store when a job runs (a removed title, paused reminders, a forgotten user), one send
// per reminder under the send lease, failures kept for the owner, a failed enqueue retried, and the
// queue of earlier versions taken over.

import { describe, expect, it } from 'vitest';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { EpisodeDiscussions, matchEpisodeTopic } from '../../src/reminders/discussion.js';
import { silentLogger } from '../../src/log/log.js';
import { KEY, type QueuedReminder } from '../../src/reminders/records.js';
import { QUEUE } from '../../src/reminders/queues.js';
import { Reminders } from '../../src/reminders/reminders.js';
import type { DeliveryResult, ReminderOutcome } from '../../src/reminders/types.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';
import { reminderListMessage } from '../../src/render/reminders.js';
import { ENGLISH } from '../../src/i18n/index.js';
import type { Anime } from '../../src/service/work-types.js';

const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 7, 15, 0);
// The first broadcast after START: Thursday 01:00 Japan time.
const FIRST = Date.UTC(2026, 0, 7, 16, 0);
const USER = '100000000000000001';
const OTHER = '100000000000000002';

const anime = (id: number): Anime => ({
  id,
  title: `Title ${id}`,
  status: 'currently_airing',
  start_date: '2026-01-01',
  num_episodes: 12,
  broadcast: { day_of_the_week: 'thursday', start_time: '01:00' },
  nsfw: 'white',
});

function setup(deliver?: (r: QueuedReminder) => Promise<DeliveryResult>) {
  let now = START;
  const kv = new MemoryEngine(() => now);
  const jobs = new InProcessJobEngine(
    kv,
    () => now,
    (what, error) => {
      throw new Error(`${what}: ${String(error)}`);
    },
    0,
  );
  const sent: QueuedReminder[] = [];
  const outcomes: ReminderOutcome[] = [];
  const reminders = new Reminders({
    kv,
    jobs,
    now: () => now,
    log: silentLogger,
    source: { anime: async (id) => anime(id), airingList: async () => undefined },
    deliver: async (r) => {
      sent.push(r);
      return deliver ? deliver(r) : { ok: true };
    },
    counted: (o) => outcomes.push(o),
    knobs: { indexRefreshMs: 0, maxAttempts: 3, retryBaseMs: MINUTE },
  });
  return { reminders, kv, jobs, sent, outcomes, at: (ms: number) => (now = ms) };
}

/** A due reminder queued but not yet run: the pass without the run. */
async function queueOnly(t: ReturnType<typeof setup>, id: string, userId: string, titleId: number): Promise<void> {
  // A pass before the episode airs: the workers are on, nothing is due yet.
  await t.reminders.tick();
  const item: QueuedReminder = { id, target: { kind: 'dm', userId }, titleId, title: `Title ${titleId}`, episode: 2, atMs: FIRST, dueMs: FIRST, late: false };
  expect(await t.jobs.enqueue(QUEUE.deliveries, id, item, { delayMs: FIRST - START })).toBe(true);
}

describe('reminder jobs', () => {
  it('sends each due reminder once however often passes find it, and marks it delivered', async () => {
    const t = setup();
    await t.reminders.add(USER, anime(1));
    t.at(FIRST + MINUTE);
    await t.reminders.tick();
    await t.reminders.tick();
    expect(t.sent.map((r) => r.id)).toEqual([`${USER}:1:${FIRST}`]);
    expect(await t.kv.get(KEY.sent(`${USER}:1:${FIRST}`))).toBe('delivered');
    expect(t.outcomes).toEqual(['delivered']);
  });

  it('a queued reminder of a title removed since, or of paused reminders, sends nothing', async () => {
    const t = setup();
    await t.reminders.add(USER, anime(1));
    await t.reminders.add(OTHER, anime(1));
    await queueOnly(t, `${USER}:1:${FIRST}`, USER, 1);
    await queueOnly(t, `${OTHER}:1:${FIRST}`, OTHER, 1);
    expect(await t.reminders.remove(USER, 1)).toBe(true);
    // Another process paused OTHER (closed DMs): the store says so, whatever this process's index holds.
    const raw = await t.kv.get(KEY.user(OTHER));
    await t.kv.set(KEY.user(OTHER), JSON.stringify({ ...JSON.parse(raw ?? '{}'), pausedAt: START }));
    t.at(FIRST + MINUTE);
    await t.jobs.runDue();
    expect(t.sent).toEqual([]);
    expect(t.outcomes).toEqual(['dropped', 'dropped']);
  });

  it('"forget me" removes queued jobs, and a job that runs anyway sends nothing and writes nothing about the user', async () => {
    const t = setup(async () => ({ ok: false, reason: 'closed' }));
    await t.reminders.add(USER, anime(1));
    await queueOnly(t, `${USER}:1:${FIRST}`, USER, 1);
    t.at(FIRST + MINUTE);
    expect((await t.jobs.counts(QUEUE.deliveries)).waiting).toBe(1);
    await t.reminders.forgetUser(USER);
    expect(await t.jobs.counts(QUEUE.deliveries)).toMatchObject({ waiting: 0, delayed: 0 });
    // A job the removal could not reach (e.g. queued by another process meanwhile).
    await t.jobs.enqueue(QUEUE.deliveries, 'late-one', { id: `${USER}:1:${FIRST}`, target: { kind: 'dm', userId: USER }, titleId: 1, title: 'T', atMs: FIRST, dueMs: FIRST, late: false });
    await t.jobs.runDue();
    expect(t.sent).toEqual([]);
    expect((await t.kv.keys('rem:')).filter((k) => k.includes(USER))).toEqual([]);
  });

  it('closed DMs pause the user (only while they exist); a reminder that keeps failing fails for good and is kept for its owner', async () => {
    let answer: DeliveryResult = { ok: false, reason: 'retry', detail: '503 Service Unavailable' };
    const t = setup(async () => answer);
    await t.reminders.add(USER, anime(1));
    t.at(FIRST + MINUTE);
    await t.reminders.tick();
    for (const m of [3, 6]) {
      t.at(FIRST + m * MINUTE);
      await t.jobs.runDue();
    }
    expect(t.sent).toHaveLength(3);
    expect(t.outcomes).toEqual(['retried', 'retried', 'failed']);
    expect(await t.reminders.failedFor(USER)).toMatchObject([{ titleId: 1, title: 'Title 1', episode: 2, reason: '503 Service Unavailable' }]);
    expect((await t.reminders.deliveryCounts()).failed).toBe(1);
    answer = { ok: false, reason: 'closed' };
    await t.reminders.add(USER, anime(2));
    t.at(FIRST + 7 * 24 * 60 * MINUTE + MINUTE);
    await t.reminders.tick();
    expect(t.outcomes.filter((o) => o === 'paused').length).toBeGreaterThan(0);
    expect((await t.reminders.list(USER)).user.pausedAt).toBeDefined();
  });

  it('two workers given the same reminder at once (a job handed on while its first worker still sends): one send, the other backs off, then finds it sent', async () => {
    let now = FIRST + MINUTE;
    const kv = new MemoryEngine(() => now);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const sent: string[] = [];
    const outcomes: ReminderOutcome[] = [];
    // Two processes on one store, each with its own job engine holding a copy of the job (what an engine does
    // when it wrongly thinks the first worker died).
    const workers = [0, 1].map(() => {
      const jobs = new InProcessJobEngine(new MemoryEngine(), () => now, () => undefined, 0);
      const reminders = new Reminders({
        kv,
        jobs,
        now: () => now,
        log: silentLogger,
        source: { anime: async (id) => anime(id), airingList: async () => undefined },
        deliver: async (r) => {
          sent.push(r.id);
          await gate;
          return { ok: true };
        },
        counted: (o) => outcomes.push(o),
        knobs: { indexRefreshMs: 0, retryBaseMs: MINUTE },
      });
      return { jobs, reminders };
    });
    const [a, b] = workers as [(typeof workers)[0], (typeof workers)[0]];
    now = START;
    await a.reminders.add(USER, anime(1));
    await Promise.all([a.reminders.tick(), b.reminders.tick()]);
    now = FIRST + MINUTE;
    const id = `${USER}:1:${FIRST}`;
    const item: QueuedReminder = { id, target: { kind: 'dm', userId: USER }, titleId: 1, title: 'Title 1', episode: 2, atMs: FIRST, dueMs: FIRST, late: false };
    for (const w of workers) expect(await w.jobs.enqueue(QUEUE.deliveries, id, item)).toBe(true);
    const first = a.jobs.runDue();
    await new Promise((r) => setTimeout(r, 20));
    await b.jobs.runDue();
    expect(outcomes).toEqual(['retried']);
    release();
    await first;
    expect(sent).toEqual([id]);
    // The second worker's retry finds the reminder marked sent.
    now += 2 * MINUTE;
    await b.jobs.runDue();
    expect(sent).toEqual([id]);
    expect(outcomes).toEqual(['retried', 'delivered', 'duplicate']);
    expect(await kv.get(KEY.sending(id))).toBeUndefined();
  });

  it('a failed enqueue is tried again on the next pass', async () => {
    const t = setup();
    await t.reminders.add(USER, anime(1));
    t.at(FIRST + MINUTE);
    const enqueue = t.jobs.enqueue.bind(t.jobs);
    let fail = true;
    t.jobs.enqueue = async (...args) => {
      if (fail && args[0] === QUEUE.deliveries) throw new Error('store down');
      return enqueue(...args);
    };
    await expect(t.reminders.tick()).rejects.toThrow('store down');
    fail = false;
    await t.reminders.tick();
    expect(t.sent).toHaveLength(1);
  });

  it('takes over the queue of earlier versions once, sending what it held', async () => {
    const t = setup();
    await t.reminders.add(USER, anime(1));
    const id = `${USER}:1:${FIRST}`;
    await t.kv.set(KEY.sent(id), 'queued');
    await t.kv.set(
      `rem:queue:${id}`,
      JSON.stringify({ id, target: { kind: 'dm', userId: USER }, titleId: 1, title: 'Title 1', episode: 2, atMs: FIRST, dueMs: FIRST, late: false, attempts: 1, nextAttemptMs: FIRST, claimUntil: FIRST }),
    );
    t.at(FIRST + MINUTE);
    await t.reminders.tick();
    expect(t.sent.map((r) => r.id)).toEqual([id]);
    expect(await t.kv.keys('rem:queue:')).toEqual([]);
    expect(await t.kv.get(KEY.sent(id))).toBe('delivered');
  });
});

describe('episode discussion topics', () => {
  it('match exactly this title and episode, and are cached for every follower (a missing one briefly)', async () => {
    expect(matchEpisodeTopic([{ id: 1, title: 'Foo Episode 10 Discussion' }, { id: 2, title: 'foo  episode 1 discussion' }], 'Foo', 1)).toBe(2);
    expect(matchEpisodeTopic([{ id: 1, title: 'Foo Bar Episode 1 Discussion' }, { id: 3 }], 'Foo', 1)).toBeUndefined();
    const kv = new MemoryEngine();
    const searched: string[] = [];
    let topics = [{ id: 7, title: 'Other Episode 2 Discussion' }];
    const d = new EpisodeDiscussions(kv, async (q) => (searched.push(q), topics), (id) => `https://svc.test/forum/?topicid=${id}`, () => undefined);
    expect(await d.find(5, 'Title 5', 2)).toBeUndefined();
    expect(await d.find(5, 'Title 5', 2)).toBeUndefined();
    expect(searched).toEqual(['Title 5 Episode 2']);
    topics = [{ id: 9, title: 'Title 5 Episode 3 Discussion' }];
    expect(await d.find(5, 'Title 5', 3)).toEqual({ topicId: 9, url: 'https://svc.test/forum/?topicid=9' });
    expect(await d.find(5, 'Title 5', 3)).toEqual({ topicId: 9, url: 'https://svc.test/forum/?topicid=9' });
    expect(searched).toHaveLength(2);
    // A failing search costs the reminder its button, nothing else.
    const failing = new EpisodeDiscussions(kv, () => Promise.reject(new Error('503')), String, () => undefined);
    const item: QueuedReminder = { id: 'x', target: { kind: 'dm', userId: USER }, titleId: 6, title: 'T', episode: 1, atMs: 0, dueMs: 0, late: false };
    expect(await failing.attach(item)).toEqual(item);
  });
});

describe('failed reminders in the lists', () => {
  it('/remind list says how many could not be delivered, with the newest reasons; nothing when none failed', async () => {
    const t = setup(async () => ({ ok: false, reason: 'gone', detail: 'Unknown User' }));
    await t.reminders.add(USER, anime(1));
    t.at(FIRST + MINUTE);
    await t.reminders.tick();
    const { user, titles } = await t.reminders.list(USER);
    const text = JSON.stringify(reminderListMessage(ENGLISH, user, titles, await t.reminders.failedFor(USER)));
    expect(text).toContain('1 reminder could not be delivered');
    expect(text).toContain('Title 1 ep 2: Unknown User');
    expect(JSON.stringify(reminderListMessage(ENGLISH, user, titles, []))).not.toContain('could not be delivered');
  });
});
