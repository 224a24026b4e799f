import express, { type Request, type RequestHandler } from 'express';
import { apiRouter, type FaultState } from './api/router.js';
import { DEFAULT_CATALOGUE_SEED, buildCatalogue, type Catalogue } from './catalogue/index.js';
import { closeServer, listen } from './listen.js';
import type { CatalogueExtras } from './catalogue/extras.js';
import { DEFAULT_USERS, makeProfile, seedUserLists, type UserLists } from './catalogue/users.js';
import { oauthRouter, type OAuthCounters } from './oauth/routes.js';
import { TokenStore, type TokenTtls } from './oauth/store.js';
import { type ClientRecord, type EmulatorState, type UserRecord, findUser } from './state.js';
import { startPictureHost, type PictureHost, type PictureHostOptions } from './pictures.js';
import { ListWrites, type LoggedWrite, type UserWrites, type WriteCount } from './writes.js';
import { Throttle, type ClientTraffic, type ThrottleOptions, validateThrottle } from './throttle.js';
import { withEntryDates, type EntryDatesOption } from './entry-dates.js';

export type { PictureFault, PictureHost, PictureHostOptions } from './pictures.js';
export type { UserWrites, WriteCount } from './writes.js';
export { DEFAULT_COOL_OFF_MS, type ClientTraffic, type ThrottleOptions } from './throttle.js';

export interface EmulatorClient {
  id: string;
  secret?: string;
  redirectUris: string[];
}

export interface EmulatorUser {
  name: string;
  password: string;
  /** Random seeded lists of these sizes for a user who is not one of the default ones (default: empty lists). */
  lists?: { anime: number; manga: number };
  /**
   * The user's lists, used as they are instead of seeded ones (not copied: whoever passed them may change
   * them while the emulator runs, e.g. a bench simulating list changes).
   */
  ownLists?: UserLists;
  /**
   * Chosen dates for the user's entries (seeded or own): called once per entry at start; what it returns
   * replaces the entry's `start_date` / `finish_date` (`YYYY-MM-DD`, parts may be `00`; `''` removes it)
   * and, with `updatedAt` (epoch ms), its last update. Undefined leaves the entry as it is.
   */
  entryDates?: EntryDatesOption;
}

export interface EmulatorOptions {
  port?: number;
  host?: string;
  clients?: EmulatorClient[];
  users?: EmulatorUser[];
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  authCodeTtlSeconds?: number;
  /** `extra`: works and forum topics added to the generated ones (e.g. with hostile text). */
  catalogue?: { size?: 'seed' | number; seed?: number; extra?: CatalogueExtras };
  now?: () => number;
  /** How long an unfiltered GET /forum/topics hangs before its 504 (default 2000 ms). */
  forumTopicsTimeoutMs?: number;
  /**
   * The real service's throttling, off when absent: above `requestsPerSecond` /v2 requests of one client ID (by its
   * client-ID header or a token it issued) in a sliding 1 s window, every request of that client gets 403
   * `{"message":"","error":"forbidden"}` without Retry-After for `coolOffMs` (default 10 000). Measured on `now`.
   */
  throttle?: ThrottleOptions;
  /**
   * Serve the pictures too, from a picture host of its own (a second listener): `main_picture` URLs
   * then point there. Off by default (the URLs name the real service's picture host).
   */
  pictures?: boolean | PictureHostOptions;
  /** Told of every request once answered (the same entry `requestLog` keeps), e.g. to count requests by kind. */
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  auth: 'bearer' | 'client' | 'none';
  status: number;
}

