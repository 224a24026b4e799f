// What a reminder looks like (a DM with +1 episode, Open and Stop buttons; a channel post with
// +1 episode and Open, mentioning the server's chosen role), the buttons' handlers, and the
// /remind list and /remind channel list views.

import { ButtonStyle, ComponentType, type APIEmbed } from 'discord.js';
import { discordTime } from '../airing/air-times.js';
import type { ChannelFollowView, FailedReminder, FollowedTitle } from '../reminders/types.js';
import { plural } from '../render/plural.js';
import type { QueuedReminder, UserReminders } from '../reminders/records.js';
import type { AutocompleteChoice, ComponentHandler } from '../interactions/context.js';
import { ID_PREFIX, typedTitleId } from './title-input.js';
import { encodeCustomId } from '../interactions/custom-id.js';
import type { RenderedMessage } from '../render/limits.js';
import { clipPlain, escapeMarkdown, truncate } from '../render/text.js';
import { COLORS } from '../render/theme.js';
import { addEpisodeButtonId, renderDetails } from './details.js';
import type { Where } from '../interactions/where.js';
import { maskTitle } from './nsfw.js';
import { ENGLISH } from '../i18n/index.js';

const OPEN_KIND = 'ro';
const STOP_KIND = 'rs';
/** DMs are not age-restricted channels. */
const IN_DM: Where = { place: 'bot_dm', ageRestricted: false };

function titleText(title: string, nsfw: string | undefined, where: Where = IN_DM): string {
  return escapeMarkdown(clipPlain(maskTitle(ENGLISH, title, nsfw, where), 150));
}

/** "Episode N of X is expected to be out", with the expected time and the buttons; in a channel, after the chosen role's mention. */
export function reminderMessage(r: QueuedReminder): RenderedMessage {
  const t = r.target;
  const where: Where = t.kind === 'channel' ? { place: 'guild', ageRestricted: t.ageRestricted } : IN_DM;
  const name = titleText(r.title, r.nsfw, where);
  const headline = r.episode !== undefined ? `Episode ${r.episode} of ${name} is expected to be out` : `A new episode of ${name} is expected to be out`;
  const lines = [
    `Expected from the Japanese broadcast at ${discordTime(r.atMs, 't')} (${discordTime(r.atMs, 'R')}); streams may come later.`,
  ];
  if (r.late) lines.push('-# Late: the bot was offline when this reminder was due.');
  const embed: APIEmbed = { title: truncate(headline, 256), description: lines.join('\n'), color: COLORS.brand };
  const buttons = [
    { type: ComponentType.Button, style: ButtonStyle.Primary, custom_id: addEpisodeButtonId(r.titleId), label: '+1 episode' },
    { type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: encodeCustomId(OPEN_KIND, [r.titleId]), label: 'Open' },
  ] as const;
  // In a channel the post is everyone's: stopping it is /remind channel remove, for members who manage the server.
  const stop = { type: ComponentType.Button, style: ButtonStyle.Danger, custom_id: encodeCustomId(STOP_KIND, [r.titleId]), label: 'Stop reminders for this title' } as const;
  const discussion = discussionButton(r);
  return {
    ...(t.kind === 'channel' && t.roleId !== undefined ? { content: `<@&${t.roleId}>` } : {}),
    embeds: [embed],
    components: [
      { type: ComponentType.ActionRow, components: [...buttons, ...(discussion ? [discussion] : []), ...(t.kind === 'channel' ? [] : [stop])] },
    ],
  };
}

/** The name of the thread a channel post opens: "<Title> – Episode N" (masked where the title is), at most 100 characters. */
export function reminderThreadName(r: QueuedReminder): string {
  const where: Where = r.target.kind === 'channel' ? { place: 'guild', ageRestricted: r.target.ageRestricted } : IN_DM;
  const episode = r.episode !== undefined ? `Episode ${r.episode}` : 'New episode';
  const title = clipPlain(maskTitle(ENGLISH, r.title, r.nsfw, where), 100 - episode.length - 3);
  return `${title} – ${episode}`;
}

