// The subcommands /anime and /manga share: search, info and ranking, built for either kind.

import { KINDS, rankingTypeOf, type WorkKind } from '../src/service/kinds.js';
import { booleanOption, namedChoices, optionList, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { HandlersOf } from '../src/interactions/command-types.js';
import { UserFacingError } from '../src/interactions/user-errors.js';
import { SEARCH_QUERY_MAX, TITLE_OPTION_MAX } from '../src/interactions/option-limits.js';
import { RANKING_NAMES, RANKING_VIEWS, SEARCH_VIEWS } from '../src/views/browse.js';
import { renderDetails } from '../src/views/details.js';
import { KIND_WITH_ARTICLE } from '../src/views/kind-views.js';
import { renderPagedView } from '../src/views/paged-view.js';
import { TITLE_OPTION_DESCRIPTION } from '../src/views/title-input.js';
import { resolveTitle, titleAutocomplete } from '../src/views/titles.js';

function workOptions<K extends WorkKind>(kind: K) {
  return optionList(
    subcommand('search', `Search ${kind} by title`, [
      stringOption('query', 'Title to look for (at least 3 characters)', { required: true, minLength: 3, maxLength: SEARCH_QUERY_MAX }),
      booleanOption('nsfw', 'Include not-safe-for-work titles (only works in age-restricted channels)'),
    ]),
    subcommand('info', `Details of ${KIND_WITH_ARTICLE[kind]}`, [
      stringOption('title', TITLE_OPTION_DESCRIPTION, { required: true, autocomplete: true, maxLength: TITLE_OPTION_MAX }),
    ]),
    subcommand('ranking', `Top ${kind} lists`, [
      stringOption('type', 'Which ranking', { required: true, choices: namedChoices(KINDS[kind].rankingTypes, RANKING_NAMES[kind]) }),
    ]),
  );
}

type WorkOptions = ReturnType<typeof workOptions>;

export interface WorkSubcommands {
  data: WorkOptions;
  handlers: HandlersOf<{ name: string; options: WorkOptions }>;
}

export function workSubcommands<K extends WorkKind>(kind: K): WorkSubcommands {
  return {
    data: workOptions(kind),
    handlers: {
      search: {
        ephemeral: false,
        run: (ctx, args) => renderPagedView(ctx, SEARCH_VIEWS[kind], { q: args.query.trim(), nsfw: args.nsfw ?? false }, 0, ctx.userId),
      },
      info: {
        ephemeral: false,
        autocomplete: titleAutocomplete(kind),
        run: async (ctx, args) => renderDetails(ctx, kind, await resolveTitle(ctx, kind, args.title)),
      },
      ranking: {
        ephemeral: false,
        run: (ctx, args) => {
          const type = rankingTypeOf(kind, args.type);
          if (type === undefined) throw new UserFacingError('works.error.unknownRanking', { kind });
          return renderPagedView(ctx, RANKING_VIEWS[kind], { type }, 0, ctx.userId);
        },
      },
    },
  };
}
