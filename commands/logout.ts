// /logout: forgets the caller's tokens and pending logins, and offers to delete everything else stored about them.

import { ButtonStyle, ComponentType } from 'discord.js';
import type { ComponentHandler } from '../src/interactions/context.js';
import type { SlashCommand } from '../src/interactions/command-types.js';
import type { ForgottenRecords } from '../src/auth/accounts.js';
import { defineCommand, slashCommand } from '../src/interactions/command-data.js';
import { encodeCustomId } from '../src/interactions/custom-id.js';
import { encodeUserId } from '../src/interactions/invoker.js';
import type { RenderedMessage } from '../src/render/limits.js';
import { escapeMarkdown } from '../src/render/text.js';
import { discordTime } from '../src/airing/air-times.js';

const FORGET_KIND = 'fg';

export const logout: SlashCommand = defineCommand(
  slashCommand('logout', 'Unlink your service account and delete its tokens from this bot'),
  {
    '': {
      ephemeral: true,
      local: true,
      async run(ctx) {
        const name = await ctx.deps.accounts.linkedAs(ctx.userId);
        const existed = await ctx.deps.accounts.logout(ctx.userId);
        // A member of a server's list community is told once, here, what becomes of their shown lists.
        const shown = existed ? await ctx.deps.social.mirror(ctx.userId, 'anime').catch(() => undefined) : undefined;
        const community =
          shown?.staleUntil !== undefined
            ? `\n\nYou joined the list community of one or more servers: your lists there are no longer updated, and the copy the bot keeps stays visible there until ${discordTime(shown.staleUntil, 'D')} or until you \`/server leave\`. Log in again to keep it up to date.`
            : '';
        return {
          ephemeral: true,
          embeds: [
            existed
              ? {
                  title: 'Logged out',
                  description: `Unlinked ${name ? `**${escapeMarkdown(name)}**` : 'your account'}. Its tokens are deleted from this bot, and so are your unfinished logins.${community}`,
                }
              : { title: 'Not linked', description: 'You had no linked account. Your unfinished logins, if any, are deleted.' },
          ],
          components: [
            {
              type: ComponentType.ActionRow,
              components: [
                {
                  type: ComponentType.Button,
                  style: ButtonStyle.Danger,
                  custom_id: encodeCustomId(FORGET_KIND, [encodeUserId(ctx.userId)]),
                  label: 'Also delete everything stored about me',
                },
              ],
            },
          ],
        };
      },
    },
  },
);

/** The "forget me" button under /logout: one store operation that deletes every kind of record about the clicker. */
export const forgetMeHandler: ComponentHandler = {
  kind: FORGET_KIND,
  mode: 'update',
  invokerField: 0,
  local: true,
  async run(ctx) {
    return forgottenMessage(await ctx.deps.accounts.forget(ctx.userId));
  },
};

function forgottenMessage(report: ForgottenRecords): RenderedMessage {
  const deleted = report.filter((r) => r.deleted > 0);
  const lines = deleted.map((r) => `- ${r.label}: ${r.deleted}`);
  const what = lines.length > 0 ? `Deleted just now:\n${lines.join('\n')}` : 'Nothing else was stored about you.';
  return {
    ephemeral: true,
    embeds: [
      {
        title: 'Everything about you is deleted',
        description: `${what}\n\nThis bot now stores nothing about you (checked: ${report.map((r) => r.label).join(', ')}).`,
      },
    ],
    components: [],
  };
}
