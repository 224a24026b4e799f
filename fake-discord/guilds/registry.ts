// The guilds the fake knows right now (guilds, their channels, what the bot posted there) and the
// lookups every guild operation shares: finding a guild or channel, who is a member with which roles,
// a member's permissions in a channel by Discord's algorithm, and user objects for members.

import { computePermissions } from '../permissions.js';
import type { RecordedMessage } from '../types.js';
import { plainUser } from './api-objects.js';
import { checkPathId, guildErrors } from './errors.js';
import type { Channel, Guild, Role } from './model.js';

export class GuildRegistry {
  readonly guilds = new Map<string, Guild>();
  readonly channels = new Map<string, Channel>();
  /** Channel id → what the bot posted there; kept when the channel is deleted. */
  readonly sent = new Map<string, RecordedMessage[]>();
  readonly botId: string;

  constructor(
    readonly botUser: Record<string, unknown>,
    private readonly knownUser: (id: string) => Record<string, unknown> | undefined,
    readonly now: () => number,
  ) {
    this.botId = String(botUser.id);
  }

  requireGuild(guildId: string): Guild {
    const guild = this.guilds.get(guildId);
    if (!guild) throw new Error(`fake discord: no guild ${guildId} is defined`);
    return guild;
  }

  requireChannel(channelId: string): Channel {
    const channel = this.channels.get(channelId);
    if (!channel) throw new Error(`fake discord: no guild channel ${channelId} is defined`);
    return channel;
  }

  /** A guild the bot may read: Discord answers Unknown Guild when it does not exist or the bot is not in it. */
  visibleGuild(guildId: string): Guild {
    checkPathId('guild_id', guildId);
    const guild = this.guilds.get(guildId);
    if (!guild?.bot) throw guildErrors.unknownGuild();
    return guild;
  }

  rolesOfMember(guild: Guild, userId: string): string[] | undefined {
    if (userId === this.botId) return guild.bot?.roles;
    return guild.members.get(userId)?.roles;
  }

  permissions(guild: Guild, userId: string, roles: readonly string[], channel: Channel | undefined): bigint {
    const rolePermissions = new Map([...guild.roles].map(([id, role]) => [id, role.permissions]));
    return computePermissions({ guildId: guild.id, ownerId: guild.ownerId, userId, rolePermissions, memberRoles: roles, overwrites: channel?.overwrites });
  }

  botPermissions(guild: Guild, channel: Channel): bigint {
    return guild.bot ? this.permissions(guild, this.botId, guild.bot.roles, channel) : 0n;
  }

  sortedRoles(guild: Guild): Role[] {
    return [...guild.roles.values()].sort((a, b) => a.position - b.position || (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  /** A member's user object: the bot, a user the fake has seen in an interaction, or a plain one. */
  userObject(userId: string): Record<string, unknown> {
    if (userId === this.botId) return structuredClone(this.botUser);
    const known = this.knownUser(userId);
    if (known) return structuredClone(known);
    return plainUser(userId);
  }

  /** A mentioned user: a member of the guild or a user the fake has seen; undefined for a stranger. */
  mentionedUser(userId: string, guild: Guild): Record<string, unknown> | undefined {
    const isMember = userId === this.botId ? guild.bot !== undefined : guild.members.has(userId);
    if (isMember || userId === this.botId || this.knownUser(userId)) return this.userObject(userId);
    return undefined;
  }
}
