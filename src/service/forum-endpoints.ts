// Endpoints of the forum: its boards, topics found by board or text, and one topic's posts.

import type { CallContext, Requester } from './call-context.js';
import type { Page } from './common-types.js';
import { MAX_LIMIT, MIN_QUERY_LENGTH, type ForumTopicOptions, type ForumTopicsOptions } from './endpoint-options.js';
import { listQuery } from './endpoint-queries.js';
import { InvalidOptionError } from './errors.js';
import type { ForumBoards, ForumTopicPage, ForumTopicSummary } from './forum-types.js';
import { parseForumBoards, parseForumTopicPage, parseForumTopicsPage } from './parse.js';
import { checkEnum, checkId, checkText } from './validate.js';

export async function forumBoards(api: Requester, ctx: CallContext): Promise<ForumBoards> {
  return parseForumBoards(await api.get('forum/boards', new URLSearchParams(), ctx));
}

/** Needs one of boardId, subboardId, q (the real service hangs until a 504 otherwise). */
export async function forumTopics(api: Requester, o: ForumTopicsOptions, ctx: CallContext): Promise<Page<ForumTopicSummary>> {
  const query = listQuery(o, MAX_LIMIT.forumTopics);
  if (o.boardId === undefined && o.subboardId === undefined && o.q === undefined) {
    throw new InvalidOptionError('boardId', 'forum topics need at least one of boardId, subboardId or q');
  }
  if (o.boardId !== undefined) query.set('board_id', String(checkId('boardId', o.boardId)));
  if (o.subboardId !== undefined) query.set('subboard_id', String(checkId('subboardId', o.subboardId)));
  if (o.q !== undefined) query.set('q', checkText('q', o.q, MIN_QUERY_LENGTH));
  if (o.topicUserName !== undefined) query.set('topic_user_name', checkText('topicUserName', o.topicUserName, 1));
  if (o.userName !== undefined) query.set('user_name', checkText('userName', o.userName, 1));
  if (o.sort !== undefined) query.set('sort', checkEnum('sort', o.sort, ['recent'] as const));
  return parseForumTopicsPage(await api.get('forum/topics', query, ctx));
}

export async function forumTopic(api: Requester, id: number, o: ForumTopicOptions, ctx: CallContext): Promise<ForumTopicPage> {
  const path = `forum/topic/${checkId('id', id)}`;
  const query = listQuery(o, MAX_LIMIT.forumTopic);
  return parseForumTopicPage(await api.get(path, query, ctx));
}
