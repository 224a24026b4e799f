// /feed channel add | list | remove: where a server's activity feed posts what its joined members
// start, complete, drop, score or advance (changing it needs Manage Server; server-only). Each
// subcommand notes the server's language (guild_locale) on its feed record: the posts are written in it.

import { botUserId, checkReminderChannel, POSTABLE_CHANNEL_TYPES } from '../src/discord-api/channel-access.js';
import { channelOption, defineCommand, group, roleOption, slashCommand, subcommand } from '../src/interactions/command-data.js';
import type { ArgumentsOf, OptionsAt, SlashCommand, SubcommandPath } from '../src/interactions/command-types.js';
import type { CommandContext, InServer } from '../src/interactions/context.js';
import { UserFacingError } from '../src/interactions/user-errors.js';
import type { RenderedMessage } from '../src/render/limits.js';
import { COLORS } from '../src/render/theme.js';
import { FeedLimitError } from '../src/social/feed-channels.js';
import { feedChannelListMessage, pausedWarning } from '../src/views/feed.js';

const CHANNEL = channelOption('channel', 'Text or announcement channel to post the feed in', { required: true, types: POSTABLE_CHANNEL_TYPES });

async function done(ctx: CommandContext, guildId: string, title: string, description: string): Promise<RenderedMessage> {
  const warning = pausedWarning(ctx.t, await ctx.deps.feed.channels.list(guildId));
  return { embeds: [{ title, description: warning === undefined ? description : `${description}\n\n${warning}`, color: COLORS.success }] };
}

async function channelAdd(ctx: InServer, args: FeedArgs<'channel add'>): Promise<RenderedMessage> {
  const { guildId } = ctx;
  const channelId = args.channel;
  const roleId = args.role;
  const client = ctx.interaction.client;
  // The same check as channel reminders: the bot can see, post and embed there, and mention the role.
  const access = await checkReminderChannel(client.rest, await botUserId(client.rest, client.user?.id), guildId, channelId, roleId, ctx.signal);
  let added: boolean;
  try {
    added = await ctx.deps.feed.channels.add(guildId, { channelId, ageRestricted: access.nsfw, ...(roleId !== undefined ? { roleId } : {}) }, ctx.guildLocale);
  } catch (error) {
    if (error instanceof FeedLimitError) throw new UserFacingError('social.error.feedLimit', { max: error.max });
    throw error;
  }
  const { t } = ctx;
  const text = t.t('social.feedChannel.addedText', { channel: channelId, hasRole: roleId !== undefined ? 'yes' : 'no', role: roleId ?? '' });
  const adult = access.nsfw ? '' : ` ${t.t('social.feedChannel.hiddenNote')}`;
  return done(ctx, guildId, t.t(added ? 'social.feedChannel.added' : 'social.feedChannel.updated'), `${text}${adult}`);
}

async function channelRemove(ctx: InServer, args: FeedArgs<'channel remove'>): Promise<RenderedMessage> {
  const { guildId } = ctx;
  const channelId = args.channel;
  if (!(await ctx.deps.feed.channels.remove(guildId, channelId, ctx.guildLocale))) {
    throw new UserFacingError('social.error.noFeedThere');
  }
  return done(ctx, guildId, ctx.t.t('social.feedChannel.removed'), ctx.t.t('social.feedChannel.removedText', { channel: channelId }));
}

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

type FeedArgs<P extends SubcommandPath<typeof FEED_DATA>> = ArgumentsOf<OptionsAt<typeof FEED_DATA, P>>;

export const feed: SlashCommand = defineCommand(FEED_DATA, {
  'channel add': { ephemeral: true, only: 'server', permission: 'ManageGuild', run: channelAdd },
  'channel list': {
    ephemeral: true,
    only: 'server',
    run: async (ctx) => {
      const { guildId } = ctx;
      // Members without Manage Server may list: noting the language changes nothing they could not see.
      await ctx.deps.feed.channels.noteLocale(guildId, ctx.guildLocale);
      return feedChannelListMessage(ctx.t, await ctx.deps.feed.channels.list(guildId));
    },
  },
  'channel remove': { ephemeral: true, only: 'server', permission: 'ManageGuild', run: channelRemove },
});
