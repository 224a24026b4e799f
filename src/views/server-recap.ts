// What /recap channel add | remove | list and /recap now do: the schedule read and checked (weekday,
// HH:MM, an IANA time zone), the bot's access in the channel checked (view, send, embed and attach:
// the recap is a picture), the channel's record changed and its next week planned, and the answers.
// Each notes the server's language (guild_locale): the recaps are written in it. The answers are built
// in src/render/recap-channels.ts.

import type { CommandContext, InServer } from '../interactions/context.js';
import { UserFacingError } from '../interactions/user-errors.js';
import type { RenderedMessage } from '../render/limits.js';
import { recapChannelAddedMessage, recapChannelRemovedMessage, recapChannelsMessage, recapPreviewMessage } from '../render/recap-channels.js';
import { clipPlain } from '../render/text.js';
import { RecapLimitError, type RecapKind } from '../server-recaps/channels.js';
import { isTimeZone, parseTimeOfDay, WEEKDAYS, type Weekday, type WeekdayName } from '../server-recaps/schedule.js';
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
  return recapChannelAddedMessage(t, { added, channelId: args.channel, schedule: { ...schedule, kind }, nextAtMs: next.atMs, ageRestricted: access.nsfw });
}

/** /recap channel remove: the channel's record goes (and with the last one, the server's). */
export async function removeRecapChannel(ctx: InServer, channelId: string): Promise<RenderedMessage> {
  if (!(await ctx.deps.serverRecaps.channels.remove(ctx.guildId, channelId, ctx.guildLocale))) throw new UserFacingError('weekly.error.notThere');
  return recapChannelRemovedMessage(ctx.t, channelId);
}

/** /recap channel list: each channel's schedule, next time, last post, why a week was skipped, a pause. */
export async function listRecapChannels(ctx: InServer): Promise<RenderedMessage> {
  const recaps = ctx.deps.serverRecaps;
  await recaps.channels.noteLocale(ctx.guildId, ctx.guildLocale);
  const { channels } = await recaps.channels.server(ctx.guildId);
  return recapChannelsMessage(ctx.t, channels.map((channel) => ({ channel, nextAtMs: recaps.nextSlot(channel).atMs })));
}

/** /recap now: the last 7 days as the recap would show them, only to the asker, in their language; nothing posted. */
export async function recapPreview(ctx: InServer & CommandContext, kind: RecapKind | undefined): Promise<RenderedMessage> {
  const week = await ctx.deps.serverRecaps.preview(ctx.guildId, kind ?? 'both');
  return recapPreviewMessage(ctx.t, week, kind ?? 'both', quietWeek(week));
}
