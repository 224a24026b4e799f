// What /forum boards and /forum topics do with their arguments: every board with a menu to open
// one, and the topics found by board, subboard or search text.

import type { BaseContext } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import { forumBoardsMenuId, forumBoardsMessage } from '../render/forum.js';
import type { RenderedMessage } from '../render/limits.js';
import { topicsView } from './forum.js';
import { renderPagedView } from './paged-view.js';

/** Every forum board, with a menu that opens one's topics. */
export async function forumBoards(ctx: BaseContext): Promise<RenderedMessage> {
  const boards = await ctx.deps.service.forumBoards();
  return forumBoardsMessage(ctx.t, boards, forumBoardsMenuId(ctx.userId));
}

export interface TopicsArgs {
  board?: number | undefined;
  subboard?: number | undefined;
  query?: string | undefined;
  topic_user?: string | undefined;
  user?: string | undefined;
}

/** The first page of topics found by board, subboard or search text (at least one of them). */
export function openTopics(ctx: BaseContext, args: TopicsArgs): Promise<RenderedMessage> {
  const state = {
    boardId: args.board,
    subboardId: args.subboard,
    q: args.query?.trim() || undefined,
    topicUser: args.topic_user?.trim() || undefined,
    user: args.user?.trim() || undefined,
  };
  if (state.boardId === undefined && state.subboardId === undefined && state.q === undefined) {
    throw new UserFacingError('lists.forum.whereToLook');
  }
  return renderPagedView(ctx, topicsView, state, 0, ctx.userId);
}
