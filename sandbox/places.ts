// The sandbox's little Discord world: one server with a normal and an age-restricted channel, two
// roles, the DM with the bot, a few Discord users to act as, and three members who joined the
// server's list community. The server is defined in the fake
// Discord's guild model, so permissions (Manage Server, what the bot may do in a channel, which roles
// it can mention) are worked out as Discord does.

import { PermissionFlagsBits as P } from 'discord.js';
import { snowflake } from '../fake-discord/index.js';
import type { FakeDiscord, FakeGuildSpec, Where } from '../fake-discord/index.js';

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
  /** Who they are in the server, shown next to their name in the user picker. */
  standing: string;
}

/** A channel of the server, as the page offers it for channel options. */
export interface ServerChannel {
  id: string;
  name: string;
  /** 0 text, 5 announcement. */
  type: number;
  nsfw: boolean;
}

/** A role of the server, as the page offers it for role options (@everyone's id is the server's). */
export interface ServerRole {
  id: string;
  name: string;
  mentionable: boolean;
}

export const GUILD_ID = snowflake();
const CHANNEL_IDS: Record<string, string> = { general: snowflake(), 'after-dark': snowflake() };
const WATCHERS_ID = snowflake();
const MODS_ID = snowflake();
const BOT_ROLE_ID = snowflake();

export const USERS: readonly SandboxUser[] = [
  { id: snowflake(), username: 'aiko', standing: 'server owner' },
  { id: snowflake(), username: 'ben', standing: 'member, @Watchers' },
  { id: snowflake(), username: 'chidi', standing: 'member, @Mods' },
];
const [OWNER, WATCHER, MOD] = USERS as [SandboxUser, SandboxUser, SandboxUser];

/**
 * Members of the server who joined its list community, each linked to the emulator account of the same
 * name (their lists overlap), so the server view, /compare, the leaderboards and the feed show something
 * from the start. The page does not act as them; user options can pick them.
 */
export const JOINED: readonly SandboxUser[] = [
  { id: snowflake(), username: 'alice', standing: 'joined the list community (service account alice)' },
  { id: snowflake(), username: 'bob', standing: 'joined the list community (service account bob)' },
  { id: snowflake(), username: 'carol', standing: 'joined the list community (service account carol)' },
];

/** Everyone in the server, as Discord's client offers them for a user option. */
export const SERVER_MEMBERS: readonly SandboxUser[] = [...USERS, ...JOINED];

const SERVER_NOTE = `${OWNER.username} owns the server (Manage Server); ${WATCHER.username} and ${MOD.username} are members`;

export const PLACES: readonly Place[] = [
  { key: 'general', name: 'general', kind: 'guild', nsfw: false, topic: `A server channel · ${SERVER_NOTE}` },
  { key: 'after-dark', name: 'after-dark', kind: 'guild', nsfw: true, topic: 'Age-restricted channel: not-safe-for-work titles are shown here' },
  { key: 'dm', name: 'AMLS Bot', kind: 'dm', nsfw: false, topic: 'Your direct messages with the bot' },
];

export const SERVER_CHANNELS: readonly ServerChannel[] = PLACES.filter((p) => p.kind === 'guild').map((p) => ({
  id: CHANNEL_IDS[p.key] ?? '',
  name: p.name,
  type: 0,
  nsfw: p.nsfw,
}));

/** In the order Discord's client lists them: mentionable Watchers, Mods (not mentionable), @everyone. */
export const SERVER_ROLES: readonly ServerRole[] = [
  { id: WATCHERS_ID, name: 'Watchers', mentionable: true },
  { id: MODS_ID, name: 'Mods', mentionable: false },
  { id: GUILD_ID, name: '@everyone', mentionable: false },
];

/** The server as the fake Discord models it: @everyone's default permissions, the bot's own role, the users as members. */
export const SERVER: FakeGuildSpec = {
  id: GUILD_ID,
  name: 'AMLS Sandbox',
  ownerId: OWNER.id,
  roles: [
    { id: WATCHERS_ID, name: 'Watchers', permissions: 0n, mentionable: true },
    { id: MODS_ID, name: 'Mods', permissions: P.ManageMessages | P.KickMembers | P.ManageEvents, mentionable: false },
    // The role Discord creates for a bot when it joins: what its invite link asked for, no Mention @everyone.
    { id: BOT_ROLE_ID, name: 'AMLS Bot', permissions: P.ViewChannel | P.SendMessages | P.EmbedLinks | P.ReadMessageHistory | P.CreateEvents, managed: true },
  ],
  channels: SERVER_CHANNELS.map((c) => ({ id: c.id, name: c.name, type: c.type, nsfw: c.nsfw })),
  botRoles: [BOT_ROLE_ID],
  members: { [WATCHER.id]: [WATCHERS_ID], [MOD.id]: [MODS_ID], ...Object.fromEntries(JOINED.map((u) => [u.id, []])) },
};

/** Defines the sandbox's server in the fake Discord (again: it starts afresh). */
export function defineServer(discord: Pick<FakeDiscord, 'guilds'>): void {
  discord.guilds.define(SERVER);
}

export function placeOf(key: unknown): Place | undefined {
  return PLACES.find((p) => p.key === key);
}

/** The server member a user option's text names: `<@id>`, an id, `@name` or a name, as the client's picker resolves it. */
export function memberNamed(raw: string): SandboxUser | undefined {
  const wanted = raw.trim().replace(/^<@!?(\d+)>$/, '$1').replace(/^@/, '').toLowerCase();
  return SERVER_MEMBERS.find((u) => u.id === wanted || u.username === wanted);
}

export function userOf(id: unknown): SandboxUser | undefined {
  return USERS.find((u) => u.id === id);
}

/** The server channel a place is, undefined for the DM. */
export function channelIdOf(place: Place): string | undefined {
  return place.kind === 'guild' ? CHANNEL_IDS[place.key] : undefined;
}

/** The languages the page offers as a Discord client's (`locale`) and as the server's (`guild_locale`). */
export const LANGUAGES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'en-US', name: 'English (US)' },
  { code: 'ja', name: '日本語' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'es-ES', name: 'Español (España)' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'en-GB', name: 'English (UK)' },
  { code: 'es-419', name: 'Español (Latinoamérica)' },
  { code: 'ko', name: '한국어 (the bot answers in English)' },
];

export function isLanguage(value: unknown): value is string {
  return typeof value === 'string' && LANGUAGES.some((l) => l.code === value);
}

/** Where an interaction happens; in the server, with the server's language. */
export function whereOf(place: Place, guildLocale = 'en-US'): Where {
  if (place.kind === 'dm') return { kind: 'dm' };
  return { kind: 'guild', guildId: GUILD_ID, channelId: channelIdOf(place) ?? snowflake(), nsfw: place.nsfw, guildLocale };
}
