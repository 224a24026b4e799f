// The buttons /watchparty declares: **Plan a watch party** on a `/server pick` poll's result
// (`wp-plan|<anime id>`) and **+1 on my list** on the post when a party ends
// (`wp-watched|<anime id>|<episode>`). What each does: src/views/watch-party-actions.ts; the
// messages they are on: src/render/poll-result.ts and src/render/watch-party.ts.

import type { ComponentHandler } from '../../src/interactions/context.js';
import { COMPONENT_KINDS } from '../../src/render/component-kinds.js';
import { markWatched, planWatchParty } from '../../src/views/watch-party-actions.js';

/** "Plan a watch party": the party at the title's next broadcast, or the command to run with a start. */
export const planHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.watchPartyPlan,
  mode: 'ephemeral',
  only: 'server',
  needsBot: true,
  run: (ctx, fields) => planWatchParty(ctx, fields.int()),
};

/** "+1 on my list": the presser's progress on the title up to the episode, through their own login. */
export const watchedHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.watchPartyWatched,
  mode: 'ephemeral',
  linked: true,
  listLock: true,
  async run(ctx, fields) {
    const animeId = fields.int();
    const episode = fields.int();
    return markWatched(ctx, animeId, episode, ctx.auth);
  },
};
