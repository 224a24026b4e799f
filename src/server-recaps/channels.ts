// The channels a server's weekly recap posts in, one record per server (`srecap:guild:<id>`), changed
// through the store's compare-and-set helper. Each channel keeps its schedule (weekday, local time,
// IANA time zone), the kind of list it recaps, and what happened to its last week: posted (when), or
// skipped (which week, why), and a pause when Discord refused a post there. The record also keeps the
// server's language (its guild_locale, noted by each /recap command): recaps are written in it. A
// server without recap channels keeps no record.

import { isLocale, type Locale } from '../i18n/index.js';
import { modify } from '../store/compare-and-set.js';
import type { StoreEngine } from '../store/engine.js';
import { jsonDecoder } from '../store/record-decoder.js';
import { isTimeZone, type RecapSchedule, type Weekday } from './schedule.js';

export type RecapKv = Pick<StoreEngine, 'get' | 'set' | 'setIfAbsent' | 'take' | 'compareAndSet' | 'compareAndDelete' | 'delete' | 'keys' | 'getMany'>;

export const RECAP_GUILD_PREFIX = 'srecap:guild:';
/** A server may have its recap posted in at most this many channels. */
export const MAX_RECAP_CHANNELS = 3;

export const RECAP_KINDS = ['anime', 'manga', 'both'] as const;
export type RecapKind = (typeof RECAP_KINDS)[number];

