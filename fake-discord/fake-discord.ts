import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { toStoredCommand, validateCommand, validateCommandList, type StoredCommand } from './command-validation.js';
import { DiscordHttpError, discordErrors, FormErrors, isRecord } from './errors.js';
import { FakeGateway, shardForGuild } from './gateway.js';
import { FakeDirectMessages } from './direct-messages.js';
import { FakeGuilds } from './guilds/fake-guilds.js';
import { MessageFaults } from './message-faults.js';
import { createHandle, InteractionRecord } from './interaction-record.js';
import {
  isEmptyMessage,
  MessageFlag,
  validateAutocompleteData,
  validateMessageBody,
  validateModalData,
} from './message-validation.js';
import { applyEdit, createMessage, messageForPayload, type MessageOrigin } from './messages.js';
import { builtWhereOf, isMarkedUnchecked } from './interactions.js';
import { checkInteractionOptions, type CheckedOption } from './option-validation.js';
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

const API_PREFIX = ['api', 'v10'];
const TOKEN_LIFETIME_MS = 15 * 60 * 1000;

/** Callback types each interaction type accepts (modal-submit updates need a source message). */
const ALLOWED_CALLBACKS: Record<number, number[]> = {
  2: [4, 5, 9],
  3: [4, 5, 6, 7, 9],
  4: [8],
  5: [4, 5, 6, 7],
};

/** `/cdn/avatars/<user id>/<hash>.<ext>` and `/cdn/embed/avatars/<n>.png`, as on cdn.discordapp.com. */
const CDN_AVATAR = /^\/cdn\/(?:avatars\/\d{15,21}\/(?:a_)?[0-9a-f]{32}|embed\/avatars\/\d)\.(?:png|webp|gif|jpg|jpeg)$/;
const AVATAR_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

interface Reply {
  status: number;
  body?: unknown;
}

