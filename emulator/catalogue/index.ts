import { hashString } from '../prng.js';
import { generateAnime } from './anime.js';
import { makeAnimeDetails, makeMangaDetails, type Links } from './details.js';
import { generateForum, type Forum } from './forum.js';
import { generateManga } from './manga.js';
import { extraAnimeDetails, extraCores, extraMangaDetails, withExtraTopics, type CatalogueExtras } from './extras.js';
import { type AnimeCore, type AnimeDetails, type MangaCore, type MangaDetails, type WorkCore } from './types.js';

export const SEED_CATALOGUE_SIZE = 420;
export const DEFAULT_CATALOGUE_SEED = 20240501;

/** Immutable works plus lazily generated, cached bulky details. */
export class WorkStore<C extends WorkCore, D> {
  readonly byId: Map<number, C>;
  private readonly cache = new Map<number, D>();

  constructor(
    readonly list: readonly C[],
    private readonly makeDetails: (core: C) => D,
  ) {
    this.byId = new Map(list.map((w) => [w.id, w]));
  }

  details(core: C): D {
    let d = this.cache.get(core.id);
    if (d === undefined) {
      d = this.makeDetails(core);
      this.cache.set(core.id, d);
    }
    return d;
  }
}

export interface Catalogue {
  anime: WorkStore<AnimeCore, AnimeDetails>;
  manga: WorkStore<MangaCore, MangaDetails>;
  forum: Forum;
  seed: number;
}

const ADAPTED_SOURCES = new Set(['manga', 'light_novel', 'web_manga', 'novel', '4_koma_manga']);
const KNOWN_ADAPTATIONS: Array<[number, number]> = [[21, 13], [20, 11]];

function crossLinks(anime: readonly AnimeCore[], manga: readonly MangaCore[]): { animeToManga: Map<number, number[]>; mangaToAnime: Map<number, number[]> } {
  const animeToManga = new Map<number, number[]>();
  const mangaToAnime = new Map<number, number[]>();
  const add = (a: number, m: number): void => {
    animeToManga.set(a, [...(animeToManga.get(a) ?? []), m]);
    mangaToAnime.set(m, [...(mangaToAnime.get(m) ?? []), a]);
  };
  const animeIds = new Set(anime.map((a) => a.id));
  const mangaIds = new Set(manga.map((m) => m.id));
  for (const [a, m] of KNOWN_ADAPTATIONS) if (animeIds.has(a) && mangaIds.has(m)) add(a, m);
  if (manga.length > 20) {
    for (const a of anime) {
      if (a.id < 100 || a.source === undefined || !ADAPTED_SOURCES.has(a.source)) continue;
      const m = manga[20 + (hashString(`adapt:${a.id}`) % (manga.length - 20))];
      if (m !== undefined && !mangaToAnime.has(m.id)) add(a.id, m.id);
    }
  }
  return { animeToManga, mangaToAnime };
}

const cache = new Map<string, Catalogue>();

/**
 * Builds (or reuses) the deterministic catalogue. The current season is derived from `nowMs`, so the key
 * includes the day; works and forum are immutable and safe to share between emulator instances.
 */
export function buildCatalogue(size: 'seed' | number, seed: number, nowMs: number, forumPosters: readonly string[], extras?: CatalogueExtras): Catalogue {
  const count = size === 'seed' ? SEED_CATALOGUE_SIZE : Math.max(1, Math.floor(size));
  const key = `${count}:${seed}:${Math.floor(nowMs / 86_400_000)}:${forumPosters.join(',')}`;
  const hit = extras ? undefined : cache.get(key);
  if (hit) return hit;
  const anime = generateAnime(count, seed, nowMs);
  const manga = generateManga(count, seed, nowMs);
  if (extras) {
    anime.cores = [...anime.cores, ...extraCores(extras.anime, anime.cores)];
    manga.cores = [...manga.cores, ...extraCores(extras.manga, manga.cores)];
  }
  const extraAnime = new Map((extras?.anime ?? []).map((w) => [w.id, w]));
  const extraManga = new Map((extras?.manga ?? []).map((w) => [w.id, w]));
  const { animeToManga, mangaToAnime } = crossLinks(anime.cores, manga.cores);
  const animeLinks: Links = { franchises: anime.franchises, cross: animeToManga };
  const mangaLinks: Links = { franchises: manga.franchises, cross: mangaToAnime };
  const catalogue: Catalogue = {
    anime: new WorkStore(anime.cores, (c) => extraAnimeDetails(extraAnime.get(c.id), makeAnimeDetails(c, seed, animeLinks, anime.cores))),
    manga: new WorkStore(manga.cores, (c) => extraMangaDetails(extraManga.get(c.id), makeMangaDetails(c, seed, mangaLinks, manga.cores))),
    forum: withExtraTopics(generateForum(seed, nowMs, forumPosters), extras?.topics, nowMs),
    seed,
  };
  if (extras) return catalogue;
  if (cache.size > 8) cache.clear();
  cache.set(key, catalogue);
  return catalogue;
}
