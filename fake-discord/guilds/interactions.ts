// Interactions in a modelled guild: the payload follows the model (member roles and permissions,
// `app_permissions`, the channel, `data.resolved` for channel/role/mentionable options), and what
// Discord would never send (a channel or role of another guild, a member who cannot see the channel
// or use commands there) throws.

import { isRecord } from '../errors.js';
import type { Where } from '../interactions.js';
import { has, Permission, toBits } from '../permissions.js';
import type { InteractionInput } from '../types.js';
import { apiChannel, apiMember, apiRole } from './api-objects.js';
import { discordTimestamp, MESSAGE_CHANNEL_TYPES, type Channel, type Guild } from './model.js';
import type { GuildRegistry } from './registry.js';

/** A leaf option of a command interaction with its registered definition. */
export interface LeafOption {
  option: Record<string, unknown>;
  definition: Record<string, unknown>;
}

type Fail = (what: string) => never;
type Resolved = Record<'channels' | 'roles' | 'users' | 'members', Record<string, unknown>>;

interface Invoker {
  userId: string;
  roles: string[];
  channel: Channel | undefined;
}

/**
 * Fills an interaction in a modelled guild from the model: member roles and permissions,
 * `app_permissions`, the channel, and `data.resolved` for channel/role/mentionable options. Throws for
 * what Discord would never send: a channel of another guild, a role the guild lacks, a channel option
 * outside the option's `channel_types`, a command used where the member (by the model) cannot see the
 * channel or lacks USE_APPLICATION_COMMANDS. `built` is the builder's Where (undefined for a
 * hand-built payload, whose member roles and permissions are then taken as given; explicit
 * `memberPermissions` are taken as given too). Unmodelled guilds are left alone.
 */
export function prepareGuildInteraction(
  registry: GuildRegistry,
  payload: InteractionInput,
  built: Where | undefined,
  leaves: LeafOption[] | undefined,
  unchecked: boolean,
): void {
  const guild = typeof payload.guild_id === 'string' ? registry.guilds.get(payload.guild_id) : undefined;
  if (!guild) return;
  const fail: Fail = (what) => {
    throw new Error(`fake discord: guild ${guild.id}: ${what}; real Discord never sends this`);
  };
  const member = isRecord(payload.member) ? payload.member : fail('a guild interaction without member');
  const user = isRecord(member.user) ? member.user : fail('a guild interaction without member.user');
  const userId = String(user.id);
  if (userId === registry.botId) fail('an interaction invoked by the bot itself');
  const where = built?.kind === 'guild' ? built : undefined;
  const invoker: Invoker = { userId, roles: invokerRoles(guild, member, built, where, userId, fail), channel: interactionChannel(registry, guild, payload, fail) };
  const { channel, roles } = invoker;
  const channelId = String(payload.channel_id ?? '');

  // Explicit member permissions (Where.memberPermissions, or a hand-built payload) are the test's
  // statement of what Discord sent and are taken as given; computed ones must allow the interaction.
  const explicit = built === undefined || where?.memberPermissions !== undefined;
  const memberPerms = explicit ? toBits(String(member.permissions ?? '0'), 'member.permissions') : registry.permissions(guild, userId, roles, channel);
  if (!explicit && channel && !has(memberPerms, Permission.VIEW_CHANNEL)) fail(`the member cannot view channel ${channelId}`);
  if (!explicit && channel && (payload.type === 2 || payload.type === 4) && !has(memberPerms, Permission.USE_APPLICATION_COMMANDS)) {
    fail(`the member lacks USE_APPLICATION_COMMANDS in channel ${channelId}`);
  }
  const appPerms = guild.bot
    ? registry.permissions(guild, registry.botId, guild.bot.roles, channel)
    : // An app without its bot in the guild gets @everyone's permissions there, plus embeds and files.
      registry.permissions(guild, '', [], channel) | Permission.EMBED_LINKS | Permission.ATTACH_FILES;

  // Autocomplete carries no resolved data, but its other options were picked in the same client.
  const options = leaves ? resolveOptions(registry, guild, invoker, leaves, unchecked, fail) : undefined;
  const resolved = payload.type === 2 ? options : undefined;

  // Everything checked: update the payload and the model (the invoker is a member, with these roles).
  payload.app_permissions = String(appPerms);
  member.roles = [...roles];
  member.permissions = String(memberPerms);
  if (isRecord(payload.channel)) {
    payload.channel.permissions = String(memberPerms);
    if (channel) {
      const { permission_overwrites: _overwrites, ...api } = apiChannel(channel);
      payload.channel = { ...payload.channel, ...api, permissions: String(memberPerms) };
    }
  }
  if (resolved && payload.data) mergeResolved(payload.data, resolved);
  const joinedAt = guild.members.get(userId)?.joinedAt ?? discordTimestamp(registry.now());
  member.joined_at = joinedAt;
  guild.members.set(userId, { roles: [...roles], joinedAt });
}

