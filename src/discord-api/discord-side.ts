// The one Discord side of a process: built once in its composition root (the single bot, each shard
// child, the shard manager) before any service, from discord.js's REST client, the bot's own user id
// and whether a gateway session is connected. Services take the narrow parts they need at
// construction (a channel poster, direct messages, the channel access check, …); handlers reach them
// through their context. Nothing else in the bot calls Discord's REST API, except the responder,
// which answers interactions.

import { Routes, type REST } from 'discord.js';
import type { APIApplication, APIGuild, APIUser } from 'discord.js';
import { checkChannel, type ChannelAccess, type ChannelPermission } from './channel-access.js';
import { messageBody, messageFiles, type OutgoingMessage } from './message-body.js';
import { channelAgeRestriction, type ChannelAgeRestriction, type ChannelStateOptions } from './channel-state.js';
import type { StoreEngine } from '../store/engine.js';
import { createPoll, expirePoll, readPoll, type PollDraft, type PollState } from './polls.js';
import { cancelScheduledEvent, createScheduledEvent, listScheduledEvents, readScheduledEvent, type ScheduledEvent, type ScheduledEventInput } from './scheduled-events.js';
import { botAbsence, type BotNotMemberError } from './membership.js';

export type { OutgoingFile, OutgoingMessage } from './message-body.js';
export type { ChannelAccess, ChannelPermission } from './channel-access.js';
export type { ChannelAgeRestriction } from './channel-state.js';
export type { PollDraft, PollState } from './polls.js';
export type { ScheduledEvent, ScheduledEventInput } from './scheduled-events.js';

/** One message the bot posts on its own. */
export interface ChannelPost {
  message: OutgoingMessage;
  /** A nonce Discord enforces (`enforce_nonce`): a resend within its window returns the first message. At most 25 characters. */
  nonce?: string;
  /** The only roles the post may ping (the role a server chose); no one else, ever. */
  roleIds?: readonly string[];
  signal?: AbortSignal;
}

/** The bot's posts in a server channel (or a DM channel): post, edit and delete its own messages. */
export interface ChannelPoster {
  /** Posts the message with its files; `id` is the new message's (undefined if Discord named none). */
  post(channelId: string, post: ChannelPost): Promise<{ id: string | undefined }>;
  /** Replaces one of the bot's messages (its text, embeds, components and files). */
  edit(channelId: string, messageId: string, message: OutgoingMessage, signal?: AbortSignal): Promise<void>;
  delete(channelId: string, messageId: string, signal?: AbortSignal): Promise<void>;
  /** Starts a public thread on a message. */
  startThread(channelId: string, messageId: string, o: { name: string; autoArchiveMinutes: 60 | 1440 | 4320 | 10080; signal?: AbortSignal }): Promise<void>;
}

/** Messages to a person's DMs (over REST: they work on either transport). */
export interface DirectMessages {
  /** The DM channel with a user (Discord opens it if needed). */
  channelFor(userId: string, signal?: AbortSignal): Promise<string>;
  /** Sends to the user's DMs; no one is pinged. */
  send(userId: string, post: Omit<ChannelPost, 'roleIds'>): Promise<{ channelId: string; id: string | undefined }>;
}

/** Whether the bot may do what a feature needs in a server channel. */
export interface ChannelAccessCheck {
  /**
   * The bot's access to the channel; throws a ChannelAccessError naming the permissions of `needs` it
   * lacks (or why it cannot use the channel, or may not mention `roleId`), or a BotNotMemberError when
   * it is not in the server.
   */
  check(guildId: string, channelId: string, o: { needs: readonly ChannelPermission[]; roleId?: string | undefined; signal?: AbortSignal | undefined }): Promise<ChannelAccess>;
}

/** What the bot reads of a server. */
export interface Guilds {
  /** The server's owner and name; undefined when Discord names no owner. */
  owner(guildId: string, signal?: AbortSignal): Promise<{ ownerId: string; name: string | undefined } | undefined>;
}

/** Native polls the bot posts (see polls.ts for the refusals each throws). */
export interface DiscordPolls {
  /** Posts a poll; throws a ChannelAccessError saying why Discord refused (or BotNotMemberError). */
  create(o: { guildId: string; channelId: string; draft: PollDraft; nonce: string; signal?: AbortSignal }): Promise<{ messageId: string; expiresAt: number }>;
  /** The poll as Discord has it now; undefined when the message is gone or can no longer be read. */
  read(channelId: string, messageId: string, signal?: AbortSignal): Promise<PollState | undefined>;
  /** Ends one of the bot's polls now. */
  expire(poll: { guildId: string; channelId: string; messageId: string }, signal?: AbortSignal): Promise<'ended' | 'already' | 'gone'>;
}

