import type { APIMessage } from 'discord.js';

/**
 * A message as the fake stores it: Discord's message object plus the `allowed_mentions` of the
 * request that created it (or of the last edit that supplied one), so tests can check that the bot
 * disables pings. `allowed_mentions` is stripped when the message is embedded in an interaction.
 */
export type RecordedMessage = APIMessage & { guild_id?: string; allowed_mentions?: unknown };

export interface RecordedCall {
  method: string;
  /** Decoded path relative to `/api/v10` (e.g. `/webhooks/APP/TOKEN/messages/@original`); the full decoded path for other prefixes. */
  path: string;
  query: Record<string, string>;
  /** Parsed JSON body (for multipart requests: the parsed `payload_json`), or undefined. */
  body: unknown;
  status: number;
  /** Parsed JSON answer, or undefined for 204. */
  response: unknown;
  /** Route pattern that matched, e.g. `POST /interactions/:id/:token/callback`; null for unknown routes. */
  route: string | null;
  /** Interaction this call belongs to (callback/webhook routes), when known. */
  interactionId?: string;
}

/** A full INTERACTION_CREATE `d`. `application_id` is overwritten with the fake's id by `interact()`. */
export interface InteractionInput {
  id: string;
  application_id: string;
  type: number;
  token: string;
  version: 1;
  data?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface InteractionResponse {
  type: number;
  data?: unknown;
  /** Milliseconds (fake clock) between dispatch and the accepted callback. */
  at: number;
}

export interface RejectedCall {
  status: number;
  code: number;
  message: string;
}

export interface InteractionHandle {
  id: string;
  token: string;
  /** Resolves with the first accepted callback; rejects on timeout (default 5000 ms) or once the ack deadline has passed unanswered. */
  firstResponse(timeoutMs?: number): Promise<InteractionResponse>;
  /** Current state of the original response message (a copy), or undefined (none yet / deleted / autocomplete / modal). */
  original(): RecordedMessage | undefined;
  followUps(): RecordedMessage[];
  /** Waits (default 10000 ms) until predicate(original) holds; rejects with the last state otherwise. */
  waitForOriginal(predicate?: (m: RecordedMessage) => boolean, timeoutMs?: number): Promise<RecordedMessage>;
  /** Waits (default 10000 ms) until the answer is final: type 4/7 at once; type 5/6 once the original was edited or a followUp sent. */
  settled(timeoutMs?: number): Promise<RecordedMessage>;
  /** Choices of the type 8 answer; rejects if the interaction was answered otherwise. */
  autocompleteChoices(timeoutMs?: number): Promise<Array<{ name: string; value: string | number }>>;
  /** Every call for this interaction that the fake rejected. */
  errors(): RejectedCall[];
  /** Whether the original response carries the EPHEMERAL flag (64). */
  ephemeral(): boolean;
}

export interface InteractOptions {
  /**
   * Simulates a crafted payload; real Discord validates these. Skips only the option value checks
   * (type, min/max_value, min/max_length, choices), never the command/subcommand/option existence checks.
   */
  unchecked?: boolean;
}

export interface FakeDiscordOptions {
  applicationId?: string;
  botToken?: string;
  botUserId?: string;
  botUsername?: string;
  /** Time allowed for the first interaction response (default 3000 ms). */
  ackDeadlineMs?: number;
  /** Base clock (default Date.now); `clock.advance()` adds to it. */
  now?: () => number;
  /**
   * Shards the bot must run (default 1), as GET /gateway/bot recommends; IDENTIFY must then carry
   * [id, shardCount], and each guild's interactions go only to shard (guild_id >> 22) % shardCount.
   */
  shardCount?: number;
  /** session_start_limit.max_concurrency reported by GET /gateway/bot (default 1). */
  maxConcurrency?: number;
  /**
   * How long after a poll's end (its expiry, or an expire by its author) Discord reports it finalized
   * (`is_finalized`, the MESSAGE_UPDATE); default POLL_FINALIZE_DELAY_MS, a few seconds as on Discord.
   */
  pollFinalizeDelayMs?: number;
}

export interface GatewayIdentify {
  intents: number;
  shard: unknown;
  properties: unknown;
}

export interface FakeDiscord {
  /** `http://127.0.0.1:PORT/api`: pass as `new Client({ rest: { api } })`. */
  apiUrl: string;
  /** Discord's media CDN stand-in (avatars), e.g. http://127.0.0.1:PORT/cdn */
  cdnUrl: string;
  /** `ws://127.0.0.1:PORT` */
  gatewayUrl: string;
  applicationId: string;
  botToken: string;
  botUserId: string;
  calls: RecordedCall[];
  /** Every IDENTIFY the gateway accepted. */
  identifies: GatewayIdentify[];
  registeredCommands(guildId?: string): unknown[];
  clock: { advance(ms: number): void; now(): number };
  /** Moves the fake's clock on and ends the polls that expired meanwhile (as Discord does when their time is up). */
  passTime(ms: number): void;
  /** Resolves when some client is identified/resumed and ready to receive events (now or later). */
  connected(): Promise<void>;
  /** Closes every gateway connection with `code` (default 1000 → client re-identifies; 4000 → client resumes). */
  disconnectClients(code?: number): void;
  /**
   * Dispatches INTERACTION_CREATE to every ready client. Throws when none is connected, and for
   * commands/autocomplete (types 2/4) that real Discord would never send: a command not registered
   * for that scope (global, or the interaction's guild) or excluded by its contexts/integration types,
   * an unknown subcommand group/subcommand/option, a missing required option, a focused option without
   * `autocomplete: true`, or a value of the wrong type / outside min/max_value, min/max_length or choices.
   * The value checks are skipped for inputs built with `unchecked: true` or when `opts.unchecked` is set.
   *
   * In a guild defined with `guilds.define`, the payload follows the model: `app_permissions` (the bot's
   * permissions in the channel; @everyone's plus EMBED_LINKS and ATTACH_FILES when the bot is not in the
   * guild), the member's roles and permissions (unless the builder was given `memberPermissions`), the
   * channel, and `data.resolved` for channel, role and mentionable options. It also throws for a channel
   * or role outside the guild, a channel outside the option's `channel_types` (skipped when unchecked),
   * an interaction in a category/forum, and (for permissions computed from the model, not explicit
   * `memberPermissions`) a channel the member cannot view or a command without USE_APPLICATION_COMMANDS.
   * The invoking user becomes a member with the roles used.
   */
  interact(payload: InteractionInput, opts?: InteractOptions): InteractionHandle;
  shardCount: number;
  /** How many distinct shards have a live gateway session. */
  liveShards(): number;
  /** The shard an interaction was dispatched to over the gateway. */
  shardOf(interactionId: string): number | undefined;
  /** The application's Ed25519 public key (64 hex), as the Developer Portal shows it. */
  publicKey: string;
  /**
   * Sets the "Interactions Endpoint URL" (undefined: back to the gateway). Like the portal, it first
   * checks that a signed PING gets `{"type":1}` and a badly signed request gets 401, and throws if not.
   * While set, `interact()` POSTs each interaction there, signed, and takes the HTTP response body as
   * its first answer (within the ack deadline); the callback endpoint refuses such interactions.
   */
  setInteractionsEndpoint(url: string | undefined): Promise<void>;
  /** Headers Discord would send with `body` (signature over timestamp + body; timestamp default: now, wall clock). */
  signedHeaders(body: string, timestamp?: string): Record<string, string>;
  /** Direct messages the bot sends: close or open a user's DMs, inject failures, read what arrived. */
  /** A Discord user the bot can reach by DM, as if they shared a server (otherwise users are known once they interact). */
  knowUser(id: string, username: string): void;
  /**
   * A file as a user attaches it to a command's attachment option: the option's value. The interaction
   * then carries it in `data.resolved.attachments` with a signed CDN URL that expires, as Discord does.
   */
  upload(filename: string, bytes: Buffer, contentType?: string): { type: 11; value: string };
  /** Holds back the answer to every message the bot posts (the message exists at once), e.g. to kill a bot mid-send. */
  setMessageAnswerDelay(ms: number): void;
  dms: {
    closeDms(userId: string): void;
    openDms(userId: string): void;
    /**
     * The next `n` message posts fail with this error before anything is stored. One queue serves
     * every POST /channels/:id/messages, DM or guild channel (`guilds.failNext` is the same queue).
     */
    failNext(n: number, fault: MessageFault): void;
    messagesTo(userId: string): RecordedMessage[];
    /** Posts answered with an earlier message because of `enforce_nonce` (no message created). */
    readonly nonceReplays: number;
  };
  /** Servers (guilds) the bot may be in: roles, channels, overwrites; the bot's posts in their channels. */
  guilds: FakeGuildsApi;
  /** The guilds' scheduled events: REST as Discord's, plus start/end/cancel/subscribe/automate for tests. */
  scheduledEvents: FakeScheduledEventsApi;
  close(): Promise<void>;
}

/** An error Discord answers a message post with, injected by `failNext`. */
export interface MessageFault {
  status: number;
  code: number;
  message: string;
}

/** A permission bitfield: a bigint or Discord's decimal string. */
export type Bits = bigint | string;

export interface FakeRoleSpec {
  id: string;
  /** Default: `role-<last 4 digits>`. */
  name?: string;
  permissions: Bits;
  /** Whether anyone may ping it (default false). */
  mentionable?: boolean;
  /** Default: its place in the spec's list, from 1 (@everyone is 0). */
  position?: number;
  /** Managed by an integration, e.g. a bot's own role (default false). */
  managed?: boolean;
}

export interface FakeOverwriteSpec {
  /** A role id (the guild id for @everyone) or a user id. */
  id: string;
  /** 0 role, 1 member. */
  type: 0 | 1;
  allow?: Bits;
  deny?: Bits;
}

export interface FakeChannelSpec {
  id: string;
  /** Default: `channel-<n>` (`category-<n>` for categories). */
  name?: string;
  /** 0 text (default), 2 voice, 4 category, 5 announcement, 13 stage, 15 forum, 16 media. */
  type?: number;
  nsfw?: boolean;
  /** A category (type 4) of the same guild. */
  parentId?: string;
  /**
   * The channel's own overwrites, the only ones Discord applies to it (a channel synced with its
   * category simply carries a copy of the category's).
   */
  overwrites?: FakeOverwriteSpec[];
}

export interface FakeGuildSpec {
  id: string;
  name?: string;
  /** The owner has every permission everywhere. Default: a user that is neither the bot nor a listed member. */
  ownerId?: string;
  /**
   * Permissions of @everyone (the role whose id is the guild id). Default: Discord's everyday set for a
   * new server (view, send, embed links, attach files, history, reactions, voice, threads, ...), without
   * MENTION_EVERYONE and without any management or moderation permission.
   */
  everyonePermissions?: Bits;
  roles?: FakeRoleSpec[];
  channels: FakeChannelSpec[];
  /** Role ids of the bot's member (default none). */
  botRoles?: string[];
  /** `false`: the bot is not in the guild (default true). */
  botMember?: boolean;
  /** Other members: user id → role ids. */
  members?: Record<string, string[]>;
}

/**
 * The fake's guild model. Definitions are checked like Discord's own state: unknown roles, channels in
 * two guilds, parents that are not categories of the same guild are refused (throw).
 */
/** What Modify Channel may change in the fake: the name, and the age restriction (not on categories). */
export interface FakeChannelEdit {
  name?: string;
  nsfw?: boolean;
}

export interface FakeGuildsApi {
  /** Creates the guild, or replaces it if it exists: its old channels and the bot's posts there go away. */
  define(spec: FakeGuildSpec): void;
  /** Adds or replaces a role; the guild's own id sets @everyone's permissions. */
  setRole(guildId: string, role: FakeRoleSpec): void;
  /** Replaces a channel's overwrites. */
  setOverwrites(channelId: string, overwrites: FakeOverwriteSpec[]): void;
  /** Changes a channel's name or age restriction as a member with Manage Channels does in their client (checked like PATCH /channels/:channel's body). */
  editChannel(channelId: string, edit: FakeChannelEdit): void;
  /** Replaces the bot member's roles; throws when the bot is not in the guild. */
  setBotRoles(guildId: string, roleIds: string[]): void;
  /** Deletes a channel (a category's children lose their parent, as on Discord). */
  deleteChannel(channelId: string): void;
  /** The bot was kicked: its guild and channel requests now fail as Discord answers outsiders. */
  removeBot(guildId: string): void;
  /**
   * A member's permissions in a channel by Discord's documented algorithm (owner, @everyone and
   * roles, ADMINISTRATOR, then the @everyone / role / member overwrites). 0n for a non-member.
   */
  permissionsOf(guildId: string, channelId: string, userId: string): bigint;
  /** What the bot posted in a channel (deep copies), deleted channels included. */
  messagesIn(channelId: string): RecordedMessage[];
  /** Threads the bot started on messages of this channel (name, archive duration, the message). */
  threadsIn(channelId: string): Array<{ id: string; parentId: string; messageId: string; name: string; autoArchiveDuration: number }>;
  /** Same queue as `dms.failNext`: the next `n` message posts to any channel fail with `fault`. */
  failNext(n: number, fault: MessageFault): void;
  /**
   * A member votes in a poll as their Discord client would (answer ids from 1): the choice replaces their
   * earlier one, `[]` takes it back; MESSAGE_POLL_VOTE_ADD / REMOVE go to sessions with GUILD_MESSAGE_POLLS.
   * Throws for a poll that ended, a non-member, an unknown answer, or several answers without multiselect.
   */
  vote(messageId: string, userId: string, answerIds: number[]): void;
  /** The bot's poll messages in a channel with their live counts (`poll.results`). */
  pollsIn(channelId: string): RecordedMessage[];
  /** Ends the polls whose expiry passed on the fake's clock (finalized, MESSAGE_UPDATE sent). `passTime` does it too. */
  settlePolls(): void;
}

/** A guild scheduled event as the fake holds it (Discord's object: `apiEvent` in guilds/scheduled-events.ts). */
export interface FakeScheduledEvent {
  id: string;
  guildId: string;
  channelId: string | null;
  creatorId: string;
  name: string;
  description: string | null;
  /** Epoch ms. */
  start: number;
  end: number | null;
  privacyLevel: number;
  /** 1 scheduled, 2 active, 3 completed, 4 canceled. */
  status: number;
  /** 1 stage instance, 2 voice, 3 external. */
  entityType: number;
  location: string | null;
  /** Hash of the image the event was given, as Discord answers it. */
  image: string | null;
  /** The decoded image bytes (tests and the sandbox show it). */
  imageBytes: Buffer | null;
  imageType: string | null;
  /** Users interested in the event. */
  subscribers: Set<string>;
}

/** The test side of scheduled events: what Discord's users and automation do to them. */
export interface FakeScheduledEventsApi {
  /** Every event of a guild, final ones included (copies). */
  all(guildId: string): FakeScheduledEvent[];
  /** Forgets a guild's events (a test redefining the guild starts afresh), with no gateway events. */
  clear(guildId: string): void;
  /** Starts a scheduled event now, as its host does. */
  start(eventId: string): void;
  /** Ends an event (COMPLETED), early or on time; a scheduled one is started first. */
  end(eventId: string): void;
  /** Cancels a scheduled event, as a moderator does in Discord's client. */
  cancel(eventId: string): void;
  /** A member marks themself interested (or not). */
  subscribe(eventId: string, userId: string, interested?: boolean): void;
  /** Discord's automation by the fake's clock: an external event starts at its start time and ends at its end time. */
  automate(): void;
}
