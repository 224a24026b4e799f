// /game daily | guess | stats | higher-lower | cover | answer | leaderboard (commands/game-boards.ts): the daily title puzzle, higher or lower, the
// channel's cover rounds, from the games' pool (src/games). Anyone can play;
// no linked account, no service request. What each subcommand does: src/views/game*.ts; its buttons and
// forms: commands/components/game.ts.

import { defineCommand, integerOption, slashCommand, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { SlashCommand } from '../src/interactions/command-types.js';
import { gameDaily, gameGuess, gameStats, gameTitleChoices } from '../src/views/game.js';
import { gameHigherLower } from '../src/views/game-higher-lower.js';
import { GAME_BOARD_OPTIONS, gameBoardHandlers } from './game-boards.js';
import { coverTitleChoices, gameAnswer, gameCover } from '../src/views/game-cover.js';
import { GAME_COMPONENTS } from './components/game.js';

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
  subcommand('cover', 'For the whole channel: name the title before its pixelated cover turns sharp', [
    KIND,
    integerOption('rounds', 'How many rounds in a row (1–10, default 1)', { min: 1, max: 10 }),
  ]),
  subcommand('answer', "Answer this channel's cover round with a title", [
    stringOption('title', 'Pick a suggestion, or type a title or ID', { required: true, autocomplete: true, maxLength: 200 }),
  ]),
]);

export const game: SlashCommand = defineCommand(GAME_DATA, { components: GAME_COMPONENTS }, {
  daily: { ephemeral: true, local: true, run: (ctx, args) => gameDaily(ctx, args.kind ?? 'anime') },
  guess: { ephemeral: true, local: true, autocomplete: gameTitleChoices, run: (ctx, args) => gameGuess(ctx, args.kind ?? 'anime', args.title) },
  stats: { ephemeral: true, local: true, run: (ctx, args) => gameStats(ctx, args.kind ?? 'anime') },
  'higher-lower': { ephemeral: true, local: true, run: (ctx, args) => gameHigherLower(ctx, args.kind ?? 'anime') },
  ...gameBoardHandlers,
  cover: { only: 'server', needsBot: true, local: true, run: (ctx, args) => gameCover(ctx, args.kind ?? 'anime', args.rounds ?? 1) },
  answer: { ephemeral: true, only: 'server', needsBot: true, local: true, autocomplete: coverTitleChoices, run: (ctx, args) => gameAnswer(ctx, args.title) },
});
