// The titles that can air this week, read from the season lists (the service has no schedule
// endpoint). The current season's list includes carry-overs still airing; near a season change the
// next season's list is read too. One shared, cached copy serves every viewer.

import type { ServiceClient } from '../service/client.js';
import { animeFields } from '../service/fields.js';
import { SEASONS, type Anime, type Season } from '../service/work-types.js';
import type { StoreEngine } from '../store/engine.js';
import { DAY_MS, JST_OFFSET_MS } from './air-times.js';
import { keepAiringIds } from './kept-airing.js';

export const AIRING_FIELDS = animeFields('broadcast', 'status', 'start_date', 'num_episodes', 'nsfw', 'media_type');

/** The shared copy also carries the alternative titles, so each viewer sees the title form they read. */
const SEASON_LIST_FIELDS = `${AIRING_FIELDS},${animeFields('alternative_titles')}`;

export const DEFAULT_SCHEDULE_TTL_MS = 30 * 60_000;
const SEASON_PAGE = 500;
/** A season list longer than this is cut (no real season comes close). */
const MAX_PAGES_PER_SEASON = 4;

/** Season (in Japan time) an instant falls in. */
export function japanSeasonOf(ms: number): { year: number; season: Season } {
  const d = new Date(ms + JST_OFFSET_MS);
  return { year: d.getUTCFullYear(), season: SEASONS[Math.floor(d.getUTCMonth() / 3)] ?? 'winter' };
}

export interface SeasonAiringOptions {
  service: ServiceClient;
  now: () => number;
  ttlMs?: number;
  /** Where the airing titles' ids are kept for readers that must not ask the service (kept-airing.ts). */
  kv?: Pick<StoreEngine, 'set'>;
}

export class SeasonAiring {
  private cached: { atMs: number; titles: Promise<Anime[]> } | undefined;
  private readonly ttlMs: number;

  constructor(private readonly o: SeasonAiringOptions) {
    this.ttlMs = o.ttlMs ?? DEFAULT_SCHEDULE_TTL_MS;
  }

  /** Airing and upcoming titles of the seasons covering the next eight days, NSFW included (views filter). */
  titles(signal?: AbortSignal): Promise<Anime[]> {
    const now = this.o.now();
    if (this.cached && now - this.cached.atMs < this.ttlMs) return this.cached.titles;
    const titles = this.load(now, signal);
    const entry = { atMs: now, titles };
    this.cached = entry;
    // A failed load is not kept: the next viewer tries again.
    titles.catch(() => {
      if (this.cached === entry) this.cached = undefined;
    });
    return titles;
  }

  private async load(now: number, signal?: AbortSignal): Promise<Anime[]> {
    const seasons = [japanSeasonOf(now), japanSeasonOf(now + 8 * DAY_MS)];
    if (seasons[0]?.season === seasons[1]?.season && seasons[0]?.year === seasons[1]?.year) seasons.pop();
    const byId = new Map<number, Anime>();
    for (const { year, season } of seasons) {
      for (let page = 0; page < MAX_PAGES_PER_SEASON; page++) {
        const result = await this.o.service.seasonalAnime(
          { year, season, limit: SEASON_PAGE, offset: page * SEASON_PAGE, nsfw: true, fields: SEASON_LIST_FIELDS },
          signal ? { signal } : {},
        );
        for (const item of result.data) {
          if (item.node.status === 'currently_airing' || item.node.status === 'not_yet_aired') byId.set(item.node.id, item.node);
        }
        if (result.paging.next === undefined) break;
      }
    }
    // Kept for the weekly recap (a failure to keep them costs this answer nothing).
    if (this.o.kv) await keepAiringIds(this.o.kv, [...byId.keys()], now).catch(() => undefined);
    return [...byId.values()];
  }
}
