// A paged list view: loads one page from the service and renders it with pager buttons and a
// select menu that opens an item (src/render/pager.ts). The view's state travels in the buttons'
// custom_ids; the pager and the open menu's handlers are in commands/components/shared.ts.

import type { BaseContext } from '../interactions/context.js';
import type { RenderedMessage } from '../render/limits.js';
import { pagedMessage } from '../render/pager.js';
import type { PagedView } from '../interactions/paged-view-types.js';

export const PAGE_SIZE = 10;
export type { AnyPagedView, Field, LoadedPage, OpenOption, PagedView } from '../interactions/paged-view-types.js';

export async function renderPagedView<S, C extends BaseContext>(
  ctx: C,
  view: PagedView<S, C>,
  state: S,
  offset: number,
  invokerId: string,
): Promise<RenderedMessage> {
  const page = await view.load(ctx, state, offset);
  const t = ctx.t;
  return pagedMessage(t, page, { code: view.code, userId: invokerId, state: view.encode(state), offset, size: view.pageSize ?? PAGE_SIZE, openPlaceholder: view.openPlaceholder(t) });
}

/** Opens an item a menu names by its reference (`a:967`, `t:1877721`…): src/views/open-reference.ts. */
export type Opener = (ctx: BaseContext, reference: string) => Promise<RenderedMessage>;
