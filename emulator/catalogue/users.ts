import { Prng, hashString, mixSeed } from '../prng.js';
import { isoSeconds } from '../time.js';
import { formatDate } from './dates.js';
import {
  ANIME_LIST_STATUSES, MANGA_LIST_STATUSES, type AnimeCore, type ListEntry, type MangaCore, type UserProfile,
  type WorkCore,
} from './types.js';

export interface UserLists {
  anime: Map<number, ListEntry>;
  manga: Map<number, ListEntry>;
}

/** Default log-in users. carol is a new user with empty lists. */
export const DEFAULT_USERS = [
  { name: 'alice', password: 'alice-password' },
  { name: 'bob', password: 'bob-password' },
  { name: 'carol', password: 'carol-password' },
];

const TIME_ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC'];

export function makeProfile(name: string, nowMs: number): UserProfile {
  const rng = new Prng(hashString(`profile:${name}`));
  const profile: UserProfile = {
    id: 1_000_000 + (hashString(name) % 9_000_000),
    name,
    location: name === 'alice' ? 'Berlin' : '',
    joined_at: isoSeconds(nowMs - rng.int(30, 4000) * 86_400_000),
    time_zone: rng.pick(TIME_ZONES),
    is_supporter: name === 'alice',
  };
  if (name !== 'carol') {
    profile.picture = `https://api-cdn.myanimelist.net/images/userimages/${profile.id}.jpg?t=${Math.floor(nowMs / 1000)}`;
    if (name === 'alice') {
      profile.gender = 'female';
      profile.birthday = '1994-02-17';
    } else if (rng.chance(0.7)) {
      profile.gender = rng.pick(['female', 'male', 'non-binary']);
    }
  }
  return profile;
}

const COMMENTS = ['', '', '', 'Rewatch with friends', 'The OST is great', 'You wa shock!'];
const TAGS = ['favorite', 'rewatch', 'classic', 'dub', 'binge'];

/** Volumes read for `chapters` read: in proportion to the work's volumes, never beyond them. */
function volumesFor(chapters: number, chapterTotal: number, volumeTotal: number): number {
  if (volumeTotal <= 0) return Math.floor(chapters / 8);
  if (chapterTotal <= 0) return Math.min(volumeTotal, Math.floor(chapters / 8));
  return Math.min(volumeTotal, Math.floor((chapters / chapterTotal) * volumeTotal));
}

function makeEntry(rng: Prng, kind: 'anime' | 'manga', total: number, nowMs: number, status?: string, volumeTotal = 0): ListEntry {
  const statuses = kind === 'anime' ? ANIME_LIST_STATUSES : MANGA_LIST_STATUSES;
  const st = status ?? rng.pick(statuses);
  const max = total > 0 ? total : rng.int(12, 120);
  const progress = st === 'completed' ? max : st === statuses[4] ? 0 : rng.int(1, Math.max(1, max - 1));
  const updatedAt = nowMs - rng.int(1, 1000) * 86_400_000 - rng.int(0, 86_399) * 1000;
  const entry: ListEntry = {
    status: st,
    score: st === statuses[4] || rng.chance(0.3) ? 0 : rng.int(4, 10),
    episodes: kind === 'anime' ? progress : 0,
    volumes: kind === 'manga' ? volumesFor(progress, max, volumeTotal) : 0,
    chapters: kind === 'manga' ? progress : 0,
    repeating: st === 'watching' && rng.chance(0.05),
    updatedAt,
    priority: rng.int(0, 2),
    timesRepeated: st === 'completed' && rng.chance(0.2) ? rng.int(1, 3) : 0,
    repeatValue: rng.chance(0.3) ? rng.int(1, 5) : 0,
    tags: rng.chance(0.3) ? rng.sample(TAGS, rng.int(1, 2)) : [],
    comments: rng.pick(COMMENTS),
  };
  if (st !== statuses[4] && rng.chance(0.6)) entry.start_date = formatDate(updatedAt - rng.int(10, 400) * 86_400_000, 'day');
  if (st === 'completed' && rng.chance(0.6)) entry.finish_date = formatDate(updatedAt, 'day');
  return entry;
}

interface ListPlan {
  anime: number;
  manga: number;
  fixedAnime: Array<[number, string, number]>;
  fixedManga: Array<[number, string, number]>;
  /**
   * Titles also on another seeded user's list (never their fixed ones), scored alike (within a point):
   * lists that overlap, so two members can be compared.
   */
  shares?: { with: string; anime: number; manga: number };
}

