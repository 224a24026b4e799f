// The buttons /remind declares (commands/remind.ts), on the reminder posts: Open (the title's
// details, for the clicker only) and Stop (the clicker stops following the title). The posts and
// their buttons are built in src/render/reminders.ts; +1 episode is the details' quick button
// (commands/components/works.ts).

import type { ComponentHandler } from '../../src/interactions/context.js';
import { COMPONENT_KINDS } from '../../src/render/component-kinds.js';
import { renderDetails } from '../../src/views/details.js';
import { stopReminder } from '../../src/views/reminders.js';

/** Open answers only the member who clicked, so a busy reminder channel does not fill with details. */
export const reminderOpenHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.reminderOpen,
  mode: 'ephemeral',
  run: (ctx, fields) => renderDetails(ctx, 'anime', fields.int()),
};

export const reminderStopHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.reminderStop,
  mode: 'ephemeral',
  run: (ctx, fields) => stopReminder(ctx, fields.int()),
};
