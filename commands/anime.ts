// /anime search | info | ranking | random | season | season-chart | schedule | suggestions

import { SEASONS, SEASON_SORTS } from '../src/service/work-types.js';
import type { SlashCommand } from '../src/interactions/command-types.js';
import { booleanOption, defineCommand, integerOption, namedChoices, slashCommand, stringOption, subcommand } from '../src/interactions/command-data.js';
import { seasonOf, seasonView, suggestionsView } from '../src/views/browse.js';
import { renderPagedView } from '../src/views/paged-view.js';
import { animeRandom, workSubcommands } from './work-subcommands.js';
import { scheduleView } from '../src/views/schedule.js';
import { WEEKDAYS } from '../src/airing/air-times.js';
import { SEASON_CHART_SORTS, renderSeasonChart } from '../src/views/season-chart.js';

const shared = workSubcommands('anime');

export const anime: SlashCommand = defineCommand(
  slashCommand('anime', 'Search and browse anime', [
    ...shared.data,
    animeRandom.data,
    subcommand('season', 'Anime of a season (default: the current one)', [
      integerOption('year', 'Year, e.g. 2024', { min: 1917, max: 2100 }),
      stringOption('season', 'Season', { choices: SEASONS }),
      stringOption('sort', 'Order (default: by score)', { choices: namedChoices(SEASON_SORTS, { anime_score: 'By score', anime_num_list_users: 'By members' }) }),
    ]),
    subcommand('season-chart', 'A picture of a season’s anime (default: the current one)', [
      integerOption('year', 'Year, e.g. 2024', { min: 1917, max: 2100 }),
      stringOption('season', 'Season', { choices: SEASONS }),
      stringOption('sort', 'Order (default: by popularity)', { choices: namedChoices(SEASON_CHART_SORTS, { popularity: 'By popularity', score: 'By score' }) }),
    ]),
    subcommand('schedule', "This week's expected episodes, in your local time", [
      stringOption('day', 'Only this broadcast day (Japan time)', { choices: WEEKDAYS }),
      booleanOption('mine', 'Only titles on your Watching and Plan to Watch lists (needs /login)'),
    ]),
    subcommand('suggestions', 'Anime suggested for you (needs /login)'),
  ]),
  { ...shared.parts, pagedViews: [...(shared.parts.pagedViews ?? []), seasonView, scheduleView, suggestionsView] },
  {
    ...shared.handlers,
    random: animeRandom.handler,
    season: {
      ephemeral: false,
      run: (ctx, args) => {
        const current = seasonOf(new Date(ctx.deps.now()));
        const state = { year: args.year ?? current.year, season: args.season ?? current.season, sort: args.sort ?? 'anime_score' };
        return renderPagedView(ctx, seasonView, state, 0, ctx.userId);
      },
    },
    'season-chart': {
      ephemeral: false,
      pictures: true,
      run: (ctx, args) => {
        const current = seasonOf(new Date(ctx.deps.now()));
        // The router checked season and sort against the definition's choices.
        return renderSeasonChart(ctx, { year: args.year ?? current.year, season: args.season ?? current.season, sort: args.sort ?? 'popularity' });
      },
    },
    schedule: {
      ephemeral: false,
      run: (ctx, args) => renderPagedView(ctx, scheduleView, { day: args.day, mine: args.mine ?? false }, 0, ctx.userId),
    },
    suggestions: {
      ephemeral: false,
      run: (ctx) => renderPagedView(ctx, suggestionsView, {}, 0, ctx.userId),
    },
  },
);
