// What the bot may do in a server channel, read over REST (the client keeps no guild caches and
// has no intents): the bot's member roles, the server's roles and the channel's overwrites, combined
// as Discord documents it. Used before a server is promised posts in a channel.

import { DiscordAPIError, PermissionFlagsBits, Routes, type REST } from 'discord.js';
import type { APIChannel, APIOverwrite, APIRole } from 'discord.js';
import { ENGLISH, type MessageKey, type Translator } from '../i18n/index.js';
import { botMember, botNotMember, mayMeanBotAbsent } from './membership.js';

export { botUserId } from './membership.js';

const UNKNOWN_CHANNEL = 10003;
const UNKNOWN_GUILD = 10004;
const UNKNOWN_MEMBER = 10007;
const MISSING_ACCESS = 50001;

/** Text-capable channel types reminders post in: text and announcement. */
export const POSTABLE_CHANNEL_TYPES = [0, 5] as const;

export interface ChannelAccess {
  /** The channel is age-restricted (not-safe-for-work titles may be named there). */
  nsfw: boolean;
  permissions: bigint;
}

/** Why the bot cannot use a channel, worded for the member who asked in their language (`told`); its message is the English text (logs). */
export class ChannelAccessError extends Error {
  private readonly tell: (t: Translator) => string;

  constructor(what: MessageKey | ((t: Translator) => string)) {
    const tell = typeof what === 'function' ? what : (t: Translator) => t.t(what);
    super(tell(ENGLISH));
    this.name = 'ChannelAccessError';
    this.tell = tell;
  }

  told(t: Translator): string {
    return this.tell(t);
  }
}

function bits(value: string | undefined): bigint {
  return value === undefined ? 0n : BigInt(value);
}

/** Discord's permission computation for a member in a channel (the server owner aside). */
export function channelPermissions(guildId: string, roles: readonly APIRole[], memberRoles: readonly string[], memberId: string, overwrites: readonly APIOverwrite[]): bigint {
  const byId = new Map(roles.map((r) => [r.id, bits(r.permissions)]));
  let base = byId.get(guildId) ?? 0n;
  for (const id of memberRoles) base |= byId.get(id) ?? 0n;
  if ((base & PermissionFlagsBits.Administrator) !== 0n) return ~0n & ((1n << 64n) - 1n);
  let perms = base;
  const everyone = overwrites.find((o) => o.id === guildId);
  if (everyone) perms = (perms & ~bits(everyone.deny)) | bits(everyone.allow);
  let deny = 0n;
  let allow = 0n;
  const mine = new Set(memberRoles);
  for (const o of overwrites) {
    if (o.type !== 0 || o.id === guildId || !mine.has(o.id)) continue;
    deny |= bits(o.deny);
    allow |= bits(o.allow);
  }
  perms = (perms & ~deny) | allow;
  const member = overwrites.find((o) => o.type === 1 && o.id === memberId);
  if (member) perms = (perms & ~bits(member.deny)) | bits(member.allow);
  return perms;
}

async function read<T>(work: Promise<unknown>, notFound: MessageKey): Promise<T> {
  try {
    return (await work) as T;
  } catch (error) {
    if (error instanceof DiscordAPIError && [UNKNOWN_CHANNEL, UNKNOWN_GUILD, UNKNOWN_MEMBER, MISSING_ACCESS].includes(Number(error.code))) {
      throw new ChannelAccessError(notFound);
    }
    throw error;
  }
}

/**
 * The bot's permissions in a channel of a server, and whether the channel is age-restricted. Throws a
 * BotNotMemberError when the bot is not a member of the server (see membership.ts).
 */
