// /settings titles | server-titles | show: which of a work's title forms a person reads (the main
// title, usually romaji; English; Japanese). A person's choice beats their server's default
// (Manage Server; server-only), which beats the main title. The router applies it to every reply;
// what each subcommand does and shows: src/views/settings.ts.

import { defineCommand, namedChoices, slashCommand, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { SlashCommand } from '../src/interactions/command-types.js';
import { TITLE_FORMS, type TitleForm } from '../src/service/title-forms.js';
import { setServerTitleForm, setTitleForm, showTitleForm } from '../src/views/settings.js';

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

export const settings: SlashCommand = defineCommand(SETTINGS_DATA, {
  titles: { ephemeral: true, local: true, run: (ctx, args) => setTitleForm(ctx, args.form) },
  'server-titles': { ephemeral: true, local: true, only: 'server', permission: 'ManageGuild', run: (ctx, args) => setServerTitleForm(ctx, args.form) },
  show: { ephemeral: true, local: true, run: showTitleForm },
});
