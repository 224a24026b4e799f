// What /feed channel add | list | remove do: the bot's access in the channel checked, the feed
// channel record changed, and the answer (with a paused channel's warning for the server's managers).
// Each notes the server's language (guild_locale) on its feed record: the posts are written in it.
// The answers are built in src/render/feed-channels.ts.

import type { CommandContext, InServer } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { RenderedMessage } from '../render/limits.js';
import { feedChannelChangedMessage, feedChannelListMessage } from '../render/feed-channels.js';
import { FeedLimitError } from '../activity-feed/feed-channels.js';

async function done(ctx: CommandContext, guildId: string, title: string, description: string): Promise<RenderedMessage> {
  return feedChannelChangedMessage(ctx.t, title, description, await ctx.deps.feed.channels.list(guildId));
}

/** /feed channel add: the bot's access checked as for channel reminders, then the channel added (or its role changed, or resumed). */
export async function addFeedChannel(ctx: InServer, channelId: string, roleId: string | undefined): Promise<RenderedMessage> {
  const { guildId } = ctx;
  // The same check as channel reminders: the bot can see, post and embed there, and mention the role.
  const access = await ctx.deps.discord.access.check(guildId, channelId, { needs: ['viewChannel', 'sendMessages', 'embedLinks'], roleId, signal: ctx.signal });
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
