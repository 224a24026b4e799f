// /feed channel add | list | remove: where a server's activity feed posts what its joined members
// start, complete, drop, score or advance (changing it needs Manage Server; server-only). Each
// subcommand notes the server's language (guild_locale) on its feed record: the posts are written in it.

import { POSTABLE_CHANNEL_TYPES } from '../src/discord-api/channel-access.js';
import { channelOption, defineCommand, group, roleOption, slashCommand, subcommand } from '../src/interactions/command-data.js';
import type { SlashCommand } from '../src/interactions/command-types.js';
import { addFeedChannel, listFeedChannels, removeFeedChannel } from '../src/views/feed-actions.js';
import { addToListHandler } from './components/feed.js';

const CHANNEL = channelOption('channel', 'Text or announcement channel to post the feed in', { required: true, types: POSTABLE_CHANNEL_TYPES });

const FEED_DATA = slashCommand('feed', "The server's activity feed: what joined members watch and read", [
  group('channel', 'Channels the activity feed posts in (changes need Manage Server)', [
    subcommand('add', 'Post the activity feed in a channel (or change its role, or resume it after a pause)', [
      CHANNEL,
      roleOption('role', 'Role to mention in each post (it must be mentionable by the bot)'),
    ]),
    subcommand('list', "This server's feed channels"),
    subcommand('remove', 'Stop posting the activity feed in a channel', [CHANNEL]),
  ]),
]);

// The feed posts' "add to my list" button: ./components/feed.ts.
export const feed: SlashCommand = defineCommand(FEED_DATA, { components: [addToListHandler] }, {
  'channel add': { ephemeral: true, only: 'server', needsBot: true, permission: 'ManageGuild', run: (ctx, args) => addFeedChannel(ctx, args.channel, args.role) },
  'channel list': { ephemeral: true, only: 'server', run: listFeedChannels },
  'channel remove': { ephemeral: true, only: 'server', permission: 'ManageGuild', run: (ctx, args) => removeFeedChannel(ctx, args.channel) },
});
