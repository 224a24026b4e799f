// What a reminder looks like (a DM with +1 episode, Open and Stop buttons), the buttons' handlers,
// and the /remind list view.

import { ButtonStyle, ComponentType, type APIEmbed } from 'discord.js';
import { discordTime } from '../../airing/air-times.js';
import type { FollowedTitle } from '../../reminders/reminders.js';
import type { QueuedReminder, UserReminders } from '../../reminders/records.js';
import type { ComponentHandler } from '../context.js';
import { encodeCustomId } from '../custom-id.js';
import type { RenderedMessage } from '../render/limits.js';
import { clipPlain, escapeMarkdown, truncate } from '../render/text.js';
import { COLORS } from '../render/theme.js';
import { addEpisodeButtonId, renderDetails } from './details.js';
import type { Where } from '../where.js';
import { maskTitle } from './nsfw.js';

const OPEN_KIND = 'ro';
const STOP_KIND = 'rs';
/** DMs are not age-restricted channels. */
const IN_DM: Where = { place: 'bot_dm', ageRestricted: false };

function titleText(title: string, nsfw: string | undefined): string {
  return escapeMarkdown(clipPlain(maskTitle(title, nsfw, IN_DM), 150));
}

/** The DM: "Episode N of X is expected to be out", with the expected time and the three buttons. */
export function reminderMessage(r: QueuedReminder): RenderedMessage {
  const name = titleText(r.title, r.nsfw);
  const headline = r.episode !== undefined ? `Episode ${r.episode} of ${name} is expected to be out` : `A new episode of ${name} is expected to be out`;
  const lines = [
    `Expected from the Japanese broadcast at ${discordTime(r.atMs, 't')} (${discordTime(r.atMs, 'R')}); streams may come later.`,
  ];
  if (r.late) lines.push('-# Late: the bot was offline when this reminder was due.');
  const embed: APIEmbed = { title: truncate(headline, 256), description: lines.join('\n'), color: COLORS.brand };
  return {
    embeds: [embed],
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          { type: ComponentType.Button, style: ButtonStyle.Primary, custom_id: addEpisodeButtonId(r.titleId), label: '+1 episode' },
          { type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: encodeCustomId(OPEN_KIND, [r.titleId]), label: 'Open' },
          { type: ComponentType.Button, style: ButtonStyle.Danger, custom_id: encodeCustomId(STOP_KIND, [r.titleId]), label: 'Stop reminders for this title' },
        ],
      },
    ],
  };
}

export const PAUSE_NOTICE: RenderedMessage = {
  embeds: [
    {
      title: 'Your episode reminders are paused',
      description:
        'Discord did not let the bot send you a direct message, so your reminders are paused. Allow direct messages from this server\'s members (or from apps) in your privacy settings, then run `/remind resume`.',
      color: COLORS.warning,
    },
  ],
};

/** The /remind list answer. */
export function reminderListMessage(user: UserReminders, titles: readonly FollowedTitle[]): RenderedMessage {
  const lines = titles.map((t) => {
    const name = titleText(t.info.title, t.info.nsfw);
    const source = t.fromList ? ' · from your list' : '';
    if (t.next) {
      const ep = t.next.episode !== undefined ? `ep ${t.next.episode} ` : '';
      return `**${name}**${source}\n\u2003${ep}${discordTime(t.next.atMs, 't')} ${discordTime(t.next.atMs, 'R')}`;
    }
    return `**${name}**${source}\n\u2003${t.inactive ?? 'no episode expected'}`;
  });
  const settings = [
    `Follow my list: **${user.followList ? 'on' : 'off'}**`,
    `Delay after the Japanese broadcast: **${user.delayMinutes} min**`,
  ];
  if (user.pausedAt !== undefined) settings.push('⚠️ **Paused**: the bot could not DM you. Open your DMs, then run `/remind resume`.');
  return {
    embeds: [
      {
        title: 'Your episode reminders',
        description: truncate([settings.join('\n'), lines.length > 0 ? lines.join('\n') : 'You follow no airing titles. Add one with `/remind add`.'].join('\n\n'), 4096),
        color: COLORS.brand,
        footer: { text: 'Times are expected, not confirmed: breaks and delays are not announced through the service.' },
      },
    ],
  };
}

export const reminderOpenHandler: ComponentHandler = {
  kind: OPEN_KIND,
  mode: 'reply',
  run: (ctx, fields) => renderDetails(ctx, 'anime', fields.int()),
};

export const reminderStopHandler: ComponentHandler = {
  kind: STOP_KIND,
  mode: 'ephemeral',
  async run(ctx, fields) {
    const id = fields.int();
    const stopped = await ctx.deps.reminders.remove(ctx.userId, id);
    return {
      embeds: [
        {
          title: stopped ? 'Reminders stopped' : 'Not following',
          description: stopped
            ? 'You will get no more reminders for this title. `/remind add` starts them again.'
            : 'You were not getting reminders for this title.',
          color: COLORS.brand,
        },
      ],
    };
  },
};
