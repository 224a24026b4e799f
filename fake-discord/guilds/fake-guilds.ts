// Guilds (servers) as Discord models them for a bot: roles with permission bitfields, channels with
// permission overwrites, the bot's own member. The test controls (define, setRole, removeBot, ...),
// the REST reads a bot makes about them (GET guild / roles / member / channel) and posts in their
// channels, with Discord's error codes and permission checks; and the guild parts of interactions.

import type { Where } from '../interactions.js';
import type { MessageFaults } from '../message-faults.js';
import { has, Permission } from '../permissions.js';
import type { FakeChannelEdit, FakeGuildsApi, FakeGuildSpec, FakeOverwriteSpec, FakeRoleSpec, InteractionInput, MessageFault, RecordedMessage } from '../types.js';
import { apiChannel, apiGuild, apiMember, apiRole } from './api-objects.js';
import { editInChannel } from './channel-message-edits.js';
import { postInChannel } from './channel-posts.js';
import { startThread, type StartedThread } from './threads.js';
import { checkPathId, guildErrors } from './errors.js';
import { prepareGuildInteraction, type LeafOption } from './interactions.js';
import { buildGuild, CATEGORY, checkRoles, makeOverwrites, makeRole } from './model.js';
import { applyChannelEdit, channelEdit, modifyChannelAsBot } from './channel-edits.js';
import { GuildRegistry } from './registry.js';
import { FakePolls, type PollEvents } from './polls.js';

export class FakeGuilds implements FakeGuildsApi {
  /** The model, shared with the guilds' scheduled events. */
  readonly registry: GuildRegistry;
  /** Polls in the guilds' channels (votes, ends, results). */
  readonly polls: FakePolls;

  constructor(
    botUser: Record<string, unknown>,
    knownUser: (id: string) => Record<string, unknown> | undefined,
    private readonly store: (message: RecordedMessage) => void,
    now: () => number,
    private readonly faults: MessageFaults,
    pollFinalizeDelayMs?: number,
  ) {
    this.registry = new GuildRegistry(botUser, knownUser, now);
    this.polls = new FakePolls(this.registry, pollFinalizeDelayMs);
  }

  /** Where poll events go (the gateway); set by the server. */
  setPollEvents(emit: PollEvents): void {
    this.polls.setEvents(emit);
  }

  vote(messageId: string, userId: string, answerIds: number[]): void {
    this.polls.vote(messageId, userId, answerIds);
  }

  pollsIn(channelId: string): RecordedMessage[] {
    return this.polls.pollsIn(channelId);
  }

  settlePolls(): void {
    this.polls.settle();
  }

  // ---------------------------------------------------------------- test controls

  define(spec: FakeGuildSpec): void {
    const { guilds, channels: allChannels, sent } = this.registry;
    const { guild, channels } = buildGuild(spec, {
      botId: this.registry.botId,
      now: this.registry.now(),
      channelOwner: (id) => allChannels.get(id)?.guildId,
      isGuild: (id) => guilds.has(id),
    });
    // A redefined guild starts afresh: its old channels and what the bot posted in them are gone.
    const old = guilds.get(guild.id);
    for (const id of old?.channels ?? []) {
      allChannels.delete(id);
      sent.delete(id);
    }
    for (const channel of channels) {
      allChannels.set(channel.id, channel);
      sent.delete(channel.id);
    }
    guilds.set(guild.id, guild);
  }

  setRole(guildId: string, spec: FakeRoleSpec): void {
    const guild = this.registry.requireGuild(guildId);
    const existing = guild.roles.get(spec.id);
    const top = Math.max(...[...guild.roles.values()].map((r) => r.position));
    guild.roles.set(spec.id, makeRole(guildId, spec, existing?.position ?? top + 1));
  }

  setOverwrites(channelId: string, overwrites: FakeOverwriteSpec[]): void {
    const channel = this.registry.requireChannel(channelId);
    const guild = this.registry.requireGuild(channel.guildId);
    channel.overwrites = makeOverwrites(guild.id, guild.roles, overwrites, `channel ${channelId}`);
  }

  editChannel(channelId: string, edit: FakeChannelEdit): void {
    applyChannelEdit(this.registry.requireChannel(channelId), channelEdit(edit));
  }

  setBotRoles(guildId: string, roleIds: string[]): void {
    const guild = this.registry.requireGuild(guildId);
    if (!guild.bot) throw new Error(`fake discord: the bot is not in guild ${guildId}; define() the guild again to add it back`);
    guild.bot.roles = checkRoles(guildId, guild.roles, roleIds, 'the bot');
  }

  deleteChannel(channelId: string): void {
    const channel = this.registry.requireChannel(channelId);
    const guild = this.registry.requireGuild(channel.guildId);
    this.registry.channels.delete(channelId);
    guild.channels = guild.channels.filter((id) => id !== channelId);
    if (channel.type === CATEGORY) {
      for (const id of guild.channels) {
        const child = this.registry.channels.get(id);
        if (child?.parentId === channelId) child.parentId = undefined;
      }
    }
  }