export async function botChannelAccess(rest: REST, botId: string, guildId: string, channelId: string, signal?: AbortSignal): Promise<{ access: ChannelAccess; roles: APIRole[] }> {
  const call = signal ? { signal } : {};
  const [member, roles] = await Promise.all([
    botMember(rest, botId, guildId, signal),
    (rest.get(Routes.guildRoles(guildId), call) as Promise<APIRole[]>).catch((error: unknown) => {
      if (mayMeanBotAbsent(error)) return undefined;
      throw error;
    }),
  ]);
  if (member === undefined || roles === undefined) throw await botNotMember(rest, botId, guildId, signal);
  const channel = await read<APIChannel>(rest.get(Routes.channel(channelId), call), 'reminders.access.cannotSee');
  if (!('guild_id' in channel) || channel.guild_id !== guildId) throw new ChannelAccessError('reminders.access.otherServer');
  if (!(POSTABLE_CHANNEL_TYPES as readonly number[]).includes(channel.type)) throw new ChannelAccessError('reminders.access.channelType');
  const overwrites = 'permission_overwrites' in channel ? (channel.permission_overwrites ?? []) : [];
  const permissions = channelPermissions(guildId, roles, member.roles, botId, overwrites);
  const nsfw = 'nsfw' in channel && channel.nsfw === true;
  return { access: { nsfw, permissions }, roles };
}

/** The channel permissions a feature may need, each named as Discord's settings show it. */
export const CHANNEL_PERMISSIONS = {
  viewChannel: [PermissionFlagsBits.ViewChannel, 'reminders.permission.viewChannel'],
  sendMessages: [PermissionFlagsBits.SendMessages, 'reminders.permission.sendMessages'],
  embedLinks: [PermissionFlagsBits.EmbedLinks, 'reminders.permission.embedLinks'],
  attachFiles: [PermissionFlagsBits.AttachFiles, 'reminders.permission.attachFiles'],
  createPublicThreads: [PermissionFlagsBits.CreatePublicThreads, 'reminders.permission.createPublicThreads'],
  sendPolls: [PermissionFlagsBits.SendPolls, 'polls.permission.sendPolls'],
  readHistory: [PermissionFlagsBits.ReadMessageHistory, 'polls.permission.readHistory'],
} as const satisfies Record<string, readonly [bigint, MessageKey]>;

export type ChannelPermission = keyof typeof CHANNEL_PERMISSIONS;

/** The error naming, in the member's language, the permissions of `needs` the bot lacks; undefined when it has them all. */
export function missingPermissions(permissions: bigint, needs: readonly ChannelPermission[]): ChannelAccessError | undefined {
  const missing = needs.filter((name) => (permissions & CHANNEL_PERMISSIONS[name][0]) !== CHANNEL_PERMISSIONS[name][0]).map((name) => CHANNEL_PERMISSIONS[name][1]);
  if (missing.length === 0) return undefined;
  return new ChannelAccessError((t) => t.t('reminders.access.missing', { permissions: t.list(missing.map((key) => t.t(key))), count: missing.length }));
}

/**
 * Checks the bot has each of `needs` in a channel (and may mention `roleId`); throws a ChannelAccessError
 * naming what is missing, or a BotNotMemberError when the bot is not in the server.
 */
export async function checkChannel(
  rest: REST,
  botId: string,
  guildId: string,
  channelId: string,
  o: { needs: readonly ChannelPermission[]; roleId?: string | undefined; signal?: AbortSignal | undefined },
): Promise<ChannelAccess> {
  const { access, roles } = await botChannelAccess(rest, botId, guildId, channelId, o.signal);
  const has = (flag: bigint): boolean => (access.permissions & flag) === flag;
  const missing = missingPermissions(access.permissions, o.needs);
  if (missing) throw missing;
  const roleId = o.roleId;
  if (roleId !== undefined) {
    const role = roles.find((r) => r.id === roleId);
    if (!role) throw new ChannelAccessError('reminders.access.roleNotInServer');
    if (roleId === guildId) throw new ChannelAccessError('reminders.access.everyone');
    if (!role.mentionable && !has(PermissionFlagsBits.MentionEveryone)) {
      throw new ChannelAccessError('reminders.access.roleNotMentionable');
    }
  }
  return access;
}

/** Checks the bot can post reminders (and mention `roleId`) in a channel; throws a ChannelAccessError saying what is missing. */
export async function checkReminderChannel(
  rest: REST,
  botId: string,
  guildId: string,
  channelId: string,
  roleId: string | undefined,
  signal?: AbortSignal,
  o: { thread?: boolean } = {},
): Promise<ChannelAccess> {
  // A thread on each post: starting one on a message needs Create Public Threads too.
  const needs: ChannelPermission[] = ['viewChannel', 'sendMessages', 'embedLinks', ...(o.thread === true ? (['createPublicThreads'] as const) : [])];
  return checkChannel(rest, botId, guildId, channelId, { needs, roleId, signal });
}
