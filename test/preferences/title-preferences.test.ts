// Which title form applies to a person (their choice > their server's default > the main title),
// what it costs in store reads, and what one interaction is given of it.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { SeasonAiring } from '../../src/airing/season-airing.js';
import { TitleCache } from '../../src/known-works/title-cache.js';
import { airingInTitleForm, lazyTitleForm, PREFERENCE_READ_MS, TitleCaches } from '../../src/preferences/interaction-titles.js';
import { PREFERENCE_KEY, resolveTitleForm, serverSpoilerPolicy, TitlePreferences, type PreferencesKv } from '../../src/preferences/title-preferences.js';
import { ServiceClient } from '../../src/service/client.js';
import type { Anime } from '../../src/service/work-types.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';

const USER = '111111111111111111';
const GUILD = '222222222222222222';

/** A memory store that counts reads. */
function countingKv(): PreferencesKv & { reads: number; writes: number } {
  const engine = new MemoryEngine();
  const kv = {
    reads: 0,
    writes: 0,
    get: (key: string) => {
      kv.reads++;
      return engine.get(key);
    },
    set: (key: string, value: string, ttlMs?: number) => {
      kv.writes++;
      return engine.set(key, value, ttlMs);
    },
    delete: (key: string) => engine.delete(key),
  };
  return kv;
}

describe('resolveTitleForm', () => {
  it('the person’s choice beats the server’s default, which beats the main title', () => {
    expect(resolveTitleForm('english', 'japanese')).toEqual({ form: 'english', source: 'user' });
    expect(resolveTitleForm('romaji', 'japanese')).toEqual({ form: 'romaji', source: 'user' });
    expect(resolveTitleForm(undefined, 'japanese')).toEqual({ form: 'japanese', source: 'server' });
    expect(resolveTitleForm(undefined, undefined)).toEqual({ form: 'romaji', source: 'default' });
  });
});

describe('TitlePreferences', () => {
  const open = () => {
    const kv = countingKv();
    return { kv, prefs: new TitlePreferences({ kv }) };
  };

  it('keeps a person’s choice and a server’s default; the order holds', async () => {
    const { prefs } = open();
    expect(await prefs.formFor(USER, GUILD)).toEqual({ form: 'romaji', source: 'default' });
    await prefs.setServerForm(GUILD, 'japanese');
    expect(await prefs.formFor(USER, GUILD)).toEqual({ form: 'japanese', source: 'server' });
    expect(await prefs.formFor(USER, undefined)).toEqual({ form: 'romaji', source: 'default' });
    await prefs.setUserForm(USER, 'english');
    expect(await prefs.formFor(USER, GUILD)).toEqual({ form: 'english', source: 'user' });
    expect(await prefs.formFor(USER, undefined)).toEqual({ form: 'english', source: 'user' });
    await prefs.setServerForm(GUILD, undefined);
    expect(await prefs.serverForm(GUILD)).toBeUndefined();
  });

  it('reads the person’s record and, in a server, the server’s alongside it (one round trip)', async () => {
    const { kv, prefs } = open();
    kv.reads = 0;
    await prefs.formFor(USER, GUILD);
    expect(kv.reads).toBe(2);
    // In DMs only the person's record is read.
    kv.reads = 0;
    await prefs.formFor('333333333333333333', undefined);
    expect(kv.reads).toBe(1);
  });

  it('sees another process’s change of the server’s default at once (nothing is kept in a process)', async () => {
    const { kv, prefs } = open();
    const other = new TitlePreferences({ kv });
    expect((await prefs.formFor(USER, GUILD)).form).toBe('romaji');
    await other.setServerForm(GUILD, 'japanese');
    expect((await prefs.formFor(USER, GUILD)).form).toBe('japanese');
  });

  it('reads an unreadable record as no choice', async () => {
    const { kv, prefs } = open();
    await kv.set(PREFERENCE_KEY.user(USER), '{not json');
    await kv.set(PREFERENCE_KEY.guild(GUILD), JSON.stringify({ titles: 'klingon' }));
    expect(await prefs.formFor(USER, GUILD)).toEqual({ form: 'romaji', source: 'default' });
  });

  it('keeps the language last seen at /login, writing only when it changed; forget me deletes it', async () => {
    const { kv, prefs } = open();
    expect(await prefs.lastLocale(USER)).toBeUndefined();
    await prefs.noteLocale(USER, 'ja');
    expect(await prefs.lastLocale(USER)).toBe('ja');
    const writes = kv.writes;
    await prefs.noteLocale(USER, 'ja');
    expect(kv.writes).toBe(writes);
    await kv.set(PREFERENCE_KEY.locale(USER), 'xx');
    expect(await prefs.lastLocale(USER)).toBeUndefined();
    await prefs.noteLocale(USER, 'de');
    expect(await prefs.forgetUser(USER)).toBe(1);
    expect(await prefs.lastLocale(USER)).toBeUndefined();
  });

  it('forgetUser deletes the person’s choice only', async () => {
    const { prefs } = open();
    await prefs.setUserForm(USER, 'japanese');
    await prefs.setServerForm(GUILD, 'english');
    expect(await prefs.forgetUser(USER)).toBe(1);
    expect(await prefs.forgetUser(USER)).toBe(0);
    expect(await prefs.userForm(USER)).toBeUndefined();
    expect(await prefs.serverForm(GUILD)).toBe('english');
  });
});