  removeBot(guildId: string): void {
    const guild = this.registry.requireGuild(guildId);
    if (guild.ownerId === this.registry.botId) throw new Error(`fake discord: the bot owns guild ${guildId} and cannot be removed`);
    guild.bot = undefined;
  }

  permissionsOf(guildId: string, channelId: string, userId: string): bigint {
    const guild = this.registry.requireGuild(guildId);
    const channel = this.registry.requireChannel(channelId);
    if (channel.guildId !== guildId) throw new Error(`fake discord: channel ${channelId} belongs to guild ${channel.guildId}, not ${guildId}`);
    const roles = this.registry.rolesOfMember(guild, userId);
    return roles === undefined ? 0n : this.registry.permissions(guild, userId, roles, channel);
  }

  messagesIn(channelId: string): RecordedMessage[] {
    this.polls.settle();
    return structuredClone(this.registry.sent.get(channelId) ?? []);
  }

  failNext(n: number, fault: MessageFault): void {
    this.faults.failNext(n, fault);
  }

  // ---------------------------------------------------------------- REST

  /** GET /guilds/:guild */
  guildObject(guildId: string, withCounts: boolean): Record<string, unknown> {
    const guild = this.registry.visibleGuild(guildId);
    return apiGuild(guild, this.registry.sortedRoles(guild), withCounts);
  }

  /** GET /guilds/:guild/roles */
  rolesList(guildId: string): Array<Record<string, unknown>> {
    return this.registry.sortedRoles(this.registry.visibleGuild(guildId)).map(apiRole);
  }

  /** GET /guilds/:guild/members/:user */
  memberObject(guildId: string, userId: string): Record<string, unknown> {
    const guild = this.registry.visibleGuild(guildId);
    checkPathId('user_id', userId);
    const member = userId === this.registry.botId ? guild.bot : guild.members.get(userId);
    if (!member) throw guildErrors.unknownMember();
    return { user: this.registry.userObject(userId), ...apiMember(member) };
  }

  /** GET /channels/:channel for a guild channel; undefined when no guild has this channel. */
  channelObject(channelId: string): Record<string, unknown> | undefined {
    const channel = this.registry.channels.get(channelId);
    if (!channel) return undefined;
    const guild = this.registry.requireGuild(channel.guildId);
    if (!has(this.registry.botPermissions(guild, channel), Permission.VIEW_CHANNEL)) throw guildErrors.missingAccess();
    return apiChannel(channel);
  }

  /** PATCH /channels/:channel for a guild channel: the channel as it is after the change; undefined when no guild has this channel. */
  modifyChannel(channelId: string, body: unknown): Record<string, unknown> | undefined {
    const channel = this.registry.channels.get(channelId);
    if (!channel) return undefined;
    modifyChannelAsBot(this.registry, channel, body);
    return apiChannel(channel);
  }

  /** Threads the bot started on its messages, by message id. */
  private readonly threads = new Map<string, StartedThread>();

  /** The threads started on messages of a channel. */
  threadsIn(channelId: string): StartedThread[] {
    return [...this.threads.values()].filter((t) => t.parentId === channelId).map((t) => ({ ...t }));
  }

  /** POST /channels/:channel/messages/:message/threads; undefined when no guild has this channel. */
  startThread(channelId: string, messageId: string, body: unknown): Record<string, unknown> | undefined {
    const channel = this.registry.channels.get(channelId);
    if (!channel) return undefined;
    checkPathId('message_id', messageId);
    return startThread(this.registry, channel, messageId, body, this.threads);
  }

  /** POST /channels/:channel/messages to a guild channel; undefined when no guild has this channel. */
  post(channelId: string, body: unknown): RecordedMessage | undefined {
    const channel = this.registry.channels.get(channelId);
    if (!channel) return undefined;
    return postInChannel(this.registry, channel, body, this.faults, this.store, this.polls);
  }

  /** PATCH /channels/:channel/messages/:message in a guild channel; undefined when no guild has this channel. */
  edit(channelId: string, messageId: string, body: unknown): RecordedMessage | undefined {
    const channel = this.registry.channels.get(channelId);
    if (!channel) return undefined;
    checkPathId('message_id', messageId);
    return editInChannel(this.registry, channel, messageId, body);
  }

  // ---------------------------------------------------------------- interactions

  /** Fills an interaction in a modelled guild from the model; see prepareGuildInteraction. */
  prepareInteraction(payload: InteractionInput, built: Where | undefined, leaves: LeafOption[] | undefined, unchecked: boolean): void {
    prepareGuildInteraction(this.registry, payload, built, leaves, unchecked);
  }
}
