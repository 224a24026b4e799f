// /remind add | list | remove | follow-list | delay | resume: episode reminders by DM.
// /remind channel add | list | remove: a server's reminders, posted in a channel (Manage Server).

import { AIRING_FIELDS } from '../src/airing/season-airing.js';
import { discordTime } from '../src/airing/air-times.js';
import { PermissionFlagsBits } from 'discord.js';
import { botUserId, checkReminderChannel, POSTABLE_CHANNEL_TYPES } from '../src/discord-api/channel-access.js';
import { booleanOption, channelOption, defineCommand, group, integerOption, roleOption, slashCommand, stringOption, subcommand } from '../src/interactions/command-data.js';
import type { AutocompleteChoice, AutocompleteContext, CommandContext } from '../src/interactions/context.js';
import type { ArgumentsOf, OptionsAt, SlashCommand, SubcommandPath } from '../src/interactions/command-types.js';
import type { RenderedMessage } from '../src/render/limits.js';
import type { Translator } from '../src/i18n/index.js';
import { clipPlain, escapeMarkdown } from '../src/render/text.js';
import { COLORS } from '../src/render/theme.js';
import { UserFacingError } from '../src/interactions/user-errors.js';
import { isNsfw, maskTitle } from '../src/views/nsfw.js';
import { channelListMessage, followedChoices, reminderListMessage } from '../src/views/reminders.js';
import { resolveTitle, titleAutocomplete } from '../src/views/titles.js';
import { TITLE_OPTION_DESCRIPTION } from '../src/views/title-input.js';
import { TITLE_OPTION_MAX } from '../src/interactions/option-limits.js';
import { followableFirst } from '../src/views/followable.js';
import { MAX_DELAY_MINUTES } from '../src/reminders/knobs.js';

const TITLE = stringOption('title', TITLE_OPTION_DESCRIPTION, { required: true, autocomplete: true, maxLength: TITLE_OPTION_MAX });
const CHANNEL = channelOption('channel', 'Text or announcement channel to post reminders in', { required: true, types: POSTABLE_CHANNEL_TYPES });
const DELAY_MINUTES = `0 to ${MAX_DELAY_MINUTES}`;

function done(title: string, description: string): RenderedMessage {
  return { embeds: [{ title, description, color: COLORS.success }] };
}

/**
 * A /remind handler that also keeps the user's Discord language for their reminder DMs (written only for
 * a user with reminder settings, and only when it changed; best effort, never the command's failure).
 */
function notingLocale<A>(run: (ctx: CommandContext, args: A) => Promise<RenderedMessage>): (ctx: CommandContext, args: A) => Promise<RenderedMessage> {
  return async (ctx, args) => {
    try {
      return await run(ctx, args);
    } finally {
      await ctx.deps.reminders.noteLocale(ctx.userId, ctx.t.locale).catch(() => undefined);
    }
  };
}

/** A /remind channel handler that also keeps the server's language (guild_locale) for its posts, likewise. */
function notingGuildLocale<A>(run: (ctx: CommandContext, args: A) => Promise<RenderedMessage>): (ctx: CommandContext, args: A) => Promise<RenderedMessage> {
  return async (ctx, args) => {
    try {
      return await run(ctx, args);
    } finally {
      const guildId = ctx.interaction.guildId;
      if (guildId !== null && ctx.guildLocale !== undefined) await ctx.deps.reminders.noteGuildLocale(guildId, ctx.guildLocale).catch(() => undefined);
    }
  };
}

async function add(ctx: CommandContext, args: RemindArgs<'add'>): Promise<RenderedMessage> {
  const id = await resolveTitle(ctx, 'anime', args.title);
  const anime = await ctx.deps.service.getAnime(id, { fields: AIRING_FIELDS });
  const followed = await ctx.deps.reminders.add(ctx.userId, anime);
  const name = escapeMarkdown(clipPlain(maskTitle(ctx.t, followed.info.title, followed.info.nsfw, ctx.where), 150));
  return done(ctx.t.t('reminders.added.title'), withNext(ctx.t, ctx.t.t('reminders.added.text', { title: name }), followed.next));
}

/** The answer's text, then when the next episode is expected (when one is). */
function withNext(t: Translator, text: string, next: { episode?: number; atMs: number } | undefined): string {
  if (!next) return text;
  const times = { time: discordTime(next.atMs, 'f'), relative: discordTime(next.atMs, 'R') };
  return `${text} ${next.episode !== undefined ? t.t('reminders.next.episode', { ...times, episode: next.episode }) : t.t('reminders.next.unnumbered', times)}`;
}

/** The server an interaction happens in; channel reminders exist only there. */
function serverOf(ctx: CommandContext | AutocompleteContext): string {
  const guildId = ctx.interaction.guildId;
  if (guildId === null) throw new UserFacingError('reminders.error.onlyInServer');
  return guildId;
}

function requireManageServer(ctx: CommandContext): string {
  const guildId = serverOf(ctx);
  if (ctx.interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) !== true) {
    throw new UserFacingError('reminders.error.manageServer');
  }
  return guildId;
}

function snowflake(name: string, value: string): string {
  if (!/^\d{1,21}$/.test(value)) throw new UserFacingError('reminders.error.invalidOption', { option: name });
  return value;
}

