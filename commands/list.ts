// /list anime|manga view | update | remove

import type { ChatInputCommandInteraction } from 'discord.js';
import { InvalidOptionError, ServiceHttpError } from '../src/service/errors.js';
import {
  ANIME_LIST_SORTS,
  ANIME_LIST_STATUSES,
  MANGA_LIST_SORTS,
  MANGA_LIST_STATUSES,
  type AnimeListStatusValue,
  type AnimeListUpdate,
  type MangaListStatusValue,
  type MangaListUpdate,
} from '../src/service/types.js';
import type { CommandContext, SlashCommand, SubcommandHandler } from '../src/discord/context.js';
import { booleanOption, group, integerOption, slashCommand, stringOption, subcommand } from '../src/discord/command-data.js';
import { SERVICE_USER_NAME_MAX } from '../src/discord/option-limits.js';
import { UserFacingError } from '../src/discord/user-errors.js';
import type { WorkKind } from '../src/discord/views/catalogue.js';
import { listEntryMessage } from '../src/discord/views/list-entry.js';
import { renderPagedView } from '../src/discord/views/paged-view.js';
import { resolveTitle, titleAutocomplete } from '../src/discord/views/titles.js';
import { animeListView, mangaListView } from '../src/discord/views/user-list.js';

const TITLE = stringOption('title', 'Start typing a title and pick one', { required: true, autocomplete: true, maxLength: 100 });
const COUNT_MAX = 100_000;

