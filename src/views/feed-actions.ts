// What /feed channel add | list | remove do: the bot's access in the channel checked, the feed
// channel record changed, and the answer (with a paused channel's warning for the server's managers).
// Each notes the server's language (guild_locale) on its feed record: the posts are written in it.

import { botUserId, checkReminderChannel } from '../discord-api/channel-access.js';
import type { CommandContext, InServer } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { RenderedMessage } from '../render/limits.js';
import { COLORS } from '../render/theme.js';
import { FeedLimitError } from '../activity-feed/feed-channels.js';
import { feedChannelListMessage, pausedWarning } from './activity-feed.js';

async function done(ctx: CommandContext, guildId: string, title: string, description: string): Promise<RenderedMessage> {
  const warning = pausedWarning(ctx.t, await ctx.deps.feed.channels.list(guildId));
  return { embeds: [{ title, description: warning === undefined ? description : `${description}\n\n${warning}`, color: COLORS.success }] };
}

/** /feed channel add: the bot's access checked as for channel reminders, then the channel added (or its role changed, or resumed). */
export async function addFeedChannel(ctx: InServer, channelId: string, roleId: string | undefined): Promise<RenderedMessage> {
  const { guildId } = ctx;
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

/** /feed channel remove. */
export async function removeFeedChannel(ctx: InServer, channelId: string): Promise<RenderedMessage> {
  const { guildId } = ctx;
  if (!(await ctx.deps.feed.channels.remove(guildId, channelId, ctx.guildLocale))) {
    throw new UserFacingError('social.error.noFeedThere');
  }
  return done(ctx, guildId, ctx.t.t('social.feedChannel.removed'), ctx.t.t('social.feedChannel.removedText', { channel: channelId }));
}

/** /feed channel list (members without Manage Server may list: noting the language changes nothing they could not see). */
export async function listFeedChannels(ctx: InServer): Promise<RenderedMessage> {
  await ctx.deps.feed.channels.noteLocale(ctx.guildId, ctx.guildLocale);
  return feedChannelListMessage(ctx.t, await ctx.deps.feed.channels.list(ctx.guildId));
}
