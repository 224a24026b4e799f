// /list anime|manga view | update | remove

import { ServiceHttpError } from '../src/service/errors.js';
import {
  ANIME_LIST_SORTS,
  ANIME_LIST_STATUSES,
  MANGA_LIST_SORTS,
  MANGA_LIST_STATUSES,
  type AnimeListSort,
  type AnimeListUpdate,
  type MangaListSort,
  type MangaListUpdate,
} from '../src/service/list-types.js';
import type { Anime, Manga, WorkKind } from '../src/service/work-types.js';
import type { CommandContext } from '../src/interactions/context.js';
import type { ArgumentsOf, ArgumentValues, OptionsAt, SlashCommand, SubcommandHandler, SubcommandPath } from '../src/interactions/command-types.js';
import { booleanOption, defineCommand, group, integerOption, namedChoices, slashCommand, stringOption, subcommand } from '../src/interactions/command-data.js';
import { SERVICE_USER_NAME_MAX, TITLE_OPTION_MAX } from '../src/interactions/option-limits.js';
import { renameOption, UserFacingError } from '../src/interactions/user-errors.js';
import { maskTitle } from '../src/views/nsfw.js';
import { listEntryMessage } from '../src/views/list-entry.js';
import { mirrorListChange } from '../src/views/mirror-hook.js';
import { renderPagedView } from '../src/views/paged-view.js';
import { escapeMarkdown } from '../src/render/text.js';
import { TITLE_OPTION_DESCRIPTION } from '../src/views/title-input.js';
import { resolveTitle, titleAutocomplete } from '../src/views/titles.js';
import { animeListView, mangaListView } from '../src/views/user-list.js';
import { checkProgressWithinTotals, setsProgress } from '../src/views/progress-bounds.js';

/** How the picker names each sort order (English; other languages: src/i18n/commands). */
const ANIME_SORT_NAMES: Record<AnimeListSort, string> = { list_score: 'By score', list_updated_at: 'Recently updated', anime_title: 'By title', anime_start_date: 'By start date', anime_id: 'By ID' };
const MANGA_SORT_NAMES: Record<MangaListSort, string> = { list_score: 'By score', list_updated_at: 'Recently updated', manga_title: 'By title', manga_start_date: 'By start date', manga_id: 'By ID' };

const TITLE = stringOption('title', TITLE_OPTION_DESCRIPTION, { required: true, autocomplete: true, maxLength: TITLE_OPTION_MAX });
const COUNT_MAX = 100_000;

function viewSubcommand(kind: WorkKind) {
  return subcommand('view', `Show ${kind === 'anime' ? 'an anime' : 'a manga'} list (default: yours)`, [
    stringOption('user', 'A service user name (default: your own list)', { minLength: 2, maxLength: SERVICE_USER_NAME_MAX }),
    stringOption('status', 'Only entries with this status', { choices: kind === 'anime' ? ANIME_LIST_STATUSES : MANGA_LIST_STATUSES }),
    stringOption('sort', 'Order', { choices: kind === 'anime' ? namedChoices(ANIME_LIST_SORTS, ANIME_SORT_NAMES) : namedChoices(MANGA_LIST_SORTS, MANGA_SORT_NAMES) }),
  ]);
}

const animeUpdate = subcommand('update', 'Add an anime to your list or change your entry', [
  TITLE,
  stringOption('status', 'Your status', { choices: ANIME_LIST_STATUSES }),
  integerOption('score', 'Your score, 0 (none) to 10', { min: 0, max: 10 }),
  integerOption('episodes', 'Episodes watched', { min: 0, max: COUNT_MAX }),
  booleanOption('rewatching', 'Are you rewatching it?'),
  integerOption('times_rewatched', 'How many times you rewatched it', { min: 0, max: COUNT_MAX }),
  integerOption('rewatch_value', 'Rewatch value, 0 to 5', { min: 0, max: 5 }),
  integerOption('priority', 'Priority: 0 low, 1 medium, 2 high', { min: 0, max: 2 }),
  stringOption('tags', 'Tags, separated by commas', { maxLength: 500 }),
  stringOption('comments', 'Comments', { maxLength: 1000 }),
]);

