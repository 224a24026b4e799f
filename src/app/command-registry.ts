// Every slash command and component kind the bot knows.

import { game } from '../../commands/game.js';
import { gameShareHandler } from '../views/game.js';
import { higherLowerHandler } from '../views/game-higher-lower.js';
import { gameGuessButtonHandler, gameGuessFormHandler } from '../views/game-guess-form.js';
import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { anime } from '../../commands/anime.js';
import { randomPickComponents } from '../../commands/work-subcommands.js';
import { compare } from '../../commands/compare.js';
import { forum } from '../../commands/forum.js';
import { list } from '../../commands/list.js';
import { login } from '../../commands/login.js';
import { logout } from '../../commands/logout.js';
import { manga } from '../../commands/manga.js';
import { profile } from '../../commands/profile.js';
import { remind } from '../../commands/remind.js';
import { feed } from '../../commands/feed.js';
import { recap } from '../../commands/recap.js';
import { server } from '../../commands/server.js';
import { settings } from '../../commands/settings.js';
import { watchparty } from '../../commands/watchparty.js';
import { wrapped } from '../../commands/wrapped.js';
import type { ComponentHandler } from '../interactions/context.js';
import type { SlashCommand } from '../interactions/command-types.js';
import { localizeCommands } from '../interactions/command-localizations.js';
import { animeRankingView, animeSearchView, mangaRankingView, mangaSearchView, seasonView, suggestionsView } from '../views/browse.js';
import { checkMoreHandler, quickActionHandler, quickStatusHandler } from '../views/details.js';
import { topicsView, topicView } from '../views/forum.js';
import { openHandler, pagerHandler, type PagedView } from '../views/paged-view.js';
import { openReference } from '../views/open-reference.js';
import { forgetMeHandler } from '../views/logout.js';
import { importDropHandler, importStartHandler, importStopHandler } from '../views/list-import.js';
import { animeListView, mangaListView } from '../views/user-list.js';
import { scheduleView } from '../views/schedule.js';
import { leaderboardView, serverMembersHandler, serverMembersView, topTitlesView } from '../views/social.js';
import { reminderOpenHandler, reminderStopHandler } from '../views/reminders.js';
import { addToListHandler } from '../views/activity-feed.js';
import { pickVoteHandler, pollEndHandler } from '../views/group-pick.js';
import { planHandler, watchedHandler } from '../views/watch-party-actions.js';
import { wrappedShareHandler } from '../views/wrapped.js';

export const commands: readonly SlashCommand[] = [anime, manga, list, forum, profile, remind, server, compare, feed, recap, watchparty, wrapped, settings, login, logout, game];

const views = [
  animeSearchView,
  mangaSearchView,
  animeRankingView,
  mangaRankingView,
  seasonView,
  suggestionsView,
  animeListView,
  mangaListView,
  topicsView,
  topicView,
  scheduleView,
  serverMembersView,
  leaderboardView,
  topTitlesView,
] as unknown as readonly PagedView<unknown>[];

export const components: readonly ComponentHandler[] = [
  pagerHandler(views),
  openHandler(openReference),
  quickActionHandler,
  quickStatusHandler,
  checkMoreHandler,
  forgetMeHandler,
  importStartHandler,
  importDropHandler,
  importStopHandler,
  reminderOpenHandler,
  reminderStopHandler,
  addToListHandler,
  serverMembersHandler,
  ...randomPickComponents,
  pickVoteHandler,
  pollEndHandler,
  planHandler,
  watchedHandler,
  wrappedShareHandler,
  gameShareHandler,
  higherLowerHandler,
  gameGuessButtonHandler,
  gameGuessFormHandler,
];

/** What is registered with Discord: the English definitions with every language's names and descriptions (src/i18n/commands). */
export function commandDefinitions(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return localizeCommands(commands.map((c) => c.data));
}