export interface Emulator {
  url: string;
  port: number;
  close(): Promise<void>;
  stats: { tokenRequests: { authorization_code: number; refresh_token: number }; requests: number };
  requestLog: RequestLogEntry[];
  faults: {
    delayMs: number;
    failNext(n: number, response: { status: number; body: string; contentType?: string }): void;
    reset(): void;
  };
  /** Throttling settings (null when off) and per-client /v2 traffic counters (kept even when off). */
  throttle: {
    readonly settings: Required<ThrottleOptions> | null;
    /** Counters of one client ID (default: the first client); zeros if it made no request. A snapshot. */
    traffic(clientId?: string): ClientTraffic;
    /** Counters of every client ID that made a request. A snapshot. */
    allTraffic(): Record<string, ClientTraffic>;
    /** Zeroes the counters and ends every cool-off. */
    reset(): void;
  };
  /** The picture host, when `pictures` was asked for. */
  pictures: PictureHost | undefined;
  /** The lifetimes of the tokens it issues; a change applies to the tokens issued from then on. */
  tokenTtls: TokenTtls;
  /**
   * List writes (PUT/PATCH and DELETE of my_list_status) per user, counted when they reach the handler with a
   * valid token, refused ones included (emulator/writes.ts). Snapshots.
   */
  writes: {
    of(userName: string): UserWrites;
    /** The user's PUT/PATCHes in order, with the fields each sent. */
    log(userName: string): LoggedWrite[];
    total(): WriteCount;
    reset(): void;
  };
  revokeRefreshTokens(userName: string): void;
  expireAccessTokens(userName: string): void;
  issueTokensFor(userName: string, clientId?: string): { access_token: string; refresh_token: string; expires_in: number };
}

/** The default client (32-character id, 64-character secret, like real credentials). */
export const DEFAULT_CLIENT: EmulatorClient = {
  id: 'amls-emulator-default-client-id0',
  secret: 'amls-emulator-default-client-secret-0123456789abcdef0123456789ab',
  redirectUris: ['http://127.0.0.1:3000/oauth/callback'],
};

export { DEFAULT_USERS };

const REQUEST_LOG_LIMIT = 1000;
const SENSITIVE_QUERY = new Set(['code', 'state', 'code_challenge', 'code_verifier', 'access_token', 'refresh_token', 'client_secret']);

function authKind(req: Request): RequestLogEntry['auth'] {
  const authorization = req.get('authorization') ?? '';
  if (/^bearer /i.test(authorization)) return 'bearer';
  if (req.get('x-service-client-id') !== undefined || /^basic /i.test(authorization)) return 'client';
  return 'none';
}

/** The emulator's users by lower-cased name, each with its profile and (seeded or own) lists. */
function userRecords(users: readonly EmulatorUser[], catalogue: Catalogue, seed: number, startMs: number): Map<string, UserRecord> {
  const userMap = new Map<string, UserRecord>();
  for (const u of users) {
    userMap.set(u.name.toLowerCase(), {
      name: u.name, password: u.password, profile: makeProfile(u.name, startMs),
      lists: withEntryDates(u.ownLists ?? seedUserLists(u.name, catalogue.anime.list, catalogue.manga.list, seed, startMs, u.lists), u.entryDates),
    });
  }
  return userMap;
}

function tokenTtlsOf(options: EmulatorOptions): TokenTtls {
  return {
    accessSeconds: options.accessTokenTtlSeconds ?? 3600,
    refreshSeconds: options.refreshTokenTtlSeconds ?? 30 * 86_400,
    codeSeconds: options.authCodeTtlSeconds ?? 600,
  };
}

/** Middleware appending each finished request (secrets in the query redacted) to the bounded request log. */
function requestLogger(requestLog: RequestLogEntry[], onRequest: EmulatorOptions['onRequest']): RequestHandler {
  return (req, res, next) => {
    res.on('finish', () => {
      const url = new URL(req.originalUrl, 'http://x');
      const query: Record<string, string> = {};
      for (const [k, v] of url.searchParams) query[k] = SENSITIVE_QUERY.has(k) ? '[redacted]' : v;
      const entry: RequestLogEntry = { method: req.method, path: url.pathname, query, auth: authKind(req), status: res.statusCode };
      requestLog.push(entry);
      onRequest?.(entry);
      if (requestLog.length > REQUEST_LOG_LIMIT) requestLog.splice(0, requestLog.length - REQUEST_LOG_LIMIT);
    });
    next();
  };
}

function faultControls(faultState: FaultState): Emulator['faults'] {
  return {
    get delayMs() {
      return faultState.delayMs;
    },
    set delayMs(ms: number) {
      faultState.delayMs = ms;
    },
    failNext(n, response) {
      for (let i = 0; i < n; i++) faultState.pending.push({ ...response });
    },
    reset() {
      faultState.delayMs = 0;
      faultState.pending.length = 0;
    },
  };
}

