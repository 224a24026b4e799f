// Guild scheduled events as Discord's API documents them (OpenAPI: `/guilds/{guild_id}/scheduled-events`):
// create, list, get, modify (status transitions SCHEDULED → ACTIVE → COMPLETED, SCHEDULED → CANCELED,
// nothing after a final status), delete; entity types STAGE_INSTANCE (1), VOICE (2), EXTERNAL (3) with
// their fields (a channel for stage and voice; `entity_metadata.location` and an end time for external),
// the image as a data URI of Discord's image data, JPEG, PNG or GIF (kept as a hash; WebP or bytes that
// are no picture refused as Discord refuses them: image-data.ts), the bot's permissions (Create Events for its own events,
// Manage Events for others'; View Channel and Connect on a voice channel; what a stage needs), at most
// 100 uncompleted events per guild, `user_count` with `with_user_count`, and the gateway events
// GUILD_SCHEDULED_EVENT_CREATE / UPDATE / DELETE (intent GUILD_SCHEDULED_EVENTS) on every change.
// Test helpers start and end events, subscribe users, and run Discord's automation (an external event
// starts at its start time and ends at its end time).

import { createHash } from 'node:crypto';
import { DiscordHttpError, FormErrors, isRecord, textLength } from '../errors.js';
import { has, Permission } from '../permissions.js';
import { readImageData } from '../image-data.js';
import { snowflake } from '../snowflake.js';
import { checkPathId, guildErrors } from './errors.js';
import type { Channel, Guild } from './model.js';
import type { GuildRegistry } from './registry.js';
import type { FakeScheduledEvent, FakeScheduledEventsApi } from '../types.js';

export const EntityType = { STAGE_INSTANCE: 1, VOICE: 2, EXTERNAL: 3 } as const;
export const EventStatus = { SCHEDULED: 1, ACTIVE: 2, COMPLETED: 3, CANCELED: 4 } as const;
/** GUILD_SCHEDULED_EVENTS. */
export const SCHEDULED_EVENTS_INTENT = 1 << 16;
/** Uncompleted (scheduled or active) events a guild may have. */
export const MAX_SCHEDULED_EVENTS = 100;
/** Largest decoded image Discord takes for an event cover. */
export const MAX_EVENT_IMAGE_BYTES = 10 * 1024 * 1024;

const VOICE_CHANNEL = 2;
const STAGE_CHANNEL = 13;
const PRIVACY_GUILD_ONLY = 2;

export const eventErrors = {
  unknownEvent: () => new DiscordHttpError(404, { message: 'Unknown Guild Scheduled Event', code: 10070 }),
  tooMany: () => new DiscordHttpError(400, { message: `Maximum number of uncompleted guild scheduled events reached (${MAX_SCHEDULED_EVENTS})`, code: 30038 }),
  finished: () => new DiscordHttpError(400, { message: 'Cannot update a finished event', code: 180000 }),
};

export type ScheduledEvent = FakeScheduledEvent;

export type Dispatch = (t: 'GUILD_SCHEDULED_EVENT_CREATE' | 'GUILD_SCHEDULED_EVENT_UPDATE' | 'GUILD_SCHEDULED_EVENT_DELETE', d: Record<string, unknown>, guildId: string) => void;

function iso(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+00:00');
}

function parseTime(value: unknown, path: string, errs: FormErrors): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) || Number.isNaN(Date.parse(value))) {
    errs.add([path], 'DATE_TIME_TYPE_COERCE', `Could not interpret "${String(value)}" as a date-time.`);
    return undefined;
  }
  return Date.parse(value);
}

/** Discord's event object. */
export function apiEvent(e: ScheduledEvent, registry: GuildRegistry, withCount: boolean): Record<string, unknown> {
  return {
    id: e.id,
    guild_id: e.guildId,
    channel_id: e.channelId,
    creator_id: e.creatorId,
    creator: registry.userObject(e.creatorId),
    name: e.name,
    description: e.description,
    image: e.image,
    scheduled_start_time: iso(e.start),
    scheduled_end_time: e.end === null ? null : iso(e.end),
    privacy_level: e.privacyLevel,
    status: e.status,
    entity_type: e.entityType,
    entity_id: null,
    entity_metadata: e.location === null ? null : { location: e.location },
    recurrence_rule: null,
    ...(withCount ? { user_count: e.subscribers.size } : {}),
  };
}

interface Fields {
  name?: string;
  description?: string | null;
  start?: number;
  end?: number | null;
  entityType?: number;
  channelId?: string | null;
  location?: string | null;
  image?: { hash: string; bytes: Buffer; type: string } | null;
  status?: number;
}

