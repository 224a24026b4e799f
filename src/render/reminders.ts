// What a reminder looks like (a DM with +1 episode, Open and Stop buttons; a channel post with +1
// episode and Open, mentioning the server's chosen role), the notice of a paused DM, the /remind list
// and /remind channel list answers, and the Stop button's answer. Pure: the caller passes the
// records; the posts' buttons' custom ids are built here (reminderPostIds; their handlers:
// commands/components/remind.ts and, for +1 episode, commands/components/works.ts).

import { ButtonStyle, ComponentType, type APIEmbed } from 'discord.js';
import { discordTime } from '../airing/air-times.js';
import { translator, type Translator } from '../i18n/index.js';
import type { QueuedReminder, UserReminders } from '../reminders/records.js';
import { INACTIVE_KEY, type InactiveReason } from '../reminders/plans.js';
import type { ChannelFollowView, FailedReminder, FollowedTitle } from '../reminders/types.js';
import type { NsfwLevel } from '../service/work-types.js';
import type { ReminderRendering } from '../reminders/discord-delivery.js';
import { COMPONENT_KINDS } from './component-kinds.js';
import { encodeCustomId } from './custom-ids.js';
import { addEpisodeButtonId } from './details-actions.js';
import { finalizeMessage, type RenderedMessage } from './limits.js';
import { maskedTitle } from './masked-title.js';
import { clipPlain, escapeMarkdown, truncate } from './text.js';
import { COLORS } from './theme.js';

/** The custom ids of a reminder post's buttons. */
export interface ReminderButtonIds {
  addEpisode: string;
  open: string;
  stop: string;
}

/** DMs are not age-restricted channels. */
function titleText(t: Translator, title: string, nsfw: NsfwLevel | undefined, ageRestricted = false): string {
  return escapeMarkdown(clipPlain(maskedTitle(t, title, nsfw, ageRestricted), 150));
}

/** Whether a reminder goes to an age-restricted channel (a DM never is). */
function ageRestrictedOf(r: QueuedReminder): boolean {
  return r.target.kind === 'channel' ? r.target.ageRestricted : false;
}

/** "Episode N of X is expected to be out", with the expected time and the buttons; in a channel, after the chosen role's mention. */
export function reminderMessage(t: Translator, r: QueuedReminder, ids: ReminderButtonIds = reminderPostIds.buttons(r.titleId)): RenderedMessage {
  const target = r.target;
  const name = titleText(t, r.title, r.nsfw, ageRestrictedOf(r));
  const headline =
    r.episode !== undefined ? t.t('reminders.post.headline', { episode: r.episode, title: name }) : t.t('reminders.post.headlineUnnumbered', { title: name });
  const lines = [t.t('reminders.post.expected', { time: discordTime(r.atMs, 't'), relative: discordTime(r.atMs, 'R') })];
  if (r.late) lines.push(t.t('reminders.post.late'));
  const embed: APIEmbed = { title: truncate(headline, 256), description: lines.join('\n'), color: COLORS.brand };
  const buttons = [
    { type: ComponentType.Button, style: ButtonStyle.Primary, custom_id: ids.addEpisode, label: t.t('reminders.post.button.addEpisode') },
    { type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: ids.open, label: t.t('reminders.post.button.open') },
  ] as const;
  // In a channel the post is everyone's: stopping it is /remind channel remove, for members who manage the server.
  const stop = { type: ComponentType.Button, style: ButtonStyle.Danger, custom_id: ids.stop, label: t.t('reminders.post.button.stop') } as const;
  const discussion = discussionButton(t, r);
  return {
    ...(target.kind === 'channel' && target.roleId !== undefined ? { content: `<@&${target.roleId}>` } : {}),
    embeds: [embed],
    components: [
      { type: ComponentType.ActionRow, components: [...buttons, ...(discussion ? [discussion] : []), ...(target.kind === 'channel' ? [] : [stop])] },
    ],
  };
}

/** The name of the thread a channel post opens: "<Title> – Episode N" (masked where the title is), at most 100 characters. */
export function reminderThreadName(t: Translator, r: QueuedReminder): string {
  const episode = r.episode !== undefined ? t.t('reminders.thread.episode', { episode: r.episode }) : t.t('reminders.thread.newEpisode');
  const title = clipPlain(maskedTitle(t, r.title, r.nsfw, ageRestrictedOf(r)), 100 - episode.length - 3);
  return `${title} – ${episode}`;
}

