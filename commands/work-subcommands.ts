// The subcommands /anime and /manga share: search, info, ranking and random, built for either kind
// (random's `from` and its maximum differ by kind; one view draws the pick: src/views/random-pick.ts).
// Their buttons and menus are declared in ./components/works.ts.

import { KINDS, rankingTypeOf, type WorkKind } from '../src/service/kinds.js';
import { booleanOption, integerOption, namedChoices, optionList, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { CommandParts, HandlersOf } from '../src/interactions/command-types.js';
import type { AutocompleteContext } from '../src/interactions/context.js';
import { PICK_SOURCES, RUN_FILTERS, type PickSource, type RunFilter } from '../src/views/pick-pool.js';
import { genreAutocomplete, mediaTypeAutocomplete, renderRandomPick } from '../src/views/random-pick.js';
import { UserFacingError } from '../src/interactions/user-errors.js';
import { SEARCH_QUERY_MAX, SERVICE_USER_NAME_MAX, TITLE_OPTION_MAX } from '../src/interactions/option-limits.js';
import { RANKING_NAMES, RANKING_VIEWS, SEARCH_VIEWS } from '../src/views/browse.js';
import { renderDetails } from '../src/views/details.js';
import { serverMembersView } from '../src/views/social.js';
import { KIND_WITH_ARTICLE } from '../src/views/kind-views.js';
import { renderPagedView } from '../src/views/paged-view.js';
import { TITLE_OPTION_DESCRIPTION } from '../src/views/title-input.js';
import { resolveTitle, titleAutocomplete } from '../src/views/titles.js';
import { anotherPickHandler, checkMoreHandler, quickActionHandler, quickStatusHandler, serverMembersHandler } from './components/works.js';

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
  /** The buttons on a work's details (also opened from any list's menu) and on a random pick, and the kind's search and ranking lists. */
  parts: CommandParts;
}

export function workSubcommands<K extends WorkKind>(kind: K): WorkSubcommands {
  return {
    data: workOptions(kind),
    parts: {
      components: [quickActionHandler, quickStatusHandler, checkMoreHandler, serverMembersHandler, anotherPickHandler],
      pagedViews: [SEARCH_VIEWS[kind], RANKING_VIEWS[kind], serverMembersView],
    },
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

// ---- random ----------------------------------------------------------------------------------

const RUN_NAMES = { airing: 'Airing or publishing', finished: 'Finished', not_yet_aired: 'Not yet aired or published' } as const;
const MAX_COUNT = 100_000;

const PICK_USER = stringOption('user', 'A service user name: pick from their public list instead of yours', { minLength: 2, maxLength: SERVICE_USER_NAME_MAX });
const PICK_GENRE = stringOption('genre', 'Only this genre (suggested from the titles you pick from)', { autocomplete: true, maxLength: 100 });
const PICK_MEDIA_TYPE = stringOption('media_type', 'Only this type (suggested from the titles you pick from)', { autocomplete: true, maxLength: 32 });
const PICK_AIRING = stringOption<'airing', false, RunFilter>('airing', 'Only titles still coming out, finished, or not out yet', { choices: namedChoices(RUN_FILTERS, RUN_NAMES) });

const ANIME_RANDOM = subcommand('random', 'A random anime from your Plan to Watch, your suggestions or this season', [
  stringOption<'from', false, PickSource>('from', 'Where to pick from (default: your Plan to Watch)', {
    choices: namedChoices(PICK_SOURCES, { plan_to_watch: 'Plan to Watch', suggestions: 'Your suggestions (needs /login)', season: 'This season' }),
  }),
  PICK_USER,
  PICK_GENRE,
  integerOption('max_episodes', 'At most this many episodes (titles with an unknown count are left out)', { min: 1, max: MAX_COUNT }),
  PICK_MEDIA_TYPE,
  PICK_AIRING,
]);

const MANGA_RANDOM = subcommand('random', 'A random manga from your Plan to Read', [
  PICK_USER,
  PICK_GENRE,
  integerOption('max_volumes', 'At most this many volumes (titles with an unknown count are left out)', { min: 1, max: MAX_COUNT }),
  PICK_MEDIA_TYPE,
  PICK_AIRING,
]);

/** The user option, trimmed; undefined for the invoker's own list. */
function pickUser(value: string | undefined): string | undefined {
  const user = value?.trim() || undefined;
  if (user !== undefined && !/^[\w-]{2,32}$/.test(user)) throw new UserFacingError('lists.invalidUser');
  return user;
}

function pickAutocomplete(kind: WorkKind) {
  const genre = genreAutocomplete(kind);
  const mediaType = mediaTypeAutocomplete(kind);
  return (ctx: AutocompleteContext) => (ctx.focused.name === 'genre' ? genre(ctx) : mediaType(ctx));
}

export const animeRandom = {
  data: ANIME_RANDOM,
  handler: {
    ephemeral: false,
    autocomplete: pickAutocomplete('anime'),
    run: (ctx, args) =>
      renderRandomPick(ctx, { kind: 'anime', from: args.from ?? 'plan_to_watch', user: pickUser(args.user), genre: args.genre, max: args.max_episodes, mediaType: args.media_type, airing: args.airing }),
  } satisfies HandlersOf<{ name: string; options: [typeof ANIME_RANDOM] }>['random'],
};

export const mangaRandom = {
  data: MANGA_RANDOM,
  handler: {
    ephemeral: false,
    autocomplete: pickAutocomplete('manga'),
    run: (ctx, args) =>
      renderRandomPick(ctx, { kind: 'manga', from: 'plan_to_watch', user: pickUser(args.user), genre: args.genre, max: args.max_volumes, mediaType: args.media_type, airing: args.airing }),
  } satisfies HandlersOf<{ name: string; options: [typeof MANGA_RANDOM] }>['random'],
};
