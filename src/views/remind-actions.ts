// What /remind does with its arguments and the answers it shows: following a title by DM, the
// person's reminder settings, and a server's channel reminders. commands/remind.ts maps each
// subcommand here.

import { AIRING_FIELDS } from '../airing/season-airing.js';
import type { AutocompleteChoice, AutocompleteContext, CommandContext, InServer } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { RenderedMessage } from '../render/limits.js';
import { isNsfw, maskTitle } from './nsfw.js';
import { reminderDoneMessage, reminderListMessage } from '../render/reminders.js';
import { channelListMessage, followedChoices } from './reminders.js';
import { resolveTitle } from './titles.js';

/**
 * A /remind answer that also keeps the user's Discord language for their reminder DMs (written only for
 * a user with reminder settings, and only when it changed; best effort, never the command's failure).
 */
export function notingLocale<C extends CommandContext, A>(run: (ctx: C, args: A) => Promise<RenderedMessage>): (ctx: C, args: A) => Promise<RenderedMessage> {
  return async (ctx, args) => {
    try {
      return await run(ctx, args);
    } finally {
      await ctx.deps.reminders.noteLocale(ctx.userId, ctx.t.locale).catch(() => undefined);
    }
  };
}

/** A /remind channel answer that also keeps the server's language (guild_locale) for its posts, likewise. */
export function notingGuildLocale<A>(run: (ctx: InServer, args: A) => Promise<RenderedMessage>): (ctx: InServer, args: A) => Promise<RenderedMessage> {
  return async (ctx, args) => {
    try {
      return await run(ctx, args);
    } finally {
      if (ctx.guildLocale !== undefined) await ctx.deps.reminders.noteGuildLocale(ctx.guildId, ctx.guildLocale).catch(() => undefined);
    }
  };
}

export async function followTitle(ctx: CommandContext, title: string): Promise<RenderedMessage> {
  const id = await resolveTitle(ctx, 'anime', title);
  const anime = await ctx.deps.service.getAnime(id, { fields: AIRING_FIELDS });
  const followed = await ctx.deps.reminders.add(ctx.userId, anime);
  return reminderDoneMessage(ctx.t, { done: 'added', title: maskTitle(ctx.t, followed.info.title, followed.info.nsfw, ctx.where), next: followed.next });
}

export async function reminderList(ctx: CommandContext): Promise<RenderedMessage> {
  const { user, titles } = await ctx.deps.reminders.list(ctx.userId);
  return reminderListMessage(ctx.t, user, titles, await ctx.deps.reminders.failedFor(ctx.userId));
}

export async function unfollowTitle(ctx: CommandContext, title: string): Promise<RenderedMessage> {
  const id = await resolveTitle(ctx, 'anime', title);
  if (!(await ctx.deps.reminders.remove(ctx.userId, id))) throw new UserFacingError('reminders.error.notFollowing');
  return reminderDoneMessage(ctx.t, { done: 'removed' });
}

export async function followList(ctx: CommandContext, on: boolean): Promise<RenderedMessage> {
  // Only following needs the login (to read the list); stopping never does: a conditional check, not a declared rule.
  if (on) await ctx.requireAuth();
  const count = await ctx.deps.reminders.setFollowList(ctx.userId, on);
  return reminderDoneMessage(ctx.t, on ? { done: 'followListOn', count } : { done: 'followListOff' });
}

export async function reminderDelay(ctx: CommandContext, minutes: number): Promise<RenderedMessage> {
  await ctx.deps.reminders.setDelay(ctx.userId, minutes);
  return reminderDoneMessage(ctx.t, { done: 'delay', minutes });
}

export async function resumeReminders(ctx: CommandContext): Promise<RenderedMessage> {
  return reminderDoneMessage(ctx.t, { done: (await ctx.deps.reminders.resume(ctx.userId)) ? 'resumed' : 'notPaused' });
}

export interface ChannelFollowArgs {
  title: string;
  channel: string;
  role?: string | undefined;
  delay?: number | undefined;
  thread?: boolean | undefined;
}

export async function followInChannel(ctx: InServer, args: ChannelFollowArgs): Promise<RenderedMessage> {
  const { guildId } = ctx;
  const { channel: channelId, role: roleId } = args;
  const delayMinutes = args.delay ?? 0;
  const id = await resolveTitle(ctx, 'anime', args.title);
  const anime = await ctx.deps.service.getAnime(id, { fields: AIRING_FIELDS }, { signal: ctx.signal });
  const thread = args.thread === true;
  // A thread on each post: starting one on a message needs Create Public Threads too.
  const needs = ['viewChannel', 'sendMessages', 'embedLinks', ...(thread ? (['createPublicThreads'] as const) : [])] as const;
  const access = await ctx.deps.discord.access.check(guildId, channelId, { needs, roleId, signal: ctx.signal });
  if (isNsfw(anime.nsfw) && !access.nsfw) {
    throw new UserFacingError('reminders.error.nsfw');
  }
  const followed = await ctx.deps.reminders.addChannel(
    guildId,
    { channelId, delayMinutes, ageRestricted: access.nsfw, ...(roleId !== undefined ? { roleId } : {}), ...(thread ? { thread } : {}) },
    anime,
    ctx.guildLocale,
  );
  const title = maskTitle(ctx.t, followed.info.title, followed.info.nsfw, { place: 'guild', ageRestricted: access.nsfw });
  return reminderDoneMessage(ctx.t, { done: 'channelAdded', title, channelId, roleId, delayMinutes, thread, next: followed.next });
}

export async function channelReminderList(ctx: InServer): Promise<RenderedMessage> {
  return channelListMessage(ctx.t, await ctx.deps.reminders.listChannels(ctx.guildId), ctx.where, await ctx.deps.reminders.failedForGuild(ctx.guildId));
}

export async function unfollowInChannel(ctx: InServer, args: { title: string; channel: string }): Promise<RenderedMessage> {
  const id = await resolveTitle(ctx, 'anime', args.title);
  if (!(await ctx.deps.reminders.removeChannel(ctx.guildId, args.channel, id))) {
    throw new UserFacingError('reminders.error.notFollowingChannel');
  }
  return reminderDoneMessage(ctx.t, { done: 'channelRemoved', channelId: args.channel });
}

/** Suggestions among the titles the user follows. */
export async function myFollowedChoices(ctx: AutocompleteContext): Promise<AutocompleteChoice[]> {
  const { titles } = await ctx.deps.reminders.list(ctx.userId);
  return followedChoices(ctx.t, titles.map((f) => f.info), ctx.focused.value, ctx.where, ctx.deps.serviceWebUrl);
}

/** Suggestions among the titles this server follows in its channels. */
export async function serverFollowedChoices(ctx: InServer<AutocompleteContext>): Promise<AutocompleteChoice[]> {
  const follows = await ctx.deps.reminders.listChannels(ctx.guildId);
  return followedChoices(ctx.t, follows.map((v) => v.info ?? { id: v.follow.titleId, title: `#${v.follow.titleId}` }), ctx.focused.value, ctx.where, ctx.deps.serviceWebUrl);
}
