// The button /logout declares (commands/logout.ts): "forget me" under its answer, for the person who
// logged out only, deleting every kind of record about them (src/views/logout.ts). The button is built
// in src/render/logout.ts.

import type { ComponentHandler } from '../../src/interactions/context.js';
import { COMPONENT_KINDS } from '../../src/render/component-kinds.js';
import { forgetMe } from '../../src/views/logout.js';

/** The "forget me" button under /logout: one store operation that deletes every kind of record about the clicker. */
export const forgetMeHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.forgetMe,
  mode: 'update',
  invokerField: 0,
  local: true,
  run: (ctx) => forgetMe(ctx),
};
