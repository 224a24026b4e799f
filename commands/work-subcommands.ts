// The subcommands /anime and /manga share: search, info and ranking, built for either kind.

import { ANIME_RANKING_TYPES, MANGA_RANKING_TYPES, type AnimeRankingType, type MangaRankingType, type WorkKind } from '../src/service/work-types.js';
import { booleanOption, namedChoices, optionList, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { HandlersOf } from '../src/interactions/command-types.js';
import { UserFacingError } from '../src/interactions/user-errors.js';
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

function workOptions(kind: WorkKind) {
  const article = kind === 'anime' ? 'an' : 'a';
  const rankingChoices =
    kind === 'anime' ? namedChoices(ANIME_RANKING_TYPES, ANIME_RANKING_NAMES) : namedChoices(MANGA_RANKING_TYPES, MANGA_RANKING_NAMES);
  return optionList(
    subcommand('search', `Search ${kind} by title`, [
      stringOption('query', 'Title to look for (at least 3 characters)', { required: true, minLength: 3, maxLength: SEARCH_QUERY_MAX }),
      booleanOption('nsfw', 'Include not-safe-for-work titles (only works in age-restricted channels)'),
    ]),
    subcommand('info', `Details of ${article} ${kind}`, [
      stringOption('title', TITLE_OPTION_DESCRIPTION, { required: true, autocomplete: true, maxLength: TITLE_OPTION_MAX }),
    ]),
    subcommand('ranking', `Top ${kind} lists`, [stringOption('type', 'Which ranking', { required: true, choices: rankingChoices })]),
  );
}

type WorkOptions = ReturnType<typeof workOptions>;

export interface WorkSubcommands {
  data: WorkOptions;
  handlers: HandlersOf<{ name: string; options: WorkOptions }>;
}

const isAnimeRanking = (type: string): type is AnimeRankingType => (ANIME_RANKING_TYPES as readonly string[]).includes(type);
const isMangaRanking = (type: string): type is MangaRankingType => (MANGA_RANKING_TYPES as readonly string[]).includes(type);

export function workSubcommands(kind: WorkKind): WorkSubcommands {
  const searchView = kind === 'anime' ? animeSearchView : mangaSearchView;
  return {
    data: workOptions(kind),
    handlers: {
      search: {
        ephemeral: false,
        run: (ctx, args) => renderPagedView(ctx, searchView, { q: args.query.trim(), nsfw: args.nsfw ?? false }, 0, ctx.userId),
      },
      info: {
        ephemeral: false,
        autocomplete: titleAutocomplete(kind),
        run: async (ctx, args) => renderDetails(ctx, kind, await resolveTitle(ctx, kind, args.title)),
      },
      ranking: {
        ephemeral: false,
        run: (ctx, args) => {
          if (kind === 'anime' && isAnimeRanking(args.type)) return renderPagedView(ctx, animeRankingView, { type: args.type }, 0, ctx.userId);
          if (kind === 'manga' && isMangaRanking(args.type)) return renderPagedView(ctx, mangaRankingView, { type: args.type }, 0, ctx.userId);
          throw new UserFacingError('catalogue.error.unknownRanking', { kind });
        },
      },
    },
  };
}
