// The guild model as Discord's API shows it: guild, role, member and channel objects, and the plain
// user object of someone the fake knows nothing about.

import { CATEGORY, type Channel, type Guild, type Member, type Role } from './model.js';

/** GET /guilds/:guild; the approximate counts only `with_counts`. */
export function apiGuild(guild: Guild, roles: readonly Role[], withCounts: boolean): Record<string, unknown> {
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
    roles: roles.map(apiRole),
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

export function apiRole(role: Role): Record<string, unknown> {
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

export function apiMember(member: Member): Record<string, unknown> {
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

export function apiChannel(channel: Channel): Record<string, unknown> {
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

/** A user the fake has never seen: a plain user object built from the id. */
export function plainUser(userId: string): Record<string, unknown> {
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