describe('what one interaction is given', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the form once, on first use only', async () => {
    const { kv, prefs } = (() => {
      const store = countingKv();
      return { kv: store, prefs: new TitlePreferences({ kv: store }) };
    })();
    await prefs.setUserForm(USER, 'english');
    kv.reads = 0;
    const form = lazyTitleForm(prefs, { userId: USER, guildId: GUILD }, () => undefined);
    expect(kv.reads).toBe(0);
    expect(await Promise.all([form(), form()])).toEqual(['english', 'english']);
    expect(await form()).toBe('english');
    // The person's record and the server's, read together once.
    expect(kv.reads).toBe(2);
  });

  it('shows the main title when the store fails or is slow', async () => {
    const errors: unknown[] = [];
    const failing = new TitlePreferences({ kv: { get: () => Promise.reject(new Error('down')), set: async () => undefined, delete: async () => false } });
    expect(await lazyTitleForm(failing, { userId: USER, guildId: undefined }, (e) => errors.push(e))()).toBe('romaji');
    vi.useFakeTimers();
    const hanging = new TitlePreferences({ kv: { get: () => new Promise<never>(() => undefined), set: async () => undefined, delete: async () => false } });
    const slow = lazyTitleForm(hanging, { userId: USER, guildId: undefined }, (e) => errors.push(e))();
    await vi.advanceTimersByTimeAsync(PREFERENCE_READ_MS);
    expect(await slow).toBe('romaji');
    expect(errors).toHaveLength(2);
  });

  it('the week’s airing titles in the form, the shared copy untouched', async () => {
    const shared: Anime[] = [{ id: 1, title: 'Sousou no Frieren', alternative_titles: { en: 'Frieren: Beyond Journey’s End', ja: '葬送のフリーレン' } }, { id: 2, title: 'Only Main' }];
    const airing = new SeasonAiring({ service: new ServiceClient({ apiUrl: 'http://127.0.0.1:9', clientId: 'unused', userAgent: 'test' }), now: Date.now });
    airing.titles = () => Promise.resolve(shared);
    const view = airingInTitleForm(airing, () => Promise.resolve('japanese'));
    expect((await view.titles()).map((t) => t.title)).toEqual(['葬送のフリーレン', 'Only Main']);
    expect(shared[0]?.title).toBe('Sousou no Frieren');
    expect(await airingInTitleForm(airing, () => Promise.resolve('romaji')).titles()).toBe(shared);
  });

  it('one autocomplete cache per form, the main one shared', () => {
    const main = new TitleCache(Date.now);
    const caches = new TitleCaches(main, Date.now);
    expect(caches.of('romaji')).toBe(main);
    expect(caches.of('english')).not.toBe(main);
    expect(caches.of('english')).not.toBe(caches.of('japanese'));
    expect(caches.of('english')).toBe(caches.of('english'));
  });
});

describe('the spoiler policy of what the bot posts in a server', () => {
  it('a server without a default posts with sequels', async () => {
    expect(await serverSpoilerPolicy({ serverSpoilers: async () => undefined }, 'g')).toBe('sequels');
    expect(await serverSpoilerPolicy({ serverSpoilers: async () => 'never' }, 'g')).toBe('never');
    expect(await serverSpoilerPolicy({ serverSpoilers: async () => 'never' }, undefined)).toBe('sequels');
  });
});
