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
        // A DM the bot later sends on its own (the login was lost) is written in this language.
        await ctx.deps.preferences.noteLocale(ctx.userId, ctx.t.locale);
        const { user } = ctx.interaction;
        const { url, expiresAt } = await accounts.startLogin(
          ctx.userId,
          { username: user.username, displayName: user.globalName ?? user.username, avatarUrl: user.displayAvatarURL({ size: 128 }) },
          { applicationId: ctx.interaction.applicationId, interactionToken: ctx.interaction.token, locale: ctx.t.locale },
        );
        const expires = `<t:${Math.floor(expiresAt / 1000)}:R>`;
        const { t } = ctx;
        const text = current ? t.t('lists.login.text.switch', { name: escapeMarkdown(current), expires }) : t.t('lists.login.text.link', { expires });
        return {
          ephemeral: true,
          embeds: [
            {
              title: t.t(current ? 'lists.login.title.switch' : 'lists.login.title.link'),
              description: `${text}\n\n${t.t('lists.login.warning')}`,
            },
          ],
          components: [
            {
              type: ComponentType.ActionRow,
              components: [{ type: ComponentType.Button, style: ButtonStyle.Link, url, label: t.t(current ? 'lists.login.button.switch' : 'lists.login.button.link') }],
            },
          ],
        };
      },
    },
  },
);
