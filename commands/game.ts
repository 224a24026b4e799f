// /game daily | guess | stats | higher-lower | leaderboard (commands/game-boards.ts): the daily title puzzle and higher or lower, from the games' pool (src/games). Anyone can play;
// no linked account, no service request. What each subcommand does: src/views/game.ts.

import { defineCommand, slashCommand, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { SlashCommand } from '../src/interactions/command-types.js';
import { gameGuessButtonHandler, gameGuessFormHandler } from '../src/views/game-guess-form.js';
import { higherLowerHandler } from '../src/views/game-higher-lower.js';
import { gameDaily, gameGuess, gameShareHandler, gameStats, gameTitleChoices } from '../src/views/game.js';
import { gameHigherLower } from '../src/views/game-higher-lower.js';
import { GAME_BOARD_OPTIONS, gameBoardHandlers } from './game-boards.js';

const KIND = stringOption('kind', 'Anime (the default) or manga', { choices: ['anime', 'manga'] as const });

const GAME_DATA = slashCommand('game', 'Games with the catalogue: the daily title puzzle and more', [
  subcommand('daily', "Guess the day's secret title in 8 tries (the same for everyone, new each UTC day)", [KIND]),
  subcommand('guess', "Guess a title for today's puzzle (only you see the answer)", [
    stringOption('title', 'Pick a suggestion, or type a title, ID or link', { required: true, autocomplete: true, maxLength: 200 }),
    stringOption('kind', 'The anime (the default) or manga puzzle', { choices: ['anime', 'manga'] as const }),
  ]),
  subcommand('stats', 'Your streak, days solved and how many guesses you need', [KIND]),
  subcommand('higher-lower', 'Which title has the higher score? Until you are wrong (only you see it)', [KIND]),
  ...GAME_BOARD_OPTIONS,
]);

export const game: SlashCommand = defineCommand(GAME_DATA, { components: [gameShareHandler, gameGuessButtonHandler, gameGuessFormHandler, higherLowerHandler] }, {
  daily: { ephemeral: true, local: true, run: (ctx, args) => gameDaily(ctx, args.kind ?? 'anime') },
  guess: { ephemeral: true, local: true, autocomplete: gameTitleChoices, run: (ctx, args) => gameGuess(ctx, args.kind ?? 'anime', args.title) },
  stats: { ephemeral: true, local: true, run: (ctx, args) => gameStats(ctx, args.kind ?? 'anime') },
  'higher-lower': { ephemeral: true, local: true, run: (ctx, args) => gameHigherLower(ctx, args.kind ?? 'anime') },
  ...gameBoardHandlers,
});
