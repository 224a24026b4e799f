import { Prng, mixSeed } from '../prng.js';
import { seasonOfMonth } from '../time.js';
import {
  assignRankAndPopularity, makeCreatedUpdated, type RequiredWorkFields, makeGenres, makeListUsers, makeMean, makePicture, nextFreeId, pickNsfw,
} from './common.js';
import { addDays, dateToMs, formatDate, pickShape, type DateShape } from './dates.js';
import { KNOWN_ANIME, type KnownAnime } from './known.js';
import { makeTitle, sequelTitle, synonymsFor, type TitleSet } from './titles.js';
import { type AnimeCore } from './types.js';
import { DAYS } from './words.js';

const MEDIA_TYPES = [
  'tv', 'tv', 'tv', 'tv', 'tv', 'tv', 'tv', 'tv', 'movie', 'movie', 'ova', 'ova', 'ona', 'ona', 'special', 'special',
  'music', 'tv_special', 'cm', 'pv',
];
const SOURCES = ['original', 'manga', 'manga', 'manga', 'light_novel', 'light_novel', 'visual_novel', 'web_manga', 'novel', 'game', '4_koma_manga', 'other'];
/**
 * Japan-time broadcast hours, weighted like real schedules: mostly late night (22:00 to 02:xx, the
 * "24:00-26:59" slots written as next-day 00-02), then evenings, then mornings, whose slots fall on the
 * previous calendar day in the Americas. Indexed by one uniform draw of 0-23.
 */
const BROADCAST_HOURS = [22, 22, 23, 23, 23, 0, 0, 0, 1, 1, 1, 2, 17, 18, 18, 19, 20, 21, 7, 8, 9, 9, 10, 16] as const;
/** Season offsets from the current one of every fourth generated work. */
const RECENT_SEASON_OFFSETS = [-8, -6, -4, -3, -2, -1, -1, 0, 0, 0, 0, 1] as const;
const RATINGS_WHITE = ['g', 'pg', 'pg_13', 'pg_13', 'pg_13', 'r'];

export interface GeneratedAnime {
  cores: AnimeCore[];
  /** franchise id lists, shared by all members; drives related_anime */
  franchises: Map<number, number[]>;
}

function episodesFor(rng: Prng, mediaType: string): number {
  switch (mediaType) {
    case 'tv':
      return rng.pick([12, 12, 13, 13, 24, 25, 26, 39, 50, 51]);
    case 'ona':
      return rng.int(1, 24);
    case 'ova':
    case 'special':
      return rng.int(1, 6);
    case 'tv_special':
    case 'pv':
      return rng.int(1, 3);
    default:
      return 1;
  }
}

function durationFor(rng: Prng, mediaType: string): number {
  switch (mediaType) {
    case 'movie':
      return rng.int(80, 130) * 60;
    case 'music':
      return rng.int(180, 330);
    case 'cm':
      return rng.int(15, 60);
    case 'pv':
      return rng.int(60, 180);
    case 'ona':
      return rng.int(3, 24) * 60;
    default:
      return rng.int(1380, 1500);
  }
}

function finishCore(core: AnimeCore, startMs: number, endMs: number | undefined, startShape: DateShape, rng: Prng, nowMs: number): void {
  core.start_date = formatDate(startMs, startShape);
  if (startShape !== 'year') {
    const month = new Date(startMs).getUTCMonth() + 1;
    core.start_season = { year: new Date(startMs).getUTCFullYear(), season: seasonOfMonth(month) };
  }
  if (startMs > nowMs) {
    core.status = 'not_yet_aired';
    core.mean = undefined;
    core.num_scoring_users = 0;
    if (rng.chance(0.5)) core.num_episodes = 0;
  } else if (endMs === undefined || endMs > nowMs) {
    core.status = 'currently_airing';
  } else {
    core.status = 'finished_airing';
    core.end_date = formatDate(endMs, startShape === 'year' ? 'year' : pickShape(rng, 0.85));
  }
  if ((core.media_type === 'tv' || core.media_type === 'ona') && rng.chance(0.85) && startShape === 'day') {
    // start_date is the Japan-time calendar date of the first broadcast, so its weekday is the slot's day,
    // also for late-night slots (a "Thursday 25:30" slot is stored as Friday 01:30 and starts on a Friday).
    const day = DAYS[(new Date(startMs).getUTCDay() + 6) % 7] ?? 'sunday';
    core.broadcast = rng.chance(0.9)
      ? { day_of_the_week: day, start_time: `${String(BROADCAST_HOURS[rng.int(0, 23)] ?? 0).padStart(2, '0')}:${rng.pick(['00', '25', '30', '55'])}` }
      : { day_of_the_week: day };
  }
}

