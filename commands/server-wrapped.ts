// `/server wrapped [year] [kind]`: the server's year in pictures, from its joined members' yearly sums
// (src/views/server-wrapped.ts): no service request. commands/server.ts includes it.

import { integerOption, optionList, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { HandlersOf } from '../src/interactions/command-types.js';
import { defaultRecapYear } from '../src/community/wrapped-year.js';
import { renderServerWrapped } from '../src/views/server-wrapped.js';

export const SERVER_WRAPPED_OPTIONS = optionList(
  subcommand('wrapped', "This server's year: what its joined members completed, loved and dropped", [
    integerOption('year', 'The year (default: this one; in January, the one just ended)', { min: 2000, max: 2100 }),
    stringOption('kind', 'Anime (the default) or manga lists', { choices: ['anime', 'manga'] as const }),
  ]),
);

export const serverWrappedHandlers: HandlersOf<{ name: 'server'; options: typeof SERVER_WRAPPED_OPTIONS }> = {
  wrapped: {
    ephemeral: false,
    local: true,
    only: 'server',
    pictures: true,
    run: (ctx, args) => renderServerWrapped(ctx, { kind: args.kind ?? 'anime', year: args.year ?? defaultRecapYear(ctx.deps.now()) }),
  },
};
