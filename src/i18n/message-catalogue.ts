// The message catalogue: every text the bot writes itself, per locale, in ICU MessageFormat. Each area
// of the bot has its own part (messages/<area>/<locale>.ts); English is the source of the keys.

import { core as en_core } from './messages/core/en.js';
import { terms as en_terms } from './messages/terms/en.js';
import { works as en_works } from './messages/works/en.js';
import { lists as en_lists } from './messages/lists/en.js';
import { reminders as en_reminders } from './messages/reminders/en.js';
import { social as en_social } from './messages/social/en.js';
import { settings as en_settings } from './messages/settings/en.js';
import { picks as en_picks } from './messages/picks/en.js';
import { polls as en_polls } from './messages/polls/en.js';
import { watchparty as en_watchparty } from './messages/watchparty/en.js';
import { core as ja_core } from './messages/core/ja.js';
import { terms as ja_terms } from './messages/terms/ja.js';
import { works as ja_works } from './messages/works/ja.js';
import { lists as ja_lists } from './messages/lists/ja.js';
import { reminders as ja_reminders } from './messages/reminders/ja.js';
import { social as ja_social } from './messages/social/ja.js';
import { settings as ja_settings } from './messages/settings/ja.js';
import { picks as ja_picks } from './messages/picks/ja.js';
import { polls as ja_polls } from './messages/polls/ja.js';
import { watchparty as ja_watchparty } from './messages/watchparty/ja.js';
import { core as de_core } from './messages/core/de.js';
import { terms as de_terms } from './messages/terms/de.js';
import { works as de_works } from './messages/works/de.js';
import { lists as de_lists } from './messages/lists/de.js';
import { reminders as de_reminders } from './messages/reminders/de.js';
import { social as de_social } from './messages/social/de.js';
import { settings as de_settings } from './messages/settings/de.js';
import { picks as de_picks } from './messages/picks/de.js';
import { polls as de_polls } from './messages/polls/de.js';
import { watchparty as de_watchparty } from './messages/watchparty/de.js';
import { core as fr_core } from './messages/core/fr.js';
import { terms as fr_terms } from './messages/terms/fr.js';
import { works as fr_works } from './messages/works/fr.js';
import { lists as fr_lists } from './messages/lists/fr.js';
import { reminders as fr_reminders } from './messages/reminders/fr.js';
import { social as fr_social } from './messages/social/fr.js';
import { settings as fr_settings } from './messages/settings/fr.js';
import { picks as fr_picks } from './messages/picks/fr.js';
import { polls as fr_polls } from './messages/polls/fr.js';
import { watchparty as fr_watchparty } from './messages/watchparty/fr.js';
import { core as esES_core } from './messages/core/es-ES.js';
import { terms as esES_terms } from './messages/terms/es-ES.js';
import { works as esES_works } from './messages/works/es-ES.js';
import { lists as esES_lists } from './messages/lists/es-ES.js';
import { reminders as esES_reminders } from './messages/reminders/es-ES.js';
import { social as esES_social } from './messages/social/es-ES.js';
import { settings as esES_settings } from './messages/settings/es-ES.js';
import { picks as esES_picks } from './messages/picks/es-ES.js';
import { polls as esES_polls } from './messages/polls/es-ES.js';
import { watchparty as esES_watchparty } from './messages/watchparty/es-ES.js';
import { core as ptBR_core } from './messages/core/pt-BR.js';
import { terms as ptBR_terms } from './messages/terms/pt-BR.js';
import { works as ptBR_works } from './messages/works/pt-BR.js';
import { lists as ptBR_lists } from './messages/lists/pt-BR.js';
import { reminders as ptBR_reminders } from './messages/reminders/pt-BR.js';
import { social as ptBR_social } from './messages/social/pt-BR.js';
import { settings as ptBR_settings } from './messages/settings/pt-BR.js';
import { picks as ptBR_picks } from './messages/picks/pt-BR.js';
import { polls as ptBR_polls } from './messages/polls/pt-BR.js';
import { watchparty as ptBR_watchparty } from './messages/watchparty/pt-BR.js';
import { imports as en_imports } from './messages/imports/en.js';
import { imports as ja_imports } from './messages/imports/ja.js';
import { imports as de_imports } from './messages/imports/de.js';
import { imports as fr_imports } from './messages/imports/fr.js';
import { imports as esES_imports } from './messages/imports/es-ES.js';
import { imports as ptBR_imports } from './messages/imports/pt-BR.js';
import { recaps as en_recaps } from './messages/recaps/en.js';
import { recaps as ja_recaps } from './messages/recaps/ja.js';
import { recaps as de_recaps } from './messages/recaps/de.js';
import { recaps as fr_recaps } from './messages/recaps/fr.js';
import { recaps as esES_recaps } from './messages/recaps/es-ES.js';
import { recaps as ptBR_recaps } from './messages/recaps/pt-BR.js';
import { games as en_games } from './messages/games/en.js';
import { games as ja_games } from './messages/games/ja.js';
import { games as de_games } from './messages/games/de.js';
import { games as fr_games } from './messages/games/fr.js';
import { games as esES_games } from './messages/games/es-ES.js';
import { games as ptBR_games } from './messages/games/pt-BR.js';
import { boards as en_boards } from './messages/boards/en.js';
import { boards as ja_boards } from './messages/boards/ja.js';
import { boards as de_boards } from './messages/boards/de.js';
import { boards as fr_boards } from './messages/boards/fr.js';
import { boards as esES_boards } from './messages/boards/es-ES.js';
import { boards as ptBR_boards } from './messages/boards/pt-BR.js';
import { weekly as en_weekly } from './messages/weekly/en.js';
import { weekly as ja_weekly } from './messages/weekly/ja.js';
import { weekly as de_weekly } from './messages/weekly/de.js';
import { weekly as fr_weekly } from './messages/weekly/fr.js';
import { weekly as esES_weekly } from './messages/weekly/es-ES.js';
import { weekly as ptBR_weekly } from './messages/weekly/pt-BR.js';
import type { Locale } from './locales.js';