function readImage(value: unknown, errs: FormErrors): Fields['image'] {
  if (value === null) return null;
  const image = readImageData(value);
  if (!image) {
    errs.add(['image'], 'IMAGE_INVALID', 'Invalid image data');
    return undefined;
  }
  if (image.bytes.length > MAX_EVENT_IMAGE_BYTES) {
    errs.add(['image'], 'BINARY_TYPE_MAX_SIZE', `File cannot be larger than ${MAX_EVENT_IMAGE_BYTES} bytes.`);
    return undefined;
  }
  return { hash: createHash('md5').update(image.bytes).digest('hex'), bytes: image.bytes, type: image.type };
}

const KNOWN = new Set(['name', 'description', 'image', 'scheduled_start_time', 'scheduled_end_time', 'privacy_level', 'entity_type', 'channel_id', 'entity_metadata', 'status', 'recurrence_rule']);

/** The body's fields, checked one by one as Discord's form validation does (every problem at once). */
function readFields(body: unknown, creating: boolean): Fields {
  const errs = new FormErrors();
  if (!isRecord(body)) {
    errs.add([], 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    errs.throwIfAny();
    return {};
  }
  const f: Fields = {};
  for (const key of Object.keys(body)) if (!KNOWN.has(key)) errs.add([key], 'UNKNOWN_FIELD', `Unknown field "${key}".`);
  if (creating || body.name !== undefined) {
    if (typeof body.name !== 'string' || textLength(body.name) < 1 || textLength(body.name) > 100) errs.add(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    else f.name = body.name;
  }
  if (body.description !== undefined) {
    if (body.description !== null && (typeof body.description !== 'string' || textLength(body.description) > 1000)) errs.add(['description'], 'BASE_TYPE_MAX_LENGTH', 'Must be 1000 or fewer in length.');
    else f.description = body.description === '' ? null : body.description;
  }
  if (creating || body.scheduled_start_time !== undefined) f.start = parseTime(body.scheduled_start_time, 'scheduled_start_time', errs);
  if (body.scheduled_end_time !== undefined) f.end = body.scheduled_end_time === null ? null : parseTime(body.scheduled_end_time, 'scheduled_end_time', errs);
  if ((creating || body.privacy_level !== undefined) && body.privacy_level !== PRIVACY_GUILD_ONLY) errs.add(['privacy_level'], 'BASE_TYPE_CHOICES', `Value must be one of {${PRIVACY_GUILD_ONLY}}.`);
  if (creating || body.entity_type !== undefined) {
    if (body.entity_type !== 1 && body.entity_type !== 2 && body.entity_type !== 3) errs.add(['entity_type'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3}.');
    else f.entityType = body.entity_type;
  }
  if (body.channel_id !== undefined) {
    if (body.channel_id !== null && (typeof body.channel_id !== 'string' || !/^\d{1,20}$/.test(body.channel_id))) errs.add(['channel_id'], 'NUMBER_TYPE_COERCE', 'Value is not snowflake.');
    else f.channelId = body.channel_id;
  }
  if (body.entity_metadata !== undefined && body.entity_metadata !== null) {
    const loc = isRecord(body.entity_metadata) ? body.entity_metadata.location : undefined;
    if (loc !== undefined && (typeof loc !== 'string' || textLength(loc) < 1 || textLength(loc) > 100)) errs.add(['entity_metadata', 'location'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    else if (typeof loc === 'string') f.location = loc;
  } else if (body.entity_metadata === null) f.location = null;
  if (body.image !== undefined) f.image = readImage(body.image, errs);
  if (body.status !== undefined) {
    if (creating || ![1, 2, 3, 4].includes(body.status as number)) errs.add(['status'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3, 4}.');
    else f.status = body.status as number;
  }
  if (body.recurrence_rule !== undefined && body.recurrence_rule !== null) errs.add(['recurrence_rule'], 'UNSUPPORTED', 'Recurring events are not modelled by the fake.');
  errs.throwIfAny();
  return f;
}

/** What an event of this shape must satisfy once the change is applied (form errors like Discord's). */
function checkShape(e: Pick<ScheduledEvent, 'entityType' | 'channelId' | 'location' | 'start' | 'end'>, channel: Channel | undefined, now: number, checkStart: boolean): void {
  const errs = new FormErrors();
  if (e.entityType === EntityType.EXTERNAL) {
    if (e.location === null) errs.add(['entity_metadata', 'location'], 'BASE_TYPE_REQUIRED', 'This field is required');
    if (e.end === null) errs.add(['scheduled_end_time'], 'BASE_TYPE_REQUIRED', 'This field is required');
    if (e.channelId !== null) errs.add(['channel_id'], 'GUILD_SCHEDULED_EVENT_CHANNEL_NOT_ALLOWED', 'External events cannot have a channel.');
  } else {
    const want = e.entityType === EntityType.VOICE ? VOICE_CHANNEL : STAGE_CHANNEL;
    if (e.channelId === null) errs.add(['channel_id'], 'BASE_TYPE_REQUIRED', 'This field is required');
    else if (channel?.type !== want) errs.add(['channel_id'], 'CHANNEL_TYPE_INVALID', `The channel must be a ${want === VOICE_CHANNEL ? 'voice' : 'stage'} channel of this guild.`);
  }
  if (checkStart && e.start <= now) errs.add(['scheduled_start_time'], 'GUILD_SCHEDULED_EVENT_SCHEDULE_PAST', 'Cannot schedule event in the past.');
  if (e.end !== null && e.end <= e.start) errs.add(['scheduled_end_time'], 'GUILD_SCHEDULED_EVENT_END_BEFORE_START', 'Cannot schedule event to end before starting.');
  errs.throwIfAny();
}

export class ScheduledEvents implements FakeScheduledEventsApi {
  private readonly events = new Map<string, ScheduledEvent>();
  dispatch: Dispatch = () => undefined;

  constructor(private readonly registry: GuildRegistry) {}

  // ------------------------------------------------------------ REST

  list(guildId: string, withCount: boolean): Array<Record<string, unknown>> {
    const guild = this.registry.visibleGuild(guildId);
    this.automate();
    return [...this.events.values()].filter((e) => e.guildId === guild.id && e.status <= EventStatus.ACTIVE).map((e) => apiEvent(e, this.registry, withCount));
  }

  get(guildId: string, eventId: string, withCount: boolean): Record<string, unknown> {
    this.automate();
    return apiEvent(this.find(guildId, eventId), this.registry, withCount);
  }

  create(guildId: string, body: unknown): Record<string, unknown> {
    const guild = this.registry.visibleGuild(guildId);
    const f = readFields(body, true);
    const channel = f.channelId ? this.guildChannel(guild, f.channelId) : undefined;
    const draft = { entityType: f.entityType ?? EntityType.EXTERNAL, channelId: f.channelId ?? null, location: f.location ?? null, start: f.start ?? 0, end: f.end ?? null };
    checkShape(draft, channel, this.registry.now(), true);
    this.checkBotMay(guild, draft.entityType, channel, undefined);
    if ([...this.events.values()].filter((e) => e.guildId === guild.id && e.status <= EventStatus.ACTIVE).length >= MAX_SCHEDULED_EVENTS) throw eventErrors.tooMany();
    const event: ScheduledEvent = {
      id: snowflake(),
      guildId: guild.id,
      creatorId: this.registry.botId,
      name: f.name ?? '',
      description: f.description ?? null,
      privacyLevel: PRIVACY_GUILD_ONLY,
      status: EventStatus.SCHEDULED,
      image: f.image?.hash ?? null,
      imageBytes: f.image?.bytes ?? null,
      imageType: f.image?.type ?? null,
      subscribers: new Set(),
      ...draft,
    };
    this.events.set(event.id, event);
    this.emit('GUILD_SCHEDULED_EVENT_CREATE', event);
    return apiEvent(event, this.registry, false);
  }

  modify(guildId: string, eventId: string, body: unknown): Record<string, unknown> {
    const event = this.find(guildId, eventId);
    const guild = this.registry.visibleGuild(guildId);
    const f = readFields(body, false);
    if (event.status >= EventStatus.COMPLETED) throw eventErrors.finished();
    const next = {
      entityType: f.entityType ?? event.entityType,
      channelId: f.entityType === EntityType.EXTERNAL && f.channelId === undefined ? null : f.channelId !== undefined ? f.channelId : event.channelId,
      location: f.location !== undefined ? f.location : f.entityType !== undefined && f.entityType !== EntityType.EXTERNAL ? null : event.location,
      start: f.start ?? event.start,
      end: f.end !== undefined ? f.end : event.end,
    };
    const channel = next.channelId ? this.guildChannel(guild, next.channelId) : undefined;
    checkShape(next, channel, this.registry.now(), f.start !== undefined);
    this.checkBotMay(guild, next.entityType, channel, event);
    if (f.status !== undefined && f.status !== event.status && !allowedTransition(event.status, f.status)) {
      const errs = new FormErrors();
      errs.add(['status'], 'GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION', 'Invalid status transition.');
      errs.throwIfAny();
    }
    Object.assign(event, next);
    if (f.name !== undefined) event.name = f.name;
    if (f.description !== undefined) event.description = f.description;
    if (f.image !== undefined) {
      event.image = f.image?.hash ?? null;
      event.imageBytes = f.image?.bytes ?? null;
      event.imageType = f.image?.type ?? null;
    }
    if (f.status !== undefined) event.status = f.status;
    this.emit('GUILD_SCHEDULED_EVENT_UPDATE', event);
    return apiEvent(event, this.registry, false);
  }

  remove(guildId: string, eventId: string): void {
    const event = this.find(guildId, eventId);
    this.checkBotMay(this.registry.visibleGuild(guildId), event.entityType, event.channelId ? this.registry.channels.get(event.channelId) : undefined, event);
    this.events.delete(event.id);
    this.emit('GUILD_SCHEDULED_EVENT_DELETE', event);
  }

  // ------------------------------------------------------------ test helpers

  /** Every event of a guild, final ones included (copies). */
  all(guildId: string): ScheduledEvent[] {
    return [...this.events.values()].filter((e) => e.guildId === guildId).map((e) => ({ ...e, subscribers: new Set(e.subscribers) }));
  }

  /** Forgets a guild's events (a test redefining the guild starts afresh), with no gateway events. */
  clear(guildId: string): void {
    for (const [id, e] of this.events) if (e.guildId === guildId) this.events.delete(id);
  }

  /** Starts a scheduled event now, as its host (or Discord at the start time) does. */
  start(eventId: string): void {
    this.transition(this.require(eventId), EventStatus.ACTIVE);
  }

  /** Ends an active event (COMPLETED), early or on time; a scheduled one is started first, as hosts do. */
  end(eventId: string): void {
    const event = this.require(eventId);
    if (event.status === EventStatus.SCHEDULED) this.transition(event, EventStatus.ACTIVE);
    this.transition(event, EventStatus.COMPLETED);
  }

  /** Cancels a scheduled event, as a moderator does in Discord's client. */
  cancel(eventId: string): void {
    this.transition(this.require(eventId), EventStatus.CANCELED);
  }

  /** A member marks themself interested (or not). */
  subscribe(eventId: string, userId: string, interested = true): void {
    const event = this.require(eventId);
    if (interested) event.subscribers.add(userId);
    else event.subscribers.delete(userId);
  }

  /** Discord's automation by the fake's clock: an external event starts at its start time and ends at its end time. */
  automate(): void {
    const now = this.registry.now();
    for (const event of this.events.values()) {
      if (event.entityType !== EntityType.EXTERNAL) continue;
      if (event.status === EventStatus.SCHEDULED && event.start <= now) this.transition(event, EventStatus.ACTIVE);
      if (event.status === EventStatus.ACTIVE && event.end !== null && event.end <= now) this.transition(event, EventStatus.COMPLETED);
    }
  }

  // ------------------------------------------------------------ internals

  private require(eventId: string): ScheduledEvent {
    const event = this.events.get(eventId);
    if (!event) throw new Error(`fake discord: no scheduled event ${eventId}`);
    return event;
  }

  private transition(event: ScheduledEvent, status: number): void {
    if (!allowedTransition(event.status, status)) throw new Error(`fake discord: scheduled event ${event.id} cannot go from status ${event.status} to ${status}`);
    event.status = status;
    this.emit('GUILD_SCHEDULED_EVENT_UPDATE', event);
  }

  private find(guildId: string, eventId: string): ScheduledEvent {
    this.registry.visibleGuild(guildId);
    checkPathId('guild_scheduled_event_id', eventId);
    const event = this.events.get(eventId);
    if (!event || event.guildId !== guildId) throw eventErrors.unknownEvent();
    return event;
  }

  private guildChannel(guild: Guild, channelId: string): Channel | undefined {
    const channel = this.registry.channels.get(channelId);
    return channel?.guildId === guild.id ? channel : undefined;
  }

  /** Create Events for the bot's own events (Manage Events for others'), plus what the event's channel needs. */
  private checkBotMay(guild: Guild, entityType: number, channel: Channel | undefined, event: ScheduledEvent | undefined): void {
    const base = guild.bot ? this.registry.permissions(guild, this.registry.botId, guild.bot.roles, channel) : 0n;
    const manage = has(base, Permission.MANAGE_EVENTS);
    const mayEvent = manage || (has(base, Permission.CREATE_EVENTS) && (event === undefined || event.creatorId === this.registry.botId));
    if (!mayEvent) throw guildErrors.missingPermissions();
    if (entityType === EntityType.VOICE && !(has(base, Permission.VIEW_CHANNEL) && has(base, Permission.CONNECT))) throw guildErrors.missingPermissions();
    if (entityType === EntityType.STAGE_INSTANCE && !(has(base, Permission.MANAGE_CHANNELS) && has(base, Permission.MUTE_MEMBERS) && has(base, Permission.MOVE_MEMBERS))) {
      throw guildErrors.missingPermissions();
    }
  }

  private emit(t: Parameters<Dispatch>[0], event: ScheduledEvent): void {
    this.dispatch(t, apiEvent(event, this.registry, false), event.guildId);
  }
}

function allowedTransition(from: number, to: number): boolean {
  return (from === EventStatus.SCHEDULED && (to === EventStatus.ACTIVE || to === EventStatus.CANCELED)) || (from === EventStatus.ACTIVE && to === EventStatus.COMPLETED);
}
