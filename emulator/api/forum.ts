import { episodeTopics } from '../catalogue/episode-topics.js';
import { type ForumPost, type ForumTopic } from '../catalogue/types.js';
import { isoSeconds } from '../time.js';
import { ok, type ApiContext, type Answer, type RawAnswer } from './context.js';
import { badRequest, notFound } from './errors.js';
import { pageUrl, paginate } from './paging.js';
import { oneOf, optionalInteger, parseInteger, parseLimit, parseOffset } from './params.js';

export function boards(ctx: ApiContext): Answer {
  return ok({ categories: structuredClone(ctx.state.catalogue.forum.categories) });
}

const GATEWAY_TIMEOUT_HTML =
  '<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n<center><h1>504 Gateway Time-out</h1></center>\r\n</body>\r\n</html>\r\n';

/** The generated forum plus the episode discussion topics aired by the emulator's clock. */
function forumNow(ctx: ApiContext): { topics: ForumTopic[]; byId: Map<number, ForumTopic>; posts: Map<number, ForumPost[]> } {
  const forum = ctx.state.catalogue.forum;
  const episodes = episodeTopics(ctx.state.catalogue.anime.list, ctx.state.now());
  const topics = [...episodes.topics, ...forum.topics].sort((a, b) => lastActivity(forum.posts, episodes.posts, b) - lastActivity(forum.posts, episodes.posts, a));
  return {
    topics,
    byId: new Map([...forum.byId, ...episodes.topics.map((t) => [t.id, t] as const)]),
    posts: new Map([...forum.posts, ...episodes.posts]),
  };
}

function lastActivity(a: Map<number, ForumPost[]>, b: Map<number, ForumPost[]>, t: ForumTopic): number {
  const last = (a.get(t.id) ?? b.get(t.id))?.at(-1)?.created_at;
  return last ? Date.parse(last) : t.createdAtMs;
}

function topicSummary(posts: Map<number, ForumPost[]>, t: ForumTopic): Record<string, unknown> {
  const last = (posts.get(t.id) ?? []).at(-1);
  return {
    id: t.id,
    title: t.title,
    created_at: isoSeconds(t.createdAtMs),
    created_by: { id: t.createdBy.id, name: t.createdBy.name },
    number_of_posts: t.numPosts,
    last_post_created_at: last?.created_at ?? isoSeconds(t.createdAtMs),
    is_locked: t.isLocked,
    last_post_created_by: last ? { id: last.created_by.id, name: last.created_by.name } : { ...t.createdBy },
  };
}

/**
 * GET /forum/topics. Without board_id, subboard_id or q the real service hangs and its CDN answers 504 (HTML).
 */
export async function topics(ctx: ApiContext): Promise<Answer | RawAnswer> {
  const boardId = optionalInteger(ctx.query, 'board_id');
  const subboardId = optionalInteger(ctx.query, 'subboard_id');
  const q = ctx.query.get('q');
  if (q !== undefined && q.trim().length < 3) throw badRequest('q');
  oneOf(ctx.query.get('sort'), ['recent'], 'sort');
  const limit = parseLimit(ctx.query, 100);
  const offset = parseOffset(ctx.query);
  if (boardId === undefined && subboardId === undefined && q === undefined) {
    await new Promise((resolve) => setTimeout(resolve, ctx.state.forumTopicsTimeoutMs));
    return { status: 504, raw: GATEWAY_TIMEOUT_HTML, contentType: 'text/html' };
  }
  const topicUser = ctx.query.get('topic_user_name')?.toLowerCase();
  const poster = ctx.query.get('user_name')?.toLowerCase();
  const words = q?.trim().toLowerCase().split(/\s+/) ?? [];
  const forum = forumNow(ctx);
  const found = forum.topics.filter((t) => {
    if (boardId !== undefined && t.boardId !== boardId) return false;
    if (subboardId !== undefined && t.subboardId !== subboardId) return false;
    const title = t.title.toLowerCase();
    if (!words.every((w) => title.includes(w))) return false;
    if (topicUser !== undefined && t.createdBy.name.toLowerCase() !== topicUser) return false;
    if (poster !== undefined && !(forum.posts.get(t.id) ?? []).some((p) => p.created_by.name.toLowerCase() === poster)) return false;
    return true;
  });
  return ok(paginate(ctx.req, found, offset, limit, () => true, (t) => topicSummary(forum.posts, t)));
}

export function topic(ctx: ApiContext): Answer {
  const id = parseInteger(ctx.params.id ?? '', 'topic_id');
  const limit = parseLimit(ctx.query, 100);
  const offset = parseOffset(ctx.query);
  const forum = forumNow(ctx);
  const t = forum.byId.get(id);
  if (!t) throw notFound();
  const posts = forum.posts.get(id) ?? [];
  const paging: { previous?: string; next?: string } = {};
  if (offset > 0) paging.previous = pageUrl(ctx.req, Math.max(0, offset - limit));
  if (offset + limit < posts.length) paging.next = pageUrl(ctx.req, offset + limit);
  return ok({
    data: { title: t.title, posts: structuredClone(posts.slice(offset, offset + limit)), poll: t.poll ? structuredClone(t.poll) : null },
    paging,
  });
}
