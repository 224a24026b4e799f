// The guild model: guilds, roles, channels (with permission overwrites) and members as the fake holds
// them, and building them from a test's spec with the checks Discord's own state implies (unknown
// roles, duplicate ids, parents that are not categories of the same guild are refused).

import { DEFAULT_EVERYONE_PERMISSIONS, toBits, type Overwrite } from '../permissions.js';
import { snowflake } from '../snowflake.js';
import type { FakeChannelSpec, FakeGuildSpec, FakeOverwriteSpec, FakeRoleSpec } from '../types.js';

/** Channel types that hold messages (text, voice and stage text chat, announcement). */
export const MESSAGE_CHANNEL_TYPES = new Set([0, 2, 5, 13]);
/** Guild channel types the model supports (threads are not modelled). */
const CHANNEL_TYPES = new Set([0, 2, 4, 5, 13, 15, 16]);
export const CATEGORY = 4;
export const ID = /^\d{1,20}$/;

export interface Role {
  id: string;
  name: string;
  permissions: bigint;
  mentionable: boolean;
  position: number;
  managed: boolean;
}

export interface Channel {
  id: string;
  guildId: string;
  name: string;
  type: number;
  nsfw: boolean;
  parentId: string | undefined;
  position: number;
  overwrites: Overwrite[];
  lastMessageId: string | null;
}

export interface Member {
  roles: string[];
  joinedAt: string;
}

export interface Guild {
  id: string;
  name: string;
  ownerId: string;
  /** @everyone (id = guild id) included. */
  roles: Map<string, Role>;
  /** Channel ids in position order. */
  channels: string[];
  /** Members other than the bot (the owner always among them unless the bot owns the guild). */
  members: Map<string, Member>;
  /** The bot's member; undefined when the bot is not in the guild. */
  bot: Member | undefined;
}

export function specId(value: unknown, what: string): string {
  if (typeof value !== 'string' || !ID.test(value)) throw new Error(`fake discord: ${what}: ${JSON.stringify(value)} is not a snowflake id`);
  return value;
}

/** Discord's timestamp format for member join times: microseconds and an explicit offset. */
export function discordTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '000+00:00');
}

/** What `buildGuild` must know of the rest of the model to refuse clashing ids. */
export interface BuildContext {
  botId: string;
  now: number;
  /** The guild a channel id already belongs to, if any. */
  channelOwner(channelId: string): string | undefined;
  isGuild(id: string): boolean;
}

/** A guild and its channels from a spec, checked; nothing of the model changes. */
export function buildGuild(spec: FakeGuildSpec, ctx: BuildContext): { guild: Guild; channels: Channel[] } {
  const guildId = specId(spec.id, 'guild id');
  const roles = buildRoles(guildId, spec);
  const joinedAt = discordTimestamp(ctx.now);
  const members = new Map<string, Member>();
  for (const [userId, roleIds] of Object.entries(spec.members ?? {})) {
    specId(userId, `guild ${guildId} member`);
    if (userId === ctx.botId) throw new Error(`fake discord: guild ${guildId}: give the bot's roles as botRoles, not in members`);
    members.set(userId, { roles: checkRoles(guildId, roles, roleIds, `member ${userId}`), joinedAt });
  }
  const ownerId = spec.ownerId === undefined ? snowflake() : specId(spec.ownerId, `guild ${guildId} ownerId`);
  const botMember = spec.botMember ?? true;
  if (!botMember && (spec.botRoles ?? []).length > 0) throw new Error(`fake discord: guild ${guildId}: botRoles given but botMember is false`);
  if (ownerId === ctx.botId && !botMember) throw new Error(`fake discord: guild ${guildId}: the bot owns the guild, so it is a member`);
  if (ownerId !== ctx.botId && !members.has(ownerId)) members.set(ownerId, { roles: [], joinedAt });
  const bot = botMember ? { roles: checkRoles(guildId, roles, spec.botRoles ?? [], 'the bot'), joinedAt } : undefined;
  const channels = buildChannels(guildId, roles, spec.channels, ctx);
  const guild: Guild = {
    id: guildId,
    name: spec.name ?? `guild-${guildId.slice(-4)}`,
    ownerId,
    roles,
    channels: channels.map((c) => c.id),
    members,
    bot,
  };
  return { guild, channels };
}

