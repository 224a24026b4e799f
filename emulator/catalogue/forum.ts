import { Prng, hashString, mixSeed } from '../prng.js';
import { isoSeconds } from '../time.js';
import { FORUM_CATEGORIES } from './boards.js';
import { makeTitle } from './titles.js';
import { type ForumPoll, type ForumPost, type ForumTopic, type ForumUserRef } from './types.js';
import { BBCODE_SNIPPETS, FIRST_NAMES, SIGNATURES, TITLE_WORDS } from './words.js';

export interface Forum {
  categories: typeof FORUM_CATEGORIES;
  /** newest last post first (the only sort: "recent") */
  topics: ForumTopic[];
  byId: Map<number, ForumTopic>;
  posts: Map<number, ForumPost[]>;
}

const TOPIC_COUNT = 420;
const DAY = 86_400_000;

export const POLL_TOPIC_ID = 1877721;

function forumUser(name: string): ForumUserRef {
  return { id: 1_000_000 + (hashString(name) % 9_000_000), name };
}

function placement(rng: Prng): { boardId: number; subboardId?: number } {
  const boards = FORUM_CATEGORIES.flatMap((c) => c.boards);
  const board = rng.chance(0.45) ? boards.find((b) => b.id === 19) : rng.pick(boards);
  if (board === undefined) throw new Error('board 19 missing');
  if (board.subboards.length > 0 && rng.chance(0.85)) return { boardId: board.id, subboardId: rng.pick(board.subboards).id };
  return { boardId: board.id };
}

function topicTitle(rng: Prng, boardId: number, subboardId: number | undefined): string {
  const t = makeTitle(rng).romaji;
  if (subboardId === 1) return `${t} Episode ${rng.int(1, 24)} Discussion`;
  if (subboardId === 4) return `${t} Chapter ${rng.int(1, 300)} Discussion`;
  if (boardId === 8) return `Hello from ${rng.pick(['Berlin', 'Osaka', 'Lima', 'Oslo', 'Quebec', 'Cebu'])}!`;
  if (boardId === 16) return `Looking for something like ${t}`;
  if (boardId === 3) return `[Bug] ${rng.pick(['List page', 'Profile', 'Search', 'Forum'])} ${rng.pick(['not loading', 'shows wrong dates', 'is slow'])}`;
  const word = rng.pick(TITLE_WORDS)[1].toLowerCase();
  return rng.pick([`What is your favorite ${word} anime?`, `Unpopular opinions about ${t}`, `${t}: worth reading?`, `Best ${word} scenes`]);
}

function makePosts(rng: Prng, topic: ForumTopic, posters: ForumUserRef[], nowMs: number): ForumPost[] {
  const posts: ForumPost[] = [];
  const count = topic.numPosts + 1;
  let t = topic.createdAtMs;
  const span = Math.max(60_000, nowMs - topic.createdAtMs);
  for (let i = 0; i < count; i++) {
    const author = i === 0 ? topic.createdBy : rng.pick(posters);
    if (i > 0) t = Math.min(nowMs - 1000, t + Math.floor((rng.next() * span) / (count * 2)) + 1000);
    const parts = rng.sample(BBCODE_SNIPPETS, rng.int(1, 3));
    const body = i === 0 && topic.poll ? `Vote below! ${parts.join('<br />\n')}` : parts.join(rng.chance(0.5) ? '<br />\n' : ' ');
    const createdBy: ForumPost['created_by'] = {
      id: author.id,
      name: author.name,
      forum_avator: `https://api-cdn.myanimelist.net/images/useravatars/${author.id}.jpg?t=${Math.floor(nowMs / 1000)}`,
    };
    if (rng.chance(0.3)) createdBy.forum_title = rng.pick(['Member', 'Moderator', 'Casual Viewer', 'Otaku']);
    posts.push({
      id: topic.id * 300 + i,
      number: i + 1,
      created_at: isoSeconds(t),
      created_by: createdBy,
      body,
      signature: rng.pick(SIGNATURES),
    });
  }
  return posts;
}

function jojoPoll(): ForumPoll {
  const options = ['Sono Chi No Sadame', 'Bloody Stream', 'Stand Proud', 'End Of The World', 'Crazy Noisy Bizarre Town', 'Chase', 'Great Days', 'Fighting Gold', "Traitor's Requiem"];
  const votes = [23, 61, 12, 14, 22, 13, 34, 15, 11];
  return { id: 471578, question: 'What is the best JoJo opening?', closed: false, options: options.map((text, i) => ({ id: 2374472 + i, text, votes: votes[i] ?? 0 })) };
}

export function generateForum(seed: number, nowMs: number, extraPosters: readonly string[]): Forum {
  const rng = new Prng(mixSeed(seed, 3));
  const posters = [
    ...Array.from({ length: 80 }, (_, i) => forumUser(`${FIRST_NAMES[i % FIRST_NAMES.length] ?? 'user'}${i < FIRST_NAMES.length ? '' : `_${i}`}`)),
    ...extraPosters.map((n) => forumUser(n)),
  ];
  const topics: ForumTopic[] = [];
  const special: Array<Omit<ForumTopic, 'numPosts' | 'isLocked' | 'createdBy'> & { numPosts: number; by: string }> = [
    { id: POLL_TOPIC_ID, boardId: 19, subboardId: 1, title: 'What is the best JoJo opening?', createdAtMs: Date.UTC(2020, 10, 24, 3, 0, 58), numPosts: 73, by: 'Ringtomb', poll: jojoPoll() },
    { id: 1851738, boardId: 19, subboardId: 1, title: "JoJo's Bizarre Adventures but its Yu Yu Hakusho Opening", createdAtMs: Date.UTC(2020, 6, 13, 5, 54, 54), numPosts: 0, by: 'TinTin_29', poll: null },
    { id: 1790001, boardId: 11, title: 'JoJo opening or ending: which do you skip?', createdAtMs: Date.UTC(2019, 3, 2, 12, 0, 0), numPosts: 140, by: 'alice', poll: null },
  ];
  for (const s of special) {
    const { by, ...rest } = s;
    topics.push({ ...rest, createdBy: forumUser(by), isLocked: false });
  }
  let id = 2_100_000;
  for (let i = 0; i < TOPIC_COUNT; i++) {
    id -= rng.int(1, 400);
    const where = placement(rng);
    const numPosts = rng.chance(0.1) ? rng.int(101, 260) : rng.chance(0.15) ? 0 : rng.int(1, 60);
    topics.push({
      id, ...where, title: topicTitle(rng, where.boardId, where.subboardId),
      createdAtMs: nowMs - rng.int(1, 1100) * DAY - rng.int(0, DAY), createdBy: rng.pick(posters), numPosts,
      isLocked: rng.chance(0.05), poll: null,
    });
  }
  const posts = new Map<number, ForumPost[]>();
  for (const topic of topics) posts.set(topic.id, makePosts(new Prng(mixSeed(seed, 21, topic.id)), topic, posters, nowMs));
  const lastPostAt = (t: ForumTopic): string => posts.get(t.id)?.at(-1)?.created_at ?? '';
  topics.sort((a, b) => lastPostAt(b).localeCompare(lastPostAt(a)) || b.id - a.id);
  return { categories: FORUM_CATEGORIES, topics, byId: new Map(topics.map((t) => [t.id, t])), posts };
}