async function channelAdd(ctx: CommandContext, args: RemindArgs<'channel add'>): Promise<RenderedMessage> {
  const guildId = requireManageServer(ctx);
  const channelId = snowflake('channel', args.channel);
  const roleId = args.role === undefined ? undefined : snowflake('role', args.role);
  const delayMinutes = args.delay ?? 0;
  const id = await resolveTitle(ctx, 'anime', args.title);
  const anime = await ctx.deps.service.getAnime(id, { fields: AIRING_FIELDS }, { signal: ctx.signal });
  const client = ctx.interaction.client;
  const thread = args.thread === true;
  const access = await checkReminderChannel(client.rest, await botUserId(client.rest, client.user?.id), guildId, channelId, roleId, ctx.signal, { thread });
  if (isNsfw(anime.nsfw) && !access.nsfw) {
    throw new UserFacingError('reminders.error.nsfw');
  }
  const followed = await ctx.deps.reminders.addChannel(
    guildId,
    { channelId, delayMinutes, ageRestricted: access.nsfw, ...(roleId !== undefined ? { roleId } : {}), ...(thread ? { thread } : {}) },
    anime,
    ctx.guildLocale,
  );
  const name = escapeMarkdown(clipPlain(maskTitle(ctx.t, followed.info.title, followed.info.nsfw, { place: 'guild', ageRestricted: access.nsfw }), 150));
  const text = ctx.t.t('reminders.channelAdded.text', {
    channel: `<#${channelId}>`,
    role: roleId !== undefined ? `<@&${roleId}>` : 'none',
    delay: delayMinutes,
    thread: thread ? 'yes' : 'no',
    title: name,
  });
  return done(ctx.t.t('reminders.channelAdded.title'), withNext(ctx.t, text, followed.next));
}

async function channelRemove(ctx: CommandContext, args: RemindArgs<'channel remove'>): Promise<RenderedMessage> {
  const guildId = requireManageServer(ctx);
  const channelId = snowflake('channel', args.channel);
  const id = await resolveTitle(ctx, 'anime', args.title);
  if (!(await ctx.deps.reminders.removeChannel(guildId, channelId, id))) {
    throw new UserFacingError('reminders.error.notFollowingChannel');
  }
  return done(ctx.t.t('reminders.channelRemoved.title'), ctx.t.t('reminders.channelRemoved.text', { channel: `<#${channelId}>` }));
}

async function myFollowedChoices(ctx: AutocompleteContext): Promise<AutocompleteChoice[]> {
  const { titles } = await ctx.deps.reminders.list(ctx.userId);
  return followedChoices(ctx.t, titles.map((f) => f.info), ctx.focused.value, ctx.where, ctx.deps.serviceWebUrl);
}

async function serverFollowedChoices(ctx: AutocompleteContext): Promise<AutocompleteChoice[]> {
  if (ctx.interaction.guildId === null) return [];
  const follows = await ctx.deps.reminders.listChannels(ctx.interaction.guildId);
  return followedChoices(ctx.t, follows.map((v) => v.info ?? { id: v.follow.titleId, title: `#${v.follow.titleId}` }), ctx.focused.value, ctx.where, ctx.deps.serviceWebUrl);
}

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

export const remind: SlashCommand = defineCommand(REMIND_DATA, {
    add: { ephemeral: true, autocomplete: titleAutocomplete('anime', followableFirst), run: notingLocale(add) },
    list: {
      ephemeral: true,
      run: notingLocale(async (ctx) => {
        const { user, titles } = await ctx.deps.reminders.list(ctx.userId);
        return reminderListMessage(ctx.t, user, titles, await ctx.deps.reminders.failedFor(ctx.userId));
      }),
    },
    remove: {
      ephemeral: true,
      autocomplete: myFollowedChoices,
      run: notingLocale(async (ctx, args: RemindArgs<'remove'>) => {
        const id = await resolveTitle(ctx, 'anime', args.title);
        const removed = await ctx.deps.reminders.remove(ctx.userId, id);
        if (!removed) throw new UserFacingError('reminders.error.notFollowing');
        return done(ctx.t.t('reminders.removed.title'), ctx.t.t('reminders.removed.text'));
      }),
    },
    'follow-list': {
      ephemeral: true,
      run: notingLocale(async (ctx, { enabled: on }: RemindArgs<'follow-list'>) => {
        if (on) await ctx.requireAuth();
        const count = await ctx.deps.reminders.setFollowList(ctx.userId, on);
        return on
          ? done(ctx.t.t('reminders.followList.on.title'), ctx.t.t('reminders.followList.on.text', { count }))
          : done(ctx.t.t('reminders.followList.off.title'), ctx.t.t('reminders.followList.off.text'));
      }),
    },
    delay: {
      ephemeral: true,
      run: notingLocale(async (ctx, { minutes }: RemindArgs<'delay'>) => {
        await ctx.deps.reminders.setDelay(ctx.userId, minutes);
        return done(ctx.t.t('reminders.delay.title'), ctx.t.t('reminders.delay.text', { minutes }));
      }),
    },
    resume: {
      ephemeral: true,
      run: notingLocale(async (ctx) => {
        const was = await ctx.deps.reminders.resume(ctx.userId);
        return was
          ? done(ctx.t.t('reminders.resumed.title'), ctx.t.t('reminders.resumed.text'))
          : done(ctx.t.t('reminders.notPaused.title'), ctx.t.t('reminders.notPaused.text'));
      }),
    },
    'channel add': { ephemeral: true, autocomplete: titleAutocomplete('anime', followableFirst), run: notingGuildLocale(channelAdd) },
    'channel list': {
      ephemeral: true,
      run: notingGuildLocale(async (ctx) => {
        const guildId = serverOf(ctx);
        return channelListMessage(ctx.t, await ctx.deps.reminders.listChannels(guildId), ctx.where, await ctx.deps.reminders.failedForGuild(guildId));
      }),
    },
    'channel remove': { ephemeral: true, autocomplete: serverFollowedChoices, run: notingGuildLocale(channelRemove) },
  });
