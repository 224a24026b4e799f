// The subcommands /anime and /manga share: search, info and ranking, built for either kind.

import type { APIApplicationCommandSubcommandOption } from 'discord.js';
import { ANIME_RANKING_TYPES, MANGA_RANKING_TYPES, type WorkKind } from '../src/service/work-types.js';
import { booleanOption, namedChoices, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { SubcommandHandler } from '../src/interactions/command-types.js';
import { SEARCH_QUERY_MAX, TITLE_OPTION_MAX } from '../src/interactions/option-limits.js';
import {
  ANIME_RANKING_NAMES,
  animeRankingView,
  animeSearchView,
  MANGA_RANKING_NAMES,
  mangaRankingView,
  mangaSearchView,
} from '../src/views/catalogue.js';
import { renderDetails } from '../src/views/details.js';
import { renderPagedView } from '../src/views/paged-view.js';
import { TITLE_OPTION_DESCRIPTION } from '../src/views/title-input.js';
import { resolveTitle, titleAutocomplete } from '../src/views/titles.js';

export interface WorkSubcommands {
  data: APIApplicationCommandSubcommandOption[];
  handlers: Record<'search' | 'info' | 'ranking', SubcommandHandler>;
}

export function workSubcommands(kind: WorkKind): WorkSubcommands {
  const article = kind === 'anime' ? 'an' : 'a';
  const rankingChoices =
    kind === 'anime' ? namedChoices(ANIME_RANKING_TYPES, ANIME_RANKING_NAMES) : namedChoices(MANGA_RANKING_TYPES, MANGA_RANKING_NAMES);
  const searchView = kind === 'anime' ? animeSearchView : mangaSearchView;
  return {
    data: [
      subcommand('search', `Search ${kind} by title`, [
        stringOption('query', 'Title to look for (at least 3 characters)', { required: true, minLength: 3, maxLength: SEARCH_QUERY_MAX }),
        booleanOption('nsfw', 'Include not-safe-for-work titles (only works in age-restricted channels)'),
      ]),
      subcommand('info', `Details of ${article} ${kind}`, [
        stringOption('title', TITLE_OPTION_DESCRIPTION, { required: true, autocomplete: true, maxLength: TITLE_OPTION_MAX }),
      ]),
      subcommand('ranking', `Top ${kind} lists`, [stringOption('type', 'Which ranking', { required: true, choices: rankingChoices })]),
    ],
    handlers: {
      search: {
        ephemeral: false,
        run: (ctx) => {
          const o = ctx.interaction.options;
          return renderPagedView(ctx, searchView, { q: o.getString('query', true).trim(), nsfw: o.getBoolean('nsfw') ?? false }, 0, ctx.userId);
        },
      },
      info: {
        ephemeral: false,
        autocomplete: titleAutocomplete(kind),
        run: async (ctx) => renderDetails(ctx, kind, await resolveTitle(ctx, kind, ctx.interaction.options.getString('title', true))),
      },
      ranking: {
        ephemeral: false,
        run: (ctx) => {
          const type = ctx.interaction.options.getString('type', true);
          // The client rejects an unknown type before any request.
          return kind === 'anime'
            ? renderPagedView(ctx, animeRankingView, { type: type as (typeof ANIME_RANKING_TYPES)[number] }, 0, ctx.userId)
            : renderPagedView(ctx, mangaRankingView, { type: type as (typeof MANGA_RANKING_TYPES)[number] }, 0, ctx.userId);
        },
      },
    },
  };
}
