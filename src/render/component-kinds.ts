// Every button, menu and form kind the bot puts in a custom_id, in one table: the first field of
// `kind|field|…` (src/render/custom-ids.ts). Messages are built with these in the rendering layer;
// each kind's handler is declared with its command (commands/components/) and the router finds it
// by this value. The values are in messages already posted: changing one breaks every old button.

export const COMPONENT_KINDS = {
  // shared by every paged list and "open an item" menu (commands/components/shared.ts)
  pager: 'pg',
  open: 'op',
  // /anime and /manga details
  checkMore: 'rv',
  quickAction: 'qa',
  quickStatus: 'qs',
  serverMembers: 'sv',
  anotherPick: 'rr',
  // /remind posts
  reminderOpen: 'ro',
  reminderStop: 'rs',
  // /server pick
  pollVote: 'gp-vote',
  pollEnd: 'gp-end',
  // /list import
  importStart: 'imp',
  importDrop: 'impx',
  importStop: 'imps',
  // /logout
  forgetMe: 'fg',
  // /watchparty
  watchPartyPlan: 'wp-plan',
  watchPartyWatched: 'wp-watched',
  // /wrapped
  wrappedShare: 'wrs',
  // /game
  gameShare: 'game-share',
  gameGuess: 'game-guess',
  gameGuessForm: 'game-guess-form',
  higherLower: 'game-hl',
  coverAnswer: 'game-cover-answer',
  coverForm: 'game-cover-form',
  // /feed posts
  feedAdd: 'fa',
} as const;

export type ComponentKindName = keyof typeof COMPONENT_KINDS;
