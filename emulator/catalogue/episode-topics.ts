// Episode discussion topics of airing anime, as the real service's forum has them: one topic per
// aired episode in Series Discussion › Anime Series (board 19, subboard 1), titled
// "<Title> Episode <N> Discussion", opened at the episode's Japan broadcast by the forum's staff
// account. Derived from the catalogue and the clock on each read, so topics appear as episodes air.

import { isoSeconds } from '../time.js';
import { type AnimeCore, type ForumPost, type ForumTopic } from './types.js';

const WEEK = 7 * 86_400_000;
const JST_OFFSET = 9 * 3_600_000;
const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** Only the last weeks' episodes: older topics exist on the real forum but no test looks that far back. */
const WEEKS_KEPT = 8;
const STAFF = { id: 7_000_001, name: 'DiscussionBot' };
export const EPISODE_TOPIC_BASE = 40_000_000;

/** A topic id no generated topic uses, from the anime and episode. */
export function episodeTopicId(animeId: number, episode: number): number {
  return EPISODE_TOPIC_BASE + animeId * 1000 + episode;
}

/** The broadcast instants of the anime's episodes up to `nowMs` (at most the last WEEKS_KEPT). */
function airedEpisodes(a: AnimeCore, nowMs: number): Array<{ episode: number; atMs: number }> {
  if (a.status !== 'currently_airing' || !a.broadcast?.start_time || !a.start_date || !/^\d{4}-\d{2}-\d{2}$/.test(a.start_date)) return [];
  const day = DAYS.indexOf(a.broadcast.day_of_the_week);
  const [h = 0, m = 0] = a.broadcast.start_time.split(':').map(Number);
  if (day < 0) return [];
  // The first slot on or after the start date, in Japan time (24:00+ times are the next day's).
  const startMidnightJst = Date.parse(`${a.start_date}T00:00:00Z`);
  let first = startMidnightJst + (((day - new Date(startMidnightJst).getUTCDay() + 7) % 7) * 86_400_000) + (h * 60 + m) * 60_000;
  while (first < startMidnightJst) first += WEEK;
  first -= JST_OFFSET;
  const out: Array<{ episode: number; atMs: number }> = [];
  const aired = Math.floor((nowMs - first) / WEEK) + 1;
  const last = a.num_episodes > 0 ? Math.min(aired, a.num_episodes) : aired;
  for (let n = Math.max(1, last - WEEKS_KEPT + 1); n <= last; n++) out.push({ episode: n, atMs: first + (n - 1) * WEEK });
  return out;
}

export interface EpisodeTopics {
  topics: ForumTopic[];
  posts: Map<number, ForumPost[]>;
}

export function episodeTopics(anime: readonly AnimeCore[], nowMs: number): EpisodeTopics {
  const topics: ForumTopic[] = [];
  const posts = new Map<number, ForumPost[]>();
  for (const a of anime) {
    for (const { episode, atMs } of airedEpisodes(a, nowMs)) {
      const id = episodeTopicId(a.id, episode);
      topics.push({ id, boardId: 19, subboardId: 1, title: `${a.title} Episode ${episode} Discussion`, createdAtMs: atMs, createdBy: { ...STAFF }, numPosts: 0, isLocked: false, poll: null });
      posts.set(id, [
        {
          id: id * 10,
          number: 1,
          created_at: isoSeconds(atMs),
          created_by: { id: STAFF.id, name: STAFF.name, forum_avator: '' },
          body: `${a.title} Episode ${episode}<br />\n<br />\nAlternative titles: ${a.alternative_titles.en || a.title}<br />\n<br />\nPlease do not post spoilers for future episodes.`,
          signature: '',
        },
      ]);
    }
  }
  // Newest first, as the forum's only sort ("recent") orders them.
  topics.sort((x, y) => y.createdAtMs - x.createdAtMs);
  return { topics, posts };
}
