import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../emulator/catalogue/index.js';
import { type WorkCore } from '../../emulator/catalogue/types.js';
import { startEmulator } from '../../emulator/server.js';
import { seedUserLists } from '../../emulator/catalogue/users.js';
import { KNOWN_ANIME } from '../../emulator/catalogue/known.js';
import { call, items, node } from '../../emulator/helpers.js';
import { airingPlan, japanMidnightOf, japanWeekday, nextEpisode, parseBroadcast } from '../../src/airing/air-times.js';

const NOW = Date.UTC(2025, 4, 10);

describe('seeded catalogue', () => {
  const cat = buildCatalogue('seed', 7, NOW, ['alice']);

  it('has hundreds of anime and manga including the well-known titles', () => {
    expect(cat.anime.list.length).toBeGreaterThanOrEqual(300);
    expect(cat.manga.list.length).toBeGreaterThanOrEqual(300);
    expect(cat.anime.byId.get(967)?.title).toBe('Hokuto no Ken');
    expect(cat.anime.byId.get(21)?.title).toBe('One Piece');
    expect(cat.anime.byId.get(1)?.title).toBe('Cowboy Bebop');
    expect(cat.manga.byId.get(401)?.title).toBe('Kiseijuu');
    expect(cat.manga.byId.get(2)?.title).toBe('Berserk');
    expect(cat.manga.byId.get(13)?.title).toBe('One Piece');
  });

  it('seeds list progress within each work’s known totals', () => {
    for (const name of ['alice', 'bob']) {
      const lists = seedUserLists(name, cat.anime.list, cat.manga.list, 7, NOW);
      expect(lists.manga.size).toBeGreaterThan(0);
      for (const [id, entry] of lists.manga) {
        const work = cat.manga.byId.get(id);
        if (work && work.num_volumes > 0) expect(entry.volumes, `${name} manga ${id}`).toBeLessThanOrEqual(work.num_volumes);
      }
    }
  });

  it("seeds overlapping lists (bob shares many scored titles with alice, scored within a point) and sized lists for other users", () => {
    const alice = seedUserLists('alice', cat.anime.list, cat.manga.list, 7, NOW);
    const bob = seedUserLists('bob', cat.anime.list, cat.manga.list, 7, NOW);
    const shared = [...bob.anime.keys()].filter((id) => alice.anime.has(id));
    expect(shared.length).toBeGreaterThanOrEqual(30);
    const scored = shared.filter((id) => (alice.anime.get(id)?.score ?? 0) > 0 && (bob.anime.get(id)?.score ?? 0) > 0);
    // The shared titles are scored within a point (a few more may be on both lists by chance).
    const alike = scored.filter((id) => Math.abs((alice.anime.get(id)?.score ?? 0) - (bob.anime.get(id)?.score ?? 0)) <= 1);
    expect(alike.length).toBeGreaterThanOrEqual(8);
    expect(alike.length / scored.length).toBeGreaterThan(0.8);
    expect([...bob.manga.keys()].filter((id) => alice.manga.has(id)).length).toBeGreaterThanOrEqual(8);
    // alice's fixed titles stay hers alone (tests rely on bob not having Cowboy Bebop).
    expect(bob.anime.has(1)).toBe(false);
    const big = buildCatalogue(1300, 7, NOW, ['alice']);
    const dave = seedUserLists('dave', big.anime.list, big.manga.list, 7, NOW, { anime: 1150, manga: 40 });
    expect([dave.anime.size, dave.manga.size]).toEqual([1150, 40]);
    expect(seedUserLists('erin', cat.anime.list, cat.manga.list, 7, NOW).anime.size).toBe(0);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const again = buildCatalogue('seed', 7, NOW, ['alice', 'x']);
    const other = buildCatalogue('seed', 8, NOW, ['alice']);
    const strip = (ws: readonly WorkCore[]) => JSON.stringify(ws.slice(20, 60));
    expect(strip(again.anime.list)).toBe(strip(cat.anime.list));
    expect(JSON.stringify(again.anime.details(again.anime.list[30] as never))).toBe(JSON.stringify(cat.anime.details(cat.anime.list[30] as never)));
    expect(strip(other.anime.list)).not.toBe(strip(cat.anime.list));
  });

  it('contains the odd values real clients must survive', () => {
    const all: WorkCore[] = [...cat.anime.list, ...cat.manga.list];
    const starts = all.map((w) => w.start_date ?? '');
    expect(starts.some((d) => /^\d{4}$/.test(d))).toBe(true);
    expect(starts.some((d) => /^\d{4}-\d{2}$/.test(d))).toBe(true);
    expect(starts.some((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
    expect(new Set(all.map((w) => w.nsfw))).toEqual(new Set(['white', 'gray', 'black']));
    expect(all.some((w) => w.created_at === '1970-01-01T00:00:00+00:00')).toBe(true);
    expect(all.some((w) => w.alternative_titles.en === '')).toBe(true);
    expect(all.some((w) => w.main_picture === undefined)).toBe(true);
    expect(all.some((w) => w.genres === undefined)).toBe(true);
    const animeTypes = new Set(cat.anime.list.map((a) => a.media_type));
    for (const t of ['tv', 'movie', 'ova', 'ona', 'special', 'music', 'cm', 'pv', 'tv_special']) expect(animeTypes, t).toContain(t);
    const mangaTypes = new Set(cat.manga.list.map((m) => m.media_type));
    for (const t of ['manga', 'novel', 'light_novel', 'one_shot', 'doujinshi', 'manhwa', 'manhua', 'oel']) expect(mangaTypes, t).toContain(t);
    expect(cat.anime.list.some((a) => a.num_episodes === 0)).toBe(true);
    expect(cat.anime.list.some((a) => a.broadcast === undefined && a.media_type === 'tv')).toBe(true);
    expect(new Set(cat.anime.list.map((a) => a.status))).toEqual(new Set(['finished_airing', 'currently_airing', 'not_yet_aired']));
  });

  it('has airing data relative to its clock, in Japan time, as the service gives it', () => {
    for (const clock of [NOW, Date.UTC(2026, 10, 23, 10, 0)]) {
      const c = buildCatalogue('seed', 7, clock, []);
      const withSlot = c.anime.list.filter((a) => parseBroadcast(a.broadcast) !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(a.start_date ?? ''));
      // The broadcast weekday is the Japan calendar day of the first episode, late-night slots included
      // (real data of the well-known titles is kept as the service has it, inconsistencies and all).
      const known = new Set(KNOWN_ANIME.map((k) => k.id));
      for (const a of withSlot.filter((w) => !known.has(w.id))) {
        expect(parseBroadcast(a.broadcast)?.weekday, `${a.id}`).toBe(japanWeekday((japanMidnightOf(a.start_date) ?? 0) + 3_600_000));
      }
      const airing = withSlot.filter((a) => a.status === 'currently_airing');
      const hour = (a: (typeof airing)[number]): number => Number(a.broadcast?.start_time?.slice(0, 2));
      expect(airing.filter((a) => hour(a) < 5).length, 'late-night slots written as next-day 00-04').toBeGreaterThan(0);
      expect(airing.filter((a) => hour(a) >= 5 && hour(a) < 14).length, 'morning slots, previous day in the Americas').toBeGreaterThan(0);
      expect(airing.filter((a) => airingPlan(a) && nextEpisode(airingPlan(a) as never, clock)).length).toBeGreaterThan(5);
      expect(withSlot.some((a) => a.status === 'not_yet_aired' && airingPlan(a) !== undefined && (airingPlan(a)?.firstMs ?? 0) > clock)).toBe(true);
      expect(c.anime.list.some((a) => a.status === 'finished_airing' && a.broadcast !== undefined)).toBe(true);
      expect(c.anime.list.some((a) => a.status === 'currently_airing' && a.broadcast === undefined)).toBe(true);
      expect(c.anime.list.some((a) => a.broadcast !== undefined && a.broadcast.start_time === undefined)).toBe(true);
    }
  });

  it('gives manga authors and serialization, anime studios and string statistics', () => {
    const d = cat.manga.details(cat.manga.list[100] as never);
    expect(d.authors.length).toBeGreaterThan(0);
    const a = cat.anime.details(cat.anime.list[100] as never);
    expect(typeof a.statistics.status.watching).toBe('string');
    expect(a.studios.length).toBeGreaterThan(0);
  });

  it('builds numeric sizes exactly', () => {
    const big = buildCatalogue(5000, 3, NOW, []);
    expect(big.anime.list.length).toBe(5000);
    expect(big.manga.list.length).toBe(5000);
    expect(new Set(big.anime.list.map((w) => w.id)).size).toBe(5000);
  });
});

describe('catalogue options of the emulator', () => {
  it('serves a generated catalogue of the requested size', async () => {
    const emu = await startEmulator({ catalogue: { size: 2000, seed: 5 }, now: () => NOW });
    try {
      const res = items((await call(emu, '/anime/ranking?ranking_type=bypopularity&offset=1990&limit=20&nsfw=true')).json);
      expect(res.length).toBe(10);
      expect(node(res[0] ?? {}).id).toBeTypeOf('number');
    } finally {
      await emu.close();
    }
  });
});
