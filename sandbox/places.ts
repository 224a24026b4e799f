// The sandbox's little Discord world: one server with a normal and an age-restricted channel, the
// DM with the bot, and a few Discord users to act as.

import { snowflake } from '../fake-discord/index.js';
import type { Where } from '../fake-discord/index.js';

export interface Place {
  key: string;
  name: string;
  kind: 'guild' | 'dm';
  nsfw: boolean;
  topic: string;
}

export interface SandboxUser {
  id: string;
  username: string;
}

export const GUILD_ID = snowflake();
const CHANNEL_IDS: Record<string, string> = { general: snowflake(), 'after-dark': snowflake() };

export const PLACES: readonly Place[] = [
  { key: 'general', name: 'general', kind: 'guild', nsfw: false, topic: 'A server channel' },
  { key: 'after-dark', name: 'after-dark', kind: 'guild', nsfw: true, topic: 'Age-restricted channel: not-safe-for-work titles are shown here' },
  { key: 'dm', name: 'AMLS Bot', kind: 'dm', nsfw: false, topic: 'Your direct messages with the bot' },
];

export const USERS: readonly SandboxUser[] = [
  { id: snowflake(), username: 'aiko' },
  { id: snowflake(), username: 'ben' },
  { id: snowflake(), username: 'chidi' },
];

export function placeOf(key: unknown): Place | undefined {
  return PLACES.find((p) => p.key === key);
}

export function userOf(id: unknown): SandboxUser | undefined {
  return USERS.find((u) => u.id === id);
}

export function whereOf(place: Place): Where {
  if (place.kind === 'dm') return { kind: 'dm' };
  return { kind: 'guild', guildId: GUILD_ID, channelId: CHANNEL_IDS[place.key] ?? snowflake(), nsfw: place.nsfw };
}
