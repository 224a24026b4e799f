// The buttons /server declares: the **Vote** button under a `/server pick` (`gp-vote|<pick id>`)
// and the **End poll** button under its poll's answer (`gp-end|<message id>`). What each does:
// src/views/group-pick.ts; the messages they are on: src/render/group-pick.ts.

import type { ComponentHandler } from '../../src/interactions/context.js';
import { COMPONENT_KINDS } from '../../src/render/component-kinds.js';
import { endPoll, votePick } from '../../src/views/group-pick.js';

/** **Vote**: the pick's invoker (or a member with Manage Events) puts it to a native poll in the channel. */
export const pickVoteHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.pollVote,
  mode: 'reply',
  local: true,
  only: 'server',
  needsBot: true,
  creatorOr: 'ManageEvents',
  notCreator: { key: 'polls.error.notYours', values: { what: 'vote' } },
  run: (ctx, fields) => votePick(ctx, fields.string()),
};

/** **End poll**: its creator (or a member with Manage Events) ends the poll now. */
export const pollEndHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.pollEnd,
  mode: 'ephemeral',
  local: true,
  only: 'server',
  needsBot: true,
  creatorOr: 'ManageEvents',
  notCreator: { key: 'polls.error.notYours', values: { what: 'end' } },
  run: (ctx, fields) => endPoll(ctx, fields.string()),
};