/**
 * Every key in one fixed order (optional ones undefined), so all work objects share one hidden class;
 * bulk generation and sorting of 100k works stay fast. Undefined keys are dropped when rendered.
 */
function newAnimeCore(f: RequiredWorkFields & Pick<AnimeCore, 'num_episodes' | 'average_episode_duration'>): AnimeCore {
  return {
    id: f.id, title: f.title, main_picture: undefined, alternative_titles: f.alternative_titles, start_date: undefined,
    end_date: undefined, mean: undefined, rank: undefined, popularity: f.popularity, num_list_users: f.num_list_users,
    num_scoring_users: f.num_scoring_users, nsfw: f.nsfw, created_at: f.created_at, updated_at: f.updated_at,
    media_type: f.media_type, status: f.status, genres: undefined, num_favorites: f.num_favorites,
    num_episodes: f.num_episodes, start_season: undefined, broadcast: undefined, source: undefined,
    average_episode_duration: f.average_episode_duration, rating: undefined,
  };
}

function fromKnown(k: KnownAnime, rng: Prng, nowMs: number): AnimeCore {
  const dates = makeCreatedUpdated(rng, nowMs);
  const core = newAnimeCore({
    id: k.id, title: k.title, alternative_titles: { synonyms: k.synonyms, en: k.en, ja: k.ja }, popularity: 0,
    num_list_users: k.num_list_users, num_scoring_users: Math.round(k.num_list_users * 0.6), nsfw: 'white',
    created_at: dates.created_at, updated_at: dates.updated_at, media_type: k.media_type, status: '',
    num_favorites: Math.round(k.num_list_users * 0.05), num_episodes: k.num_episodes,
    average_episode_duration: k.average_episode_duration,
  });
  core.main_picture = makePicture(rng, 'anime');
  core.mean = k.mean;
  core.genres = k.genres;
  core.source = k.source;
  core.rating = k.rating;
  core.start_date = k.start_date;
  const startMs = dateToMs(k.start_date);
  const month = new Date(startMs).getUTCMonth() + 1;
  core.start_season = { year: new Date(startMs).getUTCFullYear(), season: seasonOfMonth(month) };
  if (k.end_date === undefined) core.status = 'currently_airing';
  else {
    core.status = 'finished_airing';
    core.end_date = k.end_date;
  }
  if (k.broadcast) core.broadcast = { ...k.broadcast };
  return core;
}

interface Franchise {
  title: TitleSet;
  ids: number[];
}

/**
 * A generated work's title and franchise: now and then a sequel of one of the last few franchises
 * (fewer than 6 works), else a new title starting a new franchise (added to `bases`).
 */
function titleAndFamily(rng: Prng, bases: Franchise[]): { title: TitleSet; family: number[] } {
  const base = bases.length > 0 && rng.chance(0.22) ? bases[bases.length - 1 - rng.int(0, Math.min(5, bases.length - 1))] : undefined;
  if (base !== undefined && base.ids.length < 6) return { title: sequelTitle(base.title, rng), family: base.ids };
  const title = makeTitle(rng);
  const family: number[] = [];
  bases.push({ title, ids: family });
  return { title, family };
}

/**
 * When the i-th generated work starts airing, how precise its date is, and whether it is a long
 * runner. Every 4th work is recent, leaning towards the current season as a real catalogue's airing
 * block does; the rest start between 1965 and last year.
 */
