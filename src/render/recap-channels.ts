// /recap's private answers: a channel added (or its schedule changed), removed, the server's recap
// channels with their schedule, next time, last post, a skipped week and a pause, and /recap now's
// preview (the week as the recap would draw it, or a quiet week); and the DM to the server's owner
// when a channel's recap paused. Pure: data and a Translator in,
// messages out; what the channel's record says is decided in src/views/server-recap.ts.

import { translator, type Locale, type Translator } from '../i18n/index.js';
import type { RecapChannel, RecapKind } from '../server-recaps/channels.js';
import { formatTimeOfDay } from '../server-recaps/schedule.js';
import type { ServerWeek } from '../server-recaps/week.js';
import type { RenderedMessage } from './limits.js';
import { weekMessage } from './server-week.js';
import { clipPlain, escapeMarkdown } from './text.js';
import { COLORS } from './theme.js';

type Schedule = Pick<RecapChannel, 'weekday' | 'minuteOfDay' | 'timeZone' | 'kind'>;

function scheduleWords(t: Translator, c: Schedule): { weekday: string; time: string; timeZone: string; kind: string } {
  return { weekday: t.t('weekly.weekday', { day: String(c.weekday) }), time: formatTimeOfDay(c.minuteOfDay), timeZone: c.timeZone, kind: t.t('weekly.kind', { kind: c.kind }) };
}

const unix = (ms: number): number => Math.floor(ms / 1000);

/** A channel added (or updated), its schedule, its next post, and what the bot needs there. */
export interface RecapChannelAdded {
  added: boolean;
  channelId: string;
  schedule: Schedule;
  nextAtMs: number;
  /** Whether the channel is age-restricted (else titles not safe for work stay out: said). */
  ageRestricted: boolean;
}

export function recapChannelAddedMessage(t: Translator, a: RecapChannelAdded): RenderedMessage {
  const text = t.t('weekly.channel.addedText', { ...scheduleWords(t, a.schedule), channel: a.channelId, next: unix(a.nextAtMs) });
  const notes = [t.t('weekly.channel.grant'), ...(a.ageRestricted ? [] : [t.t('weekly.channel.adultNote')])];
  return { embeds: [{ title: t.t(a.added ? 'weekly.channel.added' : 'weekly.channel.updated'), description: [text, '', ...notes].join('\n'), color: COLORS.success }] };
}

export function recapChannelRemovedMessage(t: Translator, channelId: string): RenderedMessage {
  return { embeds: [{ title: t.t('weekly.channel.removed'), description: t.t('weekly.channel.removedText', { channel: channelId }), color: COLORS.success }] };
}

function channelLines(t: Translator, c: RecapChannel, nextAtMs: number): string {
  const parts = [t.t('weekly.list.line', { ...scheduleWords(t, c), channel: c.channelId })];
  const state = [
    c.pausedAt === undefined ? t.t('weekly.list.next', { next: unix(nextAtMs) }) : undefined,
    c.lastPosted ? t.t('weekly.list.posted', { at: unix(c.lastPosted.at) }) : t.t('weekly.list.never'),
  ].filter((s): s is string => s !== undefined);
  parts.push(state.join(' · '));
  if (c.lastSkipped && (!c.lastPosted || c.lastSkipped.week > c.lastPosted.week)) parts.push(t.t('weekly.list.skipped', { week: c.lastSkipped.week, reason: c.lastSkipped.reason }));
  if (c.pausedAt !== undefined) parts.push(t.t('weekly.list.paused', { at: unix(c.pausedAt), reason: escapeMarkdown(clipPlain(c.pausedReason ?? '?', 120)) }));
  return parts.join('\n');
}

/** The server's recap channels, each with when its next week is posted. */
export function recapChannelsMessage(t: Translator, channels: readonly { channel: RecapChannel; nextAtMs: number }[]): RenderedMessage {
  if (channels.length === 0) return { embeds: [{ title: t.t('weekly.list.title'), description: t.t('weekly.list.none'), color: COLORS.brand }] };
  const description = channels.map((c) => channelLines(t, c.channel, c.nextAtMs)).join('\n\n');
  return { embeds: [{ title: t.t('weekly.list.title'), description, color: channels.some((c) => c.channel.pausedAt !== undefined) ? COLORS.warning : COLORS.brand }] };
}

/** /recap now: a quiet week said so; else the week as the recap would show it, under the preview's title. */
export async function recapPreviewMessage(t: Translator, week: ServerWeek, kind: RecapKind, quiet: boolean): Promise<RenderedMessage> {
  if (quiet) return { embeds: [{ title: t.t('weekly.preview.title'), description: t.t('weekly.preview.quiet'), color: COLORS.brand }] };
  const message = await weekMessage(t, week, { kind, ageRestricted: false, timeZone: 'UTC' });
  return { ...message, content: `**${t.t('weekly.preview.title')}**\n${message.content ?? ''}` };
}

/**
 * The direct message to a server's owner when Discord refused its weekly recap in a channel (which
 * paused there): what happened and how to fix it, in the server's language (none: English).
 * `guildName` undefined: the server's name is not known.
 */
export function recapPausedNotice(locale: Locale | undefined, guildName: string | undefined, channelId: string, reason: string): RenderedMessage {
  const t = translator(locale);
  const server = guildName === undefined ? t.t('weekly.notice.yourServer') : escapeMarkdown(clipPlain(guildName, 100));
  const refused = t.t('weekly.notice.refused', { channel: channelId, server, reason: escapeMarkdown(clipPlain(reason, 120)) });
  return {
    embeds: [{ title: t.t('weekly.notice.title'), description: [refused, '', t.t('weekly.notice.fix'), t.t('weekly.notice.why')].join('\n'), color: COLORS.warning }],
  };
}

