// The /server subcommands that show the server's list community: `leaderboard`, `top` and `chart`. The
// /server command (commands/server.ts) includes them beside join and leave.

import { namedChoices, optionList, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { HandlersOf } from '../src/interactions/command-types.js';
import { LEADERBOARD_METRICS, TOP_STATUSES } from '../src/community/leaderboards.js';
import { openLeaderboard, openTopTitles } from '../src/views/social.js';
import { CHART_SIZES } from '../src/views/list-chart.js';
import { renderServerChart } from '../src/views/server-chart.js';

const KIND = stringOption('kind', 'Anime (the default) or manga lists', { choices: ['anime', 'manga'] as const });

const METRIC_CHOICES = namedChoices(LEADERBOARD_METRICS, {
  episodes: 'Episodes watched (chapters read)',
  days: 'Days watched (anime)',
  completed: 'Completed titles',
  mean_score: 'Mean score',
});

const STATUS_CHOICES = namedChoices(TOP_STATUSES, {
  current: 'Watching / Reading',
  completed: 'Completed',
  on_hold: 'On hold',
  dropped: 'Dropped',
  planned: 'Plan to watch / Plan to read',
});

export const SERVER_BOARD_OPTIONS = optionList(
  subcommand('leaderboard', "Rank this server's joined members by what is on their lists", [
    stringOption('by', 'What to rank by', { required: true, choices: METRIC_CHOICES }),
    KIND,
  ]),
  subcommand('top', 'The titles most joined members here have, with their mean score', [
    KIND,
    stringOption('status', 'Only count titles with this status on the lists', { choices: STATUS_CHOICES }),
  ]),
  subcommand('chart', 'A picture of the titles most joined members here have', [
    KIND,
    stringOption('status', 'Only count titles with this status on the lists (default: completed)', { choices: STATUS_CHOICES }),
    stringOption('size', 'How many covers (default: 3x3)', { choices: CHART_SIZES }),
  ]),
);

export const serverBoardHandlers: HandlersOf<{ name: 'server'; options: typeof SERVER_BOARD_OPTIONS }> = {
  leaderboard: {
    ephemeral: false,
    local: true,
    only: 'server',
    run: (ctx, args) => openLeaderboard(ctx, args.by, args.kind ?? 'anime'),
  },
  top: {
    ephemeral: false,
    local: true,
    only: 'server',
    run: (ctx, args) => openTopTitles(ctx, args.kind ?? 'anime', args.status),
  },
  chart: {
    ephemeral: false,
    local: true,
    only: 'server',
    pictures: true,
    run: (ctx, args) => renderServerChart(ctx, args.kind ?? 'anime', args.status ?? 'completed', args.size ?? '3x3'),
  },
};
