// What an "Open…" menu option refers to, opened: `a:ID` (anime), `m:ID` (manga), `t:ID[:POSTS]` (a
// forum topic) or `b:ID` (a forum board's topics).

import type { BaseContext } from '../interactions/context.js';
import { MalformedCustomIdError } from '../interactions/custom-id.js';
import type { RenderedMessage } from '../render/limits.js';
import { renderDetails } from './details.js';
import { topicsView, topicView } from './forum.js';
import { renderPagedView } from './paged-view.js';

/** Opens what a select menu option refers to: `a:ID`, `m:ID`, `t:ID[:POSTS]` (topic) or `b:ID` (board). */
export async function openReference(ctx: BaseContext, reference: string): Promise<RenderedMessage> {
  const match = /^([amtb]):(\d{1,10})(?::(\d{1,7}))?$/.exec(reference);
  if (!match?.[1] || !match[2]) throw new MalformedCustomIdError(`bad reference ${reference}`);
  const id = Number(match[2]);
  switch (match[1]) {
    case 'a':
      return renderDetails(ctx, 'anime', id);
    case 'm':
      return renderDetails(ctx, 'manga', id);
    case 't':
      return renderPagedView(ctx, topicView, { id, posts: match[3] === undefined ? undefined : Number(match[3]) }, 0, ctx.userId);
    default:
      return renderPagedView(
        ctx,
        topicsView,
        { boardId: id, subboardId: undefined, q: undefined, topicUser: undefined, user: undefined },
        0,
        ctx.userId,
      );
  }
}
