// /server join | leave: a linked member chooses to be shown in this server's list community, or stops.
// Server-only (declared: the router refuses them clearly in DMs). The leaderboard and top subcommands come from
// commands/server-boards.ts, pick from commands/server-pick.ts, wrapped from commands/server-wrapped.ts.

import { defineCommand, slashCommand, subcommand } from '../src/interactions/command-data.js';
import type { SlashCommand } from '../src/interactions/command-types.js';
import { NotLoggedInError, UserFacingError } from '../src/interactions/user-errors.js';
import { joinedMessage, leftMessage } from '../src/render/server-membership.js';
import { pickVoteHandler, pollEndHandler } from './components/server.js';
import { leaderboardView, topTitlesView } from '../src/views/social.js';
import { SERVER_BOARD_OPTIONS, serverBoardHandlers } from './server-boards.js';
import { SERVER_PICK_OPTIONS, serverPickHandlers } from './server-pick.js';
import { SERVER_WRAPPED_OPTIONS, serverWrappedHandlers } from './server-wrapped.js';

const SERVER_DATA = slashCommand('server', "This server's list community: join to be shown, leave to stop", [
  subcommand('join', 'Be shown in this server: your list entries, scores and progress (needs /login)'),
  subcommand('leave', "Stop being shown in this server's list community"),
  ...SERVER_BOARD_OPTIONS,
  ...SERVER_PICK_OPTIONS,
  ...SERVER_WRAPPED_OPTIONS,
]);

// The pick's Vote button and its poll's End button (commands/components/server.ts); the boards' paged lists.
export const server: SlashCommand = defineCommand(SERVER_DATA, { components: [pickVoteHandler, pollEndHandler], pagedViews: [leaderboardView, topTitlesView] }, {
  join: {
    ephemeral: true,
    only: 'server',
    linked: true,
    async run(ctx) {
      const { guildId } = ctx;
      const joined = await ctx.deps.social.join(guildId, ctx.userId, ctx.signal);
      if (!joined.ok) throw joined.reason === 'left' ? new UserFacingError('social.join.leftMeanwhile') : new NotLoggedInError();
      return joinedMessage(ctx.t, {
        serviceUser: joined.serviceUser,
        alreadyMember: joined.alreadyMember,
        anime: joined.entries.anime,
        manga: joined.entries.manga,
      });
    },
  },
  leave: {
    ephemeral: true,
    local: true,
    only: 'server',
    async run(ctx) {
      return leftMessage(ctx.t, await ctx.deps.social.leave(ctx.guildId, ctx.userId));
    },
  },
  ...serverBoardHandlers,
  ...serverPickHandlers,
  ...serverWrappedHandlers,
});
