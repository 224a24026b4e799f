// /list anime|manga view | chart | stats | export | update | remove | import (the import's buttons:
// ./components/list.ts)

import { KINDS, type ListStatusOf, type WorkKind } from '../src/service/kinds.js';
import type { ArgumentsOf, OptionsAt, SlashCommand, SubcommandHandler, SubcommandPath } from '../src/interactions/command-types.js';
import { attachmentOption, defineCommand, group, namedChoices, slashCommand, stringOption, subcommand } from '../src/interactions/command-data.js';
import { SERVICE_USER_NAME_MAX, TITLE_OPTION_MAX } from '../src/interactions/option-limits.js';
import { KIND_WITH_ARTICLE } from '../src/views/kind-views.js';
import { removeEntry, updateEntry } from '../src/views/list-changes.js';
import { LIST_SORT_NAMES, LIST_UPDATE_OPTIONS, listUser } from '../src/views/list-options.js';
import { renderPagedView } from '../src/views/paged-view.js';
import { TITLE_OPTION_DESCRIPTION } from '../src/views/title-input.js';
import { titleAutocomplete } from '../src/views/titles.js';
import { USER_LIST_VIEWS } from '../src/views/user-list.js';
import { CHART_SIZES, CHART_SORTS, renderListChart } from '../src/views/list-chart.js';
import { renderListStats } from '../src/views/list-stats.js';
import { exportList } from '../src/views/list-export.js';
import { importPreview } from '../src/views/list-import.js';
import { IMPORT_MODES } from '../src/list-files/import-plan.js';
import { importDropHandler, importStartHandler, importStopHandler } from './components/list.js';

const USER = stringOption('user', 'A service user name (default: you)', { minLength: 2, maxLength: SERVICE_USER_NAME_MAX });
const TITLE = stringOption('title', TITLE_OPTION_DESCRIPTION, { required: true, autocomplete: true, maxLength: TITLE_OPTION_MAX });

function listGroup<K extends WorkKind>(kind: K, description: string) {
  const a = KIND_WITH_ARTICLE[kind];
  return group(kind, description, [
    subcommand('view', `Show ${a} list`, [
      USER,
      stringOption('status', 'Only entries with this status', { choices: KINDS[kind].statuses }),
      stringOption('sort', 'Order', { choices: namedChoices(KINDS[kind].sorts, LIST_SORT_NAMES[kind]) }),
    ]),
    subcommand('chart', `A picture of covers from ${a} list`, [
      USER,
      stringOption('size', 'How many covers (default: 3x3)', { choices: CHART_SIZES }),
      stringOption('status', 'Only entries with this status (default: completed)', { choices: KINDS[kind].statuses }),
      stringOption('sort', 'Order (default: by score)', { choices: namedChoices(CHART_SORTS, { score: 'By score', recent: 'Recently updated' }) }),
    ]),
    subcommand('stats', `A card of ${a} list in numbers`, [
      USER,
    ]),
    subcommand('export', `${a[0]?.toUpperCase() ?? ''}${a.slice(1)} list as an XML file`, [
      USER,
    ]),
    subcommand('update', `Add ${a} to your list or change your entry`, [TITLE, ...LIST_UPDATE_OPTIONS[kind]]),
    subcommand('remove', `Remove ${a} from your list`, [TITLE]),
    subcommand('import', 'Import a list export file', [
      attachmentOption('file', 'An XML or .gz file', true),
      stringOption('mode', 'What to change', {
        choices: namedChoices(IMPORT_MODES, { add_missing: 'Add missing', overwrite: 'Overwrite', keep_higher: 'Keep higher' }),
      }),
    ]),
  ]);
}

const LIST_DATA = slashCommand('list', 'Anime and manga lists: view anyone’s, change yours', [listGroup('anime', 'Anime lists'), listGroup('manga', 'Manga lists')]);

