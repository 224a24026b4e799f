// Forum views: a topic search (paged) and one topic's posts (paged).

import type { BaseContext } from '../interactions/context.js';
import { forumTopicsEmbed, forumTopicEmbed } from '../render/forum.js';
import type { Page } from '../service/common-types.js';
import type { ForumTopicSummary } from '../service/forum-types.js';
import { renameOption } from '../interactions/user-errors.js';
import { plural } from '../render/plural.js';
import type { PagedView } from './paged-view.js';
import { PAGE_SIZE } from './paged-view.js';

export interface TopicsState {
  boardId: number | undefined;
  subboardId: number | undefined;
  q: string | undefined;
  topicUser: string | undefined;
  user: string | undefined;
}

/** Service option → the /forum topics option the user typed. */
const TOPICS_OPTION_NAMES = { q: 'query', boardId: 'board', subboardId: 'subboard', topicUserName: 'topic_user', userName: 'user' };

export const topicsView: PagedView<TopicsState> = {
  code: 'ft',
  openPlaceholder: 'Open a topic…',
  encode: (s) => [s.boardId, s.subboardId, s.q, s.topicUser, s.user],
  decode: (r) => ({
    boardId: r.optionalInt(),
    subboardId: r.optionalInt(),
    q: r.optionalString(),
    topicUser: r.optionalString(),
    user: r.optionalString(),
  }),
  async load(ctx: BaseContext, s, offset) {
    let page: Page<ForumTopicSummary>;
    try {
      page = await ctx.deps.service.forumTopics({
        limit: PAGE_SIZE,
        offset,
        ...(s.boardId !== undefined ? { boardId: s.boardId } : {}),
        ...(s.subboardId !== undefined ? { subboardId: s.subboardId } : {}),
        ...(s.q !== undefined ? { q: s.q } : {}),
        ...(s.topicUser !== undefined ? { topicUserName: s.topicUser } : {}),
        ...(s.user !== undefined ? { userName: s.user } : {}),
      });
    } catch (error) {
      throw renameOption(error, TOPICS_OPTION_NAMES);
    }
    const filters = [
      s.q ? `“${s.q}”` : undefined,
      s.boardId !== undefined ? `board ${s.boardId}` : undefined,
      s.subboardId !== undefined ? `subboard ${s.subboardId}` : undefined,
      s.topicUser ? `started by ${s.topicUser}` : undefined,
      s.user ? `with posts by ${s.user}` : undefined,
    ].filter(Boolean);
    return {
      embeds: [forumTopicsEmbed(page.data, { title: `Forum topics: ${filters.join(', ')}`, offset })],
      open: page.data.map((t) => ({
        label: t.title ?? `Topic ${t.id}`,
        value: t.number_of_posts !== undefined ? `t:${t.id}:${t.number_of_posts + 1}` : `t:${t.id}`,
        ...(t.created_by?.name ? { description: `by ${t.created_by.name}${t.number_of_posts !== undefined ? ` · ${plural(t.number_of_posts, 'post', 'posts')}` : ''}` } : {}),
      })),
      hasNext: page.paging.next !== undefined,
    };
  },
};

export const POSTS_PER_PAGE = 4;

export interface TopicState {
  id: number;
  /** Number of posts, when known from the topic list (its `number_of_posts` counts replies). */
  posts?: number | undefined;
}

export const topicView: PagedView<TopicState> = {
  code: 'fp',
  openPlaceholder: 'Open…',
  pageSize: POSTS_PER_PAGE,
  encode: (s) => [s.id, s.posts],
  decode: (r) => ({ id: r.int(), posts: r.optionalInt() }),
  async load(ctx, s, offset) {
    const page = await ctx.deps.service.forumTopic(s.id, { limit: POSTS_PER_PAGE, offset });
    return {
      embeds: forumTopicEmbed(page.data, { topicId: s.id, offset }),
      open: [],
      hasNext: page.paging.next !== undefined,
      ...(s.posts !== undefined && s.posts > 0 ? { total: s.posts } : {}),
    };
  },
};
