// Servers' activity-feed channels in the shared store: one record per server (`feed:guild:<id>`),
// changed atomically against other processes (compare-and-set, retried). A server without feed
// channels keeps no record.

import type { StoreEngine } from '../store/engine.js';

export type FeedKv = Pick<StoreEngine, 'get' | 'set' | 'setIfAbsent' | 'take' | 'compareAndSet' | 'compareAndDelete' | 'delete' | 'keys'>;

/** A server may post its feed in at most this many channels. */
export const MAX_FEED_CHANNELS = 5;

export interface FeedChannel {
  channelId: string;
  /** The one role each post mentions (chosen at setup; the bot was checked able to mention it). */
  roleId?: string;
  /** The channel was age-restricted at setup: not-safe-for-work titles are named there. */
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

export function parseFeedChannels(raw: string | undefined): FeedChannel[] {
  if (raw === undefined) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.map(parseChannel).filter((c): c is FeedChannel => c !== undefined);
  } catch {
    return [];
  }
}

export class FeedLimitError extends Error {}

export class FeedChannels {
  constructor(
    private readonly kv: FeedKv,
    private readonly now: () => number,
  ) {}

  list(guildId: string): Promise<FeedChannel[]> {
    return this.kv.get(FEED_GUILD_PREFIX + guildId).then(parseFeedChannels);
  }

  /** Every server that has feed channels. */
  async guilds(): Promise<string[]> {
    return (await this.kv.keys(FEED_GUILD_PREFIX)).map((k) => k.slice(FEED_GUILD_PREFIX.length));
  }

  /** Adds a channel, or replaces its role and lifts its pause when it is there already. Returns whether it was new. */
  add(guildId: string, channel: Omit<FeedChannel, 'pausedAt' | 'pausedReason'>): Promise<boolean> {
    return this.update(guildId, (channels) => {
      const existing = channels.some((c) => c.channelId === channel.channelId);
      const others = channels.filter((c) => c.channelId !== channel.channelId);
      if (!existing && others.length >= MAX_FEED_CHANNELS) throw new FeedLimitError(`A server can post its feed in at most ${MAX_FEED_CHANNELS} channels.`);
      return { channels: [...others, { ...channel }], result: !existing };
    });
  }

  /** Returns whether the channel had the feed. */
  remove(guildId: string, channelId: string): Promise<boolean> {
    return this.update(guildId, (channels) => {
      const left = channels.filter((c) => c.channelId !== channelId);
      return { channels: left, result: left.length < channels.length };
    });
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

  private async update<T>(guildId: string, change: (channels: FeedChannel[]) => { channels: FeedChannel[]; result: T }): Promise<T> {
    const key = FEED_GUILD_PREFIX + guildId;
    for (let attempt = 0; attempt < 8; attempt++) {
      const raw = await this.kv.get(key);
      const { channels, result } = change(parseFeedChannels(raw));
      const value = JSON.stringify(channels);
      if (value === (raw ?? '[]')) return result;
      let stored: boolean;
      if (channels.length === 0) stored = raw === undefined || (await this.kv.compareAndDelete(key, raw));
      else stored = raw === undefined ? await this.kv.setIfAbsent(key, value) : await this.kv.compareAndSet(key, raw, value);
      if (stored) return result;
    }
    throw new Error('feed channels changed concurrently too often');
  }
}
