// Discord's permission bits (API v10) and its documented computation of a member's permissions in
// a channel ("Permission Overwrites" in Topics/Permissions): owner → all; @everyone | member roles;
// ADMINISTRATOR → all; then the channel's @everyone overwrite, the member's role overwrites
// (denies aggregated, then allows aggregated) and the member overwrite, each deny then allow.

import type { Bits } from './types.js';

/** Permission flags as Discord documents them. */
export const Permission = {
  CREATE_INSTANT_INVITE: 1n << 0n,
  KICK_MEMBERS: 1n << 1n,
  BAN_MEMBERS: 1n << 2n,
  ADMINISTRATOR: 1n << 3n,
  MANAGE_CHANNELS: 1n << 4n,
  MANAGE_GUILD: 1n << 5n,
  ADD_REACTIONS: 1n << 6n,
  VIEW_AUDIT_LOG: 1n << 7n,
  PRIORITY_SPEAKER: 1n << 8n,
  STREAM: 1n << 9n,
  VIEW_CHANNEL: 1n << 10n,
  SEND_MESSAGES: 1n << 11n,
  SEND_TTS_MESSAGES: 1n << 12n,
  MANAGE_MESSAGES: 1n << 13n,
  EMBED_LINKS: 1n << 14n,
  ATTACH_FILES: 1n << 15n,
  READ_MESSAGE_HISTORY: 1n << 16n,
  MENTION_EVERYONE: 1n << 17n,
  USE_EXTERNAL_EMOJIS: 1n << 18n,
  VIEW_GUILD_INSIGHTS: 1n << 19n,
  CONNECT: 1n << 20n,
  SPEAK: 1n << 21n,
  MUTE_MEMBERS: 1n << 22n,
  DEAFEN_MEMBERS: 1n << 23n,
  MOVE_MEMBERS: 1n << 24n,
  USE_VAD: 1n << 25n,
  CHANGE_NICKNAME: 1n << 26n,
  MANAGE_NICKNAMES: 1n << 27n,
  MANAGE_ROLES: 1n << 28n,
  MANAGE_WEBHOOKS: 1n << 29n,
  MANAGE_GUILD_EXPRESSIONS: 1n << 30n,
  USE_APPLICATION_COMMANDS: 1n << 31n,
  REQUEST_TO_SPEAK: 1n << 32n,
  MANAGE_EVENTS: 1n << 33n,
  MANAGE_THREADS: 1n << 34n,
  CREATE_PUBLIC_THREADS: 1n << 35n,
  CREATE_PRIVATE_THREADS: 1n << 36n,
  USE_EXTERNAL_STICKERS: 1n << 37n,
  SEND_MESSAGES_IN_THREADS: 1n << 38n,
  USE_EMBEDDED_ACTIVITIES: 1n << 39n,
  MODERATE_MEMBERS: 1n << 40n,
  VIEW_CREATOR_MONETIZATION_ANALYTICS: 1n << 41n,
  USE_SOUNDBOARD: 1n << 42n,
  CREATE_GUILD_EXPRESSIONS: 1n << 43n,
  CREATE_EVENTS: 1n << 44n,
  USE_EXTERNAL_SOUNDS: 1n << 45n,
  SEND_VOICE_MESSAGES: 1n << 46n,
  SET_VOICE_CHANNEL_STATUS: 1n << 48n,
  SEND_POLLS: 1n << 49n,
  USE_EXTERNAL_APPS: 1n << 50n,
  PIN_MESSAGES: 1n << 51n,
  BYPASS_SLOWMODE: 1n << 52n,
} as const;

export type PermissionName = keyof typeof Permission;

/** Every documented permission: what the owner and administrators have. */
export const ALL_PERMISSIONS: bigint = Object.values(Permission).reduce((all, bit) => all | bit, 0n);

const P = Permission;

/**
 * What @everyone has in a new server: the everyday text/voice permissions, without MENTION_EVERYONE
 * and without any moderation or management permission.
 */