function buildRoles(guildId: string, spec: FakeGuildSpec): Map<string, Role> {
  const roles = new Map<string, Role>();
  roles.set(guildId, {
    id: guildId,
    name: '@everyone',
    permissions: spec.everyonePermissions === undefined ? DEFAULT_EVERYONE_PERMISSIONS : toBits(spec.everyonePermissions, `guild ${guildId} everyonePermissions`),
    mentionable: false,
    position: 0,
    managed: false,
  });
  (spec.roles ?? []).forEach((r, i) => {
    const role = makeRole(guildId, r, i + 1);
    if (role.id !== guildId && roles.has(role.id)) throw new Error(`fake discord: guild ${guildId}: role ${role.id} defined twice`);
    roles.set(role.id, role);
  });
  return roles;
}

function buildChannels(guildId: string, roles: Map<string, Role>, specs: readonly FakeChannelSpec[], ctx: BuildContext): Channel[] {
  const seen = new Set<string>();
  const channels = specs.map((c, i) => {
    const channel = makeChannel(guildId, roles, c, i);
    if (seen.has(channel.id)) throw new Error(`fake discord: guild ${guildId}: channel ${channel.id} defined twice`);
    seen.add(channel.id);
    const owner = ctx.channelOwner(channel.id);
    if (owner !== undefined && owner !== guildId) throw new Error(`fake discord: channel ${channel.id} already belongs to guild ${owner}`);
    if (ctx.isGuild(channel.id) || roles.has(channel.id)) throw new Error(`fake discord: channel id ${channel.id} is already a guild or role id`);
    return channel;
  });
  for (const channel of channels) {
    if (channel.parentId === undefined) continue;
    const parent = channels.find((c) => c.id === channel.parentId);
    if (!parent || parent.type !== CATEGORY) {
      throw new Error(`fake discord: channel ${channel.id}: parent ${channel.parentId} is not a category of guild ${guildId}`);
    }
    if (channel.type === CATEGORY) throw new Error(`fake discord: category ${channel.id} cannot have a parent`);
  }
  return channels;
}

export function makeRole(guildId: string, spec: FakeRoleSpec, position: number): Role {
  const id = specId(spec.id, `guild ${guildId} role id`);
  const permissions = toBits(spec.permissions, `role ${id} permissions`);
  if (id === guildId) return { id, name: '@everyone', permissions, mentionable: false, position: 0, managed: false };
  return {
    id,
    name: spec.name ?? `role-${id.slice(-4)}`,
    permissions,
    mentionable: spec.mentionable ?? false,
    position: spec.position ?? position,
    managed: spec.managed ?? false,
  };
}

function makeChannel(guildId: string, roles: Map<string, Role>, spec: FakeChannelSpec, index: number): Channel {
  const id = specId(spec.id, `guild ${guildId} channel id`);
  const type = spec.type ?? 0;
  if (!CHANNEL_TYPES.has(type)) throw new Error(`fake discord: channel ${id}: type ${type} is not a modelled guild channel type (${[...CHANNEL_TYPES].join(', ')})`);
  return {
    id,
    guildId,
    name: spec.name ?? `${type === CATEGORY ? 'category' : 'channel'}-${index + 1}`,
    type,
    nsfw: spec.nsfw ?? false,
    parentId: spec.parentId === undefined ? undefined : specId(spec.parentId, `channel ${id} parentId`),
    position: index,
    overwrites: makeOverwrites(guildId, roles, spec.overwrites ?? [], `channel ${id}`),
    lastMessageId: null,
  };
}

export function checkRoles(guildId: string, roles: Map<string, Role>, ids: readonly string[], who: string): string[] {
  for (const id of ids) {
    if (id === guildId) throw new Error(`fake discord: guild ${guildId}: ${who}: @everyone is implicit, do not list it as a role`);
    if (!roles.has(id)) throw new Error(`fake discord: guild ${guildId}: ${who} has role ${id}, which the guild does not have`);
  }
  return [...new Set(ids)];
}

export function makeOverwrites(guildId: string, roles: Map<string, Role>, specs: readonly FakeOverwriteSpec[], where: string): Overwrite[] {
  const seen = new Set<string>();
  return specs.map((o) => {
    const id = specId(o.id, `${where} overwrite id`);
    if (o.type !== 0 && o.type !== 1) throw new Error(`fake discord: ${where}: overwrite ${id} has type ${String(o.type)} (0 role, 1 member)`);
    if (o.type === 0 && !roles.has(id)) throw new Error(`fake discord: ${where}: role overwrite ${id} names no role of guild ${guildId}`);
    if (seen.has(id)) throw new Error(`fake discord: ${where}: two overwrites for ${id}`);
    seen.add(id);
    return { id, type: o.type, allow: toBits(o.allow ?? 0n, `${where} overwrite ${id} allow`), deny: toBits(o.deny ?? 0n, `${where} overwrite ${id} deny`) };
  });
}
