// The buttons and menus /anime and /manga declare (commands/work-subcommands.ts): the quick "+1"
// buttons and status menu under a work's details (also under a reminder post and a random pick),
// "Check N more related works", "See all N members" and a random pick's Another. Each reads its
// custom id's fields and calls the view that decides the answer; the buttons are built in
// src/render/details-actions.ts, src/render/social.ts and src/render/random-pick.ts.

import type { ComponentHandler } from '../../src/interactions/context.js';
import { COMPONENT_KINDS } from '../../src/render/component-kinds.js';
import { QUICK_ACTIONS } from '../../src/render/details-actions.js';
import { quickAdd, quickStatus, renderDetails } from '../../src/views/details.js';
import { kindOfCode, workIn } from '../../src/views/kind-views.js';
import { anotherPick } from '../../src/views/random-pick.js';
import { openServerMembers } from '../../src/views/social.js';

/** Re-renders the details in place with every shown reference vetted (a look-up per unknown rating). */
export const checkMoreHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.checkMore,
  mode: 'update',
  async run(ctx, fields) {
    const { kind, id } = workIn(fields);
    return renderDetails(ctx, kind, id, { lookups: Number.POSITIVE_INFINITY });
  },
};

/** +1 episode / chapter / volume for whoever clicks; completes the entry when it reaches the total. */
export const quickActionHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.quickAction,
  mode: 'ephemeral',
  linked: true,
  // Read-then-write: two quick clicks by one user (on any process) must not both write the same next value.
  listLock: true,
  async run(ctx, fields) {
    const { kind, id } = workIn(fields);
    const action = fields.oneOf(QUICK_ACTIONS);
    return quickAdd(ctx, ctx.auth, kind, id, action);
  },
};

/** Sets the status of whoever picks it. */
export const quickStatusHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.quickStatus,
  mode: 'ephemeral',
  linked: true,
  listLock: true,
  async run(ctx, fields) {
    const { kind, id } = workIn(fields);
    return quickStatus(ctx, kind, id, ctx.values[0], ctx.auth);
  },
};

/** "See all N members" under "In this server": the paged list of this server's members who have the title. */
export const serverMembersHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.serverMembers,
  mode: 'ephemeral',
  local: true,
  only: 'server',
  async run(ctx, fields) {
    const { kind, id } = workIn(fields);
    return openServerMembers(ctx, kind, id);
  },
};

/** Another: a title this answer has not shown yet, in place of the current one (only for the person who asked). */
export const anotherPickHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.anotherPick,
  mode: 'update',
  invokerField: 0,
  async run(ctx, fields) {
    fields.string(); // invoker, checked by the router
    const kind = kindOfCode(fields.string());
    const sessionId = fields.string();
    return anotherPick(ctx, kind, sessionId);
  },
};