/** "Episode N discussion", a link to the episode's topic on the service's forum, when one was found. */
function discussionButton(t: Translator, r: QueuedReminder) {
  const url = r.discussion?.url;
  if (r.episode === undefined || url === undefined || !/^https?:\/\//.test(url) || url.length > 512) return undefined;
  return { type: ComponentType.Button, style: ButtonStyle.Link, url, label: t.t('reminders.post.button.discussion', { episode: r.episode }) } as const;
}

/** Told once after an answer when Discord refused the user's reminder DM (their DMs are closed). */
export function pauseNotice(t: Translator): RenderedMessage {
  return { embeds: [{ title: t.t('reminders.paused.title'), description: t.t('reminders.paused.text'), color: COLORS.warning }] };
}

/** What a failed reminder's reason says: Discord's own words, or ours when it gave none. */
function failureReason(t: Translator, reason: string): string {
  if (reason === 'gone') return t.t('reminders.failed.reason.gone');
  if (reason === 'retry') return t.t('reminders.failed.reason.retry');
  return escapeMarkdown(clipPlain(reason, 120));
}

/** "1 reminder could not be delivered: …", with the newest failures (title, episode, why), or nothing. */
export function failedNote(t: Translator, failed: readonly FailedReminder[]): string | undefined {
  if (failed.length === 0) return undefined;
  const shown = failed.slice(-3).map((f) => {
    const values = { title: titleText(t, f.title, undefined), reason: failureReason(t, f.reason), when: discordTime(f.atMs, 'R') };
    return `\u2003${f.episode !== undefined ? t.t('reminders.failed.itemEpisode', { ...values, episode: f.episode }) : t.t('reminders.failed.item', values)}`;
  });
  return [t.t('reminders.failed.header', { count: failed.length }), ...shown].join('\n');
}

/** "ep N <time> <relative>", or why no episode is expected. */
function nextLine(t: Translator, next: FollowedTitle['next'], inactive: InactiveReason | undefined): string {
  if (next) {
    const times = { time: discordTime(next.atMs, 't'), relative: discordTime(next.atMs, 'R') };
    return next.episode !== undefined ? t.t('reminders.list.nextEpisode', { ...times, episode: next.episode }) : t.t('reminders.list.next', times);
  }
  return t.t(inactive ? INACTIVE_KEY[inactive] : 'reminders.inactive.none');
}

function listEmbed(t: Translator, title: string, description: string): APIEmbed {
  return { title, description: truncate(description, 4096), color: COLORS.brand, footer: { text: t.t('reminders.list.footer') } };
}

/** The /remind list answer. */
export function reminderListMessage(t: Translator, user: UserReminders, titles: readonly FollowedTitle[], failed: readonly FailedReminder[] = []): RenderedMessage {
  const lines = titles.map((f) => {
    const name = titleText(t, f.info.title, f.info.nsfw);
    const source = f.fromList ? ` · ${t.t('reminders.list.fromList')}` : '';
    return `**${name}**${source}\n\u2003${nextLine(t, f.next, f.inactive)}`;
  });
  const settings = [
    t.t('reminders.list.followList', { state: user.followList ? 'on' : 'off' }),
    t.t('reminders.list.delay', { minutes: user.delayMinutes }),
  ];
  if (user.pausedAt !== undefined) settings.push(t.t('reminders.list.paused'));
  const note = failedNote(t, failed);
  if (note) settings.push(note);
  const description = [settings.join('\n'), lines.length > 0 ? lines.join('\n') : t.t('reminders.list.empty')].join('\n\n');
  return { embeds: [listEmbed(t, t.t('reminders.list.title'), description)] };
}

function channelFollowLine(t: Translator, v: ChannelFollowView, ageRestricted: boolean): string {
  const f = v.follow;
  const name = v.info ? titleText(t, v.info.title, v.info.nsfw, ageRestricted) : `#${f.titleId}`;
  const extras = [
    `<#${f.channelId}>`,
    ...(f.roleId !== undefined ? [`<@&${f.roleId}>`] : []),
    ...(f.delayMinutes > 0 ? [t.t('reminders.channelList.delay', { minutes: f.delayMinutes })] : []),
    ...(f.thread === true ? [t.t('reminders.channelList.thread')] : []),
  ].join(' · ');
  const state =
    f.pausedAt !== undefined
      ? t.t('reminders.channelList.paused', { reason: clipPlain(f.pausedReason ?? t.t('reminders.channelList.noReason'), 120) })
      : nextLine(t, v.next, v.inactive);
  return `**${name}** · ${extras}\n\u2003${state}`;
}

/** The /remind channel list answer, its titles masked unless the channel is age-restricted. */
export function channelListMessage(t: Translator, follows: readonly ChannelFollowView[], ageRestricted: boolean, failed: readonly FailedReminder[] = []): RenderedMessage {
  const lines = follows.map((v) => channelFollowLine(t, v, ageRestricted));
  const description = [failedNote(t, failed), lines.length > 0 ? lines.join('\n') : t.t('reminders.channelList.empty')].filter((p) => p !== undefined).join('\n\n');
  return { embeds: [listEmbed(t, t.t('reminders.channelList.title'), description)] };
}

/** The Stop button's answer: stopped, or the clicker was not following the title. */
export function reminderStoppedMessage(t: Translator, stopped: boolean): RenderedMessage {
  return {
    embeds: [
      {
        title: stopped ? t.t('reminders.stop.title') : t.t('reminders.stop.notFollowing.title'),
        description: stopped ? t.t('reminders.stop.text') : t.t('reminders.stop.notFollowing.text'),
        color: COLORS.brand,
      },
    ],
  };
}

/** How a reminder post's buttons are named for a title. */
export interface ReminderPostIds {
  buttons(titleId: number): ReminderButtonIds;
}

/** The custom ids of a reminder post's buttons (the composition root hands them to reminderRendering). */
export const reminderPostIds: ReminderPostIds = {
  buttons: (titleId) => ({ addEpisode: addEpisodeButtonId(titleId), open: encodeCustomId(COMPONENT_KINDS.reminderOpen, [titleId]), stop: encodeCustomId(COMPONENT_KINDS.reminderStop, [titleId]) }),
};

/** How the reminders service renders what it posts on its own, in the reminder's language (handed to it by the composition root). */
export function reminderRendering(ids: ReminderPostIds): ReminderRendering {
  return {
    message: (r) => finalizeMessage(reminderMessage(translator(r.locale), r, ids.buttons(r.titleId))),
    threadName: (r) => reminderThreadName(translator(r.locale), r),
  };
}

/** When a title's next episode is expected (its number when known). */
export interface NextEpisode {
  episode?: number;
  atMs: number;
}

/** What a /remind subcommand did; a title is the plain (already masked where it must be) name. */
export type ReminderDone =
  | { done: 'added'; title: string; next: NextEpisode | undefined }
  | { done: 'removed' | 'resumed' | 'notPaused' | 'followListOff' }
  | { done: 'followListOn'; count: number }
  | { done: 'delay'; minutes: number }
  | { done: 'channelAdded'; title: string; channelId: string; roleId: string | undefined; delayMinutes: number; thread: boolean; next: NextEpisode | undefined }
  | { done: 'channelRemoved'; channelId: string };

/** The text, then when the next episode is expected (when one is). */
function withNext(t: Translator, text: string, next: NextEpisode | undefined): string {
  if (!next) return text;
  const times = { time: discordTime(next.atMs, 'f'), relative: discordTime(next.atMs, 'R') };
  return `${text} ${next.episode !== undefined ? t.t('reminders.next.episode', { ...times, episode: next.episode }) : t.t('reminders.next.unnumbered', times)}`;
}

const shownTitle = (title: string): string => escapeMarkdown(clipPlain(title, 150));

function doneText(t: Translator, d: ReminderDone): { title: string; text: string } {
  switch (d.done) {
    case 'added':
      return { title: t.t('reminders.added.title'), text: withNext(t, t.t('reminders.added.text', { title: shownTitle(d.title) }), d.next) };
    case 'followListOn':
      return { title: t.t('reminders.followList.on.title'), text: t.t('reminders.followList.on.text', { count: d.count }) };
    case 'followListOff':
      return { title: t.t('reminders.followList.off.title'), text: t.t('reminders.followList.off.text') };
    case 'delay':
      return { title: t.t('reminders.delay.title'), text: t.t('reminders.delay.text', { minutes: d.minutes }) };
    case 'channelAdded': {
      const params = { channel: `<#${d.channelId}>`, role: d.roleId !== undefined ? `<@&${d.roleId}>` : 'none', delay: d.delayMinutes, thread: d.thread ? 'yes' : 'no', title: shownTitle(d.title) };
      return { title: t.t('reminders.channelAdded.title'), text: withNext(t, t.t('reminders.channelAdded.text', params), d.next) };
    }
    case 'channelRemoved':
      return { title: t.t('reminders.channelRemoved.title'), text: t.t('reminders.channelRemoved.text', { channel: `<#${d.channelId}>` }) };
    default:
      return { title: t.t(`reminders.${d.done}.title`), text: t.t(`reminders.${d.done}.text`) };
  }
}

/** The answer of a /remind subcommand that changed something. */
export function reminderDoneMessage(t: Translator, d: ReminderDone): RenderedMessage {
  const { title, text } = doneText(t, d);
  return { embeds: [{ title, description: text, color: COLORS.success }] };
}
