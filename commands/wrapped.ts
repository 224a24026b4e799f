// /wrapped [kind] [year] [user] [private]: a person's year in pictures (src/views/wrapped.ts); its Share
// button: commands/components/wrapped.ts.

import type { SlashCommand } from '../src/interactions/command-types.js';
import { booleanOption, defineCommand, integerOption, slashCommand, stringOption } from '../src/interactions/command-data.js';
import { SERVICE_USER_NAME_MAX } from '../src/interactions/option-limits.js';
import { UserFacingError } from '../src/interactions/user-errors.js';
import { listUser } from '../src/views/list-options.js';
import { wrappedCommand } from '../src/views/wrapped.js';
import { wrappedShareHandler } from './components/wrapped.js';
import { defaultRecapYear } from '../src/community/wrapped-year.js';

/** The first year /wrapped shows; the last is the current one (UTC), checked when asked. */
const FIRST_YEAR = 2000;

export const wrapped: SlashCommand = defineCommand(
  slashCommand('wrapped', 'Your year in anime or manga, in pictures to share', [
    stringOption('kind', 'Anime (the default) or manga', { choices: ['anime', 'manga'] as const }),
    integerOption('year', 'The year (default: this one; in January, the one just ended)', { min: FIRST_YEAR, max: 2100 }),
    stringOption('user', 'A service user name: their public list (default: you)', { minLength: 2, maxLength: SERVICE_USER_NAME_MAX }),
    booleanOption('private', 'Answer only to you, with a Share button (default: false)'),
  ]),
  { components: [wrappedShareHandler] },
  {
    '': {
      ephemeral: false,
      ephemeralOption: 'private',
      pictures: true,
      run: (ctx, args) => {
        const now = new Date(ctx.deps.now()).getUTCFullYear();
        const year = args.year ?? defaultRecapYear(ctx.deps.now());
        if (year > now) throw new UserFacingError('recaps.futureYear', { year: String(year), first: String(FIRST_YEAR), last: String(now) });
        return wrappedCommand(ctx, { kind: args.kind ?? 'anime', year, user: listUser(args.user), private: args.private ?? false });
      },
    },
  },
);