/** The invoker's roles: as given in a hand-built payload or the builder's Where, else the model's; all of the guild. */
function invokerRoles(
  guild: Guild,
  member: Record<string, unknown>,
  built: Where | undefined,
  where: Extract<Where, { kind: 'guild' }> | undefined,
  userId: string,
  fail: Fail,
): string[] {
  let roles: string[];
  if (built === undefined) roles = Array.isArray(member.roles) ? member.roles.map(String) : [];
  else if (where?.memberRoles !== undefined) roles = [...where.memberRoles];
  else roles = guild.members.get(userId)?.roles ?? [];
  for (const id of roles) {
    if (id === guild.id || !guild.roles.has(id)) fail(`member roles include ${id}, which is not a role of the guild`);
  }
  return roles;
}

/** The modelled channel the interaction happens in (undefined when unmodelled), which must be a message channel of this guild. */
function interactionChannel(registry: GuildRegistry, guild: Guild, payload: InteractionInput, fail: Fail): Channel | undefined {
  const channelId = String(payload.channel_id ?? '');
  const channel = registry.channels.get(channelId);
  if (channel && channel.guildId !== guild.id) fail(`the interaction's channel ${channelId} belongs to guild ${channel.guildId}`);
  if (channel && !MESSAGE_CHANNEL_TYPES.has(channel.type)) fail(`an interaction in channel ${channelId} of type ${channel.type}`);
  return channel;
}

function mergeResolved(data: Record<string, unknown>, resolved: Resolved): void {
  const existing = isRecord(data.resolved) ? data.resolved : {};
  const merged: Record<string, unknown> = { ...existing };
  for (const [key, entries] of Object.entries(resolved)) {
    if (Object.keys(entries).length > 0) merged[key] = { ...(isRecord(existing[key]) ? existing[key] : {}), ...entries };
  }
  if (Object.keys(merged).length > 0) data.resolved = merged;
}

function resolveOptions(registry: GuildRegistry, guild: Guild, invoker: Invoker, leaves: LeafOption[], unchecked: boolean, fail: Fail): Resolved {
  const out: Resolved = { channels: {}, roles: {}, users: {}, members: {} };
  for (const { option, definition } of leaves) {
    const type = Number(definition.type);
    const id = option.value;
    const name = String(option.name);
    if (option.focused === true || typeof id !== 'string' || ![7, 8, 9].includes(type)) continue;
    if (type === 7) {
      resolveChannelOption(registry, guild, invoker, { id, name, definition, unchecked }, out, fail);
      continue;
    }
    const role = guild.roles.get(id);
    const member = type === 9 ? (id === registry.botId ? guild.bot : guild.members.get(id)) : undefined;
    if (role) {
      out.roles[id] = apiRole(role);
    } else if (member) {
      out.users[id] = registry.userObject(id);
      const { deaf: _deaf, mute: _mute, ...partial } = apiMember(member);
      out.members[id] = { ...partial, permissions: String(registry.permissions(guild, id, member.roles, invoker.channel)) };
    } else if (!unchecked) {
      fail(`option "${name}" names ${id}, which is not a ${type === 8 ? 'role' : 'role or member'} of the guild`);
    }
  }
  return out;
}

function resolveChannelOption(
  registry: GuildRegistry,
  guild: Guild,
  invoker: Invoker,
  opt: { id: string; name: string; definition: Record<string, unknown>; unchecked: boolean },
  out: Resolved,
  fail: Fail,
): void {
  const { id, name, definition, unchecked } = opt;
  const channel = registry.channels.get(id);
  if (!channel || channel.guildId !== guild.id) {
    if (unchecked) return;
    fail(`option "${name}" names channel ${id}, which is not a channel of the guild`);
  }
  const allowedTypes = definition.channel_types;
  if (!unchecked && Array.isArray(allowedTypes) && !allowedTypes.includes(channel.type)) {
    fail(`option "${name}" names channel ${id} of type ${channel.type}, outside its channel_types ${JSON.stringify(allowedTypes)}`);
  }
  // The channel as Discord has it (no overwrites), with the invoking member's permissions there.
  const { permission_overwrites: _overwrites, ...partial } = apiChannel(channel);
  out.channels[id] = { ...partial, permissions: String(registry.permissions(guild, invoker.userId, invoker.roles, channel)) };
}