export const EN = { ...en_core, ...en_terms, ...en_works, ...en_lists, ...en_reminders, ...en_social, ...en_settings, ...en_picks, ...en_polls, ...en_watchparty, ...en_imports, ...en_recaps, ...en_games, ...en_boards, ...en_weekly } as const;

/** A key of the catalogue. */
export type MessageKey = keyof typeof EN;

export const CATALOGUE: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = {
  'en-US': EN,
  ja: { ...ja_core, ...ja_terms, ...ja_works, ...ja_lists, ...ja_reminders, ...ja_social, ...ja_settings, ...ja_picks, ...ja_polls, ...ja_watchparty, ...ja_imports, ...ja_recaps, ...ja_games, ...ja_boards, ...ja_weekly },
  de: { ...de_core, ...de_terms, ...de_works, ...de_lists, ...de_reminders, ...de_social, ...de_settings, ...de_picks, ...de_polls, ...de_watchparty, ...de_imports, ...de_recaps, ...de_games, ...de_boards, ...de_weekly },
  fr: { ...fr_core, ...fr_terms, ...fr_works, ...fr_lists, ...fr_reminders, ...fr_social, ...fr_settings, ...fr_picks, ...fr_polls, ...fr_watchparty, ...fr_imports, ...fr_recaps, ...fr_games, ...fr_boards, ...fr_weekly },
  'es-ES': { ...esES_core, ...esES_terms, ...esES_works, ...esES_lists, ...esES_reminders, ...esES_social, ...esES_settings, ...esES_picks, ...esES_polls, ...esES_watchparty, ...esES_imports, ...esES_recaps, ...esES_games, ...esES_boards, ...esES_weekly },
  'pt-BR': { ...ptBR_core, ...ptBR_terms, ...ptBR_works, ...ptBR_lists, ...ptBR_reminders, ...ptBR_social, ...ptBR_settings, ...ptBR_picks, ...ptBR_polls, ...ptBR_watchparty, ...ptBR_imports, ...ptBR_recaps, ...ptBR_games, ...ptBR_boards, ...ptBR_weekly },
};
