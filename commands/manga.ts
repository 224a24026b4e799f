// /manga search | info | ranking

import type { SlashCommand } from '../src/interactions/command-types.js';
import { defineCommand, slashCommand } from '../src/interactions/command-data.js';
import { workSubcommands } from './work-subcommands.js';

const shared = workSubcommands('manga');

export const manga: SlashCommand = defineCommand(slashCommand('manga', 'Search and browse manga', shared.data), shared.handlers);
