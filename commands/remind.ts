// /remind add | list | remove | follow-list | delay | resume: episode reminders by DM.

import { AIRING_FIELDS } from '../src/airing/season-airing.js';
import { discordTime } from '../src/airing/air-times.js';
import { booleanOption, integerOption, slashCommand, stringOption, subcommand } from '../src/discord/command-data.js';
import type { CommandContext, SlashCommand } from '../src/discord/context.js';
import type { RenderedMessage } from '../src/discord/render/limits.js';
import { clipPlain, escapeMarkdown } from '../src/discord/render/text.js';
import { COLORS } from '../src/discord/render/theme.js';
import { UserFacingError } from '../src/discord/user-errors.js';
import { maskTitle } from '../src/discord/views/nsfw.js';
import { reminderListMessage } from '../src/discord/views/reminders.js';
import { resolveTitle, titleAutocomplete } from '../src/discord/views/titles.js';
import { TITLE_OPTION_DESCRIPTION } from '../src/discord/views/title-input.js';
import { TITLE_OPTION_MAX } from '../src/discord/option-limits.js';
import { MAX_DELAY_MINUTES, ReminderError } from '../src/reminders/reminders.js';

const TITLE = stringOption('title', TITLE_OPTION_DESCRIPTION, { required: true, autocomplete: true, maxLength: TITLE_OPTION_MAX });

function done(title: string, description: string): RenderedMessage {
  return { embeds: [{ title, description, color: COLORS.success }] };
}

/** Reminder rule violations become a clear message; anything else keeps its own handling. */
async function asUserError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ReminderError) throw new UserFacingError('Cannot set that reminder', error.message);
    throw error;
  }
}

async function add(ctx: CommandContext): Promise<RenderedMessage> {
  const id = await resolveTitle(ctx, 'anime', ctx.interaction.options.getString('title', true));
  const anime = await ctx.deps.service.getAnime(id, { fields: AIRING_FIELDS });
  const followed = await asUserError(() => ctx.deps.reminders.add(ctx.userId, anime));
  const name = escapeMarkdown(clipPlain(maskTitle(followed.info.title, followed.info.nsfw, ctx.where), 150));
  const next = followed.next
    ? `The next one${followed.next.episode !== undefined ? `, episode ${followed.next.episode},` : ''} is expected ${discordTime(followed.next.atMs, 'f')} (${discordTime(followed.next.atMs, 'R')}) from the Japanese broadcast.`
    : '';
  return done('Reminder set', `You will get a DM when a new episode of **${name}** is expected. ${next}`.trim());
}

export const remind: SlashCommand = {
  data: slashCommand('remind', 'Episode reminders by direct message', [
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
      integerOption('minutes', `0 to ${MAX_DELAY_MINUTES}`, { required: true, min: 0, max: MAX_DELAY_MINUTES }),
    ]),
    subcommand('resume', 'Resume reminders paused because the bot could not DM you'),
  ]),
  handlers: {
    add: { ephemeral: true, autocomplete: titleAutocomplete('anime'), run: add },
    list: {
      ephemeral: true,
      run: async (ctx) => {
        const { user, titles } = await ctx.deps.reminders.list(ctx.userId);
        return reminderListMessage(user, titles);
      },
    },
    remove: {
      ephemeral: true,
      autocomplete: titleAutocomplete('anime'),
      run: async (ctx) => {
        const id = await resolveTitle(ctx, 'anime', ctx.interaction.options.getString('title', true));
        const removed = await ctx.deps.reminders.remove(ctx.userId, id);
        if (!removed) throw new UserFacingError('Not following', 'You get no reminders for that title. See `/remind list`.');
        return done('Reminders stopped', 'You will get no more reminders for that title.');
      },
    },
    'follow-list': {
      ephemeral: true,
      run: async (ctx) => {
        const on = ctx.interaction.options.getBoolean('enabled', true);
        if (on) await ctx.requireAuth();
        const count = await asUserError(() => ctx.deps.reminders.setFollowList(ctx.userId, on));
        return on
          ? done('Following your list', `You now get reminders for the ${count} airing title${count === 1 ? '' : 's'} on your Watching and Plan to Watch lists. Changes to your list are picked up within a few hours.`)
          : done('Stopped following your list', 'Titles you added with `/remind add` keep their reminders.');
      },
    },
    delay: {
      ephemeral: true,
      run: async (ctx) => {
        const minutes = ctx.interaction.options.getInteger('minutes', true);
        await asUserError(() => ctx.deps.reminders.setDelay(ctx.userId, minutes));
        return done('Delay set', `Reminders now come ${minutes} minute${minutes === 1 ? '' : 's'} after the expected Japanese broadcast.`);
      },
    },
    resume: {
      ephemeral: true,
      run: async (ctx) => {
        const was = await ctx.deps.reminders.resume(ctx.userId);
        return done(was ? 'Reminders resumed' : 'Reminders were not paused', was ? 'The bot will DM you again. Keep your DMs open for it.' : 'Your reminders are running.');
      },
    },
  },
};
