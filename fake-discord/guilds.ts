// Guilds (servers) as Discord models them for a bot: roles with permission bitfields, channels with
// permission overwrites, the bot's own member. Answers the REST calls a bot makes about them
// (GET guild / roles / member / channel) and posts in their channels, with Discord's error codes,
// permission checks and mention resolution; and fills the guild parts of interactions in them.

import { DiscordHttpError, FormErrors, isRecord } from './errors.js';
import type { MessageFaults } from './message-faults.js';
import { isEmptyMessage, MessageFlag, validateMessageBody } from './message-validation.js';
import { earlierWithNonce, nonceOf, validateNonce } from './nonce.js';
import { computePermissions, DEFAULT_EVERYONE_PERMISSIONS, has, Permission, toBits, type Overwrite } from './permissions.js';
import { snowflake } from './snowflake.js';
import type {
  FakeChannelSpec,
  FakeGuildsApi,
  FakeGuildSpec,
  FakeOverwriteSpec,
  FakeRoleSpec,
  InteractionInput,
  MessageFault,
  RecordedMessage,
} from './types.js';
import type { Where } from './interactions.js';

/** Channel types that hold messages (text, voice and stage text chat, announcement). */
const MESSAGE_CHANNEL_TYPES = new Set([0, 2, 5, 13]);
/** Guild channel types the model supports (threads are not modelled). */
const CHANNEL_TYPES = new Set([0, 2, 4, 5, 13, 15, 16]);
const CATEGORY = 4;
/** Flags a bot may set on a channel message; the rest is dropped. */
const CREATABLE_FLAGS = MessageFlag.SuppressEmbeds | MessageFlag.SuppressNotifications | MessageFlag.IsComponentsV2;
const ID = /^\d{1,20}$/;

interface Role {
  id: string;
  name: string;
  permissions: bigint;
  mentionable: boolean;
  position: number;
  managed: boolean;
}

interface Channel {
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

interface Member {
  roles: string[];
  joinedAt: string;
}

interface Guild {
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

/** A leaf option of a command interaction with its registered definition. */
export interface LeafOption {
  option: Record<string, unknown>;
  definition: Record<string, unknown>;
}

const errors = {
  unknownGuild: () => new DiscordHttpError(404, { message: 'Unknown Guild', code: 10004 }),
  unknownMember: () => new DiscordHttpError(404, { message: 'Unknown Member', code: 10007 }),
  unknownChannel: () => new DiscordHttpError(404, { message: 'Unknown Channel', code: 10003 }),
  missingAccess: () => new DiscordHttpError(403, { message: 'Missing Access', code: 50001 }),
  missingPermissions: () => new DiscordHttpError(403, { message: 'Missing Permissions', code: 50013 }),
  nonTextChannel: () => new DiscordHttpError(400, { message: 'Cannot send messages in a non-text channel', code: 50008 }),
  emptyMessage: () => new DiscordHttpError(400, { message: 'Cannot send an empty message', code: 50006 }),
};

/** A path id that is not a snowflake: Discord answers 400 Invalid Form Body naming the parameter. */
function checkPathId(name: string, value: string): void {
  if (ID.test(value)) return;
  const errs = new FormErrors();
  errs.add([name], 'NUMBER_TYPE_COERCE', `Value "${value}" is not snowflake.`);
  errs.throwIfAny();
}

function specId(value: unknown, what: string): string {
  if (typeof value !== 'string' || !ID.test(value)) throw new Error(`fake discord: ${what}: ${JSON.stringify(value)} is not a snowflake id`);
  return value;
}

/** Discord's timestamp format for member join times: microseconds and an explicit offset. */
function discordTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '000+00:00');
}

/** Text that can carry mentions: the content and Components V2 text displays (type 10). */
function mentionText(body: Record<string, unknown>): string {
  const parts: string[] = [typeof body.content === 'string' ? body.content : ''];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(walk);
      return;
    }
    if (!isRecord(value)) return;
    if (value.type === 10 && typeof value.content === 'string') parts.push(value.content);
    walk(value.components);
    walk(value.accessory);
  };
  walk(body.components);
  return parts.join('\n');
}