/** "Episode N discussion", a link to the episode's topic on the service's forum, when one was found. */
function discussionButton(r: QueuedReminder) {
  const url = r.discussion?.url;
  if (r.episode === undefined || url === undefined || !/^https?:\/\//.test(url) || url.length > 512) return undefined;
  return { type: ComponentType.Button, style: ButtonStyle.Link, url, label: `Episode ${r.episode} discussion` } as const;
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

/** "1 reminder could not be delivered: …", with the newest failures (title, episode, why), or nothing. */
export function failedNote(failed: readonly FailedReminder[]): string | undefined {
  if (failed.length === 0) return undefined;
  const shown = failed.slice(-3).map((f) => {
    const ep = f.episode !== undefined ? ` ep ${f.episode}` : '';
    return `\u2003${titleText(f.title, undefined)}${ep}: ${escapeMarkdown(clipPlain(f.reason, 120))} (${discordTime(f.atMs, 'R')})`;
  });
  return [`⚠️ ${plural(failed.length, 'reminder', 'reminders')} could not be delivered:`, ...shown].join('\n');
}

/** The /remind list answer. */
export function reminderListMessage(user: UserReminders, titles: readonly FollowedTitle[], failed: readonly FailedReminder[] = []): RenderedMessage {
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
  const note = failedNote(failed);
  if (note) settings.push(note);
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

/**
 * Autocomplete for the remove commands: only titles that are followed, matched by name, or by the ID
 * or link typed (every form a title option takes), from stored data (no request to the service).
 */
export function followedChoices(titles: ReadonlyArray<{ id: number; title: string; nsfw?: string }>, typed: string, where: Where, webUrl: string): AutocompleteChoice[] {
  const q = typed.trim().toLowerCase();
  const id = typedTitleId(typed, 'anime', webUrl);
  const seen = new Set<number>();
  const out: AutocompleteChoice[] = [];
  for (const t of titles) {
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    const name = clipPlain(maskTitle(ENGLISH, t.title, t.nsfw, where), 80);
    if (q !== '' && t.id !== id && !name.toLowerCase().includes(q)) continue;
    out.push({ name: `${name} · ID ${t.id}`, value: `${ID_PREFIX}${t.id}` });
    if (out.length === 25) break;
  }
  return out;
}

/** The /remind channel list answer. */
export function channelListMessage(follows: readonly ChannelFollowView[], where: Where, failed: readonly FailedReminder[] = []): RenderedMessage {
  const lines = follows.map((v) => {
    const f = v.follow;
    const name = v.info ? titleText(v.info.title, v.info.nsfw, where) : `#${f.titleId}`;
    const extras = [
      `<#${f.channelId}>`,
      ...(f.roleId !== undefined ? [`<@&${f.roleId}>`] : []),
      ...(f.delayMinutes > 0 ? [`+${f.delayMinutes} min`] : []),
      ...(f.thread === true ? ['a thread per episode'] : []),
    ].join(' · ');
    let state: string;
    if (f.pausedAt !== undefined) state = `⚠️ paused: Discord refused a post (${clipPlain(f.pausedReason ?? 'no reason given', 120)}). Fix the bot's access, then add it again.`;
    else if (v.next) state = `${v.next.episode !== undefined ? `ep ${v.next.episode} ` : ''}${discordTime(v.next.atMs, 't')} ${discordTime(v.next.atMs, 'R')}`;
    else state = v.inactive ?? 'no episode expected';
    return `**${name}** · ${extras}\n\u2003${state}`;
  });
  return {
    embeds: [
      {
        title: 'Episode reminders in this server',
        description: truncate(
          [failedNote(failed), lines.length > 0 ? lines.join('\n') : 'No channel follows a title yet. Add one with `/remind channel add`.'].filter((p) => p !== undefined).join('\n\n'),
          4096,
        ),
        color: COLORS.brand,
        footer: { text: 'Times are expected, not confirmed: breaks and delays are not announced through the service.' },
      },
    ],
  };
}

/** Open answers only the member who clicked, so a busy reminder channel does not fill with details. */
export const reminderOpenHandler: ComponentHandler = {
  kind: OPEN_KIND,
  mode: 'ephemeral',
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
