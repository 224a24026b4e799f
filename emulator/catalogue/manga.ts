import { Prng, mixSeed } from '../prng.js';
import {
  assignRankAndPopularity, makeCreatedUpdated, type RequiredWorkFields, makeGenres, makeListUsers, makeMean, makePicture, nextFreeId, pickNsfw,
} from './common.js';
import { addDays, formatDate, pickShape, type DateShape } from './dates.js';
import { KNOWN_MANGA, type KnownManga } from './known.js';
import { makeTitle, sequelTitle, synonymsFor, type TitleSet } from './titles.js';
import { type MangaCore } from './types.js';

const MEDIA_TYPES = [
  'manga', 'manga', 'manga', 'manga', 'manga', 'manga', 'manga', 'manga', 'manga', 'manga', 'light_novel', 'light_novel',
  'light_novel', 'novel', 'one_shot', 'one_shot', 'doujinshi', 'manhwa', 'manhwa', 'manhua', 'oel',
];

export interface GeneratedManga {
  cores: MangaCore[];
  franchises: Map<number, number[]>;
}

/** Every key in one fixed order (see newAnimeCore). */
function newMangaCore(f: RequiredWorkFields & Pick<MangaCore, 'num_volumes' | 'num_chapters'>): MangaCore {
  return {
    id: f.id, title: f.title, main_picture: undefined, alternative_titles: f.alternative_titles, start_date: undefined,
    end_date: undefined, mean: undefined, rank: undefined, popularity: f.popularity, num_list_users: f.num_list_users,
    num_scoring_users: f.num_scoring_users, nsfw: f.nsfw, created_at: f.created_at, updated_at: f.updated_at,
    media_type: f.media_type, status: f.status, genres: undefined, num_favorites: f.num_favorites,
    num_volumes: f.num_volumes, num_chapters: f.num_chapters,
  };
}

function fromKnown(k: KnownManga, rng: Prng, nowMs: number): MangaCore {
  const dates = makeCreatedUpdated(rng, nowMs);
  const core = newMangaCore({
    id: k.id, title: k.title, alternative_titles: { synonyms: k.synonyms, en: k.en, ja: k.ja }, popularity: 0,
    num_list_users: k.num_list_users, num_scoring_users: Math.round(k.num_list_users * 0.4), nsfw: 'white',
    created_at: dates.created_at, updated_at: dates.updated_at, media_type: k.media_type,
    status: k.status ?? (k.end_date === undefined ? 'currently_publishing' : 'finished'),
    num_favorites: Math.round(k.num_list_users * 0.06), num_volumes: k.num_volumes, num_chapters: k.num_chapters,
  });
  core.main_picture = makePicture(rng, 'manga');
  core.start_date = k.start_date;
  core.mean = k.mean;
  core.genres = k.genres;
  if (k.end_date !== undefined) core.end_date = k.end_date;
  return core;
}

/**
 * A generated manga's publication status from its start: not yet published (no score), a finished
 * one-shot, or a run of volumes that may still be going (or on hiatus), finished or discontinued.
 */
function setPublication(core: MangaCore, rng: Prng, w: { startMs: number; shape: DateShape; mediaType: string; nowMs: number }): void {
  const { startMs, shape, mediaType, nowMs } = w;
  if (startMs > nowMs) {
    core.status = 'not_yet_published';
    core.mean = undefined;
    core.num_scoring_users = 0;
  } else if (mediaType === 'one_shot') {
    core.status = 'finished';
    core.num_volumes = 1;
    core.num_chapters = 1;
    core.end_date = core.start_date;
  } else {
    const volumes = rng.int(1, 40);
    const endMs = addDays(startMs, volumes * rng.int(60, 120));
    if (endMs > nowMs || rng.chance(0.15)) {
      core.status = rng.chance(0.08) ? 'on_hiatus' : 'currently_publishing';
    } else {
      core.status = rng.chance(0.04) ? 'discontinued' : 'finished';
      core.end_date = formatDate(endMs, shape === 'year' ? 'year' : pickShape(rng, 0.8));
      core.num_volumes = volumes;
      core.num_chapters = mediaType === 'light_novel' || mediaType === 'novel' ? 0 : volumes * rng.int(7, 11);
    }
  }
}

export function generateManga(count: number, seed: number, nowMs: number): GeneratedManga {
  const rng = new Prng(mixSeed(seed, 2));
  const cores: MangaCore[] = [];
  const franchises = new Map<number, number[]>();
  const used = new Set(KNOWN_MANGA.map((k) => k.id));
  for (const k of KNOWN_MANGA) {
    if (cores.length >= count) break;
    cores.push(fromKnown(k, rng, nowMs));
  }
  const parasyte = [401, 78789, 80797].filter((id) => cores.some((c) => c.id === id));
  for (const id of parasyte) franchises.set(id, parasyte);

  const nowYear = new Date(nowMs).getUTCFullYear();
  const bases: Array<{ title: TitleSet; ids: number[] }> = [];
  let lastId = 100;
  while (cores.length < count) {
    const id = nextFreeId(rng, lastId, used);
    lastId = id;
    let title: TitleSet;
    let family: number[];
    const base = bases.length > 0 && rng.chance(0.15) ? bases[bases.length - 1] : undefined;
    if (base !== undefined && base.ids.length < 4) {
      title = sequelTitle(base.title, rng);
      family = base.ids;
    } else {
      title = makeTitle(rng);
      family = [];
      bases.push({ title, ids: family });
    }
    family.push(id);
    franchises.set(id, family);

    const mediaType = rng.pick(MEDIA_TYPES);
    const nsfw = pickNsfw(rng);
    const startMs = Date.UTC(rng.int(1970, nowYear + 1), rng.int(0, 11), rng.int(1, 28));
    const shape = pickShape(rng, 0.65);
    const numListUsers = makeListUsers(rng);
    const alternativeTitles = { synonyms: synonymsFor(title, rng), en: rng.chance(0.3) ? '' : title.en, ja: title.ja };
    const startDate = formatDate(startMs, shape);
    const mean = makeMean(rng);
    const scoring = Math.round(numListUsers * (0.1 + rng.next() * 0.4));
    const dates = makeCreatedUpdated(rng, nowMs);
    const core = newMangaCore({
      id, title: title.romaji, alternative_titles: alternativeTitles, popularity: 0, num_list_users: numListUsers,
      num_scoring_users: scoring, nsfw, created_at: dates.created_at, updated_at: dates.updated_at, media_type: mediaType,
      status: '', num_favorites: Math.round(numListUsers * rng.next() * 0.03), num_volumes: 0, num_chapters: 0,
    });
    core.start_date = startDate;
    core.mean = mean;
    if (rng.chance(0.98)) core.main_picture = makePicture(rng, 'manga');
    const genres = makeGenres(rng, nsfw);
    if (genres) core.genres = genres;
    setPublication(core, rng, { startMs, shape, mediaType, nowMs });
    cores.push(core);
  }
  assignRankAndPopularity(cores);
  return { cores, franchises };
}