/** A server's scheduled events (see scheduled-events.ts for the refusals each throws). */
export interface DiscordScheduledEvents {
  create(guildId: string, input: ScheduledEventInput, signal?: AbortSignal): Promise<ScheduledEvent>;
  /** Undefined when the event is gone. */
  read(guildId: string, eventId: string, signal?: AbortSignal): Promise<ScheduledEvent | undefined>;
  list(guildId: string, signal?: AbortSignal): Promise<ScheduledEvent[]>;
  cancel(guildId: string, eventId: string, signal?: AbortSignal): Promise<void>;
}

/**
 * An interaction's webhook after its answer (valid 15 minutes): follow-ups and edits made later by
 * background work (an import's progress, /wrapped's cards, the /login reply). No bot token is sent.
 */
export interface InteractionWebhooks {
  /** Posts a follow-up; `wait`: Discord answers with the message (its id). `ephemeral`: only the person sees it. */
  followUp(applicationId: string, token: string, message: OutgoingMessage, o?: { ephemeral?: boolean; wait?: boolean }): Promise<{ id: string | undefined }>;
  /** Edits the answer (`'@original'`) or a follow-up; `clearContent`: text the message had goes unless it has new text; `ephemeral` flags it so. */
  edit(applicationId: string, token: string, messageId: string, message: OutgoingMessage, o?: { clearContent?: boolean; ephemeral?: boolean }): Promise<void>;
}

export interface DiscordSide {
  /** The bot's own user id: from the gateway session when it is ready, else read once over REST. */
  botId(signal?: AbortSignal): Promise<string>;
  /** Whether a gateway session is connected now (always false over the HTTP transport and in the shard manager). */
  gatewayConnected(): boolean;
  channels: ChannelPoster;
  directMessages: DirectMessages;
  access: ChannelAccessCheck;
  guilds: Guilds;
  polls: DiscordPolls;
  events: DiscordScheduledEvents;
  webhooks: InteractionWebhooks;
  /** Who owns the application: its owner, or its team's members. */
  applicationOwners(signal?: AbortSignal): Promise<string[]>;
  /** The error that tells a member the bot is not in the server (with the link that adds it), or undefined when it is. */
  botAbsence(guildId: string, signal?: AbortSignal): Promise<BotNotMemberError | undefined>;
  /** Whether server channels are age-restricted now, read over REST, each answer kept minutes in `kv` (see channel-state.ts). */
  channelAgeRestriction(kv: Pick<StoreEngine, 'get' | 'set'>, o?: ChannelStateOptions): ChannelAgeRestriction;
}

export interface DiscordSideOptions {
  /** discord.js's REST client (the gateway client's `client.rest`, or one of its own), its token set. */
  rest: REST;
  /** The bot's id as the gateway session knows it (undefined before ready, and without a gateway). */
  knownBotId?: () => string | undefined;
  /** Whether a gateway session is connected now; none when the process has no gateway. */
  gatewayConnected?: () => boolean;
}

const call = (signal: AbortSignal | undefined): { signal?: AbortSignal } => (signal ? { signal } : {});