function uniqueMatches(text: string, pattern: RegExp): string[] {
  return [...new Set([...text.matchAll(pattern)].map((m) => m[1] ?? ''))];
}

export class FakeGuilds implements FakeGuildsApi {
  private readonly guilds = new Map<string, Guild>();
  private readonly channels = new Map<string, Channel>();
  /** Channel id → what the bot posted there; kept when the channel is deleted. */
  private readonly sent = new Map<string, RecordedMessage[]>();
  private readonly botId: string;

  constructor(
    private readonly botUser: Record<string, unknown>,
    private readonly knownUser: (id: string) => Record<string, unknown> | undefined,
    private readonly store: (message: RecordedMessage) => void,
    private readonly now: () => number,
    private readonly faults: MessageFaults,
  ) {
    this.botId = String(botUser.id);
  }

  // ---------------------------------------------------------------- test controls

  define(spec: FakeGuildSpec): void {
    const guildId = specId(spec.id, 'guild id');
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
      const role = this.makeRole(guildId, r, i + 1);
      if (role.id !== guildId && roles.has(role.id)) throw new Error(`fake discord: guild ${guildId}: role ${role.id} defined twice`);
      roles.set(role.id, role);
    });

    const joinedAt = discordTimestamp(this.now());
    const members = new Map<string, Member>();
    for (const [userId, roleIds] of Object.entries(spec.members ?? {})) {
      specId(userId, `guild ${guildId} member`);
      if (userId === this.botId) throw new Error(`fake discord: guild ${guildId}: give the bot's roles as botRoles, not in members`);
      members.set(userId, { roles: checkRoles(guildId, roles, roleIds, `member ${userId}`), joinedAt });
    }
    const ownerId = spec.ownerId === undefined ? snowflake() : specId(spec.ownerId, `guild ${guildId} ownerId`);
    const botMember = spec.botMember ?? true;
    if (!botMember && (spec.botRoles ?? []).length > 0) throw new Error(`fake discord: guild ${guildId}: botRoles given but botMember is false`);
    if (ownerId === this.botId && !botMember) throw new Error(`fake discord: guild ${guildId}: the bot owns the guild, so it is a member`);
    if (ownerId !== this.botId && !members.has(ownerId)) members.set(ownerId, { roles: [], joinedAt });
    const bot = botMember ? { roles: checkRoles(guildId, roles, spec.botRoles ?? [], 'the bot'), joinedAt } : undefined;

    const seen = new Set<string>();
    const channels = spec.channels.map((c, i) => {
      const channel = this.makeChannel(guildId, roles, c, i);
      if (seen.has(channel.id)) throw new Error(`fake discord: guild ${guildId}: channel ${channel.id} defined twice`);
      seen.add(channel.id);
      const other = this.channels.get(channel.id);
      if (other && other.guildId !== guildId) throw new Error(`fake discord: channel ${channel.id} already belongs to guild ${other.guildId}`);
      if (this.guilds.has(channel.id) || roles.has(channel.id)) throw new Error(`fake discord: channel id ${channel.id} is already a guild or role id`);
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

    // A redefined guild starts afresh: its old channels and what the bot posted in them are gone.
    const old = this.guilds.get(guildId);
    for (const id of old?.channels ?? []) {
      this.channels.delete(id);
      this.sent.delete(id);
    }
    for (const channel of channels) {
      this.channels.set(channel.id, channel);
      this.sent.delete(channel.id);
    }
    this.guilds.set(guildId, {
      id: guildId,
      name: spec.name ?? `guild-${guildId.slice(-4)}`,
      ownerId,
      roles,
      channels: channels.map((c) => c.id),
      members,
      bot,
    });
  }

  setRole(guildId: string, spec: FakeRoleSpec): void {
    const guild = this.requireGuild(guildId);
    const existing = guild.roles.get(spec.id);
    const top = Math.max(...[...guild.roles.values()].map((r) => r.position));
    guild.roles.set(spec.id, this.makeRole(guildId, spec, existing?.position ?? top + 1));
  }

  setOverwrites(channelId: string, overwrites: FakeOverwriteSpec[]): void {
    const channel = this.requireChannel(channelId);
    const guild = this.requireGuild(channel.guildId);
    channel.overwrites = makeOverwrites(guild.id, guild.roles, overwrites, `channel ${channelId}`);
  }

  setBotRoles(guildId: string, roleIds: string[]): void {
    const guild = this.requireGuild(guildId);
    if (!guild.bot) throw new Error(`fake discord: the bot is not in guild ${guildId}; define() the guild again to add it back`);
    guild.bot.roles = checkRoles(guildId, guild.roles, roleIds, 'the bot');
  }

  deleteChannel(channelId: string): void {
    const channel = this.requireChannel(channelId);
    const guild = this.requireGuild(channel.guildId);
    this.channels.delete(channelId);
    guild.channels = guild.channels.filter((id) => id !== channelId);
    if (channel.type === CATEGORY) {
      for (const id of guild.channels) {
        const child = this.channels.get(id);
        if (child?.parentId === channelId) child.parentId = undefined;
      }
    }
  }

  removeBot(guildId: string): void {
    const guild = this.requireGuild(guildId);
    if (guild.ownerId === this.botId) throw new Error(`fake discord: the bot owns guild ${guildId} and cannot be removed`);
    guild.bot = undefined;
  }

  permissionsOf(guildId: string, channelId: string, userId: string): bigint {
    const guild = this.requireGuild(guildId);
    const channel = this.requireChannel(channelId);
    if (channel.guildId !== guildId) throw new Error(`fake discord: channel ${channelId} belongs to guild ${channel.guildId}, not ${guildId}`);
    const roles = this.rolesOfMember(guild, userId);
    return roles === undefined ? 0n : this.permissions(guild, userId, roles, channel);
  }

  messagesIn(channelId: string): RecordedMessage[] {
    return structuredClone(this.sent.get(channelId) ?? []);
  }

  failNext(n: number, fault: MessageFault): void {
    this.faults.failNext(n, fault);
  }

  // ---------------------------------------------------------------- REST

  /** GET /guilds/:guild */
  guildObject(guildId: string, withCounts: boolean): Record<string, unknown> {
    const guild = this.visibleGuild(guildId);
    const body: Record<string, unknown> = {
      id: guild.id,
      name: guild.name,
      icon: null,
      icon_hash: null,
      splash: null,
      discovery_splash: null,
      owner_id: guild.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      widget_enabled: false,
      widget_channel_id: null,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: this.sortedRoles(guild).map(apiRole),
      emojis: [],
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      max_presences: null,
      max_members: 500000,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: 0,
      premium_subscription_count: 0,
      preferred_locale: 'en-US',
      public_updates_channel_id: null,
      max_video_channel_users: 25,
      max_stage_video_channel_users: 50,
      nsfw_level: 0,
      stickers: [],
      premium_progress_bar_enabled: false,
      safety_alerts_channel_id: null,
      incidents_data: null,
    };
    if (withCounts) {
      body.approximate_member_count = guild.members.size + (guild.bot ? 1 : 0);
      body.approximate_presence_count = 0;
    }
    return body;
  }

  /** GET /guilds/:guild/roles */
  rolesList(guildId: string): Array<Record<string, unknown>> {
    return this.sortedRoles(this.visibleGuild(guildId)).map(apiRole);
  }

  /** GET /guilds/:guild/members/:user */
  memberObject(guildId: string, userId: string): Record<string, unknown> {
    const guild = this.visibleGuild(guildId);
    checkPathId('user_id', userId);
    const member = userId === this.botId ? guild.bot : guild.members.get(userId);
    if (!member) throw errors.unknownMember();
    return { user: this.userObject(userId), ...apiMember(member) };
  }

  /** GET /channels/:channel for a guild channel; undefined when no guild has this channel. */
  channelObject(channelId: string): Record<string, unknown> | undefined {
    const channel = this.channels.get(channelId);
    if (!channel) return undefined;
    const guild = this.requireGuild(channel.guildId);
    if (!has(this.botPermissions(guild, channel), Permission.VIEW_CHANNEL)) throw errors.missingAccess();
    return apiChannel(channel);
  }

  /** POST /channels/:channel/messages to a guild channel; undefined when no guild has this channel. */
  post(channelId: string, body: unknown): RecordedMessage | undefined {
    const channel = this.channels.get(channelId);
    if (!channel) return undefined;
    const errs = new FormErrors();
    const isV2 = isRecord(body) && typeof body.flags === 'number' && (body.flags & MessageFlag.IsComponentsV2) !== 0;
    validateMessageBody(errs, [], body, isV2);
    if (isRecord(body)) validateNonce(errs, body);
    errs.throwIfAny();
    const data = body as Record<string, unknown>;
    if (isEmptyMessage(data)) throw errors.emptyMessage();
    this.faults.throwNext();
    const guild = this.requireGuild(channel.guildId);
    if (!MESSAGE_CHANNEL_TYPES.has(channel.type)) throw errors.nonTextChannel();
    const perms = this.botPermissions(guild, channel);
    if (!has(perms, Permission.VIEW_CHANNEL)) throw errors.missingAccess();
    if (!has(perms, Permission.SEND_MESSAGES)) throw errors.missingPermissions();
    if (Array.isArray(data.attachments) && data.attachments.length > 0 && !has(perms, Permission.ATTACH_FILES)) {
      throw errors.missingPermissions();
    }
    const earlier = earlierWithNonce(this.sent.get(channelId), data, this.now());
    if (earlier) return earlier;
    const nonce = nonceOf(data);
    const embeds =
      has(perms, Permission.EMBED_LINKS) && Array.isArray(data.embeds)
        ? data.embeds.map((e) => (isRecord(e) ? { type: 'rich', ...structuredClone(e) } : e))
        : [];
    const mentions = this.resolveMentions(guild, perms, data);
    const message = {
      id: snowflake(),
      type: 0,
      channel_id: channelId,
      guild_id: guild.id,
      author: structuredClone(this.botUser),
      content: typeof data.content === 'string' ? data.content : '',
      timestamp: new Date(this.now()).toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: mentions.everyone,
      mentions: mentions.users,
      mention_roles: mentions.roles,
      attachments: [],
      embeds,
      components: Array.isArray(data.components) ? structuredClone(data.components) : [],
      pinned: false,
      flags: (typeof data.flags === 'number' ? data.flags : 0) & CREATABLE_FLAGS,
      ...(nonce !== undefined ? { nonce } : {}),
    } as unknown as RecordedMessage;
    if (data.allowed_mentions !== undefined) message.allowed_mentions = structuredClone(data.allowed_mentions);
    channel.lastMessageId = message.id;
    const list = this.sent.get(channelId) ?? [];
    list.push(message);
    this.sent.set(channelId, list);
    this.store(message);
    return message;
  }

  /**
   * Who a message pings, as Discord resolves it: only mentions written in the text (content or V2 text
   * displays), filtered by `allowed_mentions` (absent: everything parsed), roles only when mentionable
   * or the bot has MENTION_EVERYONE in the channel, @everyone/@here only with MENTION_EVERYONE.
   */
  private resolveMentions(guild: Guild, perms: bigint, body: Record<string, unknown>): { everyone: boolean; users: unknown[]; roles: string[] } {
    const text = mentionText(body);
    const allowed = isRecord(body.allowed_mentions) ? body.allowed_mentions : undefined;
    const parse = allowed && Array.isArray(allowed.parse) ? allowed.parse : [];
    const allows = (kind: 'users' | 'roles', id: string): boolean => {
      if (allowed === undefined || parse.includes(kind)) return true;
      const ids = allowed[kind];
      return Array.isArray(ids) && ids.includes(id);
    };
    const mentionEveryone = has(perms, Permission.MENTION_EVERYONE);
    const roles = uniqueMatches(text, /<@&(\d+)>/g).filter((id) => {
      const role = guild.roles.get(id);
      return role !== undefined && id !== guild.id && allows('roles', id) && (role.mentionable || mentionEveryone);
    });
    const users = uniqueMatches(text, /<@!?(\d+)>/g)
      .filter((id) => allows('users', id))
      .map((id) => this.mentionedUser(id, guild))
      .filter((u): u is Record<string, unknown> => u !== undefined);
    const everyone = /@(?:everyone|here)\b/.test(text) && (allowed === undefined || parse.includes('everyone')) && mentionEveryone;
    return { everyone, users, roles };
  }

  // ---------------------------------------------------------------- interactions

  /**
   * Fills an interaction in a modelled guild from the model: member roles and permissions,
   * `app_permissions`, the channel, and `data.resolved` for channel/role/mentionable options. Throws for
   * what Discord would never send: a channel of another guild, a role the guild lacks, a channel option
   * outside the option's `channel_types`, a command used where the member (by the model) cannot see the
   * channel or lacks USE_APPLICATION_COMMANDS. `built` is the builder's Where (undefined for a
   * hand-built payload, whose member roles and permissions are then taken as given; explicit
   * `memberPermissions` are taken as given too). Unmodelled guilds are left alone.
   */
  prepareInteraction(payload: InteractionInput, built: Where | undefined, leaves: LeafOption[] | undefined, unchecked: boolean): void {
    const guild = typeof payload.guild_id === 'string' ? this.guilds.get(payload.guild_id) : undefined;
    if (!guild) return;
    const fail = (what: string): never => {
      throw new Error(`fake discord: guild ${guild.id}: ${what}; real Discord never sends this`);
    };
    const member = isRecord(payload.member) ? payload.member : fail('a guild interaction without member');
    const user = isRecord(member.user) ? member.user : fail('a guild interaction without member.user');
    const userId = String(user.id);
    if (userId === this.botId) fail('an interaction invoked by the bot itself');
    const where = built?.kind === 'guild' ? built : undefined;

    let roles: string[];
    if (built === undefined) roles = Array.isArray(member.roles) ? member.roles.map(String) : [];
    else if (where?.memberRoles !== undefined) roles = [...where.memberRoles];
    else roles = guild.members.get(userId)?.roles ?? [];
    for (const id of roles) {
      if (id === guild.id || !guild.roles.has(id)) fail(`member roles include ${id}, which is not a role of the guild`);
    }

    const channelId = String(payload.channel_id ?? '');
    const channel = this.channels.get(channelId);
    if (channel && channel.guildId !== guild.id) fail(`the interaction's channel ${channelId} belongs to guild ${channel.guildId}`);
    if (channel && !MESSAGE_CHANNEL_TYPES.has(channel.type)) fail(`an interaction in channel ${channelId} of type ${channel.type}`);

    // Explicit member permissions (Where.memberPermissions, or a hand-built payload) are the test's
    // statement of what Discord sent and are taken as given; computed ones must allow the interaction.
    const explicit = built === undefined || where?.memberPermissions !== undefined;
    const memberPerms = explicit ? toBits(String(member.permissions ?? '0'), 'member.permissions') : this.permissions(guild, userId, roles, channel);
    if (!explicit && channel && !has(memberPerms, Permission.VIEW_CHANNEL)) fail(`the member cannot view channel ${channelId}`);
    if (!explicit && channel && (payload.type === 2 || payload.type === 4) && !has(memberPerms, Permission.USE_APPLICATION_COMMANDS)) {
      fail(`the member lacks USE_APPLICATION_COMMANDS in channel ${channelId}`);
    }
    const appPerms = guild.bot
      ? this.permissions(guild, this.botId, guild.bot.roles, channel)
      : // An app without its bot in the guild gets @everyone's permissions there, plus embeds and files.
        this.permissions(guild, '', [], channel) | Permission.EMBED_LINKS | Permission.ATTACH_FILES;

    // Autocomplete carries no resolved data, but its other options were picked in the same client.
    const options = leaves ? this.resolveOptions(guild, { userId, roles, channel }, leaves, unchecked, fail) : undefined;
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
    if (resolved && payload.data) {
      const existing = isRecord(payload.data.resolved) ? payload.data.resolved : {};
      const merged: Record<string, unknown> = { ...existing };
      for (const [key, entries] of Object.entries(resolved)) {
        if (Object.keys(entries).length > 0) merged[key] = { ...(isRecord(existing[key]) ? existing[key] : {}), ...entries };
      }
      if (Object.keys(merged).length > 0) payload.data.resolved = merged;
    }
    const joinedAt = guild.members.get(userId)?.joinedAt ?? discordTimestamp(this.now());
    member.joined_at = joinedAt;
    guild.members.set(userId, { roles: [...roles], joinedAt });
  }

  private resolveOptions(
    guild: Guild,
    invoker: { userId: string; roles: string[]; channel: Channel | undefined },
    leaves: LeafOption[],
    unchecked: boolean,
    fail: (what: string) => never,
  ): Record<'channels' | 'roles' | 'users' | 'members', Record<string, unknown>> {
    const out = { channels: {} as Record<string, unknown>, roles: {} as Record<string, unknown>, users: {} as Record<string, unknown>, members: {} as Record<string, unknown> };
    for (const { option, definition } of leaves) {
      const type = Number(definition.type);
      const id = option.value;
      const name = String(option.name);
      if (option.focused === true || typeof id !== 'string' || ![7, 8, 9].includes(type)) continue;
      const role = type === 8 || type === 9 ? guild.roles.get(id) : undefined;
      if (type === 7) {
        const channel = this.channels.get(id);
        if (!channel || channel.guildId !== guild.id) {
          if (unchecked) continue;
          fail(`option "${name}" names channel ${id}, which is not a channel of the guild`);
        }
        const allowedTypes = definition.channel_types;
        if (!unchecked && Array.isArray(allowedTypes) && !allowedTypes.includes(channel.type)) {
          fail(`option "${name}" names channel ${id} of type ${channel.type}, outside its channel_types ${JSON.stringify(allowedTypes)}`);
        }
        // The channel as Discord has it (no overwrites), with the invoking member's permissions there.
        const { permission_overwrites: _overwrites, ...partial } = apiChannel(channel);
        out.channels[id] = { ...partial, permissions: String(this.permissions(guild, invoker.userId, invoker.roles, channel)) };
        continue;
      }
      const member = type === 9 ? (id === this.botId ? guild.bot : guild.members.get(id)) : undefined;
      if (role) {
        out.roles[id] = apiRole(role);
      } else if (member) {
        out.users[id] = this.userObject(id);
        const { deaf: _deaf, mute: _mute, ...partial } = apiMember(member);
        out.members[id] = { ...partial, permissions: String(this.permissions(guild, id, member.roles, invoker.channel)) };
      } else if (!unchecked) {
        fail(`option "${name}" names ${id}, which is not a ${type === 8 ? 'role' : 'role or member'} of the guild`);
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- internals

  private makeRole(guildId: string, spec: FakeRoleSpec, position: number): Role {
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

  private makeChannel(guildId: string, roles: Map<string, Role>, spec: FakeChannelSpec, index: number): Channel {
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

  private requireGuild(guildId: string): Guild {
    const guild = this.guilds.get(guildId);
    if (!guild) throw new Error(`fake discord: no guild ${guildId} is defined`);
    return guild;
  }

  private requireChannel(channelId: string): Channel {
    const channel = this.channels.get(channelId);
    if (!channel) throw new Error(`fake discord: no guild channel ${channelId} is defined`);
    return channel;
  }

  /** A guild the bot may read: Discord answers Unknown Guild when it does not exist or the bot is not in it. */
  private visibleGuild(guildId: string): Guild {
    checkPathId('guild_id', guildId);
    const guild = this.guilds.get(guildId);
    if (!guild?.bot) throw errors.unknownGuild();
    return guild;
  }

  private rolesOfMember(guild: Guild, userId: string): string[] | undefined {
    if (userId === this.botId) return guild.bot?.roles;
    return guild.members.get(userId)?.roles;
  }

  private permissions(guild: Guild, userId: string, roles: readonly string[], channel: Channel | undefined): bigint {
    const rolePermissions = new Map([...guild.roles].map(([id, role]) => [id, role.permissions]));
    return computePermissions({ guildId: guild.id, ownerId: guild.ownerId, userId, rolePermissions, memberRoles: roles, overwrites: channel?.overwrites });
  }

  private botPermissions(guild: Guild, channel: Channel): bigint {
    return guild.bot ? this.permissions(guild, this.botId, guild.bot.roles, channel) : 0n;
  }

  private sortedRoles(guild: Guild): Role[] {
    return [...guild.roles.values()].sort((a, b) => a.position - b.position || (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  /** A member's user object: the bot, a user the fake has seen in an interaction, or a plain one. */
  private userObject(userId: string): Record<string, unknown> {
    if (userId === this.botId) return structuredClone(this.botUser);
    const known = this.knownUser(userId);
    if (known) return structuredClone(known);
    return {
      id: userId,
      username: `user${userId.slice(-4)}`,
      global_name: null,
      discriminator: '0',
      avatar: null,
      avatar_decoration_data: null,
      public_flags: 0,
      flags: 0,
    };
  }

  /** A mentioned user: a member of the guild or a user the fake has seen; undefined for a stranger. */
  private mentionedUser(userId: string, guild: Guild): Record<string, unknown> | undefined {
    const isMember = userId === this.botId ? guild.bot !== undefined : guild.members.has(userId);
    if (isMember || userId === this.botId || this.knownUser(userId)) return this.userObject(userId);
    return undefined;
  }
}

function checkRoles(guildId: string, roles: Map<string, Role>, ids: readonly string[], who: string): string[] {
  for (const id of ids) {
    if (id === guildId) throw new Error(`fake discord: guild ${guildId}: ${who}: @everyone is implicit, do not list it as a role`);
    if (!roles.has(id)) throw new Error(`fake discord: guild ${guildId}: ${who} has role ${id}, which the guild does not have`);
  }
  return [...new Set(ids)];
}

function makeOverwrites(guildId: string, roles: Map<string, Role>, specs: readonly FakeOverwriteSpec[], where: string): Overwrite[] {
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

function apiRole(role: Role): Record<string, unknown> {
  return {
    id: role.id,
    name: role.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: String(role.permissions),
    managed: role.managed,
    mentionable: role.mentionable,
    flags: 0,
  };
}

function apiMember(member: Member): Record<string, unknown> {
  return {
    roles: [...member.roles],
    nick: null,
    avatar: null,
    banner: null,
    joined_at: member.joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
  };
}

function apiChannel(channel: Channel): Record<string, unknown> {
  const base: Record<string, unknown> = {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guildId,
    name: channel.name,
    position: channel.position,
    parent_id: channel.parentId ?? null,
    nsfw: channel.nsfw,
    flags: 0,
    permission_overwrites: channel.overwrites.map((o) => ({ id: o.id, type: o.type, allow: String(o.allow), deny: String(o.deny) })),
  };
  if (channel.type === CATEGORY) return base;
  base.rate_limit_per_user = 0;
  base.last_message_id = channel.lastMessageId;
  if (channel.type === 2 || channel.type === 13) return { ...base, bitrate: 64000, user_limit: 0, rtc_region: null };
  base.topic = null;
  if (channel.type === 15 || channel.type === 16) {
    return { ...base, available_tags: [], default_reaction_emoji: null, default_sort_order: null, default_thread_rate_limit_per_user: 0, ...(channel.type === 15 ? { default_forum_layout: 0 } : {}) };
  }
  return base;
}
