// /profile: the caller's own service profile.

import type { SlashCommand } from '../src/interactions/command-types.js';
import { defineCommand, slashCommand } from '../src/interactions/command-data.js';
import { userFields } from '../src/service/fields.js';
import { profileMessage } from '../src/render/profile.js';

const PROFILE_FIELDS = userFields('anime_statistics', 'time_zone', 'is_supporter', 'joined_at', 'location', 'gender', 'birthday', 'picture');

export const profile: SlashCommand = defineCommand(
  slashCommand('profile', 'Your service profile and anime statistics (needs /login)'),
  {
    '': {
      ephemeral: false,
      linked: true,
      async run(ctx) {
        const user = await ctx.deps.service.me({ fields: PROFILE_FIELDS }, { auth: ctx.auth });
        return profileMessage(ctx.t, user);
      },
    },
  },
);