type ListArgs<P extends SubcommandPath<typeof LIST_DATA>> = ArgumentsOf<OptionsAt<typeof LIST_DATA, P>>;

function viewHandler(kind: WorkKind): SubcommandHandler<ListArgs<'anime view'> | ListArgs<'manga view'>> {
  return {
    ephemeral: false,
    run: (ctx, args) => {
      // The router checked status and sort against the definition's choices.
      const state = { user: listUser(args.user), status: args.status, sort: args.sort };
      return renderPagedView(ctx, USER_LIST_VIEWS[kind], state, 0, ctx.userId);
    },
  };
}

function chartHandler<K extends WorkKind>(kind: K): SubcommandHandler<ListArgs<'anime chart'> | ListArgs<'manga chart'>> {
  const spec = KINDS[kind];
  return {
    ephemeral: false,
    pictures: true,
    run: (ctx, args) =>
      renderListChart(ctx, {
        kind,
        user: listUser(args.user),
        size: args.size ?? '3x3',
        // The router checked status against this kind's choices (the definition's).
        status: (args.status as ListStatusOf<K> | undefined) ?? spec.finished,
        sort: args.sort ?? 'score',
      }),
  };
}

function statsHandler(kind: WorkKind): SubcommandHandler<ListArgs<'anime stats'> | ListArgs<'manga stats'>> {
  return { ephemeral: false, pictures: true, run: (ctx, args) => renderListStats(ctx, kind, listUser(args.user)) };
}

/** Sent privately, deferred at once, under the long deadline with progress (src/views/list-export.ts). */
function exportHandler(kind: WorkKind): SubcommandHandler<ListArgs<'anime export'> | ListArgs<'manga export'>> {
  return { ephemeral: true, long: true, run: (ctx, args) => exportList(ctx, kind, listUser(args.user)) };
}

function updateHandler(kind: WorkKind): SubcommandHandler<ListArgs<'anime update'> | ListArgs<'manga update'>> {
  return { ephemeral: false, linked: true, autocomplete: titleAutocomplete(kind), run: (ctx, args) => updateEntry(ctx, ctx.auth, kind, args.title, args) };
}

function removeHandler(kind: WorkKind): SubcommandHandler<ListArgs<'anime remove'> | ListArgs<'manga remove'>> {
  return { ephemeral: false, linked: true, autocomplete: titleAutocomplete(kind), run: (ctx, args) => removeEntry(ctx, ctx.auth, kind, args.title) };
}

function importHandler(kind: WorkKind): SubcommandHandler<ListArgs<'anime import'> | ListArgs<'manga import'>> {
  return {
    ephemeral: true,
    linked: true,
    // The preview reads the file and the whole list (one read per 1 000 entries): the long deadline.
    long: true,
    run: (ctx, args) => {
      // The router checked the option's value (an attachment id); the attachment itself is in the interaction's resolved data.
      const file = ctx.interaction.options.getAttachment('file', true);
      return importPreview(ctx, kind, { url: file.url, size: file.size }, args.mode ?? 'add_missing');
    },
  };
}

export const list: SlashCommand = defineCommand(LIST_DATA, { components: [importStartHandler, importDropHandler, importStopHandler], pagedViews: [USER_LIST_VIEWS.anime, USER_LIST_VIEWS.manga] }, {
  'anime view': viewHandler('anime'),
  'anime chart': chartHandler('anime'),
  'anime stats': statsHandler('anime'),
  'anime export': exportHandler('anime'),
  'anime update': updateHandler('anime'),
  'anime remove': removeHandler('anime'),
  'anime import': importHandler('anime'),
  'manga view': viewHandler('manga'),
  'manga chart': chartHandler('manga'),
  'manga stats': statsHandler('manga'),
  'manga export': exportHandler('manga'),
  'manga update': updateHandler('manga'),
  'manga remove': removeHandler('manga'),
  'manga import': importHandler('manga'),
});
