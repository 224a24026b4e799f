// Whether a server channel is age-restricted now, read over REST before the bot posts there on its
// own (feed posts, channel reminders): a server may lift or set the restriction at any time after the
// channel was set up. The answer is kept a few minutes in the shared store (`discord:channel:<id>`),
// so every process posting in a busy channel reads Discord about once per period, and a change in
// Discord counts within minutes.

import { DiscordAPIError, Routes, type REST } from 'discord.js';
import type { StoreEngine } from '../store/engine.js';
import { jsonDecoder } from '../store/record-decoder.js';

/** How long a channel's state read from Discord is used (ms). */
export const CHANNEL_STATE_TTL_MS = 5 * 60_000;

const UNKNOWN_CHANNEL = 10003;
const MISSING_ACCESS = 50001;

/**
 * Whether a channel of this server is age-restricted now. Undefined: Discord will not show the bot the
 * channel (gone, no access, or another server's): the caller treats it as not age-restricted, and a post
 * there will be refused. Throws when Discord could not be asked (the caller retries later).
 */
export type ChannelAgeRestriction = (guildId: string, channelId: string, signal?: AbortSignal) => Promise<boolean | undefined>;

export const channelStateKey = (channelId: string): string => `discord:channel:${channelId}`;

interface CachedState {
  /** The channel's server. */
  g: string;
  /** 1: age-restricted. */
  n: 0 | 1;
  /** When it was read (the bot's clock, epoch ms). */
  at: number;
}

const cachedDecoder = jsonDecoder<CachedState>('channel-state', (value) => {
  const v = value as Partial<CachedState>;
  return typeof v.g === 'string' && (v.n === 0 || v.n === 1) && typeof v.at === 'number' ? { g: v.g, n: v.n, at: v.at } : undefined;
});
const parseCached = (raw: string | undefined): CachedState | undefined => cachedDecoder.decode(raw);

export interface ChannelStateOptions {
  /** How long an answer is used (ms). */
  ttlMs?: number;
  /** The bot's clock (epoch ms): an answer older than `ttlMs` by it is read again. */
  now?: () => number;
}

/** Reads channels over `rest`, each answer used `ttlMs` (by the bot's clock; the store expires it too). */
export function channelAgeRestriction(rest: Pick<REST, 'get'>, kv: Pick<StoreEngine, 'get' | 'set'>, o: ChannelStateOptions = {}): ChannelAgeRestriction {
  const ttlMs = o.ttlMs ?? CHANNEL_STATE_TTL_MS;
  const now = o.now ?? Date.now;
  return async (guildId, channelId, signal) => {
    const key = channelStateKey(channelId);
    const cached = parseCached(await kv.get(key));
    const age = cached ? now() - cached.at : Infinity;
    if (cached && age >= 0 && age < ttlMs) return cached.g === guildId ? cached.n === 1 : undefined;
    let channel: { guild_id?: unknown; nsfw?: unknown };
    try {
      channel = (await rest.get(Routes.channel(channelId), signal ? { signal } : {})) as { guild_id?: unknown; nsfw?: unknown };
    } catch (error) {
      if (error instanceof DiscordAPIError && (error.code === UNKNOWN_CHANNEL || error.code === MISSING_ACCESS || error.status === 403 || error.status === 404)) return undefined;
      throw error;
    }
    if (typeof channel.guild_id !== 'string') return undefined;
    const state: CachedState = { g: channel.guild_id, n: channel.nsfw === true ? 1 : 0, at: now() };
    await kv.set(key, JSON.stringify(state), ttlMs);
    return state.g === guildId ? state.n === 1 : undefined;
  };
}
