// /recap channel add | remove | list, /recap now: the server's weekly recap, posted by the bot on its
// own once a week at a local time in a channel (changing where needs Manage Server; server-only), and a
// preview of the last 7 days only for the asker. Each subcommand notes the server's language.

import { POSTABLE_CHANNEL_TYPES } from '../src/discord-api/channel-access.js';
import { channelOption, defineCommand, group, slashCommand, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { SlashCommand } from '../src/interactions/command-types.js';
import { RECAP_KINDS } from '../src/server-recaps/channels.js';
import { WEEKDAYS } from '../src/server-recaps/schedule.js';
import { addRecapChannel, listRecapChannels, recapPreview, removeRecapChannel } from '../src/views/server-recap.js';

const CHANNEL = channelOption('channel', 'Text or announcement channel to post the weekly recap in', { required: true, types: POSTABLE_CHANNEL_TYPES });
const KIND = stringOption('kind', 'Anime, manga, or both (the default)', { choices: RECAP_KINDS });

const RECAP_DATA = slashCommand('recap', "This server's weekly recap: what its joined members watched and read", [
  group('channel', 'Channels the weekly recap is posted in (changes need Manage Server)', [
    subcommand('add', 'Post the weekly recap in a channel (or change its time, or resume it after a pause)', [
      CHANNEL,
      stringOption('weekday', 'The day of the week to post on', { required: true, choices: WEEKDAYS }),
      stringOption('time', 'Local time to post at, HH:MM (24-hour), e.g. 18:00', { required: true, minLength: 3, maxLength: 5 }),
      stringOption('timezone', 'IANA time zone of that time, e.g. Europe/Berlin (default: UTC)', { maxLength: 64 }),
      KIND,
    ]),
    subcommand('list', "This server's weekly recap channels: when, last posted, next"),
    subcommand('remove', 'Stop posting the weekly recap in a channel', [CHANNEL]),
  ]),
  subcommand('now', 'Preview the last 7 days as the recap would show them (only you see it)', [KIND]),
]);

export const recap: SlashCommand = defineCommand(RECAP_DATA, {
  'channel add': {
    ephemeral: true,
    only: 'server',
    needsBot: true,
    permission: 'ManageGuild',
    run: (ctx, args) => addRecapChannel(ctx, { channel: args.channel, weekday: args.weekday, time: args.time, timezone: args.timezone, kind: args.kind }),
  },
  'channel list': { ephemeral: true, only: 'server', run: listRecapChannels },
  'channel remove': { ephemeral: true, only: 'server', permission: 'ManageGuild', run: (ctx, args) => removeRecapChannel(ctx, args.channel) },
  now: { ephemeral: true, only: 'server', pictures: true, run: (ctx, args) => recapPreview(ctx, args.kind) },
});
