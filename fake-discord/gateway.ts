import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { isRecord } from './errors.js';
import type { GatewayIdentify } from './types.js';

const HEARTBEAT_INTERVAL_MS = 41_250;
const MAX_BUFFERED_EVENTS = 500;

interface GatewayEvent {
  s: number;
  t: string;
  d: unknown;
}

interface Session {
  id: string;
  /** [shard_id, num_shards] from IDENTIFY ([0, 1] when none was sent). */
  shard: [number, number];
  seq: number;
  /** The intents IDENTIFY asked for: events behind an intent reach only sessions that asked for it. */
  intents: number;
  events: GatewayEvent[];
  socket: WebSocket | null;
}

export interface GatewayConfig {
  botToken: string;
  gatewayUrl: () => string;
  readyData: () => Record<string, unknown>;
  /** How many shards the bot must run (what GET /gateway/bot recommends). */
  shardCount: number;
}

/** Discord's routing: a guild's events go to shard (guild_id >> 22) % num_shards; DMs to shard 0. */
export function shardForGuild(guildId: string | undefined, shardCount: number): number {
  if (guildId === undefined) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** A Discord gateway (JSON, uncompressed, one or more shards) sharing the HTTP server's port. */
export class FakeGateway {
  readonly identifies: GatewayIdentify[] = [];
  private readonly wss: WebSocketServer;
  private readonly sessions = new Map<string, Session>();
  private readyWaiters: Array<() => void> = [];

  constructor(
    server: Server,
    private readonly config: GatewayConfig,
  ) {
    this.wss = new WebSocketServer({ server });
    this.wss.on('connection', (socket, req) => this.onConnection(socket, req.url ?? '/'));
  }

  /**
   * Sends a dispatch to every live session, or with `guildId` (or null for a DM) only to the sessions of
   * the shard that guild belongs to; with `intent`, only to sessions that identified with it; returns
   * how many clients it reached.
   */
  dispatch(t: string, d: unknown, guildId?: string | null, intent?: number): number {
    let delivered = 0;
    const shard = guildId === undefined ? undefined : shardForGuild(guildId ?? undefined, this.config.shardCount);
    for (const session of this.sessions.values()) {
      if (!session.socket || session.socket.readyState !== WebSocket.OPEN) continue;
      if (shard !== undefined && session.shard[0] !== shard) continue;
      if (intent !== undefined && (session.intents & intent) === 0) continue;
      this.push(session, t, d);
      delivered += 1;
    }
    return delivered;
  }

  hasLiveSession(guildId?: string | null): boolean {
    const shard = guildId === undefined ? undefined : shardForGuild(guildId ?? undefined, this.config.shardCount);
    return [...this.sessions.values()].some((s) => s.socket?.readyState === WebSocket.OPEN && (shard === undefined || s.shard[0] === shard));
  }

  /** How many distinct shards have a live session. */
  liveShards(): number {
    return new Set([...this.sessions.values()].filter((s) => s.socket?.readyState === WebSocket.OPEN).map((s) => s.shard[0])).size;
  }

  whenConnected(): Promise<void> {
    if (this.hasLiveSession()) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  disconnectAll(code: number): void {
    for (const session of this.sessions.values()) {
      const socket = session.socket;
      session.socket = null;
      socket?.close(code, 'fake discord disconnect');
    }
    for (const socket of this.wss.clients) {
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close(code);
    }
  }

  async close(): Promise<void> {
    for (const socket of this.wss.clients) socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private push(session: Session, t: string, d: unknown): void {
    session.seq += 1;
    const event: GatewayEvent = { s: session.seq, t, d };
    session.events.push(event);
    if (session.events.length > MAX_BUFFERED_EVENTS) session.events.shift();
    session.socket?.send(JSON.stringify({ op: 0, ...event }));
  }

  private markReady(): void {
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const w of waiters) w();
  }

  private onConnection(socket: WebSocket, rawUrl: string): void {
    const params = new URL(rawUrl, 'ws://127.0.0.1').searchParams;
    if (params.get('v') !== '10') {
      socket.close(4012, 'Invalid API version');
      return;
    }
    if ((params.get('encoding') ?? 'json') !== 'json' || params.has('compress')) {
      socket.close(4002, 'Decode error: only uncompressed JSON is supported');
      return;
    }
    let session: Session | null = null;
    socket.send(JSON.stringify({ op: 10, s: null, t: null, d: { heartbeat_interval: HEARTBEAT_INTERVAL_MS } }));
    socket.on('message', (raw: RawData) => {
      let payload: unknown;
      try {
        payload = JSON.parse(rawDataToString(raw));
      } catch {
        socket.close(4002, 'Decode error');
        return;
      }
      if (!isRecord(payload) || typeof payload.op !== 'number') {
        socket.close(4002, 'Decode error');
        return;
      }
      switch (payload.op) {
        case 1:
          socket.send(JSON.stringify({ op: 11 }));
          return;
        case 2:
          if (session) {
            socket.close(4005, 'Already authenticated');
            return;
          }
          session = this.identify(socket, payload.d);
          return;
        case 6:
          if (session) {
            socket.close(4005, 'Already authenticated');
            return;
          }
          session = this.resume(socket, payload.d);
          return;
        default:
          if (!session) socket.close(4003, 'Not authenticated');
      }
    });
    socket.on('close', () => {
      if (session && session.socket === socket) session.socket = null;
    });
  }

  private identify(socket: WebSocket, d: unknown): Session | null {
    if (!isRecord(d) || d.token !== this.config.botToken) {
      socket.close(4004, 'Authentication failed');
      return null;
    }
    if (typeof d.intents !== 'number' || !Number.isInteger(d.intents) || d.intents < 0) {
      socket.close(4013, 'Invalid intent(s)');
      return null;
    }
    const count = this.config.shardCount;
    if (d.shard === undefined && count > 1) {
      socket.close(4011, 'Sharding required');
      return null;
    }
    const shard: unknown = d.shard ?? [0, 1];
    if (!Array.isArray(shard) || shard.length !== 2 || !shard.every((n) => Number.isInteger(n)) || shard[1] !== count || shard[0] < 0 || shard[0] >= count) {
      socket.close(4010, 'Invalid shard');
      return null;
    }
    const shardPair: [number, number] = [shard[0] as number, count];
    this.identifies.push({ intents: d.intents, shard: d.shard, properties: d.properties });
    const session: Session = { id: randomBytes(16).toString('hex'), shard: shardPair, seq: 0, intents: d.intents, events: [], socket };
    this.sessions.set(session.id, session);
    this.push(session, 'READY', {
      v: 10,
      ...this.config.readyData(),
      guilds: [],
      session_id: session.id,
      resume_gateway_url: this.config.gatewayUrl(),
      shard: shardPair,
      user_settings: {},
      relationships: [],
      private_channels: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      _trace: ['fake-discord'],
    });
    this.markReady();
    return session;
  }

  private resume(socket: WebSocket, d: unknown): Session | null {
    const session = isRecord(d) && typeof d.session_id === 'string' ? this.sessions.get(d.session_id) : undefined;
    if (!isRecord(d) || d.token !== this.config.botToken || !session || typeof d.seq !== 'number') {
      socket.send(JSON.stringify({ op: 9, s: null, t: null, d: false }));
      return null;
    }
    session.socket?.close(4009, 'Session resumed elsewhere');
    session.socket = socket;
    const seq = d.seq;
    for (const event of session.events) {
      if (event.s > seq) socket.send(JSON.stringify({ op: 0, ...event }));
    }
    this.push(session, 'RESUMED', { _trace: ['fake-discord'] });
    this.markReady();
    return session;
  }
}

function rawDataToString(raw: RawData): string {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  if (raw instanceof ArrayBuffer) return Buffer.from(raw).toString('utf8');
  return raw.toString('utf8');
}
