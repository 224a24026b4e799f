// /settings titles | server-titles | spoilers | server-spoilers | boards | show: which of a work's title
// forms a person reads (the main title, usually romaji; English; Japanese), when a synopsis is hidden
// behind spoiler tags (a sequel's unless its prequel is completed; always; never), and whether the
// person hides themselves from every board. A person's choice
// beats their server's default (Manage Server; server-only), which beats the main title / `sequels`;
// the server's spoiler default also rules what the bot posts there on its own. What each subcommand
// does and shows: src/views/settings.ts.

import { defineCommand, namedChoices, slashCommand, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { SlashCommand } from '../src/interactions/command-types.js';
import { TITLE_FORMS, type TitleForm } from '../src/service/title-forms.js';
import { SPOILER_POLICIES, type SpoilerPolicy } from '../src/preferences/title-preferences.js';
import { setBoardsVisibility, setServerSpoilers, setServerTitleForm, setSpoilers, setTitleForm, showTitleForm } from '../src/views/settings.js';

const FORM_NAMES = { romaji: 'Romaji (main title)', english: 'English', japanese: 'Japanese' } as const;
const RESET = 'reset' as const;
const POLICY_NAMES = { sequels: 'Sequels, unless I completed the prequel (default)', always: 'Always hide synopses', never: 'Never hide synopses' } as const;

const SETTINGS_DATA = slashCommand('settings', 'Your settings for this bot: which form of titles you see, and spoilers', [
  subcommand('titles', 'Choose the title form you see everywhere: romaji (main title), English or Japanese', [
    stringOption<'form', true, TitleForm>('form', 'The title form to show; a work without it shows its main title', { required: true, choices: namedChoices(TITLE_FORMS, FORM_NAMES) }),
  ]),
  subcommand('server-titles', "This server's default title form, for members who chose none (Manage Server)", [
    stringOption<'form', true, TitleForm | typeof RESET>('form', 'The default title form here, or reset to the main title', {
      required: true,
      choices: namedChoices([...TITLE_FORMS, RESET] as const, { ...FORM_NAMES, reset: 'Reset (main title)' }),
    }),
  ]),
  subcommand('spoilers', 'Choose when synopses in your answers are hidden behind spoiler tags', [
    stringOption<'policy', true, SpoilerPolicy>('policy', 'When to hide a synopsis', { required: true, choices: namedChoices(SPOILER_POLICIES, POLICY_NAMES) }),
  ]),
  subcommand('server-spoilers', "This server's spoiler default: for members who chose none and the bot's posts (Manage Server)", [
    stringOption<'policy', true, SpoilerPolicy | typeof RESET>('policy', 'When to hide a synopsis here, or reset to the default', {
      required: true,
      choices: namedChoices([...SPOILER_POLICIES, RESET] as const, { ...POLICY_NAMES, reset: 'Reset (sequels)' }),
    }),
  ]),
  subcommand('boards', 'Hide yourself from every board (the game boards of every server), or show yourself again', [
    stringOption('visibility', 'Whether you appear on boards', { required: true, choices: namedChoices(['hidden', 'shown'] as const, { hidden: 'Hidden from every board', shown: 'Shown (the default)' }) }),
  ]),
  subcommand('show', 'Show which title form and spoiler setting apply to you here, and why'),
]);

export const settings: SlashCommand = defineCommand(SETTINGS_DATA, {
  titles: { ephemeral: true, local: true, run: (ctx, args) => setTitleForm(ctx, args.form) },
  'server-titles': { ephemeral: true, local: true, only: 'server', permission: 'ManageGuild', run: (ctx, args) => setServerTitleForm(ctx, args.form) },
  spoilers: { ephemeral: true, local: true, run: (ctx, args) => setSpoilers(ctx, args.policy) },
  'server-spoilers': { ephemeral: true, local: true, only: 'server', permission: 'ManageGuild', run: (ctx, args) => setServerSpoilers(ctx, args.policy) },
  boards: { ephemeral: true, local: true, run: (ctx, args) => setBoardsVisibility(ctx, args.visibility === 'hidden') },
  show: { ephemeral: true, local: true, run: showTitleForm },
});
