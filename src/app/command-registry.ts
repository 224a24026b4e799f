// Every slash command and component kind the bot knows.

import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { anime } from '../../commands/anime.js';
import { compare } from '../../commands/compare.js';
import { forum } from '../../commands/forum.js';
import { list } from '../../commands/list.js';
import { login } from '../../commands/login.js';
import { forgetMeHandler, logout } from '../../commands/logout.js';
import { manga } from '../../commands/manga.js';
import { profile } from '../../commands/profile.js';
import { remind } from '../../commands/remind.js';
import { feed } from '../../commands/feed.js';
import { server } from '../../commands/server.js';
import { settings } from '../../commands/settings.js';
import type { BaseContext, ComponentHandler } from '../interactions/context.js';
import type { SlashCommand } from '../interactions/command-types.js';
import { localizeCommands } from '../interactions/command-localizations.js';
import { MalformedCustomIdError } from '../interactions/custom-id.js';
import { animeRankingView, animeSearchView, mangaRankingView, mangaSearchView, seasonView, suggestionsView } from '../views/catalogue.js';
import { checkMoreHandler, quickActionHandler, quickStatusHandler, renderDetails } from '../views/details.js';
import { topicsView, topicView } from '../views/forum.js';
import { openHandler, pagerHandler, renderPagedView, type PagedView } from '../views/paged-view.js';
import { animeListView, mangaListView } from '../views/user-list.js';
import { scheduleView } from '../views/schedule.js';
import { leaderboardView, serverMembersHandler, serverMembersView, topTitlesView } from '../views/social.js';
import { reminderOpenHandler, reminderStopHandler } from '../views/reminders.js';
import { addToListHandler } from '../views/feed.js';
import type { RenderedMessage } from '../render/limits.js';

export const commands: readonly SlashCommand[] = [anime, manga, list, forum, profile, remind, server, compare, feed, settings, login, logout];

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

/** Opens what a select menu option refers to: `a:ID`, `m:ID`, `t:ID[:POSTS]` (topic) or `b:ID` (board). */
async function openReference(ctx: BaseContext, reference: string): Promise<RenderedMessage> {
  const match = /^([amtb]):(\d{1,10})(?::(\d{1,7}))?$/.exec(reference);
  if (!match?.[1] || !match[2]) throw new MalformedCustomIdError(`bad reference ${reference}`);
  const id = Number(match[2]);
  switch (match[1]) {
    case 'a':
      return renderDetails(ctx, 'anime', id);
    case 'm':
      return renderDetails(ctx, 'manga', id);
    case 't':
      return renderPagedView(ctx, topicView, { id, posts: match[3] === undefined ? undefined : Number(match[3]) }, 0, ctx.userId);
    default:
      return renderPagedView(
        ctx,
        topicsView,
        { boardId: id, subboardId: undefined, q: undefined, topicUser: undefined, user: undefined },
        0,
        ctx.userId,
      );
  }
}

export const components: readonly ComponentHandler[] = [
  pagerHandler(views),
  openHandler(openReference),
  quickActionHandler,
  quickStatusHandler,
  checkMoreHandler,
  forgetMeHandler,
  reminderOpenHandler,
  reminderStopHandler,
  addToListHandler,
  serverMembersHandler,
];

/** What is registered with Discord: the English definitions with every language's names and descriptions (src/i18n/commands). */
export function commandDefinitions(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return localizeCommands(commands.map((c) => c.data));
}
