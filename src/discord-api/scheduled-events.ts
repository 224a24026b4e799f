// Guild scheduled events over Discord's REST API: create, read (with the interested count), list,
// cancel. Discord's refusals become a ScheduledEventRefusal naming why (missing permissions, too many
// events, a field it did not take), or a BotNotMemberError when the bot is not a member of the server,
// so the member is told instead of a generic failure.

import { DiscordAPIError, Routes, type REST } from 'discord.js';
import { absentBotRefusal } from './membership.js';

export const EVENT_STATUS = { scheduled: 1, active: 2, completed: 3, canceled: 4 } as const;
export const EVENT_ENTITY = { stage: 1, voice: 2, external: 3 } as const;
/** Voice (2) and stage (13) channels: where a non-external event takes place. */
export const EVENT_CHANNEL_TYPES = [2, 13] as const;
export const EVENT_NAME_MAX = 100;
export const EVENT_DESCRIPTION_MAX = 1000;
export const EVENT_LOCATION_MAX = 100;

const UNKNOWN_EVENT = 10070;
const UNKNOWN_GUILD = 10004;
const MISSING_ACCESS = 50001;
const MISSING_PERMISSIONS = 50013;
const TOO_MANY_EVENTS = 30038;
const INVALID_FORM = 50035;

export interface ScheduledEventInput {
  name: string;
  description: string;
  /** Epoch ms. */
  startMs: number;
  endMs: number;
  /** A voice or stage channel; undefined: an external event at `location`. */
  channel?: { id: string; type: number };
  location: string;
  /** A data URI, or undefined for no image. */
  image?: string;
}

export interface ScheduledEvent {
  id: string;
  guildId: string;
  name: string;
  status: number;
  startMs: number;
  endMs: number | undefined;
  channelId: string | undefined;
  userCount: number | undefined;
}

export type RefusalReason = 'permissions' | 'too-many' | 'invalid' | 'gone';

/** Discord would not do it; `reason` says why, `detail` is Discord's own words (logs, and the invalid case). */
export class ScheduledEventRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly detail: string,
  ) {
    super(`Discord refused the scheduled event (${reason}): ${detail}`);
    this.name = 'ScheduledEventRefusal';
  }
}

function refusal(error: unknown): unknown {
  if (!(error instanceof DiscordAPIError)) return error;
  const code = Number(error.code);
  if (code === MISSING_PERMISSIONS || code === MISSING_ACCESS) return new ScheduledEventRefusal('permissions', error.message);
  if (code === TOO_MANY_EVENTS) return new ScheduledEventRefusal('too-many', error.message);
  if (code === INVALID_FORM || (error.status === 400 && code !== 0)) return new ScheduledEventRefusal('invalid', formDetail(error));
  if (code === UNKNOWN_EVENT || code === UNKNOWN_GUILD || error.status === 404) return new ScheduledEventRefusal('gone', error.message);
  return error;
}