export const DEFAULT_EVERYONE_PERMISSIONS: bigint =
  P.CREATE_INSTANT_INVITE |
  P.ADD_REACTIONS |
  P.STREAM |
  P.VIEW_CHANNEL |
  P.SEND_MESSAGES |
  P.EMBED_LINKS |
  P.ATTACH_FILES |
  P.READ_MESSAGE_HISTORY |
  P.USE_EXTERNAL_EMOJIS |
  P.CONNECT |
  P.SPEAK |
  P.USE_VAD |
  P.CHANGE_NICKNAME |
  P.USE_APPLICATION_COMMANDS |
  P.REQUEST_TO_SPEAK |
  P.CREATE_PUBLIC_THREADS |
  P.CREATE_PRIVATE_THREADS |
  P.USE_EXTERNAL_STICKERS |
  P.SEND_MESSAGES_IN_THREADS |
  P.USE_EMBEDDED_ACTIVITIES |
  P.USE_SOUNDBOARD |
  P.USE_EXTERNAL_SOUNDS |
  P.SEND_VOICE_MESSAGES |
  P.SEND_POLLS |
  P.USE_EXTERNAL_APPS;

/** Parses a bitfield; throws on anything but a non-negative integer (decimal string or bigint). */
export function toBits(value: Bits, what: string): bigint {
  if (typeof value === 'bigint') {
    if (value < 0n) throw new Error(`fake discord: ${what}: a permission bitfield cannot be negative`);
    return value;
  }
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value);
  throw new Error(`fake discord: ${what}: ${JSON.stringify(value)} is not a permission bitfield (a bigint or a decimal string)`);
}

export interface Overwrite {
  id: string;
  /** 0 role, 1 member. */
  type: 0 | 1;
  allow: bigint;
  deny: bigint;
}

export interface PermissionInput {
  guildId: string;
  ownerId: string;
  userId: string;
  /** Permissions of each role of the guild, @everyone (id = guild id) included. */
  rolePermissions: ReadonlyMap<string, bigint>;
  /** The member's roles (without @everyone). */
  memberRoles: readonly string[];
  /** The channel's own overwrites; undefined for guild-level permissions. */
  overwrites?: readonly Overwrite[];
}

/** Guild-level permissions (compute_base_permissions). */
export function basePermissions(input: PermissionInput): bigint {
  if (input.userId === input.ownerId) return ALL_PERMISSIONS;
  let permissions = input.rolePermissions.get(input.guildId) ?? 0n;
  for (const roleId of input.memberRoles) permissions |= input.rolePermissions.get(roleId) ?? 0n;
  if ((permissions & P.ADMINISTRATOR) !== 0n) return ALL_PERMISSIONS;
  return permissions;
}

/** Permissions in a channel (compute_overwrites over compute_base_permissions). */
export function computePermissions(input: PermissionInput): bigint {
  const base = basePermissions(input);
  if ((base & P.ADMINISTRATOR) !== 0n) return ALL_PERMISSIONS;
  const overwrites = input.overwrites ?? [];
  let permissions = base;
  const everyone = overwrites.find((o) => o.type === 0 && o.id === input.guildId);
  if (everyone) {
    permissions &= ~everyone.deny;
    permissions |= everyone.allow;
  }
  let allow = 0n;
  let deny = 0n;
  for (const o of overwrites) {
    if (o.type === 0 && o.id !== input.guildId && input.memberRoles.includes(o.id)) {
      allow |= o.allow;
      deny |= o.deny;
    }
  }
  permissions &= ~deny;
  permissions |= allow;
  const member = overwrites.find((o) => o.type === 1 && o.id === input.userId);
  if (member) {
    permissions &= ~member.deny;
    permissions |= member.allow;
  }
  return permissions;
}

export function has(permissions: bigint, bit: bigint): boolean {
  return (permissions & bit) === bit;
}
