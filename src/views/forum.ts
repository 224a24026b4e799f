// Forum views: a topic search (paged) and one topic's posts (paged); their pages: src/render/forum.ts.

import type { BaseContext } from '../interactions/context.js';
import { forumTopicPage, forumTopicsPage } from '../render/forum.js';
import type { Page } from '../service/common-types.js';
import type { ForumTopicSummary } from '../service/forum-types.js';
import { renameOption } from '../interactions/user-errors.js';
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
  openPlaceholder: (t) => t.t('lists.forum.topics.open'),
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
    return { ...forumTopicsPage(ctx.t, page.data, s, offset), hasNext: page.paging.next !== undefined };
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
  openPlaceholder: (t) => t.t('lists.forum.topic.open'),
  pageSize: POSTS_PER_PAGE,
  encode: (s) => [s.id, s.posts],
  decode: (r) => ({ id: r.int(), posts: r.optionalInt() }),
  async load(ctx, s, offset) {
    const page = await ctx.deps.service.forumTopic(s.id, { limit: POSTS_PER_PAGE, offset });
    return {
      ...forumTopicPage(ctx.t, page.data, { topicId: s.id, offset }),
      hasNext: page.paging.next !== undefined,
      ...(s.posts !== undefined && s.posts > 0 ? { total: s.posts } : {}),
    };
  },
};