/** The first field error of an Invalid Form Body answer, as `field: message`. */
function formDetail(error: DiscordAPIError): string {
  const walk = (node: unknown, path: string[]): string | undefined => {
    if (typeof node !== 'object' || node === null) return undefined;
    const errors = (node as { _errors?: Array<{ message?: unknown }> })._errors;
    if (Array.isArray(errors) && typeof errors[0]?.message === 'string') return `${path.join('.')}: ${errors[0].message}`;
    for (const [key, child] of Object.entries(node)) {
      const found = walk(child, [...path, key]);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const raw = error.rawError as { errors?: unknown };
  return walk(raw.errors, []) ?? error.message;
}

function parseEvent(raw: unknown): ScheduledEvent {
  const e = raw as Record<string, unknown>;
  const time = (v: unknown): number | undefined => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : undefined);
  return {
    id: String(e.id),
    guildId: String(e.guild_id),
    name: typeof e.name === 'string' ? e.name : '',
    status: typeof e.status === 'number' ? e.status : 0,
    startMs: time(e.scheduled_start_time) ?? 0,
    endMs: time(e.scheduled_end_time),
    channelId: typeof e.channel_id === 'string' ? e.channel_id : undefined,
    userCount: typeof e.user_count === 'number' ? e.user_count : undefined,
  };
}

const call = (signal: AbortSignal | undefined): { signal?: AbortSignal } => (signal ? { signal } : {});

/** The event's body as Discord takes it: privacy GUILD_ONLY, an entity type from where it takes place. */
export function eventBody(input: ScheduledEventInput): Record<string, unknown> {
  const place = input.channel
    ? { entity_type: input.channel.type === 13 ? EVENT_ENTITY.stage : EVENT_ENTITY.voice, channel_id: input.channel.id }
    : { entity_type: EVENT_ENTITY.external, entity_metadata: { location: input.location } };
  return {
    name: input.name,
    description: input.description,
    privacy_level: 2,
    scheduled_start_time: new Date(input.startMs).toISOString(),
    scheduled_end_time: new Date(input.endMs).toISOString(),
    ...place,
    ...(input.image !== undefined ? { image: input.image } : {}),
  };
}

/** Creates the event; `botId` (read over REST when undefined) is needed only to tell a refusal because the bot is not in the server. */
export async function createScheduledEvent(rest: REST, guildId: string, input: ScheduledEventInput, signal?: AbortSignal, botId?: string): Promise<ScheduledEvent> {
  try {
    return parseEvent(await rest.post(Routes.guildScheduledEvents(guildId), { body: eventBody(input), ...call(signal) }));
  } catch (error) {
    throw (await absentBotRefusal(rest, botId, guildId, error, signal)) ?? refusal(error);
  }
}

/** The event now, with its interested count; undefined when Discord no longer has it (or the bot left). */
export async function readScheduledEvent(rest: REST, guildId: string, eventId: string, signal?: AbortSignal): Promise<ScheduledEvent | undefined> {
  try {
    return parseEvent(await rest.get(Routes.guildScheduledEvent(guildId, eventId), { query: new URLSearchParams({ with_user_count: 'true' }), ...call(signal) }));
  } catch (error) {
    const told = refusal(error);
    if (told instanceof ScheduledEventRefusal && told.reason === 'gone') return undefined;
    throw told;
  }
}

/** The server's scheduled and active events, with their interested counts. */
export async function listScheduledEvents(rest: REST, guildId: string, signal?: AbortSignal, botId?: string): Promise<ScheduledEvent[]> {
  try {
    const raw = (await rest.get(Routes.guildScheduledEvents(guildId), { query: new URLSearchParams({ with_user_count: 'true' }), ...call(signal) })) as unknown[];
    return Array.isArray(raw) ? raw.map(parseEvent) : [];
  } catch (error) {
    throw (await absentBotRefusal(rest, botId, guildId, error, signal)) ?? refusal(error);
  }
}

/**
 * Cancels an event: a scheduled one is marked canceled; an active one (which cannot be canceled) is
 * deleted, so it does not end as watched. An event already gone or final counts as canceled.
 */
export async function cancelScheduledEvent(rest: REST, guildId: string, eventId: string, signal?: AbortSignal): Promise<void> {
  const event = await readScheduledEvent(rest, guildId, eventId, signal);
  if (!event || event.status === EVENT_STATUS.completed || event.status === EVENT_STATUS.canceled) return;
  try {
    if (event.status === EVENT_STATUS.scheduled) await rest.patch(Routes.guildScheduledEvent(guildId, eventId), { body: { status: EVENT_STATUS.canceled }, ...call(signal) });
    else await rest.delete(Routes.guildScheduledEvent(guildId, eventId), call(signal));
  } catch (error) {
    const told = refusal(error);
    if (told instanceof ScheduledEventRefusal && told.reason === 'gone') return;
    throw told;
  }
}
