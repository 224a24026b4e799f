// Where the games' pools come from (src/games/pool-refresh.ts): the service's ranking by popularity,
// read unscoped (background work on the deployment's fair line, going only when people's requests
// leave room), nsfw=false and every title not rated safe left out, each turned into what the clues and
// autocomplete need. Anime: two pages of 500; manga: one.

import type { GameKind, PoolTitle } from './pool.js';
import { POOL_SIZE } from './pool.js';
import type { PoolSource } from './pool-refresh.js';
import type { ServiceClient } from '../service/client.js';
import { fields, nested } from '../service/fields.js';
import type { Anime, Manga } from '../service/work-types.js';
import { notRatedSafe } from '../known-works/nsfw-ratings.js';

const PAGE = 500;

const COMMON = ['alternative_titles', 'main_picture', 'start_date', 'mean', 'media_type', 'genres', 'nsfw'] as const;
export const POOL_FIELDS: Record<GameKind, string> = {
  anime: fields(...COMMON, 'start_season', 'num_episodes', 'studios', 'source'),
  manga: fields(...COMMON, 'num_volumes', 'num_chapters', nested('authors', 'first_name', 'last_name'), nested('serialization', 'name')),
};

const names = (list: Array<string | undefined>): string[] => [...new Set(list.map((n) => n?.trim() ?? '').filter((n) => n !== ''))];
const count = (n: number | undefined): number | undefined => (typeof n === 'number' && n > 0 ? n : undefined);

function yearOf(date: string | undefined): number | undefined {
  const y = date === undefined ? NaN : Number(date.slice(0, 4));
  return Number.isInteger(y) && y > 1800 ? y : undefined;
}

function common(work: Anime | Manga): PoolTitle {
  const alt = work.alternative_titles;
  const t: PoolTitle = { id: work.id, title: work.title ?? String(work.id), synonyms: names(alt?.synonyms ?? []), genres: names((work.genres ?? []).map((g) => g.name)) };
  if (alt?.en?.trim()) t.en = alt.en.trim();
  if (alt?.ja?.trim()) t.ja = alt.ja.trim();
  const picture = work.main_picture?.large ?? work.main_picture?.medium;
  if (picture) t.picture = picture;
  const year = yearOf(work.start_date);
  if (year !== undefined) t.year = year;
  if (typeof work.media_type === 'string') t.mediaType = work.media_type;
  if (typeof work.mean === 'number' && work.mean > 0) t.score = work.mean;
  return t;
}

export function animePoolTitle(work: Anime): PoolTitle {
  const t = common(work);
  if (typeof work.start_season?.year === 'number') t.year = work.start_season.year;
  if (typeof work.start_season?.season === 'string') t.season = work.start_season.season;
  const episodes = count(work.num_episodes);
  if (episodes !== undefined) t.episodes = episodes;
  t.studios = names((work.studios ?? []).map((s) => s.name));
  if (typeof work.source === 'string') t.source = work.source;
  return t;
}

export function mangaPoolTitle(work: Manga): PoolTitle {
  const t = common(work);
  const volumes = count(work.num_volumes);
  const chapters = count(work.num_chapters);
  if (volumes !== undefined) t.volumes = volumes;
  if (chapters !== undefined) t.chapters = chapters;
  t.authors = names((work.authors ?? []).map((a) => [a.node?.first_name, a.node?.last_name].filter((p) => p?.trim()).join(' ')));
  t.serialization = names((work.serialization ?? []).map((s) => s.node?.name));
  return t;
}

/** The pools' source over the service client: ranking by popularity, safe-for-work titles only, each id once. */
export function servicePoolSource(service: ServiceClient): PoolSource {
  return async (kind) => {
    const seen = new Set<number>();
    const titles: PoolTitle[] = [];
    for (let offset = 0; offset < POOL_SIZE[kind]; offset += PAGE) {
      const limit = Math.min(PAGE, POOL_SIZE[kind] - offset);
      const page =
        kind === 'anime'
          ? (await service.animeRanking({ rankingType: 'bypopularity', limit, offset, nsfw: false, fields: POOL_FIELDS.anime })).data.map((i) => (notRatedSafe(i.node.nsfw) ? undefined : animePoolTitle(i.node)))
          : (await service.mangaRanking({ rankingType: 'bypopularity', limit, offset, nsfw: false, fields: POOL_FIELDS.manga })).data.map((i) => (notRatedSafe(i.node.nsfw) ? undefined : mangaPoolTitle(i.node)));
      for (const t of page) {
        if (!t || seen.has(t.id)) continue;
        seen.add(t.id);
        titles.push(t);
      }
      if (page.length < limit) break;
    }
    return titles;
  };
}
