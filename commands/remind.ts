// /remind add | list | remove | follow-list | delay | resume: episode reminders by DM.
// /remind channel add | list | remove: a server's reminders, posted in a channel (Manage Server).
// What each subcommand does and shows: src/views/remind-actions.ts.

import { POSTABLE_CHANNEL_TYPES } from '../src/discord-api/channel-access.js';
import { booleanOption, channelOption, defineCommand, group, integerOption, roleOption, slashCommand, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { ArgumentsOf, OptionsAt, SlashCommand, SubcommandPath } from '../src/interactions/command-types.js';
import { titleAutocomplete } from '../src/views/titles.js';
import { TITLE_OPTION_DESCRIPTION } from '../src/views/title-input.js';
import { TITLE_OPTION_MAX } from '../src/interactions/option-limits.js';
import { followableFirst } from '../src/views/followable.js';
import { MAX_DELAY_MINUTES } from '../src/reminders/knobs.js';
import {
  channelReminderList,
  followInChannel,
  followList,
  followTitle,
  myFollowedChoices,
  notingGuildLocale,
  notingLocale,
  reminderDelay,
  reminderList,
  resumeReminders,
  serverFollowedChoices,
  unfollowInChannel,
  unfollowTitle,
} from '../src/views/remind-actions.js';
import { reminderOpenHandler, reminderStopHandler } from './components/remind.js';

const TITLE = stringOption('title', TITLE_OPTION_DESCRIPTION, { required: true, autocomplete: true, maxLength: TITLE_OPTION_MAX });
const CHANNEL = channelOption('channel', 'Text or announcement channel to post reminders in', { required: true, types: POSTABLE_CHANNEL_TYPES });
const DELAY_MINUTES = `0 to ${MAX_DELAY_MINUTES}`;

const REMIND_DATA = slashCommand('remind', 'Episode reminders by direct message or in a server channel', [
    subcommand('add', 'Get a DM when a new episode of an airing anime is expected', [
      TITLE,
    ]),
    subcommand('list', 'Your reminders and settings'),
    subcommand('remove', 'Stop reminders for a title', [
      TITLE,
    ]),
    subcommand('follow-list', 'Follow every airing title on your Watching and Plan to Watch lists (needs /login)', [
      booleanOption('enabled', 'On to follow your list, off to stop', true),
    ]),
    subcommand('delay', 'Minutes after the Japanese broadcast to remind you (streams often come later)', [
      integerOption('minutes', DELAY_MINUTES, { required: true, min: 0, max: MAX_DELAY_MINUTES }),
    ]),
    subcommand('resume', 'Resume reminders paused because the bot could not DM you'),
    group('channel', 'Reminders posted in a server channel (needs Manage Server)', [
      subcommand('add', 'Post in a channel when a new episode of an airing anime is expected', [
        TITLE,
        CHANNEL,
        roleOption('role', 'Role to mention in each post (it must be mentionable by the bot)'),
        integerOption('delay', `Minutes after the Japanese broadcast to post (${DELAY_MINUTES})`, { min: 0, max: MAX_DELAY_MINUTES }),
        booleanOption('thread', 'Open a thread on each post for the episode (needs Create Public Threads)'),
      ]),
      subcommand('list', "This server's channel reminders"),
      subcommand('remove', 'Stop posting reminders for a title in a channel', [TITLE, CHANNEL]),
    ]),
  ]);

type RemindArgs<P extends SubcommandPath<typeof REMIND_DATA>> = ArgumentsOf<OptionsAt<typeof REMIND_DATA, P>>;

// The buttons on the reminder posts (open the title, stop reminding): ./components/remind.ts.
export const remind: SlashCommand = defineCommand(REMIND_DATA, { components: [reminderOpenHandler, reminderStopHandler] }, {
  add: { ephemeral: true, autocomplete: titleAutocomplete('anime', followableFirst), run: notingLocale((ctx, args: RemindArgs<'add'>) => followTitle(ctx, args.title)) },
  list: { ephemeral: true, run: notingLocale(reminderList) },
  remove: { ephemeral: true, autocomplete: myFollowedChoices, run: notingLocale((ctx, args: RemindArgs<'remove'>) => unfollowTitle(ctx, args.title)) },
  'follow-list': { ephemeral: true, run: notingLocale((ctx, args: RemindArgs<'follow-list'>) => followList(ctx, args.enabled)) },
  delay: { ephemeral: true, run: notingLocale((ctx, args: RemindArgs<'delay'>) => reminderDelay(ctx, args.minutes)) },
  resume: { ephemeral: true, run: notingLocale(resumeReminders) },
  'channel add': {
    ephemeral: true,
    only: 'server',
    needsBot: true,
    permission: 'ManageGuild',
    autocomplete: titleAutocomplete('anime', followableFirst),
    run: notingGuildLocale(followInChannel),
  },
  'channel list': { ephemeral: true, only: 'server', run: notingGuildLocale(channelReminderList) },
  'channel remove': { ephemeral: true, only: 'server', permission: 'ManageGuild', autocomplete: serverFollowedChoices, run: notingGuildLocale(unfollowInChannel) },
});