const idOf = (sent: unknown): string | undefined => {
  const id = (sent as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : undefined;
};

/** The bot's id, read over REST at most once (a failed read is tried again next time); `peek`: the id if known yet. */
function botIdReader(rest: REST, known: () => string | undefined): { read: (signal?: AbortSignal) => Promise<string>; peek: () => string | undefined } {
  let read: Promise<string> | undefined;
  let readId: string | undefined;
  return {
    peek: () => known() ?? readId,
    read: async (signal) => {
      const id = known() ?? readId;
      if (id !== undefined) return id;
      read ??= (rest.get(Routes.user('@me'), call(signal)) as Promise<APIUser>).then((me) => (readId = me.id));
      return read.catch((error: unknown) => {
        read = undefined;
        throw error;
      });
    },
  };
}

function channelPoster(rest: REST): ChannelPoster {
  return {
    post: async (channelId, p) => {
      const nonce = p.nonce !== undefined ? { nonce: p.nonce, enforce_nonce: true } : {};
      const sent = await rest.post(Routes.channelMessages(channelId), {
        ...call(p.signal),
        body: { ...nonce, ...messageBody(p.message, { roleIds: p.roleIds }) },
        ...messageFiles(p.message),
      });
      return { id: idOf(sent) };
    },
    edit: async (channelId, messageId, message, signal) => {
      await rest.patch(Routes.channelMessage(channelId, messageId), { ...call(signal), body: messageBody(message), ...messageFiles(message) });
    },
    delete: async (channelId, messageId, signal) => {
      await rest.delete(Routes.channelMessage(channelId, messageId), call(signal));
    },
    startThread: async (channelId, messageId, o) => {
      await rest.post(Routes.threads(channelId, messageId), { ...call(o.signal), body: { name: o.name, auto_archive_duration: o.autoArchiveMinutes } });
    },
  };
}

const EPHEMERAL = 64;

function interactionWebhooks(rest: REST): InteractionWebhooks {
  return {
    followUp: async (applicationId, token, message, o = {}) => {
      const sent = await rest.post(Routes.webhook(applicationId, token), {
        body: messageBody(message, { flags: o.ephemeral === true ? EPHEMERAL : undefined }),
        ...messageFiles(message),
        auth: false,
        ...(o.wait === true ? { query: new URLSearchParams({ wait: 'true' }) } : {}),
      });
      return { id: idOf(sent) };
    },
    edit: async (applicationId, token, messageId, message, o = {}) => {
      const body = messageBody(message, { flags: o.ephemeral === true ? EPHEMERAL : undefined });
      await rest.patch(Routes.webhookMessage(applicationId, token, messageId), { body: o.clearContent === true ? { content: '', ...body } : body, ...messageFiles(message), auth: false });
    },
  };
}

function directMessages(rest: REST, channels: ChannelPoster): DirectMessages {
  const channelFor = async (userId: string, signal?: AbortSignal): Promise<string> => {
    const channel = (await rest.post(Routes.userChannels(), { ...call(signal), body: { recipient_id: userId } })) as { id?: unknown };
    if (typeof channel.id !== 'string') throw new Error('Discord answered without a DM channel id');
    return channel.id;
  };
  return {
    channelFor,
    send: async (userId, p) => {
      const channelId = await channelFor(userId, p.signal);
      const { id } = await channels.post(channelId, p);
      return { channelId, id };
    },
  };
}

/** The Discord side over `rest`: built once per process, before the services that use it. */
export function openDiscordSide(o: DiscordSideOptions): DiscordSide {
  const { rest } = o;
  const ids = botIdReader(rest, o.knownBotId ?? (() => undefined));
  const botId = ids.read;
  const channels = channelPoster(rest);
  return {
    botId,
    gatewayConnected: o.gatewayConnected ?? (() => false),
    channels,
    directMessages: directMessages(rest, channels),
    access: {
      check: async (guildId, channelId, c) => checkChannel(rest, await botId(c.signal), guildId, channelId, c),
    },
    channelAgeRestriction: (kv, c) => channelAgeRestriction(rest, kv, c),
    webhooks: interactionWebhooks(rest),
    polls: {
      create: async (p) => createPoll(rest, { ...p, botId: await botId(p.signal) }),
      read: (channelId, messageId, signal) => readPoll(rest, channelId, messageId, signal),
      expire: (poll, signal) => expirePoll(rest, poll, signal, ids.peek()),
    },
    events: {
      create: (guildId, input, signal) => createScheduledEvent(rest, guildId, input, signal, ids.peek()),
      read: (guildId, eventId, signal) => readScheduledEvent(rest, guildId, eventId, signal),
      list: (guildId, signal) => listScheduledEvents(rest, guildId, signal, ids.peek()),
      cancel: (guildId, eventId, signal) => cancelScheduledEvent(rest, guildId, eventId, signal),
    },
    applicationOwners: async (signal) => {
      const application = (await rest.get(Routes.currentApplication(), call(signal))) as APIApplication;
      return application.team ? application.team.members.map((m) => m.user.id) : application.owner ? [application.owner.id] : [];
    },
    botAbsence: (guildId, signal) => botAbsence(rest, ids.peek(), guildId, signal),
    guilds: {
      owner: async (guildId, signal) => {
        const guild = (await rest.get(Routes.guild(guildId), call(signal))) as Partial<Pick<APIGuild, 'owner_id' | 'name'>>;
        if (typeof guild.owner_id !== 'string') return undefined;
        return { ownerId: guild.owner_id, name: typeof guild.name === 'string' ? guild.name : undefined };
      },
    },
  };
}