function pickStart(rng: Prng, i: number, mediaType: string, nowMs: number): { startMs: number; shape: DateShape; longRunner: boolean } {
  const now = new Date(nowMs);
  if (i % 4 === 0) {
    const currentSeason = now.getUTCFullYear() * 4 + Math.floor(now.getUTCMonth() / 3);
    const seasonNumber = currentSeason + (RECENT_SEASON_OFFSETS[Math.floor(i / 4) % RECENT_SEASON_OFFSETS.length] ?? 0);
    const year = Math.floor(seasonNumber / 4);
    const startMonth = (seasonNumber % 4) * 3;
    const startMs = Date.UTC(year, startMonth + rng.int(0, 2), rng.int(1, 28));
    const shape: DateShape = startMs > nowMs && rng.chance(0.3) ? 'month' : 'day';
    return { startMs, shape, longRunner: mediaType === 'tv' && rng.chance(0.15) };
  }
  const startMs = Date.UTC(rng.int(1965, now.getUTCFullYear() - 1), rng.int(0, 11), rng.int(1, 28));
  const shape = pickShape(rng, 0.7);
  return { startMs, shape, longRunner: mediaType === 'tv' && rng.chance(0.03) };
}

export function generateAnime(count: number, seed: number, nowMs: number): GeneratedAnime {
  const rng = new Prng(mixSeed(seed, 1));
  const cores: AnimeCore[] = [];
  const franchises = new Map<number, number[]>();
  const used = new Set(KNOWN_ANIME.map((k) => k.id));
  for (const k of KNOWN_ANIME) {
    if (cores.length >= count) break;
    cores.push(fromKnown(k, rng, nowMs));
  }
  const hnk = [967, 1356, 1358].filter((id) => cores.some((c) => c.id === id));
  for (const id of hnk) franchises.set(id, hnk);

  const bases: Franchise[] = [];
  let lastId = 100;
  for (let i = 0; cores.length < count; i++) {
    const id = nextFreeId(rng, lastId, used);
    lastId = id;
    const { title, family } = titleAndFamily(rng, bases);
    family.push(id);
    franchises.set(id, family);

    const mediaType = rng.pick(MEDIA_TYPES);
    const nsfw = pickNsfw(rng);
    const { startMs, shape, longRunner } = pickStart(rng, i, mediaType, nowMs);
    const episodes = longRunner ? rng.int(60, 400) : episodesFor(rng, mediaType);
    const numListUsers = makeListUsers(rng);
    const alternativeTitles = { synonyms: synonymsFor(title, rng), en: rng.chance(0.25) ? '' : title.en, ja: title.ja };
    const mean = makeMean(rng);
    const scoring = Math.round(numListUsers * (0.2 + rng.next() * 0.5));
    const dates = makeCreatedUpdated(rng, nowMs);
    const core = newAnimeCore({
      id, title: title.romaji, alternative_titles: alternativeTitles, popularity: 0, num_list_users: numListUsers,
      num_scoring_users: scoring, nsfw, created_at: dates.created_at, updated_at: dates.updated_at, media_type: mediaType,
      status: '', num_favorites: Math.round(numListUsers * rng.next() * 0.03),
      num_episodes: longRunner && rng.chance(0.5) ? 0 : episodes, average_episode_duration: durationFor(rng, mediaType),
    });
    core.mean = mean;
    if (rng.chance(0.98)) core.main_picture = makePicture(rng, 'anime');
    const genres = makeGenres(rng, nsfw);
    if (genres) core.genres = genres;
    if (rng.chance(0.95)) core.source = rng.pick(SOURCES);
    core.rating = nsfw === 'black' ? 'rx' : nsfw === 'gray' ? 'r+' : rng.pick(RATINGS_WHITE);
    const weeks = mediaType === 'tv' || mediaType === 'ona' ? episodes * 7 : mediaType === 'ova' || mediaType === 'special' ? episodes * 30 : 0;
    const endMs = longRunner && rng.chance(0.6) ? undefined : addDays(startMs, weeks);
    finishCore(core, startMs, endMs, shape, rng, nowMs);
    cores.push(core);
  }
  assignRankAndPopularity(cores);
  return { cores, franchises };
}
