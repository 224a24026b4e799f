// The community's stored shapes and rules without a store engine: the compact mirror record, what
// an unreadable record reads as, how a bot change merges over the mirror, and the adaptive interval.

import { describe, expect, it } from 'vitest';
import { DEFAULT_SOCIAL_KNOBS, syncIntervalMs } from '../../src/community/knobs.js';
import { MirrorStore } from '../../src/community/mirror-store.js';
import { decodeMirror, encodeMirror, kindSync, parseGuild, parseMember, type MemberRecord, type MirrorRecord } from '../../src/community/records.js';
import { noteRead } from '../../src/community/sync.js';
import { MemoryEngine } from '../../src/store/engines/memory.js';
import { entry } from './fake-lists.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('community records', () => {
  it('a mirror round-trips through its compact form; unreadable records read as absent', () => {
    const record: MirrorRecord = {
      serviceUser: 'alice',
      syncedAt: 1_700_000_000_000,
      seenUpdatedAt: 1_699_000_000_000,
      fullAt: 1_698_000_000_000,
      staleUntil: 1_800_000_000_000,
      version: 3,
      entries: new Map([1, 2].map((id) => [id, entry(id, { title: id === 2 ? 'Ｚ "quoted" <@1>' : 'One', nsfw: id === 2 })])),
    };
    const raw = encodeMirror(record);
    expect(decodeMirror(raw)).toEqual(record);
    expect(raw.length).toBeLessThan(220);
    for (const bad of ['', '{', '[]', '{"u":1}', 'null']) expect(decodeMirror(bad), bad).toBeUndefined();
    // A malformed row is skipped, the rest kept.
    const partly = decodeMirror(JSON.stringify({ u: 'a', s: 1, w: 0, f: 0, e: [[1, 'x', 'completed', 1, 1, 1, 0, 0, 1], ['bad'], [2, 'y']] }));
    expect([...(partly?.entries.keys() ?? [])]).toEqual([1]);
    expect(parseGuild('nope')).toBeUndefined();
    expect(parseGuild('{"members":["1",2,"3"]}')).toEqual({ members: ['1', '3'] });
    expect(parseMember('{"guilds":["9"],"serviceUser":"a","activeAt":"x","lost":{"at":1}}')).toEqual({ guilds: ['9'], serviceUser: 'a', activeAt: 0, changedAt: 0, nextAt: 0 });
  });

  it('a change made through the bot keeps what its answer did not know (length, total, title) and never unmarks not safe for work', async () => {
    let now = 1_700_000_000_000;
    const mirrors = new MirrorStore(new MemoryEngine(), () => now);
    expect(await mirrors.applyChange('1', 'anime', 5, entry(5))).toBeUndefined();
    await mirrors.applySync('1', 'anime', 'alice', { full: true, entries: [entry(5, { nsfw: true, total: 24, episodeSeconds: 1420 })], startedAt: now });
    now += 1000;
    const change = await mirrors.applyChange('1', 'anime', 5, entry(5, { title: 'anime #5', total: 0, episodeSeconds: 0, nsfw: false, progress: 13, status: 'watching', updatedAt: 0 }));
    expect(change?.after).toMatchObject({ title: 'Title 5', total: 24, episodeSeconds: 1420, nsfw: true, progress: 13, status: 'watching', updatedAt: now });
    // A sync that read the list before the change does not undo it.
    await mirrors.applySync('1', 'anime', 'alice', { full: true, entries: [entry(5, { nsfw: true, total: 24 })], startedAt: now - 500 });
    expect((await mirrors.view('1', 'anime'))?.entries[0]).toMatchObject({ progress: 13, status: 'watching' });
  });

  it('syncs come more often after recent use or list changes, less for quiet members', () => {
    const base = DEFAULT_SOCIAL_KNOBS.baseSyncMs;
    const at = (quietMs: number, field: 'activeAt' | 'changedAt' = 'changedAt') =>
      syncIntervalMs({ activeAt: 0, changedAt: 0, [field]: DAY * 100 - quietMs }, DAY * 100, DEFAULT_SOCIAL_KNOBS);
    expect(at(10 * 60_000, 'activeAt')).toBe(base / 2);
    expect(at(10 * 60_000)).toBe(base / 2);
    expect(at(5 * HOUR)).toBe(base * 2);
    expect(at(2 * DAY)).toBe(base * 8);
    expect(at(5 * DAY)).toBe(base * 8);
    expect(at(60 * DAY)).toBe(base * 16);
  });

  it('each list kind keeps its own pace: a busy anime list does not make a quiet manga list read as often', () => {
    const base = DEFAULT_SOCIAL_KNOBS.baseSyncMs;
    const now = DAY * 100;
    const m: MemberRecord = { guilds: ['1'], serviceUser: 'alice', activeAt: 0, changedAt: 0, nextAt: 0 };
    noteRead(m, { anime: now - 10 * 60_000, manga: now - 60 * DAY }, now, DEFAULT_SOCIAL_KNOBS);
    expect(m.kinds?.anime).toEqual({ changedAt: now - 10 * 60_000, nextAt: now + base / 2 });
    expect(m.kinds?.manga).toEqual({ changedAt: now - 60 * DAY, nextAt: now + base * 16 });
    expect(m.changedAt).toBe(now - 10 * 60_000);
    // Reading only the anime list later leaves the manga list's time alone; an update time from the future counts as now.
    const later = now + base / 2;
    noteRead(m, { anime: later + DAY }, later, DEFAULT_SOCIAL_KNOBS);
    expect(m.kinds?.anime).toEqual({ changedAt: later, nextAt: later + base / 2 });
    expect(m.kinds?.manga?.nextAt).toBe(now + base * 16);
    // The record keeps both paces through the store's encoding.
    expect(parseMember(JSON.stringify(m))?.kinds).toEqual(m.kinds);
    expect(kindSync({ changedAt: 5, nextAt: 7 }, 'anime')).toEqual({ changedAt: 5, nextAt: 7 });
  });
});