const PLANS: Record<string, ListPlan> = {
  alice: {
    anime: 60,
    manga: 25,
    fixedAnime: [[967, 'watching', 73], [1, 'completed', 26], [21, 'watching', 900], [5114, 'completed', 64], [1356, 'plan_to_watch', 0]],
    fixedManga: [[401, 'reading', 5], [2, 'reading', 300], [21, 'completed', 108]],
  },
  bob: {
    anime: 45,
    manga: 15,
    fixedAnime: [[20, 'completed', 220], [40748, 'watching', 10]],
    fixedManga: [[13, 'reading', 1000]],
    shares: { with: 'alice', anime: 30, manga: 8 },
  },
};

function pickWorks<T extends WorkCore>(rng: Prng, works: readonly T[], count: number, taken: Set<number>): T[] {
  const white = works.filter((w) => w.nsfw === 'white' && !taken.has(w.id));
  const other = works.filter((w) => w.nsfw !== 'white' && !taken.has(w.id));
  const nsfwCount = Math.min(other.length, Math.max(2, Math.round(count * 0.1)));
  return [...rng.sample(other, nsfwCount), ...rng.sample(white, count - nsfwCount)];
}

/** Takes `count` titles of `other`'s list (not in `skip`) onto `mine`, each scored within a point of theirs. */
function shareTitles(
  rng: Prng, make: (id: number) => ListEntry | undefined, other: ReadonlyMap<number, ListEntry>, skip: ReadonlySet<number>,
  mine: Map<number, ListEntry>, count: number,
): void {
  const pool = [...other.keys()].filter((id) => !skip.has(id) && !mine.has(id)).sort((a, b) => a - b);
  for (const id of rng.sample(pool, Math.min(count, pool.length))) {
    const entry = make(id);
    const theirs = other.get(id);
    if (!entry || !theirs) continue;
    if (theirs.score > 0 && entry.score > 0) entry.score = Math.max(1, Math.min(10, theirs.score + rng.int(-1, 1)));
    mine.set(id, entry);
  }
}

/**
 * Seeded lists for the default users; another user gets `size` random titles (none given: empty lists),
 * e.g. a list longer than one 1000-entry page in a big catalogue.
 */
export function seedUserLists(
  name: string, anime: readonly AnimeCore[], manga: readonly MangaCore[], seed: number, nowMs: number, size?: { anime: number; manga: number },
): UserLists {
  const lists: UserLists = { anime: new Map(), manga: new Map() };
  const plan = PLANS[name] ?? (size ? { ...size, fixedAnime: [], fixedManga: [] } : undefined);
  if (plan === undefined) return lists;
  const rng = new Prng(mixSeed(seed, 31, hashString(name)));
  const animeById = new Map(anime.map((a) => [a.id, a]));
  const mangaById = new Map(manga.map((m) => [m.id, m]));
  for (const [id, status, progress] of plan.fixedAnime) {
    const work = animeById.get(id);
    if (!work) continue;
    const entry = makeEntry(rng, 'anime', work.num_episodes, nowMs, status);
    entry.episodes = progress;
    lists.anime.set(id, entry);
  }
  for (const [id, status, progress] of plan.fixedManga) {
    const work = mangaById.get(id);
    if (!work) continue;
    const entry = makeEntry(rng, 'manga', work.num_chapters, nowMs, status, work.num_volumes);
    entry.chapters = progress;
    entry.volumes = volumesFor(progress, work.num_chapters, work.num_volumes);
    lists.manga.set(id, entry);
  }
  const shares = plan.shares;
  const sharedPlan = shares ? PLANS[shares.with] : undefined;
  if (shares && sharedPlan) {
    const other = seedUserLists(shares.with, anime, manga, seed, nowMs);
    const makeAnime = (id: number) => {
      const work = animeById.get(id);
      return work && makeEntry(rng, 'anime', work.num_episodes, nowMs);
    };
    const makeManga = (id: number) => {
      const work = mangaById.get(id);
      return work && makeEntry(rng, 'manga', work.num_chapters, nowMs, undefined, work.num_volumes);
    };
    shareTitles(rng, makeAnime, other.anime, new Set(sharedPlan.fixedAnime.map(([id]) => id)), lists.anime, shares.anime);
    shareTitles(rng, makeManga, other.manga, new Set(sharedPlan.fixedManga.map(([id]) => id)), lists.manga, shares.manga);
  }
  for (const work of pickWorks(rng, anime, plan.anime - lists.anime.size, new Set(lists.anime.keys()))) {
    lists.anime.set(work.id, makeEntry(rng, 'anime', work.num_episodes, nowMs));
  }
  for (const work of pickWorks(rng, manga, plan.manga - lists.manga.size, new Set(lists.manga.keys()))) {
    lists.manga.set(work.id, makeEntry(rng, 'manga', work.num_chapters, nowMs, undefined, work.num_volumes));
  }
  return lists;
}
