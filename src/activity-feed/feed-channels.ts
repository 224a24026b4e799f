// Servers' activity-feed channels in the shared store: one record per server (`feed:guild:<id>`),
// changed atomically against other processes (compare-and-set, retried). A server without feed
// channels keeps no record. The record also keeps the server's language (its guild_locale as a locale
// code, noted by each /feed channel command): the feed posts and the pause notice are written in it.
// Records from before kept only the channels (a JSON array): they read as English.

import { isLocale, type Locale } from '../i18n/index.js';
import { modify } from '../store/compare-and-set.js';
import type { StoreEngine } from '../store/engine.js';
import { jsonDecoder } from '../store/record-decoder.js';

export type FeedKv = Pick<StoreEngine, 'get' | 'set' | 'setIfAbsent' | 'take' | 'compareAndSet' | 'compareAndDelete' | 'delete' | 'keys'>;

/** A server may post its feed in at most this many channels. */
export const MAX_FEED_CHANNELS = 5;

export interface FeedChannel {
  channelId: string;
  /** The one role each post mentions (chosen at setup; the bot was checked able to mention it). */
  roleId?: string;
  /** The channel was age-restricted at setup (the channel list says so); each post reads the channel's state from Discord instead. */
  ageRestricted: boolean;
  /** Set when Discord refused a post: nothing is posted there until the channel is added again. */
  pausedAt?: number;
  pausedReason?: string;
}

export const FEED_GUILD_PREFIX = 'feed:guild:';

function parseChannel(raw: unknown): FeedChannel | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.channelId !== 'string' || typeof r.ageRestricted !== 'boolean') return undefined;
  return {
    channelId: r.channelId,
    ageRestricted: r.ageRestricted,
    ...(typeof r.roleId === 'string' ? { roleId: r.roleId } : {}),
    ...(typeof r.pausedAt === 'number' ? { pausedAt: r.pausedAt } : {}),
    ...(typeof r.pausedReason === 'string' ? { pausedReason: r.pausedReason } : {}),
  };
}

/** A server's feed: its channels, and the language its posts are written in (none: English). */
export interface FeedServer {
  channels: FeedChannel[];
  locale?: Locale;
}

function channelsOf(raw: unknown): FeedChannel[] {
  return Array.isArray(raw) ? raw.map(parseChannel).filter((c): c is FeedChannel => c !== undefined) : [];
}

/** The stored record: `{ locale, channels }`, or a bare array of channels (records written before the locale). */
const serverDecoder = jsonDecoder<FeedServer>('feed:guild', (parsed) => {
  if (Array.isArray(parsed)) return { channels: channelsOf(parsed) };
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const r = parsed as Record<string, unknown>;
  return { channels: channelsOf(r.channels), ...(isLocale(r.locale) ? { locale: r.locale } : {}) };
});

export function parseFeedServer(raw: string | undefined): FeedServer {
  return serverDecoder.decode(raw) ?? { channels: [] };
}

export function parseFeedChannels(raw: string | undefined): FeedChannel[] {
  return parseFeedServer(raw).channels;
}

function serializeFeedServer(server: FeedServer): string {
  return server.locale === undefined ? JSON.stringify(server.channels) : JSON.stringify({ locale: server.locale, channels: server.channels });
}

export class FeedLimitError extends Error {
  constructor(readonly max: number) {
    super(`A server can post its feed in at most ${max} channels.`);
    this.name = 'FeedLimitError';
  }
}

export class FeedChannels {
  constructor(
    private readonly kv: FeedKv,
    private readonly now: () => number,
  ) {}

  list(guildId: string): Promise<FeedChannel[]> {
    return this.kv.get(FEED_GUILD_PREFIX + guildId).then(parseFeedChannels);
  }

  /** The server's channels and the language its posts are written in. */
  server(guildId: string): Promise<FeedServer> {
    return this.kv.get(FEED_GUILD_PREFIX + guildId).then(parseFeedServer);
  }

  /** Notes the server's language (a server without feed channels keeps no record, so nothing then). */
  noteLocale(guildId: string, locale: Locale | undefined): Promise<void> {
    return this.update(guildId, (channels) => ({ channels, result: undefined }), locale);
  }

  /** Every server that has feed channels. */
  async guilds(): Promise<string[]> {
    return (await this.kv.keys(FEED_GUILD_PREFIX)).map((k) => k.slice(FEED_GUILD_PREFIX.length));
  }

  /** Adds a channel, or replaces its role and lifts its pause when it is there already. Returns whether it was new. */
  /** `locale`: the server's language, noted with the channel (undefined keeps the one noted before). */
  add(guildId: string, channel: Omit<FeedChannel, 'pausedAt' | 'pausedReason'>, locale?: Locale): Promise<boolean> {
    return this.update(
      guildId,
      (channels) => {
        const existing = channels.some((c) => c.channelId === channel.channelId);
        const others = channels.filter((c) => c.channelId !== channel.channelId);
        if (!existing && others.length >= MAX_FEED_CHANNELS) throw new FeedLimitError(MAX_FEED_CHANNELS);
        return { channels: [...others, { ...channel }], result: !existing };
      },
      locale,
    );
  }

  /** Returns whether the channel had the feed. */
  remove(guildId: string, channelId: string, locale?: Locale): Promise<boolean> {
    return this.update(
      guildId,
      (channels) => {
        const left = channels.filter((c) => c.channelId !== channelId);
        return { channels: left, result: left.length < channels.length };
      },
      locale,
    );
  }

  /** Pauses a channel that refused a post (no-op when it is gone or paused already). Returns whether it paused it now. */
  pause(guildId: string, channelId: string, reason: string): Promise<boolean> {
    return this.update(guildId, (channels) => {
      let paused = false;
      const next = channels.map((c) => {
        if (c.channelId !== channelId || c.pausedAt !== undefined) return c;
        paused = true;
        return { ...c, pausedAt: this.now(), pausedReason: reason.slice(0, 200) };
      });
      return { channels: next, result: paused };
    });
  }

  private async update<T>(guildId: string, change: (channels: FeedChannel[]) => { channels: FeedChannel[]; result: T }, locale?: Locale): Promise<T> {
    return modify(this.kv, FEED_GUILD_PREFIX + guildId, (raw) => {
      const before = parseFeedServer(raw);
      const { channels, result } = change(before.channels);
      const noted = locale ?? before.locale;
      const value = serializeFeedServer({ channels, ...(noted !== undefined ? { locale: noted } : {}) });
      if (value === (raw ?? '[]')) return { keep: true, result };
      // A server without feed channels keeps no record.
      return { value: channels.length === 0 ? undefined : value, result };
    });
  }
}
