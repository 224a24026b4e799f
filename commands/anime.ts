// /anime search | info | ranking | season | suggestions

import { ANIME_RANKING_TYPES, SEASON_SORTS, SEASONS, type AnimeRankingType, type Season, type SeasonSort } from '../src/service/types.js';
import type { SlashCommand } from '../src/discord/context.js';
import { booleanOption, integerOption, namedChoices, slashCommand, stringOption, subcommand } from '../src/discord/command-data.js';
import { ANIME_RANKING_NAMES, animeRankingView, animeSearchView, seasonOf, seasonView, suggestionsView } from '../src/discord/views/catalogue.js';
import { renderDetails } from '../src/discord/views/details.js';
import { renderPagedView } from '../src/discord/views/paged-view.js';
import { resolveTitle, titleAutocomplete } from '../src/discord/views/titles.js';
import { SEARCH_QUERY_MAX } from '../src/discord/option-limits.js';

export const anime: SlashCommand = {
  data: slashCommand('anime', 'Search and browse anime', [
    subcommand('search', 'Search anime by title', [
      stringOption('query', 'Title to look for (at least 3 characters)', { required: true, minLength: 3, maxLength: SEARCH_QUERY_MAX }),
      booleanOption('nsfw', 'Include not-safe-for-work titles (only works in age-restricted channels)'),
    ]),
    subcommand('info', 'Details of an anime', [
      stringOption('title', 'Start typing a title and pick one', { required: true, autocomplete: true, maxLength: 100 }),
    ]),
    subcommand('ranking', 'Top anime lists', [
      stringOption('type', 'Which ranking', { required: true, choices: namedChoices(ANIME_RANKING_TYPES, ANIME_RANKING_NAMES) }),
    ]),
    subcommand('season', 'Anime of a season (default: the current one)', [
      integerOption('year', 'Year, e.g. 2024', { min: 1917, max: 2100 }),
      stringOption('season', 'Season', { choices: SEASONS }),
      stringOption('sort', 'Order (default: by score)', { choices: SEASON_SORTS }),
    ]),
    subcommand('suggestions', 'Anime suggested for you (needs /login)'),
  ]),
  handlers: {
    search: {
      ephemeral: false,
      run: (ctx) =>
        renderPagedView(
          ctx,
          animeSearchView,
          { q: ctx.interaction.options.getString('query', true).trim(), nsfw: ctx.interaction.options.getBoolean('nsfw') ?? false },
          0,
          ctx.userId,
        ),
    },
    info: {
      ephemeral: false,
      autocomplete: titleAutocomplete('anime'),
      run: async (ctx) => renderDetails(ctx, 'anime', await resolveTitle(ctx, 'anime', ctx.interaction.options.getString('title', true))),
    },
    ranking: {
      ephemeral: false,
      run: (ctx) => {
        const type = ctx.interaction.options.getString('type', true) as AnimeRankingType;
        return renderPagedView(ctx, animeRankingView, { type }, 0, ctx.userId);
      },
    },
    season: {
      ephemeral: false,
      run: (ctx) => {
        const current = seasonOf(new Date(ctx.deps.now()));
        const year = ctx.interaction.options.getInteger('year') ?? current.year;
        const season = (ctx.interaction.options.getString('season') as Season | null) ?? current.season;
        const sort = (ctx.interaction.options.getString('sort') as SeasonSort | null) ?? 'anime_score';
        return renderPagedView(ctx, seasonView, { year, season, sort }, 0, ctx.userId);
      },
    },
    suggestions: {
      ephemeral: false,
      run: (ctx) => renderPagedView(ctx, suggestionsView, {}, 0, ctx.userId),
    },
  },
};
