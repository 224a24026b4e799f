// The fake Discord server: an HTTP server on 127.0.0.1 answering the REST API (routes in rest/, by
// resource) and carrying the gateway, plus the test-facing API: dispatching interactions the way
// Discord would (over the gateway or to the bot's interactions endpoint), its clock, its records.

import { createServer, type Server } from 'node:http';
import { resolveAttachmentOptions, userUpload } from './attachments.js';
import type { AddressInfo } from 'node:net';
import { FakeGateway, shardForGuild } from './gateway.js';
import { createHandle, InteractionRecord } from './interaction-record.js';
import { builtWhereOf, isMarkedUnchecked } from './interactions.js';
import { InteractionsEndpoint } from './interactions-endpoint.js';
import { isRecord } from './errors.js';
import { messageForPayload } from './messages.js';
import { applicationRoutes } from './rest/application.js';
import { channelRoutes } from './rest/channels.js';
import { pollRoutes } from './rest/polls.js';
import { commandRoutes } from './rest/commands.js';
import { guildRoutes } from './rest/guilds.js';
import { scheduledEventRoutes } from './rest/scheduled-events.js';
import { SCHEDULED_EVENTS_INTENT, ScheduledEvents } from './guilds/scheduled-events.js';
import { serve, type Reply, type RequestContext } from './rest/http.js';
import { interactionCallbackRoutes } from './rest/interaction-callbacks.js';
import { interactionWebhookRoutes } from './rest/interaction-webhooks.js';
import { router } from './rest/routing.js';
import { userRoutes } from './rest/users.js';
import { ServerState } from './server-state.js';
import { interactionToken, snowflake } from './snowflake.js';
import type {
  FakeDiscord,
  FakeDiscordOptions,
  InteractionHandle,
  InteractionInput,
  InteractOptions,
  RecordedCall,
  RecordedMessage,
} from './types.js';

export type * from './types.js';

export async function startFakeDiscord(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const fake = new FakeDiscordServer(opts);
  await fake.listen();
  return fake;
}

class FakeDiscordServer implements FakeDiscord {
  apiUrl = '';
  /** Serves avatars (a 1×1 image) as Discord's CDN does, under the paths discord.js builds. */
  cdnUrl = '';
  gatewayUrl = '';
  readonly applicationId: string;
  readonly botToken: string;
  readonly botUserId: string;
  /** The application's owner (a user, not a team); the same on every read, as on Discord. */
  readonly ownerId: string;
  readonly calls: RecordedCall[] = [];
  readonly clock: { advance(ms: number): void; now(): number };
  readonly dms: ServerState['dms'];
  readonly guilds: ServerState['guilds'];
  readonly scheduledEvents: ScheduledEvents;
  readonly publicKey: string;
  readonly shardCount: number;

  private readonly state: ServerState;
  private readonly server: Server;
  private readonly gateway: FakeGateway;
  private readonly endpoint: InteractionsEndpoint;
  private readonly route: (ctx: RequestContext) => Reply;

  constructor(opts: FakeDiscordOptions) {
    const state = new ServerState(opts, () => this.gatewayUrl);
    this.state = state;
    this.endpoint = new InteractionsEndpoint(state);
    this.publicKey = this.endpoint.publicKey;
    ({ applicationId: this.applicationId, botToken: this.botToken, botUserId: this.botUserId, ownerId: this.ownerId } = state);
    ({ clock: this.clock, dms: this.dms, guilds: this.guilds, shardCount: this.shardCount } = state);
    this.scheduledEvents = new ScheduledEvents(state.guilds.registry);
    this.route = router([
      ...applicationRoutes(state),
      ...userRoutes(state),
      ...channelRoutes(state),
      ...pollRoutes(state),
      ...guildRoutes(state),
      ...scheduledEventRoutes(state, this.scheduledEvents),
      ...interactionCallbackRoutes(state),
      ...interactionWebhookRoutes(state),
      ...commandRoutes(state),
    ]);
    this.server = createServer((req, res) => {
      void serve(req, res, this.route, this.calls);
    });
    this.gateway = new FakeGateway(this.server, {
      shardCount: this.shardCount,
      botToken: this.botToken,
      gatewayUrl: () => this.gatewayUrl,
      readyData: () => ({
        user: { ...state.botUser, verified: true, mfa_enabled: false, email: null },
        application: { id: this.applicationId, flags: 0 },
      }),
    });
    this.scheduledEvents.dispatch = (t, d, guildId) => void this.gateway.dispatch(t, d, guildId, SCHEDULED_EVENTS_INTENT);
    state.guilds.setPollEvents((t, d, guildId, intent) => {
      this.gateway.dispatch(t, d, guildId, intent);
    });
  }

