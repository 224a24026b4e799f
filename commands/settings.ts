// /settings titles | server-titles | show: which of a work's title forms a person reads (the main
// title, usually romaji; English; Japanese). A person's choice beats their server's default
// (Manage Server; server-only), which beats the main title. The router applies it to every reply.

import { defineCommand, namedChoices, slashCommand, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { SlashCommand } from '../src/interactions/command-types.js';
import type { BaseContext } from '../src/interactions/context.js';
import type { Translator } from '../src/i18n/index.js';
import type { RenderedMessage } from '../src/render/limits.js';
import { COLORS } from '../src/render/theme.js';
import { resolveTitleForm } from '../src/preferences/title-preferences.js';
import { TITLE_FORMS, type TitleForm } from '../src/service/title-forms.js';

const FORM_NAMES = { romaji: 'Romaji (main title)', english: 'English', japanese: 'Japanese' } as const;
const RESET = 'reset' as const;

const SETTINGS_DATA = slashCommand('settings', 'Your settings for this bot: which form of titles you see', [
  subcommand('titles', 'Choose the title form you see everywhere: romaji (main title), English or Japanese', [
    stringOption<'form', true, TitleForm>('form', 'The title form to show; a work without it shows its main title', { required: true, choices: namedChoices(TITLE_FORMS, FORM_NAMES) }),
  ]),
  subcommand('server-titles', "This server's default title form, for members who chose none (Manage Server)", [
    stringOption<'form', true, TitleForm | typeof RESET>('form', 'The default title form here, or reset to the main title', {
      required: true,
      choices: namedChoices([...TITLE_FORMS, RESET] as const, { ...FORM_NAMES, reset: 'Reset (main title)' }),
    }),
  ]),
  subcommand('show', 'Show which title form applies to you here, and why'),
]);

function formName(t: Translator, form: TitleForm): string {
  return t.t(`settings.form.${form}`);
}

function reply(title: string, description: string): RenderedMessage {
  return { ephemeral: true, embeds: [{ title, description, color: COLORS.success }] };
}

async function show(ctx: BaseContext): Promise<RenderedMessage> {
  const { t } = ctx;
  const { preferences } = ctx.deps;
  const [user, server] = await Promise.all([
    preferences.userForm(ctx.userId),
    ctx.guildId === undefined ? undefined : preferences.serverForm(ctx.guildId),
  ]);
  const applied = resolveTitleForm(user, server);
  const lines = [applied.source === 'default' ? t.t('settings.show.default') : t.t(`settings.show.${applied.source}`, { form: formName(t, applied.form) })];
  if (ctx.guildId === undefined) lines.push(t.t('settings.show.directMessages'));
  else lines.push(server === undefined ? t.t('settings.show.noServerDefault') : t.t('settings.show.serverDefault', { form: formName(t, server) }));
  if (applied.source !== 'default') lines.push(t.t('settings.show.fallback'));
  return { ephemeral: true, embeds: [{ title: t.t('settings.show.title'), description: lines.join('\n\n'), color: COLORS.brand }] };
}

export const settings: SlashCommand = defineCommand(SETTINGS_DATA, {
  titles: {
    ephemeral: true,
    local: true,
    async run(ctx, args) {
      await ctx.deps.preferences.setUserForm(ctx.userId, args.form);
      return reply(ctx.t.t('settings.titles.saved.title'), ctx.t.t('settings.titles.saved.text', { form: formName(ctx.t, args.form) }));
    },
  },
  'server-titles': {
    ephemeral: true,
    local: true,
    only: 'server',
    permission: 'ManageGuild',
    async run(ctx, args) {
      const { guildId } = ctx;
      if (args.form === RESET) {
        await ctx.deps.preferences.setServerForm(guildId, undefined);
        return reply(ctx.t.t('settings.serverTitles.reset.title'), ctx.t.t('settings.serverTitles.reset.text'));
      }
      await ctx.deps.preferences.setServerForm(guildId, args.form);
      return reply(ctx.t.t('settings.serverTitles.saved.title'), ctx.t.t('settings.serverTitles.saved.text', { form: formName(ctx.t, args.form) }));
    },
  },
  show: {
    ephemeral: true,
    local: true,
    run: show,
  },
});