/** The test-facing throttle controls; traffic() without a client ID reports the default client. */
function throttleControls(throttle: Throttle, defaultClientId: string): Emulator['throttle'] {
  return {
    get settings() {
      return throttle.settings;
    },
    traffic: (clientId) => throttle.traffic(clientId ?? defaultClientId),
    allTraffic: () => throttle.allTraffic(),
    reset: () => throttle.reset(),
  };
}

/** The emulator's starting state: catalogue, users with their lists, clients, token store. */
function initialState(options: EmulatorOptions, now: () => number, tokenTtls: TokenTtls): EmulatorState {
  const clients = options.clients ?? [DEFAULT_CLIENT];
  const users: readonly EmulatorUser[] = options.users ?? DEFAULT_USERS;
  const seed = options.catalogue?.seed ?? DEFAULT_CATALOGUE_SEED;
  const startMs = now();
  const catalogue = buildCatalogue(options.catalogue?.size ?? 'seed', seed, startMs, users.map((u) => u.name), options.catalogue?.extra);
  return {
    catalogue,
    users: userRecords(users, catalogue, seed, startMs),
    clients: new Map<string, ClientRecord>(clients.map((c) => [c.id, { ...c, redirectUris: [...c.redirectUris] }])),
    tokens: new TokenStore(tokenTtls, now),
    now,
    forumTopicsTimeoutMs: options.forumTopicsTimeoutMs ?? 2000,
    writes: new ListWrites(),
  };
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const now = options.now ?? Date.now;
  const defaultClientId = (options.clients ?? [DEFAULT_CLIENT])[0]?.id;
  const tokenTtls = tokenTtlsOf(options);
  const state = initialState(options, now, tokenTtls);
  const { catalogue, tokens, clients: clientMap } = state;

  const pictures = options.pictures ? await startPictureHost(catalogue, { host: options.host, ...(options.pictures === true ? {} : options.pictures) }) : undefined;
  if (pictures) state.pictureOrigin = pictures.url;

  const stats: Emulator['stats'] = { tokenRequests: { authorization_code: 0, refresh_token: 0 }, requests: 0 };
  const counters: OAuthCounters = { tokenRequests: stats.tokenRequests };
  const requestLog: RequestLogEntry[] = [];
  const faultState: FaultState = { delayMs: 0, pending: [] };
  const throttle = new Throttle(options.throttle ? validateThrottle(options.throttle) : null, now);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestLogger(requestLog, options.onRequest));
  app.use(oauthRouter(state, counters));
  app.use('/v2', apiRouter(state, faultState, throttle, () => {
    stats.requests++;
  }));
  app.use((_req, res) => {
    res.status(404).type('text/html').send('<html><body><h1>404 Not Found</h1></body></html>');
  });

  const host = options.host ?? '127.0.0.1';
  const { server, port } = await listen(app, options.port ?? 0, host);

  const userName = (name: string): string => {
    const user = findUser(state, name);
    if (!user) throw new Error(`emulator: unknown user ${name}`);
    return user.name;
  };

  return {
    url: `http://${host}:${port}`,
    port,
    stats,
    requestLog,
    faults: faultControls(faultState),
    pictures,
    tokenTtls,
    writes: {
      of: (name) => state.writes.of(name),
      log: (name) => state.writes.log(name),
      total: () => state.writes.total(),
      reset: () => state.writes.reset(),
    },
    close: async () => {
      await pictures?.close();
      await closeServer(server);
    },
    throttle: throttleControls(throttle, defaultClientId ?? ''),
    revokeRefreshTokens: (name) => tokens.revokeRefreshTokensOf(userName(name)),
    expireAccessTokens: (name) => tokens.expireAccessTokensOf(userName(name)),
    issueTokensFor: (name, clientId) => {
      const id = clientId ?? defaultClientId;
      if (id === undefined || !clientMap.has(id)) throw new Error(`emulator: unknown client ${String(id)}`);
      return tokens.issuePair(userName(name), id);
    },
  };
}
