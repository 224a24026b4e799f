// /compare member:@someone [other:@b] [kind]: how alike two joined members' tastes are (server only).

import type { SlashCommand } from '../src/interactions/command-types.js';
import { defineCommand, slashCommand, stringOption, userOption } from '../src/interactions/command-data.js';
import { compareMembers } from '../src/views/compare.js';

export const compare: SlashCommand = defineCommand(
  slashCommand("compare", "How alike two members' list tastes are (both must have used /server join)", [
    userOption('member', 'The member to compare with you (or with the other member)', true),
    userOption('other', 'Compare the member with this one instead of with you'),
    stringOption('kind', 'Anime (the default) or manga lists', { choices: ['anime', 'manga'] as const }),
  ]),
  {
    '': {
      ephemeral: false,
      local: true,
      only: 'server',
      pictures: true,
      run: (ctx, args) => compareMembers(ctx, args.kind ?? 'anime', args.member, args.other),
    },
  },
);
