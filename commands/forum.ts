// /forum boards | topics | topic

import { ComponentType } from 'discord.js';
import type { SlashCommand } from '../src/interactions/command-types.js';
import { integerOption, defineCommand, slashCommand, stringOption, subcommand } from '../src/interactions/command-data.js';
import { encodeCustomId } from '../src/interactions/custom-id.js';
import { encodeUserId } from '../src/interactions/invoker.js';
import { FORUM_QUERY_MAX, FORUM_USER_NAME_MAX } from '../src/interactions/option-limits.js';
import { forumBoardsEmbed } from '../src/render/forum.js';
import { topicsView, topicView } from '../src/views/forum.js';
import { renderPagedView } from '../src/views/paged-view.js';
import { UserFacingError } from '../src/interactions/user-errors.js';

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
  {
    boards: {
      ephemeral: false,
      async run(ctx) {
        const boards = await ctx.deps.service.forumBoards();
        const options = (boards.categories ?? [])
          .flatMap((c) => c.boards ?? [])
          .slice(0, 25)
          .map((b) => ({ label: b.title ?? ctx.t.t('lists.forum.boards.board', { id: String(b.id) }), value: `b:${b.id}`, ...(b.description ? { description: b.description.slice(0, 100) } : {}) }));
        return {
          embeds: [forumBoardsEmbed(ctx.t, boards)],
          components: options.length
            ? [
                {
                  type: ComponentType.ActionRow,
                  components: [
                    {
                      type: ComponentType.StringSelect,
                      custom_id: encodeCustomId('op', ['fb', encodeUserId(ctx.userId)]),
                      placeholder: ctx.t.t('lists.forum.boards.open'),
                      options,
                    },
                  ],
                },
              ]
            : [],
        };
      },
    },
    topics: {
      ephemeral: false,
      run(ctx, args) {
        const state = {
          boardId: args.board,
          subboardId: args.subboard,
          q: args.query?.trim() || undefined,
          topicUser: args.topic_user?.trim() || undefined,
          user: args.user?.trim() || undefined,
        };
        if (state.boardId === undefined && state.subboardId === undefined && state.q === undefined) {
          throw new UserFacingError('lists.forum.whereToLook');
        }
        return renderPagedView(ctx, topicsView, state, 0, ctx.userId);
      },
    },
    topic: {
      ephemeral: false,
      run: (ctx, args) => renderPagedView(ctx, topicView, { id: args.id }, 0, ctx.userId),
    },
  },
);
