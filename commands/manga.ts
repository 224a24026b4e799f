// /manga search | info | ranking | random

import type { SlashCommand } from '../src/interactions/command-types.js';
import { defineCommand, slashCommand } from '../src/interactions/command-data.js';
import { mangaRandom, workSubcommands } from './work-subcommands.js';

const shared = workSubcommands('manga');

export const manga: SlashCommand = defineCommand(slashCommand('manga', 'Search and browse manga', [...shared.data, mangaRandom.data]), shared.parts, {
  ...shared.handlers,
  random: mangaRandom.handler,
});
