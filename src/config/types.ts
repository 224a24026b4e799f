// The typed configuration the bot runs with, as read from the environment by config.ts.

import type { LogLevel } from '../log/log.js';
import type { MetricsConfig } from './metrics-config.js';

export type Env = Readonly<Record<string, string | undefined>>;

export interface BucketConfig {
  /** Tokens a full bucket holds: how many requests may come at once. */
  burst: number;
  /** Tokens added per minute: the sustained rate. */
  perMinute: number;
}

export interface UserRateConfig {
  /** Slash commands and components; undefined turns the limit off. */
  commands: BucketConfig | undefined;
  /** Autocomplete keystrokes, limited on their own (lighter) bucket; undefined turns it off. */
  autocomplete: BucketConfig | undefined;
  /** Users never limited (the bot's owners). */
  ownerIds: readonly string[];
}

export interface ServiceConfig {
  /** API root; the client appends `/v2`. */
  apiUrl: string;
  /** Authorization server root; `/v1/oauth2/...` is appended. */
  authUrl: string;
  /** The service's website (title pages `/anime/ID`, `/manga/ID`); default derived from apiUrl. */
  webUrl: string;
  clientId: string;
  clientSecret: string | undefined;
  clientIdHeader: string;
  userAgent: string;
}

export interface DiscordConfig {
  token: string;
  applicationId: string;
  /** Discord's API root, e.g. `https://discord.com/api` (the REST client appends `/v10`). */
  apiUrl: string;
  /** Discord's media CDN (avatars on the login confirmation page); default `https://cdn.discordapp.com`. */
  cdnUrl?: string;
}

export interface WebConfig {
  port: number;
  /** Where people's browsers reach the bot's web server; the redirect URI is derived from it. */
  publicUrl: string;
  redirectUri: string;
  /** Express `trust proxy` (TRUST_PROXY); default false: X-Forwarded-* headers are ignored. */
  trustProxy?: boolean | number | string;
}

export interface StoreConfig {
  url: string;
  /** Base64 of 32 random bytes. Parsed into a key by the auth module. */
  encryptionKey: string;
  /** STORE_STEP_TIMEOUT_MS: the deadline of each store step on a person's path that can fall back; default DEFAULT_STORE_STEP_TIMEOUT_MS. */
  stepTimeoutMs?: number;
}

export interface TransportConfig {
  /** `gateway` (a websocket session, the default) or `http` (Discord POSTs interactions to PUBLIC_URL/interactions). */
  kind: 'gateway' | 'http';
  /** The application's Ed25519 public key (64 hex); set when kind is `http`. */
  publicKey: string | undefined;
  /** Gateway only: run this many shards (`auto`: Discord's recommendation) under a ShardingManager; undefined runs one process. */
  shards: 'auto' | number | undefined;
  /** How long in-flight interactions get to finish on SIGTERM/SIGINT. */
  shutdownGraceMs: number;
}

/** Deadlines and bounds that keep a misbehaving service from hanging or flooding the bot. */
export interface LimitsConfig {
  commandBudgetMs: number;
  componentBudgetMs: number;
  autocompleteBudgetMs: number;
  /** How long a deferred command's or button's requests may wait in the deployment's line, in all, beyond its budget (DEFERRED_LINE_WAIT_MS). */
  deferredLineWaitMs: number;
  /** Whole-call deadline of one request to the service. */
  serviceTimeoutMs: number;
  serviceMaxBodyBytes: number;
  serviceMaxConcurrent: number;
  serviceCacheMaxBytes: number;
  serviceCoolOffMs: number;
  serviceCoolOffMaxMs: number;
  /** Requests per second to the service for the whole deployment (every process sharing STORE_URL). */
  serviceRequestsPerSecond: number;
  /** Requests allowed at once above that pace after a quiet spell (the shared line's burst). */
  serviceRequestsBurst: number;
  /**
   * The bot processes sharing the store, as the operator counts them: while the store fails, each paces
   * itself at its share of the rate (1 in this many, or in the live processes it last saw, if more).
   */
  serviceProcessCount?: number;
}

/** Reminder scheduler knobs, in milliseconds. */
export interface RemindersConfig {
  tickMs: number;
  titleRefreshMs: number;
  listSyncMs: number;
  catchUpMs: number;
  /** How long a process owns a job it runs; a crashed process's reminder is retried after this. */
  leaseMs: number;
  /** First retry delay of a failed reminder delivery (doubling per attempt). */
  retryBaseMs: number;
}

/** The activity feed's knobs, in milliseconds. */
export interface FeedConfig {
  /** FEED_BATCH_SECONDS: one member's changes within this window make one post. */
  batchMs: number;
}

/** Where covers for the pictures may come from, and how much of the shared store they may take. */
export interface CoversConfig {
  /** COVER_HOSTS: hosts reached over HTTPS, or full origins (`http://127.0.0.1:8788`). */
  hosts: string[];
  /** COVER_CACHE_MAX_BYTES: the most bytes of thumbnails the shared store holds. */
  cacheMaxBytes: number;
}

/** List imports: where attached files may be fetched from. */
export interface ImportsConfig {
  /** ATTACHMENT_HOSTS: Discord's attachment hosts (HTTPS), or full origins (`http://127.0.0.1:8790`, a fake Discord). */
  attachmentHosts: string[];
  /** How long one import job writes before it hands over; a crashed process's import resumes after twice this (or the job lease, if longer). */
  sliceMs?: number;
}

/** The server community's knobs, in milliseconds. */
export interface SocialConfig {
  /** The base interval between two syncs of a joined member's lists (adapted per member from half of it to eight times it). */
  listSyncMs: number;
}

export interface BotConfig {
  service: ServiceConfig;
  discord: DiscordConfig;
  web: WebConfig;
  store: StoreConfig;
  /** Absent = metrics off. */
  metrics?: MetricsConfig;
  userRate: UserRateConfig;
  transport: TransportConfig;
  /** Optional in code that builds a config by hand (tests); loadConfig always fills it. */
  limits?: Partial<LimitsConfig>;
  /** Defaults apply when absent. */
  reminders?: RemindersConfig;
  /** Defaults apply when absent. */
  feed?: FeedConfig;
  /** Defaults apply when absent. */
  social?: SocialConfig;
  /** Defaults apply when absent. */
  covers?: CoversConfig;
  imports?: ImportsConfig;
  /** LOG_LEVEL and LOG_FORMAT (format undefined: pretty in a terminal when available, JSON otherwise). */
  log?: { level: LogLevel; format: 'json' | 'pretty' | undefined };
}
