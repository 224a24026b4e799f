// /manga search | info | ranking

import type { SlashCommand } from '../src/discord/context.js';
import { slashCommand } from '../src/discord/command-data.js';
import { workSubcommands } from '../src/discord/work-subcommands.js';

const shared = workSubcommands('manga');

export const manga: SlashCommand = {
  data: slashCommand('manga', 'Search and browse manga', shared.data),
  handlers: shared.handlers,
};