interface RequestContext {
  method: string;
  segments: string[];
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
  /** Set by handlers that belong to an interaction. */
  interaction?: InteractionRecord;
  route?: string;
}

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
  readonly ownerId = snowflake();
  readonly calls: RecordedCall[] = [];
  readonly clock: { advance(ms: number): void; now(): number };

  private readonly server: Server;
  private readonly gateway: FakeGateway;
  private readonly ackDeadlineMs: number;
  private readonly botUser: Record<string, unknown>;
  private readonly interactions = new Map<string, InteractionRecord>();
  private readonly byToken = new Map<string, InteractionRecord>();
  private readonly messages = new Map<string, RecordedMessage>();
  private readonly globalCommands: StoredCommand[] = [];
  private readonly guildCommands = new Map<string, StoredCommand[]>();
  private readonly seenUsers = new Map<string, Record<string, unknown>>();
  private offsetMs = 0;
  readonly dms: FakeDirectMessages;
  readonly guilds: FakeGuilds;
  private readonly signingKey: KeyObject;
  readonly publicKey: string;
  private interactionsEndpoint: string | undefined;
  readonly shardCount: number;
  private readonly maxConcurrency: number;

  constructor(opts: FakeDiscordOptions) {
    const keys = generateKeyPairSync('ed25519');
    this.signingKey = keys.privateKey;
    // The raw 32 key bytes are the last 32 of the DER SubjectPublicKeyInfo.
    this.publicKey = keys.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
    this.applicationId = opts.applicationId ?? snowflake();
    this.botToken = opts.botToken ?? `fake.${Buffer.from(this.applicationId).toString('base64url')}.${snowflake()}`;
    this.botUserId = opts.botUserId ?? this.applicationId;
    this.ackDeadlineMs = opts.ackDeadlineMs ?? 3000;
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
    this.dms = new FakeDirectMessages(
      this.botUser,
      (id) => this.seenUsers.get(id),
      (message) => this.messages.set(message.id, message),
      () => this.clock.now(),
      faults,
    );
    this.guilds = new FakeGuilds(
      this.botUser,
      (id) => this.seenUsers.get(id),
      (message) => this.messages.set(message.id, message),
      () => this.clock.now(),
      faults,
    );
    this.server = createServer((req, res) => {
      void this.onRequest(req, res);
    });
    this.shardCount = opts.shardCount ?? 1;
    this.maxConcurrency = opts.maxConcurrency ?? 1;
    this.gateway = new FakeGateway(this.server, {
      shardCount: this.shardCount,
      botToken: this.botToken,
      gatewayUrl: () => this.gatewayUrl,
      readyData: () => ({
        user: { ...this.botUser, verified: true, mfa_enabled: false, email: null },
        application: { id: this.applicationId, flags: 0 },
      }),
    });
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
    const list = guildId === undefined ? this.globalCommands : (this.guildCommands.get(guildId) ?? []);
    return structuredClone(list);
  }

  connected(): Promise<void> {
    return this.gateway.whenConnected();
  }

  liveShards(): number {
    return this.gateway.liveShards();
  }

  shardOf(interactionId: string): number | undefined {
    return this.interactions.get(interactionId)?.shard;
  }

  disconnectClients(code = 1000): void {
    this.gateway.disconnectAll(code);
  }

  interact(input: InteractionInput, opts: InteractOptions = {}): InteractionHandle {
    const unchecked = opts.unchecked === true || isMarkedUnchecked(input);
    const payload = structuredClone(input);
    payload.application_id = this.applicationId;
    if (!payload.id) payload.id = snowflake();
    if (!payload.token) payload.token = interactionToken(payload.id);
    if (this.interactions.has(payload.id)) throw new Error(`interaction ${payload.id} was already dispatched; build a new one`);
    const options = this.resolveCommand(payload, unchecked);
    this.guilds.prepareInteraction(payload, builtWhereOf(input), options, unchecked);
    this.attachCurrentMessage(payload);
    const endpoint = this.interactionsEndpoint;
    const guildId = typeof payload.guild_id === 'string' ? payload.guild_id : null;
    if (endpoint === undefined && !this.gateway.hasLiveSession(guildId)) {
      const shard = shardForGuild(guildId ?? undefined, this.shardCount);
      throw new Error(`fake discord: no connected gateway client for shard ${shard} (await fake.connected() after client.login())`);
    }
    this.rememberUser(payload);
    const record = new InteractionRecord(payload, this.clock.now());
    this.interactions.set(record.id, record);
    this.byToken.set(record.token, record);
    if (endpoint === undefined) {
      record.shard = shardForGuild(guildId ?? undefined, this.shardCount);
      this.gateway.dispatch('INTERACTION_CREATE', payload, guildId);
    } else {
      record.viaHttp = true;
      void this.deliver(endpoint, record);
    }
    return createHandle({
      record,
      messages: this.messages,
      now: () => this.clock.now(),
      ackDeadlineMs: this.ackDeadlineMs,
    });
  }

  signedHeaders(body: string, timestamp = String(Math.floor(this.clock.now() / 1000))): Record<string, string> {
    const signature = sign(null, Buffer.from(timestamp + body, 'utf8'), this.signingKey).toString('hex');
    return { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp };
  }

  async setInteractionsEndpoint(url: string | undefined): Promise<void> {
    if (url === undefined) {
      this.interactionsEndpoint = undefined;
      return;
    }
    // As the Developer Portal does before saving: a signed PING must get {"type":1}, a badly signed one 401.
    const ping = JSON.stringify({ id: snowflake(), application_id: this.applicationId, type: 1, token: interactionToken(snowflake()), version: 1 });
    const good = await fetch(url, { method: 'POST', headers: this.signedHeaders(ping), body: ping, signal: AbortSignal.timeout(this.ackDeadlineMs) });
    const answer: unknown = good.ok ? await good.json().catch(() => undefined) : undefined;
    if (!isRecord(answer) || answer.type !== 1) {
      throw new Error(`fake discord: the interactions endpoint did not answer a signed PING with {"type":1} (status ${good.status})`);
    }
    const headers = this.signedHeaders(ping);
    const tampered = await fetch(url, { method: 'POST', headers, body: ping.replace('"type":1', '"type":1 '), signal: AbortSignal.timeout(this.ackDeadlineMs) });
    await tampered.arrayBuffer();
    if (tampered.status !== 401) throw new Error(`fake discord: the interactions endpoint accepted a bad signature (status ${tampered.status})`);
    this.interactionsEndpoint = url;
  }

  /** POSTs the interaction to the endpoint; the response body is its first answer, due within the ack deadline. */
  private async deliver(url: string, record: InteractionRecord): Promise<void> {
    const body = JSON.stringify(record.payload);
    const reject = (status: number, message: string, code = 0): void => {
      record.rejected.push({ status, code, message });
      record.changed();
    };
    let res: Response;
    try {
      res = await fetch(url, { method: 'POST', headers: this.signedHeaders(body), body, signal: AbortSignal.timeout(this.ackDeadlineMs) });
    } catch (error) {
      reject(0, `interactions endpoint unreachable or too slow: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const text = await res.text().catch(() => '');
    if (res.status !== 200) {
      reject(res.status, `interactions endpoint answered ${res.status}: ${text.slice(0, 200)}`);
      return;
    }
    let answer: unknown;
    try {
      answer = JSON.parse(text) as unknown;
    } catch {
      reject(400, 'interactions endpoint answered with invalid JSON', 50109);
      return;
    }
    try {
      this.acceptCallback(record, answer, false);
    } catch (err) {
      if (!(err instanceof DiscordHttpError)) throw err;
      const b: Record<string, unknown> = isRecord(err.body) ? err.body : {};
      reject(err.status, typeof b.message === 'string' ? b.message : '', typeof b.code === 'number' ? b.code : 0);
    }
  }

  async close(): Promise<void> {
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private rememberUser(payload: InteractionInput): void {
    const member = isRecord(payload.member) ? payload.member : undefined;
    const user = member && isRecord(member.user) ? member.user : payload.user;
    if (isRecord(user) && typeof user.id === 'string') this.seenUsers.set(user.id, structuredClone(user));
  }

  /**
   * Refuses commands real Discord would not send (unregistered for this scope, excluded by contexts or
   * install types, options not matching the registration) and fills in the registered command's id.
   * Returns the leaf options with their definitions (undefined for other interaction types).
   */
  private resolveCommand(payload: InteractionInput, unchecked: boolean): CheckedOption[] | undefined {
    if (payload.type !== 2 && payload.type !== 4) return undefined;
    if (!payload.data) throw new Error(`fake discord: interaction type ${payload.type} needs data`);
    const name = payload.data.name;
    const type = payload.data.type ?? 1;
    const guildId = typeof payload.guild_id === 'string' ? payload.guild_id : undefined;
    const guildList = guildId ? (this.guildCommands.get(guildId) ?? []) : [];
    const candidates = [...guildList, ...this.globalCommands];
    const match = candidates.find((c) => c.name === name && c.type === type);
    if (!match) {
      const scope = guildId ? `globally or for guild ${guildId}` : 'globally';
      const known = candidates.map((c) => `"${c.name}"`).join(', ') || 'none';
      throw new Error(`fake discord: command "${String(name)}" (type ${String(type)}) is not registered ${scope} (registered: ${known}); real Discord never sends it`);
    }
    payload.data.id = match.id;
    const options = checkInteractionOptions(match, payload, { unchecked });
    if (match.guild_id !== undefined) {
      payload.data.guild_id = match.guild_id;
      return options;
    }
    // Discord only offers a global command where its contexts and integration types allow it.
    if (Array.isArray(match.contexts) && !match.contexts.includes(payload.context)) {
      throw new Error(`command "${String(name)}" is registered with contexts ${JSON.stringify(match.contexts)}; Discord would not offer it in context ${String(payload.context)}`);
    }
    const owners = isRecord(payload.authorizing_integration_owners) ? Object.keys(payload.authorizing_integration_owners).map(Number) : [];
    if (Array.isArray(match.integration_types) && !owners.some((o) => (match.integration_types as unknown[]).includes(o))) {
      throw new Error(`command "${String(name)}" is registered with integration_types ${JSON.stringify(match.integration_types)}; this interaction comes from install type(s) ${JSON.stringify(owners)}`);
    }
    return options;
  }

  /** Component/modal interactions carry the message as Discord has it now (after earlier updates). */
  private attachCurrentMessage(payload: InteractionInput): void {
    const message = payload.message;
    if (!isRecord(message) || typeof message.id !== 'string') return;
    const stored = this.messages.get(message.id);
    if (stored) {
      payload.message = messageForPayload(stored);
    } else {
      this.messages.set(message.id, structuredClone(message) as unknown as RecordedMessage);
    }
  }

  // ---------------------------------------------------------------- HTTP plumbing

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && CDN_AVATAR.test(url.pathname)) {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' }).end(AVATAR_PNG);
      return;
    }
    const method = (req.method ?? 'GET').toUpperCase();
    const segments = url.pathname.split('/').filter((s) => s !== '').map(safeDecode);
    const query = Object.fromEntries(url.searchParams.entries());
    const ctx: RequestContext = { method, segments, query, body: undefined, authorization: req.headers.authorization };
    let reply: Reply;
    try {
      ctx.body = await readBody(req);
      reply = this.route(ctx);
    } catch (err) {
      if (err instanceof DiscordHttpError) {
        reply = { status: err.status, body: err.body };
      } else {
        console.error('fake discord: handler crashed', err);
        reply = { status: 500, body: { message: '500: Internal Server Error', code: 0 } };
      }
    }
    const isApi = API_PREFIX.every((p, i) => segments[i] === p);
    const call: RecordedCall = {
      method,
      path: '/' + (isApi ? segments.slice(API_PREFIX.length) : segments).join('/'),
      query,
      body: ctx.body,
      status: reply.status,
      response: reply.body,
      route: ctx.route ?? null,
    };
    if (ctx.interaction) {
      call.interactionId = ctx.interaction.id;
      if (reply.status >= 400 && isRecord(reply.body)) {
        ctx.interaction.rejected.push({
          status: reply.status,
          code: typeof reply.body.code === 'number' ? reply.body.code : 0,
          message: typeof reply.body.message === 'string' ? reply.body.message : '',
        });
        ctx.interaction.changed();
      }
    }
    this.calls.push(call);
    if (reply.body === undefined) {
      res.writeHead(reply.status).end();
    } else {
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    }
  }

  private route(ctx: RequestContext): Reply {
    const { segments } = ctx;
    if (segments[0] !== 'api' || segments[1] !== 'v10') throw discordErrors.notFound();
    const p = segments.slice(2);
    const m = ctx.method;
    const matchRoute = (pattern: string): string[] | undefined => {
      const [pm, ...parts] = pattern.split(' ');
      const pp = (parts.join(' ') || '').split('/').filter((s) => s !== '');
      if (pm !== m || pp.length !== p.length) return undefined;
      const params: string[] = [];
      for (let i = 0; i < pp.length; i += 1) {
        const want = pp[i] ?? '';
        const got = p[i] ?? '';
        if (want.startsWith(':')) params.push(got);
        else if (want !== got) return undefined;
      }
      ctx.route = pattern;
      return params;
    };
    let params: string[] | undefined;

    if ((params = matchRoute('GET /gateway'))) return { status: 200, body: { url: this.gatewayUrl } };
    if ((params = matchRoute('GET /gateway/bot'))) {
      this.requireBot(ctx);
      return {
        status: 200,
        body: {
          url: this.gatewayUrl,
          shards: this.shardCount,
          session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: this.maxConcurrency },
        },
      };
    }
    if ((params = matchRoute('GET /users/@me'))) {
      this.requireBot(ctx);
      return { status: 200, body: { ...this.botUser, verified: true, mfa_enabled: false, locale: 'en-US', email: null } };
    }
    if ((params = matchRoute('GET /users/:id'))) {
      this.requireBot(ctx);
      const user = params[0] === this.botUserId ? this.botUser : this.seenUsers.get(params[0] ?? '');
      if (!user) throw new DiscordHttpError(404, { message: 'Unknown User', code: 10013 });
      return { status: 200, body: structuredClone(user) };
    }
    if ((params = matchRoute('POST /users/@me/channels'))) {
      this.requireBot(ctx);
      return { status: 200, body: this.dms.openChannel(ctx.body) };
    }
    if ((params = matchRoute('POST /channels/:channel/messages'))) {
      this.requireBot(ctx);
      const channelId = params[0] ?? '';
      const message = this.dms.post(channelId, ctx.body) ?? this.guilds.post(channelId, ctx.body);
      if (!message) throw new DiscordHttpError(404, { message: 'Unknown Channel', code: 10003 });
      return { status: 200, body: this.publicMessage(message) };
    }
    if ((params = matchRoute('GET /channels/:channel'))) {
      this.requireBot(ctx);
      const channelId = params[0] ?? '';
      const channel = this.dms.channel(channelId) ?? this.guilds.channelObject(channelId);
      if (!channel) throw new DiscordHttpError(404, { message: 'Unknown Channel', code: 10003 });
      return { status: 200, body: channel };
    }
    if ((params = matchRoute('GET /guilds/:guild'))) {
      this.requireBot(ctx);
      return { status: 200, body: this.guilds.guildObject(params[0] ?? '', ctx.query.with_counts === 'true') };
    }
    if ((params = matchRoute('GET /guilds/:guild/roles'))) {
      this.requireBot(ctx);
      return { status: 200, body: this.guilds.rolesList(params[0] ?? '') };
    }
    if ((params = matchRoute('GET /guilds/:guild/members/:user'))) {
      this.requireBot(ctx);
      return { status: 200, body: this.guilds.memberObject(params[0] ?? '', params[1] ?? '') };
    }
    if ((params = matchRoute('GET /applications/@me'))) {
      this.requireBot(ctx);
      return { status: 200, body: this.applicationObject() };
    }
    if ((params = matchRoute('POST /interactions/:id/:token/callback'))) {
      return this.interactionCallback(ctx, params[0] ?? '', params[1] ?? '');
    }
    if ((params = matchRoute('POST /webhooks/:app/:token'))) {
      return this.followUp(ctx, params[0] ?? '', params[1] ?? '');
    }
    for (const verb of ['GET', 'PATCH', 'DELETE'] as const) {
      if ((params = matchRoute(`${verb} /webhooks/:app/:token/messages/:message`))) {
        return this.webhookMessage(ctx, verb, params[0] ?? '', params[1] ?? '', params[2] ?? '');
      }
    }
    for (const scoped of [false, true]) {
      const base = scoped ? '/applications/:app/guilds/:guild/commands' : '/applications/:app/commands';
      for (const verb of ['GET', 'PUT', 'POST'] as const) {
        if ((params = matchRoute(`${verb} ${base}`))) {
          return this.commands(ctx, verb, params[0] ?? '', scoped ? params[1] : undefined, undefined);
        }
      }
      for (const verb of ['GET', 'PATCH', 'DELETE'] as const) {
        if ((params = matchRoute(`${verb} ${base}/:command`))) {
          const commandId = scoped ? params[2] : params[1];
          return this.commands(ctx, verb, params[0] ?? '', scoped ? params[1] : undefined, commandId);
        }
      }
    }
    ctx.route = undefined;
    throw discordErrors.notFound();
  }

  private requireBot(ctx: RequestContext): void {
    if (ctx.authorization !== `Bot ${this.botToken}`) throw discordErrors.unauthorized();
  }

  private applicationObject(): Record<string, unknown> {
    return {
      id: this.applicationId,
      name: String(this.botUser.username),
      icon: null,
      description: '',
      summary: '',
      type: null,
      bot: this.botUser,
      bot_public: true,
      bot_require_code_grant: false,
      verify_key: '0'.repeat(64),
      flags: 0,
      team: null,
      owner: { id: this.ownerId, username: 'owner', global_name: null, discriminator: '0', avatar: null, flags: 0 },
      integration_types_config: { '0': {}, '1': {} },
      approximate_guild_count: 0,
      approximate_user_install_count: 0,
    };
  }

  // ---------------------------------------------------------------- commands

  private commands(
    ctx: RequestContext,
    verb: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
    appId: string,
    guildId: string | undefined,
    commandId: string | undefined,
  ): Reply {
    this.requireBot(ctx);
    if (appId !== this.applicationId) throw discordErrors.unknownApplication();
    const list = guildId === undefined ? this.globalCommands : this.guildCommandList(guildId);
    const ids = (name: unknown, type: unknown): { id: string; version: string; applicationId: string; guildId?: string } => {
      const existing = list.find((c) => c.name === name && c.type === (type ?? 1));
      return {
        id: existing?.id ?? snowflake(),
        version: snowflake(),
        applicationId: this.applicationId,
        ...(guildId !== undefined ? { guildId } : {}),
      };
    };
    if (commandId === undefined) {
      if (verb === 'GET') return { status: 200, body: structuredClone(list) };
      if (verb === 'PUT') {
        validateCommandList(ctx.body).throwIfAny();
        const body = ctx.body as Array<Record<string, unknown>>;
        const stored = body.map((cmd) => toStoredCommand(cmd, ids(cmd.name, cmd.type)));
        list.splice(0, list.length, ...stored);
        return { status: 200, body: structuredClone(stored) };
      }
      const errs = new FormErrors();
      validateCommand(errs, [], ctx.body);
      errs.throwIfAny();
      const cmd = ctx.body as Record<string, unknown>;
      const stored = toStoredCommand(cmd, ids(cmd.name, cmd.type));
      const index = list.findIndex((c) => c.id === stored.id);
      if (index >= 0) list[index] = stored;
      else list.push(stored);
      return { status: index >= 0 ? 200 : 201, body: structuredClone(stored) };
    }
    const index = list.findIndex((c) => c.id === commandId);
    const existing = list[index];
    if (!existing) throw discordErrors.unknownCommand();
    if (verb === 'GET') return { status: 200, body: structuredClone(existing) };
    if (verb === 'DELETE') {
      list.splice(index, 1);
      return { status: 204 };
    }
    const merged = { ...existing, ...(isRecord(ctx.body) ? ctx.body : {}) };
    const errs = new FormErrors();
    validateCommand(errs, [], merged);
    errs.throwIfAny();
    const stored = toStoredCommand(merged, {
      id: existing.id,
      version: snowflake(),
      applicationId: this.applicationId,
      ...(guildId !== undefined ? { guildId } : {}),
    });
    list[index] = stored;
    return { status: 200, body: structuredClone(stored) };
  }

  private guildCommandList(guildId: string): StoredCommand[] {
    let list = this.guildCommands.get(guildId);
    if (!list) {
      list = [];
      this.guildCommands.set(guildId, list);
    }
    return list;
  }

  // ---------------------------------------------------------------- interaction responses

  private interactionCallback(ctx: RequestContext, id: string, token: string): Reply {
    const record = this.interactions.get(id);
    if (!record || record.token !== token) throw discordErrors.unknownInteraction();
    ctx.interaction = record;
    // Discord takes the answer to an HTTP-delivered interaction only in the HTTP response.
    if (record.viaHttp) throw discordErrors.unknownInteraction();
    return this.acceptCallback(record, ctx.body, ctx.query.with_response === 'true');
  }

  /** The first answer to an interaction, from the callback endpoint or the HTTP response body. */
  private acceptCallback(record: InteractionRecord, body: unknown, withResponse: boolean): Reply {
    if (record.response) throw discordErrors.alreadyAcknowledged();
    const at = this.clock.now() - record.dispatchedAt;
    if (at > this.ackDeadlineMs) throw discordErrors.unknownInteraction();

    const errs = new FormErrors();
    if (!isRecord(body) || typeof body.type !== 'number') {
      errs.add(['type'], 'BASE_TYPE_REQUIRED', 'This field is required');
      errs.throwIfAny();
      return { status: 400 };
    }
    const type = body.type;
    const allowed = ALLOWED_CALLBACKS[record.type] ?? [];
    const needsSource = (type === 6 || type === 7) && record.sourceMessageId === undefined;
    if (!allowed.includes(type) || needsSource) {
      errs.add(['type'], 'INTERACTION_RESPONSE_TYPE_INVALID', 'Invalid interaction response type');
      errs.throwIfAny();
    }
    const data = body.data;
    const source = record.sourceMessageId !== undefined ? this.messages.get(record.sourceMessageId) : undefined;
    switch (type) {
      case 4: {
        const isV2 = isRecord(data) && typeof data.flags === 'number' && (data.flags & MessageFlag.IsComponentsV2) !== 0;
        validateMessageBody(errs, ['data'], data, isV2);
        errs.throwIfAny();
        if (isEmptyMessage(data as Record<string, unknown>)) throw discordErrors.emptyMessage();
        break;
      }
      case 5:
        if (data !== undefined && data !== null && !isRecord(data)) errs.add(['data'], 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
        break;
      case 7: {
        if (!source) throw discordErrors.unknownMessage();
        const flags = (source.flags ?? 0) | (isRecord(data) && typeof data.flags === 'number' ? data.flags : 0);
        validateMessageBody(errs, ['data'], data ?? {}, (flags & MessageFlag.IsComponentsV2) !== 0);
        errs.throwIfAny();
        const preview = structuredClone(source);
        applyEdit(preview, isRecord(data) ? data : {}, new Date(this.clock.now()).toISOString());
        if (isEmptyMessage(preview)) throw discordErrors.emptyMessage();
        break;
      }
      case 8:
        validateAutocompleteData(errs, ['data'], data);
        break;
      case 9:
        validateModalData(errs, ['data'], data);
        break;
      default:
        break;
    }
    errs.throwIfAny();

    const timestamp = new Date(this.clock.now()).toISOString();
    const dataRecord = isRecord(data) ? data : {};
    let message: RecordedMessage | undefined;
    if (type === 4) {
      message = createMessage(dataRecord, this.originFor(record, timestamp));
      this.messages.set(message.id, message);
      record.originalId = message.id;
    } else if (type === 5) {
      const ephemeral = typeof dataRecord.flags === 'number' ? dataRecord.flags & MessageFlag.Ephemeral : 0;
      message = createMessage({}, this.originFor(record, timestamp), ephemeral | MessageFlag.Loading);
      this.messages.set(message.id, message);
      record.originalId = message.id;
    } else if ((type === 6 || type === 7) && source) {
      if (type === 7) applyEdit(source, dataRecord, timestamp);
      message = source;
      record.originalId = source.id;
    }
    record.response = { type, ...(data !== undefined ? { data: structuredClone(data) } : {}), at };
    record.changed();
    this.notifyMessageChanged(message?.id);

    if (!withResponse) return { status: 204 };
    return {
      status: 200,
      body: {
        interaction: {
          id: record.id,
          type: record.type,
          activity_instance_id: null,
          response_message_id: message?.id ?? null,
          response_message_loading: type === 5,
          response_message_ephemeral: message ? ((message.flags ?? 0) & MessageFlag.Ephemeral) !== 0 : false,
        },
        resource: { type, ...(message && (type === 4 || type === 5 || type === 7) ? { message: this.publicMessage(message) } : {}) },
      },
    };
  }

  private originFor(record: InteractionRecord, timestamp: string): MessageOrigin {
    const p = record.payload;
    const channel = isRecord(p.channel) ? p.channel : undefined;
    const member = isRecord(p.member) ? p.member : undefined;
    const user = member && isRecord(member.user) ? member.user : p.user;
    const name = p.data && typeof p.data.name === 'string' ? p.data.name : undefined;
    return {
      channelId: typeof channel?.id === 'string' ? channel.id : String(p.channel_id ?? ''),
      guildId: typeof p.guild_id === 'string' ? p.guild_id : undefined,
      applicationId: this.applicationId,
      author: { ...this.botUser },
      type: p.type === 2 ? 20 : 19,
      timestamp,
      interaction: {
        id: record.id,
        type: record.type,
        user,
        authorizing_integration_owners: p.authorizing_integration_owners,
        ...(name !== undefined && p.type === 2 ? { name } : {}),
      },
    };
  }

  /** Tells every interaction whose original is this message that it changed (component updates edit shared messages). */
  private notifyMessageChanged(messageId: string | undefined): void {
    if (messageId === undefined) return;
    for (const record of this.interactions.values()) {
      if (record.originalId === messageId || record.followUpIds.includes(messageId)) record.changed();
    }
  }

  private publicMessage(message: RecordedMessage): Record<string, unknown> {
    return messageForPayload(message);
  }

  // ---------------------------------------------------------------- interaction webhooks

  /** Finds the interaction behind a webhook token, enforcing the 15-minute token life. */
  private webhookRecord(ctx: RequestContext, appId: string, token: string): InteractionRecord {
    const record = this.byToken.get(token);
    if (!record || appId !== this.applicationId) throw discordErrors.invalidWebhookToken();
    ctx.interaction = record;
    if (this.clock.now() - record.dispatchedAt > TOKEN_LIFETIME_MS) throw discordErrors.invalidWebhookToken();
    const r = record.response;
    if (!r || r.type === 8 || r.type === 9) throw discordErrors.unknownWebhook();
    return record;
  }

  private followUp(ctx: RequestContext, appId: string, token: string): Reply {
    const record = this.webhookRecord(ctx, appId, token);
    const body = ctx.body;
    const errs = new FormErrors();
    const isV2 = isRecord(body) && typeof body.flags === 'number' && (body.flags & MessageFlag.IsComponentsV2) !== 0;
    validateMessageBody(errs, [], body, isV2);
    errs.throwIfAny();
    const data = body as Record<string, unknown>;
    if (isEmptyMessage(data)) throw discordErrors.emptyMessage();
    const timestamp = new Date(this.clock.now()).toISOString();

    // Discord: the first followUp after a type 5 deferral edits the loading message instead.
    const original = record.originalId !== undefined ? this.messages.get(record.originalId) : undefined;
    let message: RecordedMessage;
    if (record.response?.type === 5 && !record.completedDeferral && original && !record.originalDeleted) {
      applyEdit(original, { ...data, flags: undefined }, timestamp);
      record.completedDeferral = true;
      message = original;
    } else {
      message = createMessage(data, this.originFor(record, timestamp));
      this.messages.set(message.id, message);
      record.followUpIds.push(message.id);
    }
    record.changed();
    this.notifyMessageChanged(message.id);
    if (ctx.query.wait !== 'true') return { status: 204 };
    return { status: 200, body: this.publicMessage(message) };
  }

  private webhookMessage(
    ctx: RequestContext,
    verb: 'GET' | 'PATCH' | 'DELETE',
    appId: string,
    token: string,
    messageRef: string,
  ): Reply {
    const record = this.webhookRecord(ctx, appId, token);
    const isOriginal = messageRef === '@original' || messageRef === record.originalId;
    const id = isOriginal ? record.originalId : messageRef;
    if (id === undefined || (!isOriginal && !record.followUpIds.includes(id))) throw discordErrors.unknownMessage();
    if (isOriginal && record.originalDeleted) throw discordErrors.unknownMessage();
    const message = this.messages.get(id);
    if (!message) throw discordErrors.unknownMessage();

    if (verb === 'GET') return { status: 200, body: this.publicMessage(message) };
    if (verb === 'DELETE') {
      if (isOriginal) record.originalDeleted = true;
      else record.followUpIds.splice(record.followUpIds.indexOf(id), 1);
      this.messages.delete(id);
      record.changed();
      return { status: 204 };
    }
    const body = ctx.body;
    const errs = new FormErrors();
    const flags = (message.flags ?? 0) | (isRecord(body) && typeof body.flags === 'number' ? body.flags : 0);
    validateMessageBody(errs, [], body ?? {}, (flags & MessageFlag.IsComponentsV2) !== 0);
    errs.throwIfAny();
    const timestamp = new Date(this.clock.now()).toISOString();
    const preview = structuredClone(message);
    applyEdit(preview, body as Record<string, unknown>, timestamp);
    if (isEmptyMessage(preview)) throw discordErrors.emptyMessage();
    applyEdit(message, body as Record<string, unknown>, timestamp);
    if (isOriginal) record.completedDeferral = true;
    record.changed();
    this.notifyMessageChanged(message.id);
    return { status: 200, body: this.publicMessage(message) };
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  const raw = Buffer.concat(chunks);
  if (raw.length === 0) return undefined;
  const contentType = req.headers['content-type'] ?? '';
  if (contentType.startsWith('multipart/form-data')) {
    const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
    const payload = form.get('payload_json');
    let parsed: unknown = {};
    if (typeof payload === 'string') {
      try {
        parsed = JSON.parse(payload) as unknown;
      } catch {
        throw discordErrors.invalidJson();
      }
    }
    // Interaction callbacks nest the message under `data`.
    const target = isRecord(parsed) && typeof parsed.type === 'number' && isRecord(parsed.data) ? parsed.data : parsed;
    if (isRecord(target)) attachUploadedFiles(target, form);
    return parsed;
  }
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw discordErrors.invalidJson();
  }
}

/** Fills attachment filename/size from the `files[n]` parts, as Discord does for uploads. */
function attachUploadedFiles(body: Record<string, unknown>, form: FormData): void {
  const uploads = new Map<string, { name: string; size: number }>();
  for (const [field, value] of form.entries()) {
    const match = /^files\[(\d+)\]$/.exec(field);
    if (match?.[1] !== undefined && typeof value !== 'string') uploads.set(match[1], { name: value.name, size: value.size });
  }
  if (uploads.size === 0) return;
  const listed = Array.isArray(body.attachments) ? body.attachments : [];
  const attachments = listed.map((a) => {
    if (!isRecord(a)) return a;
    const upload = uploads.get(String(a.id));
    return upload ? { filename: upload.name, size: upload.size, ...a } : a;
  });
  for (const [id, upload] of uploads) {
    if (!listed.some((a) => isRecord(a) && String(a.id) === id)) attachments.push({ id, filename: upload.name, size: upload.size });
  }
  body.attachments = attachments;
}
