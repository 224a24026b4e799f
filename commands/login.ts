// /login: links the caller's service account (OAuth 2.0 with PKCE), answered only to them.

import { ButtonStyle, ComponentType } from 'discord.js';
import type { SlashCommand } from '../src/interactions/command-types.js';
import { defineCommand, slashCommand } from '../src/interactions/command-data.js';
import { escapeMarkdown } from '../src/render/text.js';

export const login: SlashCommand = defineCommand(
  slashCommand('login', 'Link your service account to use your lists from Discord'),
  {
    '': {
      ephemeral: true,
      local: true,
      async run(ctx) {
        const { accounts } = ctx.deps;
        const current = await accounts.linkedAs(ctx.userId);
        const { user } = ctx.interaction;
        const { url, expiresAt } = await accounts.startLogin(
          ctx.userId,
          { username: user.username, displayName: user.globalName ?? user.username, avatarUrl: user.displayAvatarURL({ size: 128 }) },
          { applicationId: ctx.interaction.applicationId, interactionToken: ctx.interaction.token },
        );
        const expires = `<t:${Math.floor(expiresAt / 1000)}:R>`;
        const text = current
          ? `You are linked as **${escapeMarkdown(current)}**. To switch to another account, open the link below and log in as that account (link expires ${expires}).`
          : `Open the link below, log in to the service and allow access. This message will update when you are done (link expires ${expires}).`;
        return {
          ephemeral: true,
          embeds: [
            {
              title: current ? 'Switch accounts' : 'Link your account',
              description: `${text}\n\n**Never share this link.** It links whoever logs in with it to *your* Discord account, and a /login link someone else sends you would link *your* service account to *theirs*. The page after logging in names the Discord account; confirm only if it is you.`,
            },
          ],
          components: [
            {
              type: ComponentType.ActionRow,
              components: [{ type: ComponentType.Button, style: ButtonStyle.Link, url, label: current ? 'Log in as another account' : 'Log in' }],
            },
          ],
        };
      },
    },
  },
);
