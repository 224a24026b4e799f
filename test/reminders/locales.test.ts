// Which language a reminder goes out in: the user's Discord language as /remind last saw it (DMs), the
// server's guild_locale as /remind channel last saw it (channel posts), English for records written
// before languages were kept. Stored as a locale code, checked on read; written only when it changed.

import { describe, expect, it } from 'vitest';
import { InProcessJobEngine } from '../../src/jobs/in-process.js';
import { silentLogger } from '../../src/log/log.js';
import { KEY, parseGuild, parseUser, type QueuedReminder } from '../../src/reminders/records.js';
import { Reminders } from '../../src/reminders/reminders.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';
import type { Anime } from '../../src/service/work-types.js';

const MINUTE = 60_000;
const WEEK = 7 * 24 * 60 * MINUTE;
const START = Date.UTC(2026, 0, 7, 15, 0);
// The first broadcast after START: Thursday 01:00 Japan time.
const FIRST = Date.UTC(2026, 0, 7, 16, 0);
const USER = '100000000000000001';
const GUILD = '200000000000000001';
const CHANNEL = '300000000000000001';

const anime = (id: number): Anime => ({
  id,
  title: `Title ${id}`,
  status: 'currently_airing',
  start_date: '2026-01-01',
  num_episodes: 12,
  broadcast: { day_of_the_week: 'thursday', start_time: '01:00' },
  nsfw: 'white',
});

function setup(closedDms = false) {
  let now = START;
  const kv = new MemoryEngine(() => now);
  let writes = 0;
  const counted = <A extends unknown[], R>(f: (...args: A) => Promise<R>) => (...args: A) => {
    writes++;
    return f(...args);
  };
  kv.set = counted(kv.set.bind(kv));
  kv.setIfAbsent = counted(kv.setIfAbsent.bind(kv));
  kv.compareAndSet = counted(kv.compareAndSet.bind(kv));
  const jobs = new InProcessJobEngine(kv, () => now, () => undefined, 0);
  const sent: QueuedReminder[] = [];
  const reminders = new Reminders({
    kv,
    jobs,
    now: () => now,
    log: silentLogger,
    source: { anime: async (id) => anime(id), airingList: async () => undefined },
    deliver: async (r) => {
      sent.push(r);
      return closedDms && r.target.kind === 'dm' ? { ok: false, reason: 'closed' } : { ok: true };
    },
    knobs: { indexRefreshMs: 0 },
    channelState: () => Promise.resolve(false),
  });
  return { reminders, kv, sent, writes: () => writes, at: (ms: number) => (now = ms) };
}

describe('the language of reminders', () => {
  it('a DM reminder is in English for a user whose record has no language, then in the language /remind last saw', async () => {
    const t = setup();
    await t.reminders.add(USER, anime(1));
    t.at(FIRST + MINUTE);
    await t.reminders.tick();
    expect(t.sent.map((r) => r.locale)).toEqual(['en-US']);

    await t.reminders.noteLocale(USER, 'ja');
    t.at(FIRST + WEEK + MINUTE);
    await t.reminders.tick();
    expect(t.sent.map((r) => r.locale)).toEqual(['en-US', 'ja']);
    expect(parseUser(await t.kv.get(KEY.user(USER)))?.locale).toBe('ja');
  });

  it('keeps the language without a store write when it did not change, and never makes a record for it', async () => {
    const t = setup();
    await t.reminders.noteLocale(USER, 'de');
    expect(await t.kv.get(KEY.user(USER))).toBeUndefined();
    await t.reminders.add(USER, anime(1));
    const afterAdd = t.writes();
    // English is what a record without a language means already.
    await t.reminders.noteLocale(USER, 'en-US');
    expect(t.writes()).toBe(afterAdd);
    await t.reminders.noteLocale(USER, 'fr');
    expect(t.writes()).toBe(afterAdd + 1);
    await t.reminders.noteLocale(USER, 'fr');
    expect(t.writes()).toBe(afterAdd + 1);
  });

  it('a channel reminder is in the server\'s language from /remind channel add, refreshed by later channel commands', async () => {
    const t = setup();
    await t.reminders.addChannel(GUILD, { channelId: CHANNEL, delayMinutes: 0, ageRestricted: false }, anime(1), 'de');
    t.at(FIRST + MINUTE);
    await t.reminders.tick();
    expect(t.sent.map((r) => r.locale)).toEqual(['de']);

    const before = t.writes();
    await t.reminders.noteGuildLocale(GUILD, 'de');
    expect(t.writes()).toBe(before);
    await t.reminders.noteGuildLocale(GUILD, 'pt-BR');
    t.at(FIRST + WEEK + MINUTE);
    await t.reminders.tick();
    expect(t.sent.map((r) => r.locale)).toEqual(['de', 'pt-BR']);

    // A server without follows keeps no record, language included.
    await t.reminders.removeChannel(GUILD, CHANNEL, 1);
    await t.reminders.noteGuildLocale(GUILD, 'ja');
    expect(await t.kv.get(KEY.guild(GUILD))).toBeUndefined();
  });

  it('the closed-DMs pause is told once, in the user\'s language', async () => {
    const t = setup(true);
    await t.reminders.add(USER, anime(1));
    await t.reminders.noteLocale(USER, 'es-ES');
    t.at(FIRST + MINUTE);
    await t.reminders.tick();
    expect(await t.reminders.takePauseNotice(USER)).toBe('es-ES');
    expect(await t.reminders.takePauseNotice(USER)).toBeUndefined();
  });

  it('reads a stored language only when it is one of the bot\'s locales; an unknown one means English', () => {
    const user = { titles: [1], excluded: [], followList: false, listTitles: [], delayMinutes: 0 };
    expect(parseUser(JSON.stringify({ ...user, locale: 'ja' }))?.locale).toBe('ja');
    const unknown = parseUser(JSON.stringify({ ...user, locale: 'Klingon' }));
    expect(unknown?.titles).toEqual([1]);
    expect(unknown?.locale).toBeUndefined();
    expect(parseUser(JSON.stringify(user))?.locale).toBeUndefined();
    const follows = [{ titleId: 1, channelId: CHANNEL, delayMinutes: 0, ageRestricted: false }];
    expect(parseGuild(JSON.stringify({ follows, locale: 'fr' }))?.locale).toBe('fr');
    expect(parseGuild(JSON.stringify({ follows, locale: 42 }))).toEqual({ follows });
  });
});