const mangaUpdate = subcommand('update', 'Add a manga to your list or change your entry', [
  TITLE,
  stringOption('status', 'Your status', { choices: MANGA_LIST_STATUSES }),
  integerOption('score', 'Your score, 0 (none) to 10', { min: 0, max: 10 }),
  integerOption('volumes', 'Volumes read', { min: 0, max: COUNT_MAX }),
  integerOption('chapters', 'Chapters read', { min: 0, max: COUNT_MAX }),
  booleanOption('rereading', 'Are you rereading it?'),
  integerOption('times_reread', 'How many times you reread it', { min: 0, max: COUNT_MAX }),
  integerOption('reread_value', 'Reread value, 0 to 5', { min: 0, max: 5 }),
  integerOption('priority', 'Priority: 0 low, 1 medium, 2 high', { min: 0, max: 2 }),
  stringOption('tags', 'Tags, separated by commas', { maxLength: 500 }),
  stringOption('comments', 'Comments', { maxLength: 1000 }),
]);

/** Each writable option → the service field it sets. Only options the user gave are sent. */
const ANIME_WRITES = {
  status: 'status',
  score: 'score',
  episodes: 'num_watched_episodes',
  rewatching: 'is_rewatching',
  times_rewatched: 'num_times_rewatched',
  rewatch_value: 'rewatch_value',
  priority: 'priority',
  tags: 'tags',
  comments: 'comments',
} as const satisfies Record<string, keyof AnimeListUpdate>;

const MANGA_WRITES = {
  status: 'status',
  score: 'score',
  volumes: 'num_volumes_read',
  chapters: 'num_chapters_read',
  rereading: 'is_rereading',
  times_reread: 'num_times_reread',
  reread_value: 'reread_value',
  priority: 'priority',
  tags: 'tags',
  comments: 'comments',
} as const satisfies Record<string, keyof MangaListUpdate>;

const LIST_DATA = slashCommand('list', 'Anime and manga lists: view anyone’s, change yours', [
  group('anime', 'Anime lists', [viewSubcommand('anime'), animeUpdate, subcommand('remove', 'Remove an anime from your list', [TITLE])]),
  group('manga', 'Manga lists', [viewSubcommand('manga'), mangaUpdate, subcommand('remove', 'Remove a manga from your list', [TITLE])]),
]);

type ListArgs<P extends SubcommandPath<typeof LIST_DATA>> = ArgumentsOf<OptionsAt<typeof LIST_DATA, P>>;

/** The options given, under the service's names; the client checks every value's range and type. */
function changesFrom(args: ArgumentValues, writes: Readonly<Record<string, string>>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [option, field] of Object.entries(writes)) {
    const given = args[option];
    if (given === undefined) continue;
    changes[field] =
      field === 'tags'
        ? String(given)
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
        : given;
  }
  return changes;
}

/** Service field → option name, so a range error names what the user typed. */
function optionNames(writes: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(writes).map(([option, field]) => [field, option]));
}

/** The title as it may be shown here: not-safe-for-work titles stay hidden outside age-restricted channels. */
function shown<W extends Anime | Manga>(ctx: CommandContext, work: W): W {
  return { ...work, title: maskTitle(ctx.t, work.title, work.nsfw, ctx.where) };
}

function viewHandler(kind: WorkKind): SubcommandHandler<ListArgs<'anime view'> | ListArgs<'manga view'>> {
  return {
    ephemeral: false,
    run: (ctx, args) => {
      const user = args.user?.trim() || undefined;
      if (user !== undefined && !/^[\w-]{2,32}$/.test(user)) {
        throw new UserFacingError('lists.invalidUser');
      }
      // The router checked status and sort against the definition's choices.
      const state = { user, status: args.status, sort: args.sort };
      return renderPagedView(ctx, kind === 'anime' ? animeListView : mangaListView, state, 0, ctx.userId);
    },
  };
}

