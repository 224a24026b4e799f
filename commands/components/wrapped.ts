// The component of /wrapped (commands/wrapped.ts): Share under a private answer, which posts the same
// cards in the channel (only the person who asked may click it: the router checks the invoker field;
// the year as kept, src/views/wrapped.ts). Its button is drawn in src/render/wrapped-cards.ts.

import type { ComponentHandler } from '../../src/interactions/context.js';
import { COMPONENT_KINDS } from '../../src/render/component-kinds.js';
import { WORK_KINDS } from '../../src/service/kinds.js';
import { renderWrapped } from '../../src/views/wrapped.js';

/** **Share**: the same cards, posted in the channel. */
export const wrappedShareHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.wrappedShare,
  mode: 'reply',
  invokerField: 0,
  pictures: true,
  run: (ctx, f) => {
    // The invoker's field, checked by the router.
    f.string();
    const kind = f.oneOf(WORK_KINDS);
    const year = f.int();
    const user = f.optionalString();
    return renderWrapped(ctx, { kind, year, user, private: false });
  },
};