  passTime(ms: number): void {
    this.clock.advance(ms);
    this.state.guilds.settlePolls();
  }

  get identifies(): FakeDiscord['identifies'] {
    return this.gateway.identifies;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = this.server.address() as AddressInfo;
    this.apiUrl = `http://127.0.0.1:${port}/api`;
    this.cdnUrl = `http://127.0.0.1:${port}/cdn`;
    this.gatewayUrl = `ws://127.0.0.1:${port}`;
  }

  registeredCommands(guildId?: string): unknown[] {
    return this.state.commands.snapshot(guildId);
  }

  connected(): Promise<void> {
    return this.gateway.whenConnected();
  }

  liveShards(): number {
    return this.gateway.liveShards();
  }

  shardOf(interactionId: string): number | undefined {
    return this.state.interactions.get(interactionId)?.shard;
  }

  disconnectClients(code = 1000): void {
    this.gateway.disconnectAll(code);
  }

  interact(input: InteractionInput, opts: InteractOptions = {}): InteractionHandle {
    const { state } = this;
    const unchecked = opts.unchecked === true || isMarkedUnchecked(input);
    const payload = structuredClone(input);
    payload.application_id = this.applicationId;
    if (!payload.id) payload.id = snowflake();
    if (!payload.token) payload.token = interactionToken(payload.id);
    if (state.interactions.has(payload.id)) throw new Error(`interaction ${payload.id} was already dispatched; build a new one`);
    const options = state.commands.resolve(payload, unchecked);
    state.guilds.prepareInteraction(payload, builtWhereOf(input), options, unchecked);
    if (payload.type === 2) resolveAttachmentOptions(payload as unknown as Record<string, unknown>, state.now());
    this.attachCurrentMessage(payload);
    const endpoint = this.endpoint.url;
    const guildId = typeof payload.guild_id === 'string' ? payload.guild_id : null;
    if (endpoint === undefined && !this.gateway.hasLiveSession(guildId)) {
      const shard = shardForGuild(guildId ?? undefined, this.shardCount);
      throw new Error(`fake discord: no connected gateway client for shard ${shard} (await fake.connected() after client.login())`);
    }
    state.rememberUser(payload);
    const record = new InteractionRecord(payload, state.now());
    state.interactions.set(record.id, record);
    state.byToken.set(record.token, record);
    if (endpoint === undefined) {
      record.shard = shardForGuild(guildId ?? undefined, this.shardCount);
      this.gateway.dispatch('INTERACTION_CREATE', payload, guildId);
    } else {
      record.viaHttp = true;
      void this.endpoint.deliver(endpoint, record);
    }
    return createHandle({
      record,
      messages: state.messages,
      now: () => state.now(),
      ackDeadlineMs: state.ackDeadlineMs,
    });
  }

  /**
   * A file as a user attaches it to a command's attachment option: kept on the fake's CDN, its value
   * for the option (`options: { file: fake.upload('list.xml', bytes) }`); the interaction then carries
   * it in `data.resolved.attachments` with a signed URL that expires, as Discord sends it.
   */
  upload(filename: string, bytes: Buffer, contentType = 'text/xml; charset=utf-8'): { type: 11; value: string } {
    return { type: 11, value: userUpload(filename, bytes, contentType, this.cdnUrl) };
  }

  signedHeaders(body: string, timestamp?: string): Record<string, string> {
    return this.endpoint.signedHeaders(body, timestamp);
  }

  /**
   * A Discord user the bot can reach by DM, as if they shared a server with it (users are otherwise
   * known once they interact).
   */
  knowUser(id: string, username: string): void {
    this.state.seenUsers.set(id, { id, username, global_name: username, discriminator: '0', avatar: null });
  }

  /** Holds back the answer to every message the bot posts (the message exists at once), e.g. to kill a bot mid-send. */
  setMessageAnswerDelay(ms: number): void {
    this.state.messageAnswerDelayMs = ms;
  }

  setInteractionsEndpoint(url: string | undefined): Promise<void> {
    return this.endpoint.set(url);
  }

  async close(): Promise<void> {
    this.state.guilds.polls.stop();
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Component/modal interactions carry the message as Discord has it now (after earlier updates). */
  private attachCurrentMessage(payload: InteractionInput): void {
    const message = payload.message;
    if (!isRecord(message) || typeof message.id !== 'string') return;
    const stored = this.state.messages.get(message.id);
    if (stored) {
      payload.message = messageForPayload(stored);
    } else {
      this.state.messages.set(message.id, structuredClone(message) as unknown as RecordedMessage);
    }
  }
}
