// The one Discord side of a process: built once in its composition root (the single bot, each shard
// child, the shard manager) before any service, from discord.js's REST client, the bot's own user id
// and whether a gateway session is connected. Services take the narrow parts they need at
// construction (a channel poster, direct messages, the channel access check, …); handlers reach them
// through their context. Nothing else in the bot calls Discord's REST API, except the responder,
// which answers interactions.

import { Routes, type REST } from 'discord.js';
import type { APIGuild, APIUser } from 'discord.js';
import { checkChannel, type ChannelAccess, type ChannelPermission } from './channel-access.js';
import { messageBody, messageFiles, type OutgoingMessage } from './message-body.js';

export type { OutgoingFile, OutgoingMessage } from './message-body.js';
export type { ChannelAccess, ChannelPermission } from './channel-access.js';

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

export interface DiscordSide {
  /** The bot's own user id: from the gateway session when it is ready, else read once over REST. */
  botId(signal?: AbortSignal): Promise<string>;
  /** Whether a gateway session is connected now (always false over the HTTP transport and in the shard manager). */
  gatewayConnected(): boolean;
  channels: ChannelPoster;
  directMessages: DirectMessages;
  access: ChannelAccessCheck;
  guilds: Guilds;
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

/** The bot's id, read over REST at most once (a failed read is tried again next time). */
function botIdReader(rest: REST, known: () => string | undefined): (signal?: AbortSignal) => Promise<string> {
  let read: Promise<string> | undefined;
  return async (signal) => {
    const id = known();
    if (id !== undefined) return id;
    read ??= (rest.get(Routes.user('@me'), call(signal)) as Promise<APIUser>).then((me) => me.id);
    return read.catch((error: unknown) => {
      read = undefined;
      throw error;
    });
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
  const botId = botIdReader(rest, o.knownBotId ?? (() => undefined));
  const channels = channelPoster(rest);
  return {
    botId,
    gatewayConnected: o.gatewayConnected ?? (() => false),
    channels,
    directMessages: directMessages(rest, channels),
    access: {
      check: async (guildId, channelId, c) => checkChannel(rest, await botId(c.signal), guildId, channelId, c),
    },
    guilds: {
      owner: async (guildId, signal) => {
        const guild = (await rest.get(Routes.guild(guildId), call(signal))) as Partial<Pick<APIGuild, 'owner_id' | 'name'>>;
        if (typeof guild.owner_id !== 'string') return undefined;
        return { ownerId: guild.owner_id, name: typeof guild.name === 'string' ? guild.name : undefined };
      },
    },
  };
}
