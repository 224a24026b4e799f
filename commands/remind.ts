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
import { clipPlain, escapeMarkdown } from '../src/render/text.js';
import { COLORS } from '../src/render/theme.js';
import { UserFacingError } from '../src/interactions/user-errors.js';
import { isNsfw, maskTitle } from '../src/views/nsfw.js';
import { channelListMessage, followedChoices, reminderListMessage } from '../src/views/reminders.js';
import { resolveTitle, titleAutocomplete } from '../src/views/titles.js';
import { TITLE_OPTION_DESCRIPTION } from '../src/views/title-input.js';
import { TITLE_OPTION_MAX } from '../src/interactions/option-limits.js';
import { plural } from '../src/render/text.js';
import { followableFirst } from '../src/views/followable.js';
import { MAX_DELAY_MINUTES } from '../src/reminders/knobs.js';

const TITLE = stringOption('title', TITLE_OPTION_DESCRIPTION, { required: true, autocomplete: true, maxLength: TITLE_OPTION_MAX });
const CHANNEL = channelOption('channel', 'Text or announcement channel to post reminders in', { required: true, types: POSTABLE_CHANNEL_TYPES });
const DELAY_MINUTES = `0 to ${MAX_DELAY_MINUTES}`;

function done(title: string, description: string): RenderedMessage {
  return { embeds: [{ title, description, color: COLORS.success }] };
}

async function add(ctx: CommandContext, args: RemindArgs<'add'>): Promise<RenderedMessage> {
  const id = await resolveTitle(ctx, 'anime', args.title);
  const anime = await ctx.deps.service.getAnime(id, { fields: AIRING_FIELDS });
  const followed = await ctx.deps.reminders.add(ctx.userId, anime);
  const name = escapeMarkdown(clipPlain(maskTitle(ctx.t, followed.info.title, followed.info.nsfw, ctx.where), 150));
  return done('Reminder set', `You will get a DM when a new episode of **${name}** is expected. ${nextText(followed.next)}`.trim());
}

function nextText(next: { episode?: number; atMs: number } | undefined): string {
  if (!next) return '';
  return `The next one${next.episode !== undefined ? `, episode ${next.episode},` : ''} is expected ${discordTime(next.atMs, 'f')} (${discordTime(next.atMs, 'R')}) from the Japanese broadcast.`;
}

/** The server an interaction happens in; channel reminders exist only there. */
function serverOf(ctx: CommandContext | AutocompleteContext): string {
  const guildId = ctx.interaction.guildId;
  if (guildId === null) throw new UserFacingError('Only in a server', 'Channel reminders belong to a server: run this in one of its channels.');
  return guildId;
}

function requireManageServer(ctx: CommandContext): string {
  const guildId = serverOf(ctx);
  if (ctx.interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) !== true) {
    throw new UserFacingError('Manage Server needed', 'Only members with the Manage Server permission can change where the bot posts reminders.');
  }
  return guildId;
}

function snowflake(name: string, value: string): string {
  if (!/^\d{1,21}$/.test(value)) throw new UserFacingError('Invalid option', `The ${name} option is not valid.`);
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
    throw new UserFacingError('Not safe for work', 'That title is marked not safe for work: pick an age-restricted channel for its reminders.');
  }
  const followed = await ctx.deps.reminders.addChannel(
    guildId,
    { channelId, delayMinutes, ageRestricted: access.nsfw, ...(roleId !== undefined ? { roleId } : {}), ...(thread ? { thread } : {}) },
    anime,
  );
  const name = escapeMarkdown(clipPlain(maskTitle(ctx.t, followed.info.title, followed.info.nsfw, { place: 'guild', ageRestricted: access.nsfw }), 150));
  const mention = roleId !== undefined ? `, mentioning <@&${roleId}>` : '';
  const delay = delayMinutes > 0 ? ` ${plural(delayMinutes, 'minute', 'minutes')} after the Japanese broadcast` : '';
  const threads = thread ? ', opening a thread on each post for the episode' : '';
  return done('Channel reminder set', `The bot will post in <#${channelId}>${mention}${delay}${threads} when a new episode of **${name}** is expected. ${nextText(followed.next)}`.trim());
}

