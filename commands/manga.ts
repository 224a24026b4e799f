// /manga search | info | ranking

import { MANGA_RANKING_TYPES, type MangaRankingType } from '../src/service/types.js';
import type { SlashCommand } from '../src/discord/context.js';
import { booleanOption, namedChoices, slashCommand, stringOption, subcommand } from '../src/discord/command-data.js';
import { MANGA_RANKING_NAMES, mangaRankingView, mangaSearchView } from '../src/discord/views/catalogue.js';
import { renderDetails } from '../src/discord/views/details.js';
import { renderPagedView } from '../src/discord/views/paged-view.js';
import { resolveTitle, titleAutocomplete } from '../src/discord/views/titles.js';
import { SEARCH_QUERY_MAX } from '../src/discord/option-limits.js';

export const manga: SlashCommand = {
  data: slashCommand('manga', 'Search and browse manga', [
    subcommand('search', 'Search manga by title', [
      stringOption('query', 'Title to look for (at least 3 characters)', { required: true, minLength: 3, maxLength: SEARCH_QUERY_MAX }),
      booleanOption('nsfw', 'Include not-safe-for-work titles (only works in age-restricted channels)'),
    ]),
    subcommand('info', 'Details of a manga', [
      stringOption('title', 'Start typing a title and pick one', { required: true, autocomplete: true, maxLength: 100 }),
    ]),
    subcommand('ranking', 'Top manga lists', [
      stringOption('type', 'Which ranking', { required: true, choices: namedChoices(MANGA_RANKING_TYPES, MANGA_RANKING_NAMES) }),
    ]),
  ]),
  handlers: {
    search: {
      ephemeral: false,
      run: (ctx) =>
        renderPagedView(
          ctx,
          mangaSearchView,
          { q: ctx.interaction.options.getString('query', true).trim(), nsfw: ctx.interaction.options.getBoolean('nsfw') ?? false },
          0,
          ctx.userId,
        ),
    },
    info: {
      ephemeral: false,
      autocomplete: titleAutocomplete('manga'),
      run: async (ctx) => renderDetails(ctx, 'manga', await resolveTitle(ctx, 'manga', ctx.interaction.options.getString('title', true))),
    },
    ranking: {
      ephemeral: false,
      run: (ctx) => {
        const type = ctx.interaction.options.getString('type', true) as MangaRankingType;
        return renderPagedView(ctx, mangaRankingView, { type }, 0, ctx.userId);
      },
    },
  },
};
