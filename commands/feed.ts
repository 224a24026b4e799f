// /feed channel add | list | remove: where a server's activity feed posts what its joined members
// start, complete, drop, score or advance (changing it needs Manage Server; server-only).

import { PermissionFlagsBits } from 'discord.js';
import { botUserId, checkReminderChannel, POSTABLE_CHANNEL_TYPES } from '../src/discord-api/channel-access.js';
import { channelOption, defineCommand, group, roleOption, slashCommand, subcommand } from '../src/interactions/command-data.js';
import type { ArgumentsOf, OptionsAt, SlashCommand, SubcommandPath } from '../src/interactions/command-types.js';
import type { CommandContext } from '../src/interactions/context.js';
import { UserFacingError } from '../src/interactions/user-errors.js';
import type { RenderedMessage } from '../src/render/limits.js';
import { COLORS } from '../src/render/theme.js';
import { FeedLimitError } from '../src/social/feed-channels.js';
import { feedChannelListMessage, pausedWarning } from '../src/views/feed.js';

const CHANNEL = channelOption('channel', 'Text or announcement channel to post the feed in', { required: true, types: POSTABLE_CHANNEL_TYPES });

function serverOf(ctx: CommandContext): string {
  const guildId = ctx.interaction.guildId;
  if (guildId === null) throw new UserFacingError('Only in a server', "The activity feed belongs to a server: run this in one of its channels.");
  return guildId;
}

function requireManageServer(ctx: CommandContext): string {
  const guildId = serverOf(ctx);
  if (ctx.interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) !== true) {
    throw new UserFacingError('Manage Server needed', 'Only members with the Manage Server permission can change where the bot posts the activity feed.');
  }
  return guildId;
}

function snowflake(name: string, value: string): string {
  if (!/^\d{1,21}$/.test(value)) throw new UserFacingError('Invalid option', `The ${name} option is not valid.`);
  return value;
}

async function done(ctx: CommandContext, guildId: string, title: string, description: string): Promise<RenderedMessage> {
  const warning = pausedWarning(await ctx.deps.feed.channels.list(guildId));
  return { embeds: [{ title, description: warning === undefined ? description : `${description}\n\n${warning}`, color: COLORS.success }] };
}

async function channelAdd(ctx: CommandContext, args: FeedArgs<'channel add'>): Promise<RenderedMessage> {
  const guildId = requireManageServer(ctx);
  const channelId = snowflake('channel', args.channel);
  const roleId = args.role === undefined ? undefined : snowflake('role', args.role);
  const client = ctx.interaction.client;
  // The same check as channel reminders: the bot can see, post and embed there, and mention the role.
  const access = await checkReminderChannel(client.rest, await botUserId(client.rest, client.user?.id), guildId, channelId, roleId, ctx.signal);
  let added: boolean;
  try {
    added = await ctx.deps.feed.channels.add(guildId, { channelId, ageRestricted: access.nsfw, ...(roleId !== undefined ? { roleId } : {}) });
  } catch (error) {
    if (error instanceof FeedLimitError) throw new UserFacingError('Too many feed channels', error.message);
    throw error;
  }
  const mention = roleId !== undefined ? `, mentioning <@&${roleId}>` : '';
  const adult = access.nsfw ? '' : ' Titles marked not safe for work show as "a title hidden here" (they are named only in age-restricted channels).';
  return done(
    ctx,
    guildId,
    added ? 'Feed channel added' : 'Feed channel updated',
    `The bot will post in <#${channelId}>${mention} when members who joined with \`/server join\` start, complete, drop, score or advance a title (a member's changes within a couple of minutes make one post).${adult}`,
  );
}

async function channelRemove(ctx: CommandContext, args: FeedArgs<'channel remove'>): Promise<RenderedMessage> {
  const guildId = requireManageServer(ctx);
  const channelId = snowflake('channel', args.channel);
  if (!(await ctx.deps.feed.channels.remove(guildId, channelId))) {
    throw new UserFacingError('No feed there', 'The feed does not post in that channel. See `/feed channel list`.');
  }
  return done(ctx, guildId, 'Feed channel removed', `The bot will post no more feed posts in <#${channelId}>.`);
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
  'channel add': { ephemeral: true, run: channelAdd },
  'channel list': {
    ephemeral: true,
    run: async (ctx) => feedChannelListMessage(await ctx.deps.feed.channels.list(serverOf(ctx))),
  },
  'channel remove': { ephemeral: true, run: channelRemove },
});
