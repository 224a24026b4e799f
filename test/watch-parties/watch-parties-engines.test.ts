// Watch parties on every store engine and its job engine (in-process beside memory and SQLite,
// pg-boss beside PostgreSQL, BullMQ beside Redis): the checks read the event until it is final and
// post once; a canceled or deleted event posts nothing; a restart (a new instance on the same store)
// posts nothing again; and two processes hearing the end at once (the gateway event in both, their
// check jobs too) post exactly once.

import { afterEach, describe, expect, it } from 'vitest';
import { engineCases } from '../../local-stack/store-engines.js';
import { createLogger } from '../../src/log/log.js';
import type { JobEngine } from '../../src/jobs/job-engine.js';
import { WatchParties, type EventState, type WatchParty } from '../../src/watch-parties/watch-parties.js';
import { EnginePlace } from '../community/engine-place.js';

const silent = createLogger('error', () => undefined);
const MINUTE = 60_000;

function party(eventId: string, startMs: number): WatchParty {
  return { eventId, guildId: '1500000000000000001', channelId: '1500000000000000002', creatorId: '1500000000000000003', animeId: 52991, episode: 5, title: 'Frieren', startMs, endMs: startMs + 24 * MINUTE };
}

/** Every job engine opened in the test: the in-process one runs due jobs only when asked. */
const engines: JobEngine[] = [];

async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await Promise.all(engines.map((j) => j.runDue()));
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits `ms`, running due jobs meanwhile. */
async function wait(ms: number): Promise<void> {
  const end = Date.now() + ms;
  await until(() => Date.now() >= end, ms + 5000);
}

describe.each(engineCases())('watch parties on $kind', (engineCase) => {
  const place = new EnginePlace(engineCase.kind);
  afterEach(async () => {
    engines.length = 0;
    await place.close();
  });

  /** One process's parties on the shared place, reading `events` as Discord and recording posts. */
  async function open(clock: () => number, events: Map<string, EventState>, posts: string[], gateway = false): Promise<WatchParties> {
    const { store, jobs } = await place.open(clock, 3_600_000);
    engines.push(jobs);
    const parties = new WatchParties({ kv: store, jobs, now: clock, log: silent, leaseMs: 30_000, pollMs: 300, gatewayPollMs: 300 });
    parties.connect(
      async (_g, id) => events.get(id),
      async (p, interested) => {
        // Discord is slow: two processes would both be inside a send if nothing kept them apart.
        await new Promise((r) => setTimeout(r, 100));
        posts.push(`${p.eventId}:${p.episode}:${interested ?? '?'}`);
        return { ok: true };
      },
      { gateway },
    );
    await parties.start();
    return parties;
  }

  it.skipIf(engineCase.skipped)('checks until the event is final, posts once, and nothing after a restart or for a canceled event', async () => {
    const events = new Map<string, EventState>([
      ['1', { status: 1 }],
      ['2', { status: 1 }],
    ]);
    const posts: string[] = [];
    const a = await open(Date.now, events, posts);
    await a.add(party('1', Date.now() + 500));
    await a.add(party('2', Date.now() + 500));
    await wait(1500);
    events.set('1', { status: 2 });
    events.set('2', { status: 4 });
    await wait(1000);
    expect(posts).toEqual([]);
    // Canceled in Discord: forgotten, nothing posted.
    await until(async () => (await a.get('2')) === undefined);
    events.set('1', { status: 3, userCount: 4 });
    await until(() => posts.length >= 1);
    await wait(1000);
    expect(posts).toEqual(['1:5:4']);
    // A new process on the same store finds nothing left to post.
    const b = await open(Date.now, events, posts);
    await b.ended('1500000000000000001', '1');
    await wait(1000);
    expect(posts).toEqual(['1:5:4']);
  }, 60_000);

  it.skipIf(engineCase.skipped)('"forget me": the parties a person planned no longer name them', async () => {
    const a = await open(Date.now, new Map([['7', { status: 1 }]]), []);
    await a.add(party('7', Date.now() + 3_600_000));
    expect(await a.forgetUser('1500000000000000003')).toBe(1);
    expect(await a.get('7')).toMatchObject({ eventId: '7', creatorId: '' });
    const raw = (await place.raw()).map((r) => r.value).join('\n');
    expect(raw).not.toContain('1500000000000000003');
  }, 60_000);

  it.skipIf(engineCase.skipped || !engineCase.shared || engineCase.kind === 'sqlite')('two processes hearing the end at once post exactly once', async () => {
    const events = new Map<string, EventState>([['9', { status: 2 }]]);
    const posts: string[] = [];
    const a = await open(Date.now, events, posts, true);
    const b = await open(Date.now, events, posts, true);
    await a.add(party('9', Date.now() - MINUTE));
    events.set('9', { status: 3, userCount: 2 });
    await Promise.all([a.ended('1500000000000000001', '9'), b.ended('1500000000000000001', '9'), a.add(party('9', Date.now() - MINUTE))]);
    await until(() => posts.length >= 1);
    await wait(2000);
    expect(posts).toEqual(['9:5:2']);
  }, 60_000);
});
