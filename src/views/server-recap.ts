// What /recap channel add | remove | list and /recap now do: the schedule read and checked (weekday,
// HH:MM, an IANA time zone), the bot's access in the channel checked (view, send, embed and attach:
// the recap is a picture), the channel's record changed and its next week planned, and the answers.
// Each notes the server's language (guild_locale): the recaps are written in it.

import type { Translator } from '../i18n/index.js';
import type { CommandContext, InServer } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { RenderedMessage } from '../render/limits.js';
import { weekMessage } from '../render/server-week.js';
import { clipPlain, escapeMarkdown } from '../render/text.js';
import { COLORS } from '../render/theme.js';
import { RecapLimitError, type RecapChannel, type RecapKind } from '../server-recaps/channels.js';
import { formatTimeOfDay, isTimeZone, parseTimeOfDay, WEEKDAYS, type Weekday, type WeekdayName } from '../server-recaps/schedule.js';
import { quietWeek } from '../server-recaps/week.js';

export interface RecapChannelArgs {
  channel: string;
  weekday: WeekdayName;
  time: string;
  timezone: string | undefined;
  kind: RecapKind | undefined;
}

function weekdayIndex(name: WeekdayName): Weekday {
  return WEEKDAYS.indexOf(name) as Weekday;
}

/** The schedule as typed, checked: a clear error (and nothing changed) for a time or zone that is not one. */
export function readSchedule(args: Pick<RecapChannelArgs, 'weekday' | 'time' | 'timezone'>): { weekday: Weekday; minuteOfDay: number; timeZone: string } {
  const minuteOfDay = parseTimeOfDay(args.time);
  if (minuteOfDay === undefined) throw new UserFacingError('weekly.error.time', { time: clipPlain(args.time, 20) });
  const timeZone = (args.timezone ?? 'UTC').trim();
  if (!isTimeZone(timeZone)) throw new UserFacingError('weekly.error.timeZone', { zone: clipPlain(timeZone, 40) });
  return { weekday: weekdayIndex(args.weekday), minuteOfDay, timeZone };
}

function scheduleWords(t: Translator, c: Pick<RecapChannel, 'weekday' | 'minuteOfDay' | 'timeZone' | 'kind'>): { weekday: string; time: string; timeZone: string; kind: string } {
  return { weekday: t.t('weekly.weekday', { day: String(c.weekday) }), time: formatTimeOfDay(c.minuteOfDay), timeZone: c.timeZone, kind: t.t('weekly.kind', { kind: c.kind }) };
}

const unix = (ms: number): number => Math.floor(ms / 1000);

/** /recap channel add: checked, then added (or its schedule changed, or resumed after a pause) and planned. */
export async function addRecapChannel(ctx: InServer, args: RecapChannelArgs): Promise<RenderedMessage> {
  const schedule = readSchedule(args);
  const kind = args.kind ?? 'both';
  const { guildId, t } = ctx;
  // The recap is a picture with text: the bot must see the channel, post, embed and attach files there.
  const access = await ctx.deps.discord.access.check(guildId, args.channel, { needs: ['viewChannel', 'sendMessages', 'embedLinks', 'attachFiles'], signal: ctx.signal });
  const recaps = ctx.deps.serverRecaps;
  let added: boolean;
  try {
    added = await recaps.channels.add(guildId, { channelId: args.channel, ...schedule, kind, ageRestricted: access.nsfw }, ctx.guildLocale);
  } catch (error) {
    if (error instanceof RecapLimitError) throw new UserFacingError('weekly.error.limit', { max: error.max });
    throw error;
  }
  const found = await recaps.channels.channel(guildId, args.channel);
  if (found) await recaps.planChannel(guildId, found.channel);
  await recaps.noteMembers(guildId);
  const next = recaps.nextSlot({ ...schedule, kind, channelId: args.channel, ageRestricted: access.nsfw, addedAt: 0 });
  const text = t.t('weekly.channel.addedText', { ...scheduleWords(t, { ...schedule, kind }), channel: args.channel, next: unix(next.atMs) });
  const notes = [t.t('weekly.channel.grant'), ...(access.nsfw ? [] : [t.t('weekly.channel.adultNote')])];
  return { embeds: [{ title: t.t(added ? 'weekly.channel.added' : 'weekly.channel.updated'), description: [text, '', ...notes].join('\n'), color: COLORS.success }] };
}

/** /recap channel remove: the channel's record goes (and with the last one, the server's). */
export async function removeRecapChannel(ctx: InServer, channelId: string): Promise<RenderedMessage> {
  if (!(await ctx.deps.serverRecaps.channels.remove(ctx.guildId, channelId, ctx.guildLocale))) throw new UserFacingError('weekly.error.notThere');
  return { embeds: [{ title: ctx.t.t('weekly.channel.removed'), description: ctx.t.t('weekly.channel.removedText', { channel: channelId }), color: COLORS.success }] };
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

/** /recap channel list: each channel's schedule, next time, last post, why a week was skipped, a pause. */
export async function listRecapChannels(ctx: InServer): Promise<RenderedMessage> {
  const recaps = ctx.deps.serverRecaps;
  await recaps.channels.noteLocale(ctx.guildId, ctx.guildLocale);
  const { channels } = await recaps.channels.server(ctx.guildId);
  const { t } = ctx;
  if (channels.length === 0) return { embeds: [{ title: t.t('weekly.list.title'), description: t.t('weekly.list.none'), color: COLORS.brand }] };
  const description = channels.map((c) => channelLines(t, c, recaps.nextSlot(c).atMs)).join('\n\n');
  return { embeds: [{ title: t.t('weekly.list.title'), description, color: channels.some((c) => c.pausedAt !== undefined) ? COLORS.warning : COLORS.brand }] };
}

/** /recap now: the last 7 days as the recap would show them, only to the asker, in their language; nothing posted. */
export async function recapPreview(ctx: InServer & CommandContext, kind: RecapKind | undefined): Promise<RenderedMessage> {
  const week = await ctx.deps.serverRecaps.preview(ctx.guildId, kind ?? 'both');
  const { t } = ctx;
  if (quietWeek(week)) return { embeds: [{ title: t.t('weekly.preview.title'), description: t.t('weekly.preview.quiet'), color: COLORS.brand }] };
  const message = await weekMessage(t, week, { kind: kind ?? 'both', ageRestricted: false, timeZone: 'UTC' });
  return { ...message, content: `**${t.t('weekly.preview.title')}**\n${message.content ?? ''}` };
}