function viewSubcommand(kind: WorkKind) {
  return subcommand('view', `Show an ${kind} list (default: yours)`, [
    stringOption('user', 'A service user name (default: your own list)', { minLength: 2, maxLength: SERVICE_USER_NAME_MAX }),
    stringOption('status', 'Only entries with this status', { choices: kind === 'anime' ? ANIME_LIST_STATUSES : MANGA_LIST_STATUSES }),
    stringOption('sort', 'Order', { choices: kind === 'anime' ? ANIME_LIST_SORTS : MANGA_LIST_SORTS }),
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

/** Service field → the option the user typed, so range errors name what the user sees. */
const OPTION_NAMES: Record<string, string> = {
  num_watched_episodes: 'episodes',
  is_rewatching: 'rewatching',
  num_times_rewatched: 'times_rewatched',
  num_volumes_read: 'volumes',
  num_chapters_read: 'chapters',
  is_rereading: 'rereading',
  num_times_reread: 'times_reread',
};

function renamed(error: unknown): unknown {
  if (error instanceof InvalidOptionError) {
    const name = OPTION_NAMES[error.option];
    if (name) return new InvalidOptionError(name, error.message);
  }
  return error;
}

function parseTags(raw: string | null): string[] | undefined {
  if (raw === null) return undefined;
  return raw
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

function oneOf<T extends string>(option: string, value: string | null, allowed: readonly T[]): T | undefined {
  if (value === null) return undefined;
  const found = allowed.find((a) => a === value);
  if (!found) throw new InvalidOptionError(option, `must be one of ${allowed.join(', ')}`);
  return found;
}

/** Only the options the user gave, under the service's names. */
function animeChanges(o: ChatInputCommandInteraction['options']): AnimeListUpdate {
  const changes: AnimeListUpdate = {};
  const status = oneOf<AnimeListStatusValue>('status', o.getString('status'), ANIME_LIST_STATUSES);
  if (status !== undefined) changes.status = status;
  const score = o.getInteger('score');
  if (score !== null) changes.score = score;
  const episodes = o.getInteger('episodes');
  if (episodes !== null) changes.num_watched_episodes = episodes;
  const rewatching = o.getBoolean('rewatching');
  if (rewatching !== null) changes.is_rewatching = rewatching;
  const times = o.getInteger('times_rewatched');
  if (times !== null) changes.num_times_rewatched = times;
  const value = o.getInteger('rewatch_value');
  if (value !== null) changes.rewatch_value = value;
  const priority = o.getInteger('priority');
  if (priority !== null) changes.priority = priority;
  const tags = parseTags(o.getString('tags'));
  if (tags !== undefined) changes.tags = tags;
  const comments = o.getString('comments');
  if (comments !== null) changes.comments = comments;
  return changes;
}

function mangaChanges(o: ChatInputCommandInteraction['options']): MangaListUpdate {
  const changes: MangaListUpdate = {};
  const status = oneOf<MangaListStatusValue>('status', o.getString('status'), MANGA_LIST_STATUSES);
  if (status !== undefined) changes.status = status;
  const score = o.getInteger('score');
  if (score !== null) changes.score = score;
  const volumes = o.getInteger('volumes');
  if (volumes !== null) changes.num_volumes_read = volumes;
  const chapters = o.getInteger('chapters');
  if (chapters !== null) changes.num_chapters_read = chapters;
  const rereading = o.getBoolean('rereading');
  if (rereading !== null) changes.is_rereading = rereading;
  const times = o.getInteger('times_reread');
  if (times !== null) changes.num_times_reread = times;
  const value = o.getInteger('reread_value');
  if (value !== null) changes.reread_value = value;
  const priority = o.getInteger('priority');
  if (priority !== null) changes.priority = priority;
  const tags = parseTags(o.getString('tags'));
  if (tags !== undefined) changes.tags = tags;
  const comments = o.getString('comments');
  if (comments !== null) changes.comments = comments;
  return changes;
}

function viewHandler(kind: WorkKind): SubcommandHandler {
  const statuses: readonly string[] = kind === 'anime' ? ANIME_LIST_STATUSES : MANGA_LIST_STATUSES;
  const sorts: readonly string[] = kind === 'anime' ? ANIME_LIST_SORTS : MANGA_LIST_SORTS;
  return {
    ephemeral: false,
    run: (ctx) => {
      const o = ctx.interaction.options;
      const user = o.getString('user')?.trim() || undefined;
      if (user !== undefined && !/^[\w-]{2,32}$/.test(user)) {
        throw new InvalidOptionError('user', 'a service user name has 2–32 letters, digits, - or _');
      }
      const state = { user, status: oneOf('status', o.getString('status'), statuses), sort: oneOf('sort', o.getString('sort'), sorts) };
      return renderPagedView(ctx, kind === 'anime' ? animeListView : mangaListView, state, 0, ctx.userId);
    },
  };
}

function updateHandler(kind: WorkKind): SubcommandHandler {
  return {
    ephemeral: false,
    autocomplete: titleAutocomplete(kind),
    async run(ctx: CommandContext) {
      const o = ctx.interaction.options;
      const changes = kind === 'anime' ? animeChanges(o) : mangaChanges(o);
      if (Object.keys(changes).length === 0) {
        throw new UserFacingError('Nothing to change', 'Give at least one value to set, for example `status` or `score`.');
      }
      const auth = await ctx.requireAuth();
      const id = await resolveTitle(ctx, kind, o.getString('title', true));
      try {
        if (kind === 'anime') {
          const [updated, work] = await Promise.all([
            ctx.deps.service.updateAnimeListStatus(id, changes as AnimeListUpdate, { auth }),
            ctx.deps.service.getAnime(id, { fields: 'num_episodes' }),
          ]);
          return listEntryMessage('anime', work, updated, 'Your list');
        }
        const [updated, work] = await Promise.all([
          ctx.deps.service.updateMangaListStatus(id, changes as MangaListUpdate, { auth }),
          ctx.deps.service.getManga(id, { fields: 'num_volumes,num_chapters' }),
        ]);
        return listEntryMessage('manga', work, updated, 'Your list');
      } catch (error) {
        throw renamed(error);
      }
    },
  };
}

function removeHandler(kind: WorkKind): SubcommandHandler {
  return {
    ephemeral: false,
    autocomplete: titleAutocomplete(kind),
    async run(ctx: CommandContext) {
      const auth = await ctx.requireAuth();
      const id = await resolveTitle(ctx, kind, ctx.interaction.options.getString('title', true));
      const work = kind === 'anime' ? await ctx.deps.service.getAnime(id) : await ctx.deps.service.getManga(id);
      try {
        if (kind === 'anime') await ctx.deps.service.deleteAnimeListStatus(id, { auth });
        else await ctx.deps.service.deleteMangaListStatus(id, { auth });
      } catch (error) {
        if (error instanceof ServiceHttpError && error.status === 404) {
          throw new UserFacingError('Not on your list', `${work.title ?? 'That title'} was not on your ${kind} list.`);
        }
        throw error;
      }
      return { embeds: [{ title: 'Removed from your list', description: `${work.title ?? `${kind} ${id}`} is no longer on your ${kind} list.` }] };
    },
  };
}

export const list: SlashCommand = {
  data: slashCommand('list', 'Anime and manga lists: view anyone’s, change yours', [
    group('anime', 'Anime lists', [viewSubcommand('anime'), animeUpdate, subcommand('remove', 'Remove an anime from your list', [TITLE])]),
    group('manga', 'Manga lists', [viewSubcommand('manga'), mangaUpdate, subcommand('remove', 'Remove a manga from your list', [TITLE])]),
  ]),
  handlers: {
    'anime view': viewHandler('anime'),
    'anime update': updateHandler('anime'),
    'anime remove': removeHandler('anime'),
    'manga view': viewHandler('manga'),
    'manga update': updateHandler('manga'),
    'manga remove': removeHandler('manga'),
  },
};
