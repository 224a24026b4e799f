// What the fake Discord server knows, shared by its REST handlers and its public API: the application
// and its bot user, the (advanceable) clock, every message and interaction, the users seen in
// interactions, the registered commands, DM channels and guilds.

import { CommandRegistry } from './command-registry.js';
import { discordErrors, isRecord } from './errors.js';
import { FakeDirectMessages } from './direct-messages.js';
import { FakeGuilds } from './guilds/fake-guilds.js';
import type { InteractionRecord } from './interaction-record.js';
import { MessageFaults } from './message-faults.js';
import { snowflake } from './snowflake.js';
import type { FakeDiscordOptions, InteractionInput, RecordedMessage } from './types.js';

export class ServerState {
  /** The application's owner (a user, not a team); the same on every read, as on Discord. */
  readonly ownerId = snowflake();
  readonly applicationId: string;
  readonly botToken: string;
  readonly botUserId: string;
  readonly botUser: Record<string, unknown>;
  readonly ackDeadlineMs: number;
  readonly shardCount: number;
  readonly maxConcurrency: number;
  readonly clock: { advance(ms: number): void; now(): number };
  readonly interactions = new Map<string, InteractionRecord>();
  readonly byToken = new Map<string, InteractionRecord>();
  readonly messages = new Map<string, RecordedMessage>();
  readonly seenUsers = new Map<string, Record<string, unknown>>();
  readonly commands = new CommandRegistry();
  readonly dms: FakeDirectMessages;
  readonly guilds: FakeGuilds;
  private offsetMs = 0;
  /** How long a created message's answer stays in flight (tests of a bot dying between the two). */
  messageAnswerDelayMs = 0;

  constructor(
    opts: FakeDiscordOptions,
    /** `ws://127.0.0.1:PORT`, known once the server listens. */
    readonly gatewayUrl: () => string,
  ) {
    this.applicationId = opts.applicationId ?? snowflake();
    this.botToken = opts.botToken ?? `fake.${Buffer.from(this.applicationId).toString('base64url')}.${snowflake()}`;
    this.botUserId = opts.botUserId ?? this.applicationId;
    this.ackDeadlineMs = opts.ackDeadlineMs ?? 3000;
    this.shardCount = opts.shardCount ?? 1;
    this.maxConcurrency = opts.maxConcurrency ?? 1;
    const base = opts.now ?? Date.now;
    this.clock = {
      advance: (ms: number) => {
        this.offsetMs += ms;
      },
      now: () => base() + this.offsetMs,
    };
    this.botUser = {
      id: this.botUserId,
      username: opts.botUsername ?? 'AMLS Bot',
      global_name: null,
      discriminator: '0',
      avatar: null,
      bot: true,
      flags: 0,
      public_flags: 0,
    };
    const faults = new MessageFaults();
    const knownUser = (id: string): Record<string, unknown> | undefined => this.seenUsers.get(id);
    const store = (message: RecordedMessage): void => {
      this.messages.set(message.id, message);
    };
    const now = (): number => this.clock.now();
    this.dms = new FakeDirectMessages(this.botUser, knownUser, store, now, faults);
    this.guilds = new FakeGuilds(this.botUser, knownUser, store, now, faults, opts.pollFinalizeDelayMs);
  }

  now(): number {
    return this.clock.now();
  }

  /** Bot-authenticated routes: anything but `Bot <token>` is 401, as on Discord. */
  requireBot(authorization: string | undefined): void {
    if (authorization !== `Bot ${this.botToken}`) throw discordErrors.unauthorized();
  }

  /** Remembers the invoking user, so user and member lookups can answer with them later. */
  rememberUser(payload: InteractionInput): void {
    const member = isRecord(payload.member) ? payload.member : undefined;
    const user = member && isRecord(member.user) ? member.user : payload.user;
    if (isRecord(user) && typeof user.id === 'string') this.seenUsers.set(user.id, structuredClone(user));
  }
}
