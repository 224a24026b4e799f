// /watchparty create | list | cancel: watch parties as Discord scheduled events, in a server.
// What each subcommand does: src/views/watch-party-create.ts and src/views/watch-party-actions.ts; its
// buttons: commands/components/watchparty.ts.

import { EVENT_CHANNEL_TYPES } from '../src/discord-api/scheduled-events.js';
import { channelOption, defineCommand, integerOption, slashCommand, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { AutocompleteContext } from '../src/interactions/context.js';
import type { ArgumentsOf, OptionsAt, SlashCommand } from '../src/interactions/command-types.js';
import { TITLE_OPTION_MAX } from '../src/interactions/option-limits.js';
import { timeZoneChoices } from '../src/util/local-time.js';
import { TITLE_OPTION_DESCRIPTION } from '../src/views/title-input.js';
import { resolveTitle, titleAutocomplete } from '../src/views/titles.js';
import { watchPartyCancel, watchPartyChoices, watchPartyList } from '../src/views/watch-party-actions.js';
import { planHandler, watchedHandler } from './components/watchparty.js';
import { createWatchParty } from '../src/views/watch-party-create.js';

const WATCHPARTY_DATA = slashCommand('watchparty', 'Watch an episode together: a Discord event for the server', [
  subcommand('create', 'Plan a watch party: a scheduled event for an episode (needs Create Events)', [
    stringOption('title', TITLE_OPTION_DESCRIPTION, { required: true, autocomplete: true, maxLength: TITLE_OPTION_MAX }),
    integerOption('episode', 'Episode to watch (default: the next to air for an airing title, else 1)', { min: 1, max: 10_000 }),
    stringOption('start', 'When, as YYYY-MM-DD HH:MM (default for an airing title: its next broadcast)', { minLength: 16, maxLength: 16 }),
    stringOption('timezone', 'Time zone of the start, e.g. Europe/Berlin (default: UTC)', { autocomplete: true, maxLength: 64 }),
    channelOption('channel', 'Voice or stage channel (default: an event located in this channel)', { types: EVENT_CHANNEL_TYPES }),
  ]),
  subcommand('list', "This server's planned watch parties"),
  subcommand('cancel', 'Cancel a watch party (the member who planned it, or Manage Events)', [
    stringOption('event', 'The watch party to cancel', { required: true, autocomplete: true, maxLength: 20 }),
  ]),
]);

type CreateArgs = ArgumentsOf<OptionsAt<typeof WATCHPARTY_DATA, 'create'>>;

const titleChoices = titleAutocomplete('anime');

/** The title option's suggestions, or time zone names for `timezone`. */
async function createChoices(ctx: AutocompleteContext): Promise<Array<{ name: string; value: string }>> {
  if (ctx.focused.name === 'timezone') return timeZoneChoices(ctx.focused.value).map((z) => ({ name: z, value: z }));
  return titleChoices(ctx);
}

// "Plan a watch party" under a group pick's result, and "watched it" on the post after a party (commands/components/watchparty.ts).
export const watchparty: SlashCommand = defineCommand(WATCHPARTY_DATA, { components: [planHandler, watchedHandler] }, {
  create: {
    ephemeral: true,
    only: 'server',
    needsBot: true,
    autocomplete: createChoices,
    async run(ctx, args: CreateArgs) {
      const animeId = await resolveTitle(ctx, 'anime', args.title);
      const channel = args.channel !== undefined ? ctx.interaction.options.getChannel('channel') : null;
      return createWatchParty(ctx, {
        animeId,
        ...(args.episode !== undefined ? { episode: args.episode } : {}),
        ...(args.start !== undefined ? { start: args.start } : {}),
        ...(args.timezone !== undefined ? { timezone: args.timezone } : {}),
        ...(channel ? { channel: { id: channel.id, type: channel.type } } : {}),
      });
    },
  },
  list: { ephemeral: true, only: 'server', needsBot: true, run: watchPartyList },
  cancel: {
    ephemeral: true,
    only: 'server',
    needsBot: true,
    creatorOr: 'ManageEvents',
    notCreator: { key: 'watchparty.error.notCreator' },
    autocomplete: watchPartyChoices,
    run: (ctx, args) => watchPartyCancel(ctx, args.event),
  },
});
