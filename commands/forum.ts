// /forum boards | topics | topic

import type { SlashCommand } from '../src/interactions/command-types.js';
import { integerOption, defineCommand, slashCommand, stringOption, subcommand } from '../src/interactions/command-data.js';
import { FORUM_QUERY_MAX, FORUM_USER_NAME_MAX } from '../src/interactions/option-limits.js';
import { topicsView, topicView } from '../src/views/forum.js';
import { forumBoards, openTopics } from '../src/views/forum-boards.js';
import { renderPagedView } from '../src/views/paged-view.js';

const ID_MAX = 99_999_999;

export const forum: SlashCommand = defineCommand(
  slashCommand('forum', 'Read the service forums', [
    subcommand('boards', 'All forum boards'),
    subcommand('topics', 'Find forum topics (give a board, a subboard or a search text)', [
      integerOption('board', 'Board ID (see /forum boards)', { min: 1, max: 99_999 }),
      integerOption('subboard', 'Subboard ID (see /forum boards)', { min: 1, max: 99_999 }),
      stringOption('query', 'Search text (at least 3 characters)', { minLength: 3, maxLength: FORUM_QUERY_MAX }),
      stringOption('topic_user', 'Only topics started by this user', { maxLength: FORUM_USER_NAME_MAX }),
      stringOption('user', 'Only topics this user posted in', { maxLength: FORUM_USER_NAME_MAX }),
    ]),
    subcommand('topic', 'Read a topic', [integerOption('id', 'Topic ID', { required: true, min: 1, max: ID_MAX })]),
  ]),
  { pagedViews: [topicsView, topicView] },
  {
    boards: { ephemeral: false, run: forumBoards },
    topics: { ephemeral: false, run: openTopics },
    topic: {
      ephemeral: false,
      run: (ctx, args) => renderPagedView(ctx, topicView, { id: args.id }, 0, ctx.userId),
    },
  },
);
