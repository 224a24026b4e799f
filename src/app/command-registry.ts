// Every slash command the bot knows; the component kinds come with them (commands/components/shared.ts).

import { game } from '../../commands/game.js';
import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { anime } from '../../commands/anime.js';
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
import { componentsOf } from '../../commands/components/shared.js';

export const commands: readonly SlashCommand[] = [anime, manga, list, forum, profile, remind, server, compare, feed, recap, watchparty, wrapped, settings, login, logout, game];

/** Each command's buttons, menus, forms and paged lists (defineCommand's parts) with the shared pager and "open" menu. */
export const components: readonly ComponentHandler[] = componentsOf(commands);

/** What is registered with Discord: the English definitions with every language's names and descriptions (src/i18n/commands). */
export function commandDefinitions(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return localizeCommands(commands.map((c) => c.data));
}
