// The button /feed declares (commands/feed.ts), on the activity feed's posts: "Add to my list", for
// whoever clicks, through their own login (src/views/activity-feed.ts). The posts and the button are
// built in src/render/feed-post.ts.

import type { ComponentHandler } from '../../src/interactions/context.js';
import { COMPONENT_KINDS } from '../../src/render/component-kinds.js';
import { addPlanned } from '../../src/views/activity-feed.js';
import { workIn } from '../../src/views/kind-views.js';

/**
 * "Add to my list" for whoever clicks (unlinked users are told to /login): a title not on their list is
 * added as plan to watch/read; one already there is left as it is.
 */
export const addToListHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.feedAdd,
  mode: 'ephemeral',
  linked: true,
  listLock: true,
  async run(ctx, fields) {
    const { kind, id } = workIn(fields);
    return addPlanned(ctx, kind, id, ctx.auth);
  },
};
