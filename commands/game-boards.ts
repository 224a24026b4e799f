// The /game subcommand that shows this server's game boards: `leaderboard`. /game (commands/game.ts)
// includes it beside the games. What it shows: src/views/game-boards.ts.

import { namedChoices, optionList, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { HandlersOf } from '../src/interactions/command-types.js';
import { BOARD_GAMES } from '../src/games/boards.js';
import { gameLeaderboard } from '../src/views/game-boards.js';

const GAME_CHOICES = namedChoices(BOARD_GAMES, { cover: 'Cover rounds: wins', daily: 'Daily puzzle: streaks', 'higher-lower': 'Higher or lower: best run' });

export const GAME_BOARD_OPTIONS = optionList(
  subcommand('leaderboard', "This server's best among the people who played here", [
    stringOption('game', 'Which game', { required: true, choices: GAME_CHOICES }),
    stringOption('kind', 'Anime (the default) or manga; cover rounds count both', { choices: ['anime', 'manga'] as const }),
  ]),
);

export const gameBoardHandlers: HandlersOf<{ name: 'game'; options: typeof GAME_BOARD_OPTIONS }> = {
  leaderboard: {
    ephemeral: false,
    local: true,
    only: 'server',
    run: (ctx, args) => gameLeaderboard(ctx, args.game, args.kind ?? 'anime'),
  },
};