function updateHandler(kind: WorkKind): SubcommandHandler<ListArgs<'anime update'> | ListArgs<'manga update'>> {
  const writes = kind === 'anime' ? ANIME_WRITES : MANGA_WRITES;
  return {
    ephemeral: false,
    autocomplete: titleAutocomplete(kind),
    async run(ctx, args) {
      const changes = changesFrom(args, writes);
      if (Object.keys(changes).length === 0) {
        throw new UserFacingError('lists.update.nothing');
      }
      const auth = await ctx.requireAuth();
      const id = await resolveTitle(ctx, kind, args.title, { exact: true });
      // The work's facts only decorate the answer: a failed read must not report a failed write.
      const facts =
        kind === 'anime'
          ? ctx.deps.service.getAnime(id, { fields: 'num_episodes,nsfw' })
          : ctx.deps.service.getManga(id, { fields: 'num_volumes,num_chapters,nsfw' });
      facts.catch(() => undefined);
      if (setsProgress(changes)) {
        // A count past the known total is refused before anything is written.
        const work = await facts.catch(() => undefined);
        if (work) checkProgressWithinTotals(changes, shown(ctx, work));
      }
      let updated;
      try {
        updated =
          kind === 'anime'
            ? await ctx.deps.service.updateAnimeListStatus(id, changes as AnimeListUpdate, { auth })
            : await ctx.deps.service.updateMangaListStatus(id, changes as MangaListUpdate, { auth });
      } catch (error) {
        throw renameOption(error, optionNames(writes));
      }
      const work = await facts.catch(() => undefined);
      // The mirror keeps the service's facts; only the reply names an unread title in the reader's language.
      await mirrorListChange(ctx, kind, work ?? { id, title: `${kind} #${id}` }, updated);
      return listEntryMessage(ctx.t, kind, shown(ctx, work ?? { id, title: ctx.t.t('lists.workFallback', { kind, id: String(id) }) }), updated, 'yourList');
    },
  };
}

function removeHandler(kind: WorkKind): SubcommandHandler<ListArgs<'anime remove'> | ListArgs<'manga remove'>> {
  return {
    ephemeral: false,
    autocomplete: titleAutocomplete(kind),
    async run(ctx, args) {
      const auth = await ctx.requireAuth();
      const id = await resolveTitle(ctx, kind, args.title, { exact: true });
      const work = shown(ctx, kind === 'anime' ? await ctx.deps.service.getAnime(id, { fields: 'nsfw' }) : await ctx.deps.service.getManga(id, { fields: 'nsfw' }));
      try {
        if (kind === 'anime') await ctx.deps.service.deleteAnimeListStatus(id, { auth });
        else await ctx.deps.service.deleteMangaListStatus(id, { auth });
      } catch (error) {
        if (error instanceof ServiceHttpError && error.status === 404) {
          throw new UserFacingError('lists.remove.notOnList', { hasTitle: work.title ? 'yes' : 'no', title: work.title ? escapeMarkdown(work.title) : '', kind });
        }
        throw error;
      }
      await mirrorListChange(ctx, kind, { id }, undefined);
      const title = work.title ? escapeMarkdown(work.title) : ctx.t.t('lists.workFallback', { kind, id: String(id) });
      return { embeds: [{ title: ctx.t.t('lists.remove.done.title'), description: ctx.t.t('lists.remove.done.text', { title, kind }) }] };
    },
  };
}

export const list: SlashCommand = defineCommand(LIST_DATA, {
  'anime view': viewHandler('anime'),
  'anime update': updateHandler('anime'),
  'anime remove': removeHandler('anime'),
  'manga view': viewHandler('manga'),
  'manga update': updateHandler('manga'),
  'manga remove': removeHandler('manga'),
});