/** Why a week was not posted. */
export const SKIP_REASONS = ['quiet', 'late', 'paused'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface RecapChannel extends RecapSchedule {
  channelId: string;
  kind: RecapKind;
  /** The channel was age-restricted when added (each post reads it again from Discord). */
  ageRestricted: boolean;
  addedAt: number;
  lastPosted?: { week: string; at: number };
  lastSkipped?: { week: string; reason: SkipReason; at: number };
  pausedAt?: number;
  pausedReason?: string;
}

export interface RecapServer {
  channels: RecapChannel[];
  locale?: Locale;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isWeekday = (v: unknown): v is Weekday => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 6;

function parseMark<R extends string>(v: unknown, reasons?: readonly R[]): { week: string; at: number; reason?: R } | undefined {
  if (!isObject(v) || typeof v.week !== 'string' || typeof v.at !== 'number') return undefined;
  if (reasons === undefined) return { week: v.week, at: v.at };
  return reasons.includes(v.reason as R) ? { week: v.week, at: v.at, reason: v.reason as R } : undefined;
}

function parseChannel(v: unknown): RecapChannel | undefined {
  if (!isObject(v) || typeof v.channelId !== 'string' || !isWeekday(v.weekday) || typeof v.timeZone !== 'string' || !isTimeZone(v.timeZone)) return undefined;
  if (!Number.isInteger(v.minuteOfDay) || (v.minuteOfDay as number) < 0 || (v.minuteOfDay as number) >= 1440) return undefined;
  if (!RECAP_KINDS.includes(v.kind as RecapKind) || typeof v.ageRestricted !== 'boolean' || typeof v.addedAt !== 'number') return undefined;
  const posted = parseMark(v.lastPosted);
  const skipped = parseMark(v.lastSkipped, SKIP_REASONS);
  return {
    channelId: v.channelId,
    weekday: v.weekday,
    minuteOfDay: v.minuteOfDay as number,
    timeZone: v.timeZone,
    kind: v.kind as RecapKind,
    ageRestricted: v.ageRestricted,
    addedAt: v.addedAt,
    ...(posted ? { lastPosted: posted } : {}),
    ...(skipped?.reason !== undefined ? { lastSkipped: { week: skipped.week, at: skipped.at, reason: skipped.reason } } : {}),
    ...(typeof v.pausedAt === 'number' ? { pausedAt: v.pausedAt } : {}),
    ...(typeof v.pausedReason === 'string' ? { pausedReason: v.pausedReason } : {}),
  };
}

const serverDecoder = jsonDecoder<RecapServer>('srecap:guild', (v) => {
  if (!isObject(v) || !Array.isArray(v.channels)) return undefined;
  const channels = v.channels.map(parseChannel);
  if (channels.some((c) => c === undefined)) return undefined;
  return { channels: channels as RecapChannel[], ...(isLocale(v.locale) ? { locale: v.locale } : {}) };
});

export function parseRecapServer(raw: string | undefined): RecapServer {
  return serverDecoder.decode(raw) ?? { channels: [] };
}

export class RecapLimitError extends Error {
  constructor(readonly max: number) {
    super(`A server can have its weekly recap in at most ${max} channels.`);
    this.name = 'RecapLimitError';
  }
}

export type NewRecapChannel = Pick<RecapChannel, 'channelId' | 'weekday' | 'minuteOfDay' | 'timeZone' | 'kind' | 'ageRestricted'>;

export class RecapChannels {
  constructor(
    private readonly kv: RecapKv,
    private readonly now: () => number,
  ) {}

  server(guildId: string): Promise<RecapServer> {
    return this.kv.get(RECAP_GUILD_PREFIX + guildId).then(parseRecapServer);
  }

  async channel(guildId: string, channelId: string): Promise<{ channel: RecapChannel; locale: Locale | undefined } | undefined> {
    const server = await this.server(guildId);
    const channel = server.channels.find((c) => c.channelId === channelId);
    return channel ? { channel, locale: server.locale } : undefined;
  }

  /** Every server with recap channels. */
  async guilds(): Promise<string[]> {
    return (await this.kv.keys(RECAP_GUILD_PREFIX)).map((k) => k.slice(RECAP_GUILD_PREFIX.length));
  }

  /** Adds a channel, or changes its schedule and lifts its pause (its last week kept). Returns whether it was new. */
  add(guildId: string, channel: NewRecapChannel, locale: Locale | undefined): Promise<boolean> {
    return this.update(guildId, locale, (channels) => {
      const before = channels.find((c) => c.channelId === channel.channelId);
      const others = channels.filter((c) => c.channelId !== channel.channelId);
      if (!before && others.length >= MAX_RECAP_CHANNELS) throw new RecapLimitError(MAX_RECAP_CHANNELS);
      const kept = before ? { ...(before.lastPosted ? { lastPosted: before.lastPosted } : {}), ...(before.lastSkipped ? { lastSkipped: before.lastSkipped } : {}) } : {};
      return { channels: [...others, { ...channel, addedAt: this.now(), ...kept }], result: before === undefined };
    });
  }

  /** Returns whether the channel had the recap (its record goes with it). */
  remove(guildId: string, channelId: string, locale?: Locale): Promise<boolean> {
    return this.update(guildId, locale, (channels) => {
      const left = channels.filter((c) => c.channelId !== channelId);
      return { channels: left, result: left.length < channels.length };
    });
  }

  noteLocale(guildId: string, locale: Locale | undefined): Promise<void> {
    return this.update(guildId, locale, (channels) => ({ channels, result: undefined }));
  }

  /** Pauses a channel that refused a post. Returns whether this call paused it. */
  pause(guildId: string, channelId: string, reason: string): Promise<boolean> {
    return this.change(guildId, channelId, (c) => (c.pausedAt !== undefined ? undefined : { ...c, pausedAt: this.now(), pausedReason: reason.slice(0, 200) }));
  }

  /** Notes a posted week (never moves back to an older one). */
  posted(guildId: string, channelId: string, week: string): Promise<boolean> {
    return this.change(guildId, channelId, (c) => (c.lastPosted && c.lastPosted.week >= week ? undefined : { ...c, lastPosted: { week, at: this.now() } }));
  }

  /** Notes a skipped week and why (a posted week stays posted). */
  skipped(guildId: string, channelId: string, week: string, reason: SkipReason): Promise<boolean> {
    return this.change(guildId, channelId, (c) => {
      if ((c.lastPosted && c.lastPosted.week >= week) || (c.lastSkipped && c.lastSkipped.week > week)) return undefined;
      if (c.lastSkipped?.week === week && c.lastSkipped.reason === reason) return undefined;
      return { ...c, lastSkipped: { week, reason, at: this.now() } };
    });
  }

  private change(guildId: string, channelId: string, next: (c: RecapChannel) => RecapChannel | undefined): Promise<boolean> {
    return this.update(guildId, undefined, (channels) => {
      let changed = false;
      const out = channels.map((c) => {
        if (c.channelId !== channelId) return c;
        const n = next(c);
        if (n === undefined) return c;
        changed = true;
        return n;
      });
      return { channels: out, result: changed };
    });
  }

  private update<T>(guildId: string, locale: Locale | undefined, change: (channels: RecapChannel[]) => { channels: RecapChannel[]; result: T }): Promise<T> {
    return modify(this.kv, RECAP_GUILD_PREFIX + guildId, (raw) => {
      const before = parseRecapServer(raw);
      const { channels, result } = change(before.channels);
      if (channels.length === 0) return raw === undefined ? { keep: true, result } : { value: undefined, result };
      const noted = locale ?? before.locale;
      return { value: JSON.stringify({ ...(noted !== undefined ? { locale: noted } : {}), channels }), result };
    });
  }
}
