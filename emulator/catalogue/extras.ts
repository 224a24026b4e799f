// Extra works and forum topics a test adds to the generated catalogue, e.g. with hostile text.
// Every field not given is taken from a generated work, so responses keep the spec's shapes.
import { isoSeconds } from '../time.js';
import { hashString } from '../prng.js';
import type { Forum } from './forum.js';
import type { AlternativeTitles, AnimeDetails, ForumPoll, ForumPost, ForumTopic, IdName, MangaDetails, WorkCore } from './types.js';

export interface ExtraWork {
  id: number;
  title: string;
  alternative_titles?: Partial<AlternativeTitles>;
  genres?: IdName[];
  synopsis?: string;
  background?: string;
  /** Anime only. */
  studios?: IdName[];
  /** Manga only. */
  serialization?: IdName[];
}

export interface ExtraTopic {
  id: number;
  title: string;
  /** Board 19 (anime discussion) unless given. */
  boardId?: number;
  poll?: { question: string; options: string[] };
  posts: Array<{ by: string; body: string; forumTitle?: string }>;
}

export interface CatalogueExtras {
  anime?: ExtraWork[];
  manga?: ExtraWork[];
  topics?: ExtraTopic[];
}

/** The generated core of a template work with the extra's identity and names. */
export function extraCores<C extends WorkCore>(extras: readonly ExtraWork[] | undefined, generated: readonly C[]): C[] {
  const taken = new Set(generated.map((w) => w.id));
  return (extras ?? []).map((extra, i) => {
    if (taken.has(extra.id)) throw new Error(`extra work id ${extra.id} is already in the catalogue`);
    taken.add(extra.id);
    const template = generated[i % generated.length];
    if (template === undefined) throw new Error('the catalogue is empty');
    const core: C = {
      ...template,
      id: extra.id,
      title: extra.title,
      alternative_titles: { synonyms: [], en: '', ja: '', ...extra.alternative_titles },
      nsfw: 'white',
    };
    if (extra.genres) core.genres = extra.genres;
    return core;
  });
}

/** Details of an extra work: generated, then the extra's texts laid over them. */
export function extraAnimeDetails(extra: ExtraWork | undefined, d: AnimeDetails): AnimeDetails {
  if (!extra) return d;
  return {
    ...d,
    ...(extra.synopsis !== undefined ? { synopsis: extra.synopsis } : {}),
    ...(extra.background !== undefined ? { background: extra.background } : {}),
    ...(extra.studios ? { studios: extra.studios } : {}),
  };
}

export function extraMangaDetails(extra: ExtraWork | undefined, d: MangaDetails): MangaDetails {
  if (!extra) return d;
  return {
    ...d,
    ...(extra.synopsis !== undefined ? { synopsis: extra.synopsis } : {}),
    ...(extra.background !== undefined ? { background: extra.background } : {}),
    ...(extra.serialization ? { serialization: extra.serialization.map((node) => ({ node })) } : {}),
  };
}

/** A copy of the forum with the extra topics as the most recently active ones. */
export function withExtraTopics(forum: Forum, topics: readonly ExtraTopic[] | undefined, nowMs: number): Forum {
  if (!topics || topics.length === 0) return forum;
  const posts = new Map(forum.posts);
  const added: ForumTopic[] = topics.map((t, ti) => {
    if (forum.byId.has(t.id)) throw new Error(`extra topic id ${t.id} is already in the forum`);
    if (t.posts.length === 0) throw new Error(`extra topic ${t.id} needs at least one post`);
    const start = nowMs - (topics.length - ti) * 3_600_000;
    const user = (name: string) => ({ id: 1_000_000 + (hashString(name) % 9_000_000), name });
    const poll: ForumPoll | null = t.poll
      ? { id: t.id, question: t.poll.question, closed: false, options: t.poll.options.map((text, i) => ({ id: t.id * 10 + i, text, votes: i + 1 })) }
      : null;
    posts.set(
      t.id,
      t.posts.map((p, i): ForumPost => {
        const by = user(p.by);
        return {
          id: t.id * 300 + i,
          number: i + 1,
          created_at: isoSeconds(start + i * 60_000),
          created_by: { ...by, forum_avator: `https://api-cdn.myanimelist.net/images/useravatars/${by.id}.jpg`, ...(p.forumTitle ? { forum_title: p.forumTitle } : {}) },
          body: p.body,
          signature: '',
        };
      }),
    );
    const first = t.posts[0]?.by ?? '';
    return { id: t.id, boardId: t.boardId ?? 19, title: t.title, createdAtMs: start, createdBy: user(first), numPosts: t.posts.length - 1, isLocked: false, poll };
  });
  const all = [...added.reverse(), ...forum.topics];
  return { ...forum, topics: all, byId: new Map(all.map((t) => [t.id, t])), posts };
}
