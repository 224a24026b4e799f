// The components of /game (commands/game.ts): the daily puzzle's Share and Guess buttons and the guess
// form, higher or lower's two buttons, and a cover round's Answer button and its form. Each reads its
// custom id's fields and calls what decides the answer (src/views/game*.ts) or builds the form
// (src/render/game*.ts). No custom id names a title.

import type { ComponentHandler } from '../../src/interactions/context.js';
import { COMPONENT_KINDS } from '../../src/render/component-kinds.js';
import { gameGuessForm } from '../../src/render/game.js';
import { coverAnswerForm } from '../../src/render/game-cover.js';
import { GAME_KINDS } from '../../src/games/pool.js';
import { gameGuess, shareGrid } from '../../src/views/game.js';
import { gameAnswer } from '../../src/views/game-cover.js';
import { higherLowerPick } from '../../src/views/game-higher-lower.js';

/** **Share**: the clicker's finished grid of that day, posted in the channel (squares only). */
export const gameShareHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.gameShare,
  mode: 'reply',
  local: true,
  run: (ctx, fields) => {
    const kind = fields.oneOf(GAME_KINDS);
    return shareGrid(ctx, kind, fields.string());
  },
};

/** **Guess**: opens the guess form for the kind's puzzle. */
export const gameGuessButtonHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.gameGuess,
  mode: 'ephemeral',
  local: true,
  run: async (ctx, fields) => gameGuessForm(ctx.t, fields.oneOf(GAME_KINDS)),
};

/** The guess form's submit: one guess, matched against every title form of the pool. */
export const gameGuessFormHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.gameGuessForm,
  mode: 'ephemeral',
  local: true,
  run: (ctx, fields) => gameGuess(ctx, fields.oneOf(GAME_KINDS), (ctx.values[0] ?? '').slice(0, 200)),
};

/** Higher or lower's A and B: right → the next round in place; wrong → the run's end. */
export const higherLowerHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.higherLower,
  mode: 'update',
  local: true,
  run: (ctx, fields) => {
    const kind = fields.oneOf(GAME_KINDS);
    const nonce = fields.string();
    return higherLowerPick(ctx, kind, nonce, fields.oneOf(['a', 'b'] as const));
  },
};

/** **Answer** under a round: opens the answer form (its custom id names the session only). */
export const coverAnswerButtonHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.coverAnswer,
  mode: 'ephemeral',
  local: true,
  run: async (ctx, fields) => coverAnswerForm(ctx.t, fields.string()),
};

/** The answer form's submit: one answer at the channel's round, matched against every title form of the pool. */
export const coverAnswerFormHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.coverForm,
  mode: 'ephemeral',
  local: true,
  run: (ctx, fields) => gameAnswer(ctx, (ctx.values[0] ?? '').slice(0, 200), fields.string()),
};

/** Every component /game declares. */
export const GAME_COMPONENTS: ComponentHandler[] = [gameShareHandler, gameGuessButtonHandler, gameGuessFormHandler, higherLowerHandler, coverAnswerButtonHandler, coverAnswerFormHandler];
