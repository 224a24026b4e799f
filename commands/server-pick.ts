// `/server pick`: what the server's joined members (or up to four of them) could watch or read
// together, with a Vote button that puts it to a native Discord poll. commands/server.ts includes it.

import { integerOption, optionList, stringOption, subcommand, userOption } from '../src/interactions/command-data.js';
import type { HandlersOf } from '../src/interactions/command-types.js';
import { POLL_HOURS } from '../src/group-polls/group-polls.js';
import { openGroupPick } from '../src/views/group-pick.js';

export const SERVER_PICK_OPTIONS = optionList(
  subcommand('pick', 'What joined members plan and none of them finished or dropped, with a vote', [
    stringOption('kind', 'Anime (the default) or manga lists', { choices: ['anime', 'manga'] as const }),
    userOption('with1', 'A member to pick for (default: every joined member)'),
    userOption('with2', 'Another member to pick for'),
    userOption('with3', 'Another member to pick for'),
    userOption('with4', 'Another member to pick for'),
    integerOption('poll_hours', `How long the poll of the Vote button runs, in hours (default ${POLL_HOURS.default})`, { min: POLL_HOURS.min, max: POLL_HOURS.max }),
  ]),
);

export const serverPickHandlers: HandlersOf<{ name: 'server'; options: typeof SERVER_PICK_OPTIONS }> = {
  pick: {
    ephemeral: false,
    local: true,
    only: 'server',
    run: (ctx, args) =>
      openGroupPick(
        ctx,
        ctx.interaction.channelId,
        args.kind ?? 'anime',
        [args.with1, args.with2, args.with3, args.with4].filter((id): id is string => id !== undefined),
        args.poll_hours ?? POLL_HOURS.default,
      ),
  },
};
