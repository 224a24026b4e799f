import { type Prng } from '../prng.js';
import { isoSeconds } from '../time.js';
import { randomTimestamp } from './dates.js';
import { type IdName, type Nsfw, type Picture, type WorkCore } from './types.js';
import { GENRES, GENRE_ECCHI, GENRE_HENTAI } from './words.js';

export function pickNsfw(rng: Prng): Nsfw {
  const r = rng.next();
  if (r < 0.88) return 'white';
  return r < 0.96 ? 'gray' : 'black';
}

export function makePicture(rng: Prng, kind: 'anime' | 'manga'): Picture {
  const dir = rng.int(1, 1999);
  const file = rng.int(10_000, 150_000);
  const base = `https://api-cdn.myanimelist.net/images/${kind}/${dir}/${file}`;
  return { medium: `${base}.jpg`, large: `${base}l.jpg` };
}

export function makeGenres(rng: Prng, nsfw: Nsfw): IdName[] | undefined {
  if (rng.chance(0.03)) return undefined;
  const genres: IdName[] = rng.sample(GENRES, rng.int(1, 4)).map((g) => ({ id: g.id, name: g.name }));
  if (nsfw === 'gray') genres.push({ ...GENRE_ECCHI });
  if (nsfw === 'black') genres.push({ ...GENRE_HENTAI });
  return genres;
}

export function makeCreatedUpdated(rng: Prng, nowMs: number): { created_at: string; updated_at: string } {
  const epoch = rng.chance(0.1);
  const created = epoch ? 0 : randomTimestamp(rng, Date.UTC(2006, 0, 1), nowMs);
  const updated = randomTimestamp(rng, Math.max(created, Date.UTC(2015, 0, 1)), nowMs);
  return { created_at: isoSeconds(created), updated_at: isoSeconds(updated) };
}

/** log-uniform member count, so a few works are hugely popular and most are niche */
export function makeListUsers(rng: Prng): number {
  return Math.round(Math.exp(Math.log(80) + rng.next() * (Math.log(3_000_000) - Math.log(80))));
}

export function makeMean(rng: Prng): number {
  return Math.round((5 + rng.next() * rng.next() * 2 + rng.next() * 2.3) * 100) / 100;
}

/** rank = position by mean among scored works; popularity = position by member count. */
export function assignRankAndPopularity(works: WorkCore[]): void {
  const scored = works.filter((w) => w.mean !== undefined && w.num_scoring_users > 0);
  scored.sort((a, b) => (b.mean ?? 0) - (a.mean ?? 0) || a.id - b.id);
  scored.forEach((w, i) => {
    w.rank = i + 1;
  });
  const byMembers = [...works].sort((a, b) => b.num_list_users - a.num_list_users || a.id - b.id);
  byMembers.forEach((w, i) => {
    w.popularity = i + 1;
  });
}

/** Next free id after `from`, skipping ids of known titles. */
export function nextFreeId(rng: Prng, from: number, used: ReadonlySet<number>): number {
  let id = from + rng.int(1, 6);
  while (used.has(id)) id++;
  return id;
}

export type RequiredWorkFields = Pick<
  WorkCore,
  'id' | 'title' | 'alternative_titles' | 'popularity' | 'num_list_users' | 'num_scoring_users' | 'nsfw' | 'created_at' |
  'updated_at' | 'media_type' | 'status' | 'num_favorites'
>;
