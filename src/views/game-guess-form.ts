// The daily puzzle's Guess button and its form: the button opens a modal with one text input (a title
// in any form, an ID or a link), whose submit is answered as `/game guess` is, privately. Both custom
// ids name only the kind, never a title.

import { ComponentType, TextInputStyle } from 'discord.js';
import type { ComponentHandler } from '../interactions/context.js';
import { encodeCustomId } from '../render/custom-ids.js';
import { clipPlain } from '../render/text.js';
import { GAME_KINDS } from '../games/pool.js';
import { gameGuess } from './game.js';
import { COMPONENT_KINDS } from '../render/component-kinds.js';

/** **Guess**: opens the guess form for the kind's puzzle. */
export const gameGuessButtonHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.gameGuess,
  mode: 'ephemeral',
  local: true,
  async run(ctx, fields) {
    const kind = fields.oneOf(GAME_KINDS);
    const input = { type: ComponentType.TextInput as const, custom_id: 'title', style: TextInputStyle.Short as const, label: clipPlain(ctx.t.t('games.modal.label'), 45), min_length: 1, max_length: 200, required: true };
    return {
      modal: {
        custom_id: encodeCustomId(COMPONENT_KINDS.gameGuessForm, [kind]),
        title: clipPlain(ctx.t.t('games.modal.title', { kind }), 45),
        components: [{ type: ComponentType.ActionRow, components: [input] }],
      },
    };
  },
};

/** The form's submit: one guess, matched against every title form of the pool. */
export const gameGuessFormHandler: ComponentHandler = {
  kind: COMPONENT_KINDS.gameGuessForm,
  mode: 'ephemeral',
  local: true,
  run: (ctx, fields) => gameGuess(ctx, fields.oneOf(GAME_KINDS), (ctx.values[0] ?? '').slice(0, 200)),
};