async function channelRemove(ctx: CommandContext, args: RemindArgs<'channel remove'>): Promise<RenderedMessage> {
  const guildId = requireManageServer(ctx);
  const channelId = snowflake('channel', args.channel);
  const id = await resolveTitle(ctx, 'anime', args.title);
  if (!(await ctx.deps.reminders.removeChannel(guildId, channelId, id))) {
    throw new UserFacingError('Not following', 'That channel gets no reminders for that title. See `/remind channel list`.');
  }
  return done('Channel reminders stopped', `The bot will post no more reminders for that title in <#${channelId}>.`);
}

async function myFollowedChoices(ctx: AutocompleteContext): Promise<AutocompleteChoice[]> {
  const { titles } = await ctx.deps.reminders.list(ctx.userId);
  return followedChoices(titles.map((t) => t.info), ctx.focused.value, ctx.where, ctx.deps.serviceWebUrl);
}

async function serverFollowedChoices(ctx: AutocompleteContext): Promise<AutocompleteChoice[]> {
  if (ctx.interaction.guildId === null) return [];
  const follows = await ctx.deps.reminders.listChannels(ctx.interaction.guildId);
  return followedChoices(follows.map((v) => v.info ?? { id: v.follow.titleId, title: `#${v.follow.titleId}` }), ctx.focused.value, ctx.where, ctx.deps.serviceWebUrl);
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
    add: { ephemeral: true, autocomplete: titleAutocomplete('anime', followableFirst), run: add },
    list: {
      ephemeral: true,
      run: async (ctx) => {
        const { user, titles } = await ctx.deps.reminders.list(ctx.userId);
        return reminderListMessage(user, titles, await ctx.deps.reminders.failedFor(ctx.userId));
      },
    },
    remove: {
      ephemeral: true,
      autocomplete: myFollowedChoices,
      run: async (ctx, args) => {
        const id = await resolveTitle(ctx, 'anime', args.title);
        const removed = await ctx.deps.reminders.remove(ctx.userId, id);
        if (!removed) throw new UserFacingError('Not following', 'You get no reminders for that title. See `/remind list`.');
        return done('Reminders stopped', 'You will get no more reminders for that title.');
      },
    },
    'follow-list': {
      ephemeral: true,
      run: async (ctx, { enabled: on }) => {
        if (on) await ctx.requireAuth();
        const count = await ctx.deps.reminders.setFollowList(ctx.userId, on);
        return on
          ? done('Following your list', `You now get reminders for the ${plural(count, 'airing title', 'airing titles')} on your Watching and Plan to Watch lists. Changes to your list are picked up within a few hours.`)
          : done('Stopped following your list', 'Titles you added with `/remind add` keep their reminders.');
      },
    },
    delay: {
      ephemeral: true,
      run: async (ctx, { minutes }) => {
        await ctx.deps.reminders.setDelay(ctx.userId, minutes);
        return done('Delay set', `Reminders now come ${plural(minutes, 'minute', 'minutes')} after the expected Japanese broadcast.`);
      },
    },
    resume: {
      ephemeral: true,
      run: async (ctx) => {
        const was = await ctx.deps.reminders.resume(ctx.userId);
        return done(was ? 'Reminders resumed' : 'Reminders were not paused', was ? 'The bot will DM you again. Keep your DMs open for it.' : 'Your reminders are running.');
      },
    },
    'channel add': { ephemeral: true, autocomplete: titleAutocomplete('anime', followableFirst), run: channelAdd },
    'channel list': {
      ephemeral: true,
      run: async (ctx) => {
        const guildId = serverOf(ctx);
        return channelListMessage(await ctx.deps.reminders.listChannels(guildId), ctx.where, await ctx.deps.reminders.failedForGuild(guildId));
      },
    },
    'channel remove': { ephemeral: true, autocomplete: serverFollowedChoices, run: channelRemove },
  });
