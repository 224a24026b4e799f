// /logout: forgets the caller's tokens and pending logins.

import type { SlashCommand } from '../src/discord/context.js';
import { slashCommand } from '../src/discord/command-data.js';
import { escapeMarkdown } from '../src/discord/render/text.js';

export const logout: SlashCommand = {
  data: slashCommand('logout', 'Unlink your service account and delete its tokens from this bot'),
  handlers: {
    '': {
      ephemeral: true,
      async run(ctx) {
        const name = await ctx.deps.accounts.linkedAs(ctx.userId);
        const existed = await ctx.deps.accounts.logout(ctx.userId);
        return {
          ephemeral: true,
          embeds: [
            existed
              ? { title: 'Logged out', description: `Unlinked ${name ? `**${escapeMarkdown(name)}**` : 'your account'}. Its tokens are deleted from this bot.` }
              : { title: 'Not linked', description: 'You had no linked account. Nothing was stored.' },
          ],
        };
      },
    },
  },
};
