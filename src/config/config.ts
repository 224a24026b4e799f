// Environment → typed, validated configuration. Every problem is collected so the admin sees
// all of them at once, each with a hint on where the value comes from.

import { isIP } from 'node:net';
import { DEFAULT_AUTOCOMPLETE_BUDGET_MS, DEFAULT_CACHE_MAX_BYTES, DEFAULT_CLIENT_ID_HEADER, DEFAULT_COMMAND_BUDGET_MS, DEFAULT_COMPONENT_BUDGET_MS, DEFAULT_COOL_OFF_MAX_MS, DEFAULT_COOL_OFF_MS, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_CONNECTIONS, DEFAULT_TIMEOUT_MS } from './defaults.js';
import { isPublicKeyHex, parseEncryptionKey } from './keys.js';
import { parseStoreUrl } from './store-url.js';
import { readMetricsConfig, type MetricsConfig } from './metrics-config.js';
import type { LogLevel } from '../log/log.js';
import { discordTokenProblem } from './token-shape.js';

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
  /** Whole-call deadline of one request to the service. */
  serviceTimeoutMs: number;
  serviceMaxBodyBytes: number;
  serviceMaxConcurrent: number;
  serviceCacheMaxBytes: number;
  serviceCoolOffMs: number;
  serviceCoolOffMaxMs: number;
}

/** Reminder scheduler knobs, in milliseconds. */
export interface RemindersConfig {
  tickMs: number;
  titleRefreshMs: number;
  listSyncMs: number;
  catchUpMs: number;
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
  /** LOG_LEVEL and LOG_FORMAT (format undefined: pretty in a terminal when available, JSON otherwise). */
  log?: { level: LogLevel; format: 'json' | 'pretty' | undefined };
}

export const DEFAULT_USER_RATE = {
  commands: { burst: 8, perMinute: 12 },
  autocomplete: { burst: 20, perMinute: 60 },
} as const;

export const DEFAULT_LIMITS: LimitsConfig = {
  commandBudgetMs: DEFAULT_COMMAND_BUDGET_MS,
  componentBudgetMs: DEFAULT_COMPONENT_BUDGET_MS,
  autocompleteBudgetMs: DEFAULT_AUTOCOMPLETE_BUDGET_MS,
  serviceTimeoutMs: DEFAULT_TIMEOUT_MS,
  serviceMaxBodyBytes: DEFAULT_MAX_BODY_BYTES,
  serviceMaxConcurrent: DEFAULT_MAX_CONNECTIONS,
  serviceCacheMaxBytes: DEFAULT_CACHE_MAX_BYTES,
  serviceCoolOffMs: DEFAULT_COOL_OFF_MS,
  serviceCoolOffMaxMs: DEFAULT_COOL_OFF_MAX_MS,
};

export type Env = Readonly<Record<string, string | undefined>>;

export const DEFAULT_DISCORD_API_URL = 'https://discord.com/api';
export const DEFAULT_DISCORD_CDN_URL = 'https://cdn.discordapp.com';
export const DEFAULT_USER_AGENT = 'amls-discord-bot/0.1 (self-hosted Discord bot; +https://github.com/amls-discord-bot)';
export const DEFAULT_STORE_URL = 'sqlite://data/bot.sqlite';
export const DEFAULT_PORT = 3000;
export const DEFAULT_SHUTDOWN_GRACE_MS = 8_000;

const HINTS: Record<string, string> = {
  SERVICE_API_URL: 'the service API root, e.g. https://api.example.net (the bot appends /v2)',
  SERVICE_AUTH_URL: 'the authorization server root, e.g. https://auth.example.net (the bot appends /v1/oauth2/...)',
  SERVICE_WEB_URL: 'the service website, e.g. https://example.net (title options accept links to its /anime/ID and /manga/ID pages)',
  SERVICE_CLIENT_ID: "your application's client ID from the service's API settings page",
  DISCORD_TOKEN: 'Discord Developer Portal → your application → Bot → Reset Token',
  DISCORD_APPLICATION_ID: 'Discord Developer Portal → your application → General Information → Application ID',
  PUBLIC_URL:
    'the address where browsers reach this bot, e.g. https://bot.example.net; register PUBLIC_URL/oauth/callback as the redirect URI at the service',
  DISCORD_PUBLIC_KEY: 'Discord Developer Portal → your application → General Information → Public Key (64 hex characters)',
  TOKEN_ENCRYPTION_KEY: 'generate one with: node -e "console.log(require(\'crypto\').randomBytes(32).toString(\'base64\'))"',
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration is incomplete or invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads variables one by one, remembering every problem instead of stopping at the first. */
class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  private raw(name: string): string | undefined {
    const value = this.env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  }

  private missing(name: string): string {
    this.problems.push(`${name} is missing: ${HINTS[name] ?? 'required'}`);
    return '';
  }

  required(name: string): string {
    return this.raw(name) ?? this.missing(name);
  }

  optional(name: string): string | undefined {
    return this.raw(name);
  }

  url(name: string, fallback?: string): string {
    const value = this.raw(name) ?? fallback;
    if (value === undefined) return this.missing(name);
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      this.problems.push(`${name} is not a valid URL: "${value}"`);
      return '';
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      this.problems.push(`${name} must be an http(s) URL, got "${value}"`);
      return '';
    }
    if (parsed.search || parsed.hash) {
      this.problems.push(`${name} must not contain a query or fragment: "${value}"`);
      return '';
    }
    return value.replace(/\/+$/, '');
  }

  port(name: string, fallback: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const port = Number(value);
    if (!/^\d+$/.test(value) || port < 0 || port > 65535) {
      this.problems.push(`${name} must be a port number 0–65535, got "${value}"`);
      return fallback;
    }
    return port;
  }

  discordToken(name: string): string {
    const value = this.required(name);
    const problem = value === '' ? undefined : discordTokenProblem(value);
    if (problem !== undefined) this.problems.push(`${name} ${problem}: ${HINTS[name] ?? ''}`);
    return value;
  }

  snowflake(name: string): string {
    const value = this.required(name);
    if (value !== '' && !/^\d{15,21}$/.test(value)) {
      this.problems.push(`${name} must be a Discord ID (15–21 digits), got "${value}"`);
    }
    return value;
  }

  encryptionKey(name: string): string {
    const value = this.required(name);
    if (value === '') return value;
    try {
      parseEncryptionKey(value, name);
    } catch (error) {
      this.problems.push((error as Error).message);
    }
    return value;
  }

  headerName(name: string, fallback: string): string {
    const value = this.raw(name) ?? fallback;
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value)) {
      this.problems.push(`${name} is not a valid HTTP header name: "${value}"`);
    }
    return value;
  }

  /** A positive number of `unit` ms (e.g. seconds, hours) within [min, max] units. */
  duration(name: string, fallbackUnits: number, unitMs: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallbackUnits * unitMs;
    const n = Number(value);
    if (!Number.isFinite(n) || n < min || n > max) {
      this.problems.push(`${name} must be a number from ${min} to ${max}, got "${value}"`);
      return fallbackUnits * unitMs;
    }
    return Math.round(n * unitMs);
  }

  storeUrl(name: string, fallback: string): string {
    const value = this.raw(name) ?? fallback;
    try {
      parseStoreUrl(value);
    } catch (error) {
      this.problems.push(`${name}: ${(error as Error).message}`);
    }
    return value;
  }

  onOff(name: string): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined || value === 'off' || value === 'false' || value === '0') return false;
    if (value === 'on' || value === 'true' || value === '1') return true;
    this.problems.push(`${name} must be on or off, got "${value}"`);
    return false;
  }

  secret(name: string, minLength: number): string | undefined {
    const value = this.raw(name);
    if (value !== undefined && value.length < minLength) this.problems.push(`${name} must be at least ${minLength} characters long`);
    return value;
  }

  /** Express's trust proxy forms: true/false, a hop count, or a comma list of addresses, CIDR ranges and loopback/linklocal/uniquelocal. */
  trustProxy(name: string): boolean | number | string {
    const value = this.raw(name);
    if (value === undefined || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const parts = value.split(',').map((p) => p.trim());
    const bad = parts.filter((p) => !isTrustedProxyPart(p));
    if (bad.length > 0) {
      this.problems.push(
        `${name} must be true, false, a number of proxy hops, or a comma list of addresses/CIDR ranges/loopback/linklocal/uniquelocal; not understood: ${bad.join(', ')}`,
      );
      return false;
    }
    return parts.join(',');
  }

  /** A whole number ≥ 0 (0 meaning "off" where the caller says so). */
  count(name: string, fallback: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^\d{1,6}$/.test(value)) {
      this.problems.push(`${name} must be a whole number 0–999999, got "${value}"`);
      return fallback;
    }
    return Number(value);
  }

  snowflakeList(name: string): string[] {
    const value = this.raw(name);
    if (value === undefined) return [];
    const ids = value.split(/[\s,]+/).filter((id) => id !== '');
    const bad = ids.filter((id) => !/^\d{15,21}$/.test(id));
    if (bad.length > 0) this.problems.push(`${name} must be Discord user IDs (15–21 digits) separated by commas, got "${bad.join(', ')}"`);
    return ids.filter((id) => !bad.includes(id));
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name) ?? fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
    return fallback;
  }

  positiveInt(name: string, max: number): number | undefined {
    const value = this.raw(name);
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < 1 || n > max) {
      this.problems.push(`${name} must be a whole number 1–${max}, got "${value}"`);
      return undefined;
    }
    return n;
  }

  /** A whole number within [min, max], or the fallback when unset. */
  int(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
      return fallback;
    }
    return n;
  }

  finish(): void {
    if (this.problems.length > 0) throw new ConfigError(this.problems);
  }
}

function isTrustedProxyPart(part: string): boolean {
  if (part === 'loopback' || part === 'linklocal' || part === 'uniquelocal') return true;
  const [address, bits, ...rest] = part.split('/');
  if (rest.length > 0 || address === undefined || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

/**
 * The service's website when SERVICE_WEB_URL is not set: the API origin without a leading `api.`
 * label (`https://api.example.net` → `https://example.net`), otherwise the API origin itself.
 */
export function defaultServiceWebUrl(apiUrl: string): string {
  const url = new URL(apiUrl);
  const host = url.hostname.startsWith('api.') && url.hostname.split('.').length > 2 ? url.hostname.slice(4) : url.hostname;
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
}

function readService(r: EnvReader): ServiceConfig {
  const apiUrl = r.url('SERVICE_API_URL');
  return {
    apiUrl,
    authUrl: r.url('SERVICE_AUTH_URL'),
    // Without a valid API URL there is already a problem to report and nothing to derive from.
    webUrl: r.optional('SERVICE_WEB_URL') !== undefined ? r.url('SERVICE_WEB_URL') : apiUrl === '' ? '' : defaultServiceWebUrl(apiUrl),
    clientId: r.required('SERVICE_CLIENT_ID'),
    clientSecret: r.optional('SERVICE_CLIENT_SECRET'),
    clientIdHeader: r.headerName('SERVICE_CLIENT_ID_HEADER', DEFAULT_CLIENT_ID_HEADER),
    userAgent: r.optional('SERVICE_USER_AGENT') ?? DEFAULT_USER_AGENT,
  };
}

function readDiscord(r: EnvReader): DiscordConfig {
  return {
    token: r.discordToken('DISCORD_TOKEN'),
    applicationId: r.snowflake('DISCORD_APPLICATION_ID'),
    apiUrl: r.url('DISCORD_API_URL', DEFAULT_DISCORD_API_URL),
    cdnUrl: r.url('DISCORD_CDN_URL', DEFAULT_DISCORD_CDN_URL),
  };
}

function readWeb(r: EnvReader): WebConfig {
  const publicUrl = r.url('PUBLIC_URL');
  return {
    port: r.port('PORT', DEFAULT_PORT),
    publicUrl,
    redirectUri: `${publicUrl}/oauth/callback`,
    trustProxy: r.trustProxy('TRUST_PROXY'),
  };
}

function readStore(r: EnvReader): StoreConfig {
  return {
    url: r.storeUrl('STORE_URL', DEFAULT_STORE_URL),
    encryptionKey: r.encryptionKey('TOKEN_ENCRYPTION_KEY'),
  };
}

function readUserRate(r: EnvReader): UserRateConfig {
  const bucket = (prefix: string, defaults: { burst: number; perMinute: number }) => {
    const perMinute = r.count(`${prefix}PER_MINUTE`, defaults.perMinute);
    const burst = r.count(`${prefix}BURST`, defaults.burst);
    // 0 for either turns that limit off.
    return perMinute === 0 || burst === 0 ? undefined : { burst, perMinute };
  };
  return {
    commands: bucket('USER_RATE_', DEFAULT_USER_RATE.commands),
    autocomplete: bucket('USER_RATE_AUTOCOMPLETE_', DEFAULT_USER_RATE.autocomplete),
    ownerIds: r.snowflakeList('BOT_OWNER_IDS'),
  };
}

function readTransport(r: EnvReader): TransportConfig {
  const kind = r.oneOf('DISCORD_TRANSPORT', ['gateway', 'http'] as const, 'gateway');
  let publicKey: string | undefined;
  if (kind === 'http') {
    publicKey = r.required('DISCORD_PUBLIC_KEY');
    if (publicKey !== '' && !isPublicKeyHex(publicKey)) {
      r.problems.push(`DISCORD_PUBLIC_KEY must be 64 hexadecimal characters: ${HINTS.DISCORD_PUBLIC_KEY}`);
    }
  }
  let shards: TransportConfig['shards'];
  const shardCount = r.optional('SHARD_COUNT');
  if (shardCount !== undefined) {
    if (kind === 'http') r.problems.push('SHARD_COUNT applies to the gateway transport only; with DISCORD_TRANSPORT=http run more processes instead');
    else if (shardCount === 'auto') shards = 'auto';
    else if (/^\d+$/.test(shardCount) && Number(shardCount) >= 1 && Number(shardCount) <= 4096) shards = Number(shardCount);
    else r.problems.push(`SHARD_COUNT must be auto (Discord's recommendation) or a whole number 1–4096, got "${shardCount}"`);
  }
  const shutdownGraceMs = r.positiveInt('SHUTDOWN_GRACE_MS', 600_000) ?? DEFAULT_SHUTDOWN_GRACE_MS;
  return { kind, publicKey, shards, shutdownGraceMs };
}

function readLimits(r: EnvReader): LimitsConfig {
  const d = DEFAULT_LIMITS;
  const limits: LimitsConfig = {
    commandBudgetMs: r.int('COMMAND_BUDGET_MS', d.commandBudgetMs, 1_000, 14 * 60_000),
    componentBudgetMs: r.int('COMPONENT_BUDGET_MS', d.componentBudgetMs, 1_000, 14 * 60_000),
    // Discord drops an autocomplete answer after 3 s.
    autocompleteBudgetMs: r.int('AUTOCOMPLETE_BUDGET_MS', d.autocompleteBudgetMs, 100, 2_500),
    serviceTimeoutMs: r.int('SERVICE_TIMEOUT_MS', d.serviceTimeoutMs, 100, 14 * 60_000),
    serviceMaxBodyBytes: r.int('SERVICE_MAX_BODY_BYTES', d.serviceMaxBodyBytes, 64 * 1024, 1024 * 1024 * 1024),
    serviceMaxConcurrent: r.int('SERVICE_MAX_CONCURRENT', d.serviceMaxConcurrent, 1, 1024),
    serviceCacheMaxBytes: r.int('SERVICE_CACHE_MAX_BYTES', d.serviceCacheMaxBytes, 1024, 16 * 1024 * 1024 * 1024),
    serviceCoolOffMs: r.int('SERVICE_COOL_OFF_MS', d.serviceCoolOffMs, 100, 60 * 60_000),
    serviceCoolOffMaxMs: r.int('SERVICE_COOL_OFF_MAX_MS', d.serviceCoolOffMaxMs, 100, 24 * 60 * 60_000),
  };
  if (limits.serviceCoolOffMaxMs < limits.serviceCoolOffMs) r.problems.push('SERVICE_COOL_OFF_MAX_MS must not be below SERVICE_COOL_OFF_MS');
  return limits;
}

const HOUR_MS = 3_600_000;

function readReminders(r: EnvReader): RemindersConfig {
  return {
    tickMs: r.duration('REMINDER_TICK_SECONDS', 30, 1000, 5, 600),
    titleRefreshMs: r.duration('REMINDER_TITLE_REFRESH_HOURS', 6, HOUR_MS, 0.25, 48),
    listSyncMs: r.duration('REMINDER_LIST_SYNC_HOURS', 6, HOUR_MS, 0.25, 48),
    catchUpMs: r.duration('REMINDER_CATCH_UP_HOURS', 6, HOUR_MS, 0, 72),
  };
}

/** Everything the running bot needs. Throws ConfigError listing every problem. */
export function loadConfig(env: Env = process.env): BotConfig {
  const r = new EnvReader(env);
  const web = readWeb(r);
  const config: BotConfig = {
    service: readService(r),
    discord: readDiscord(r),
    web,
    store: readStore(r),
    metrics: readMetricsConfig(r, web.port),
    userRate: readUserRate(r),
    transport: readTransport(r),
    limits: readLimits(r),
    reminders: readReminders(r),
    log: {
      level: r.oneOf('LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info'),
      format: r.optional('LOG_FORMAT') === undefined ? undefined : r.oneOf('LOG_FORMAT', ['json', 'pretty'] as const, 'json'),
    },
  };
  r.finish();
  return config;
}

/** Only what registering commands needs. */
export function loadDiscordConfig(env: Env = process.env): DiscordConfig {
  const r = new EnvReader(env);
  const discord = readDiscord(r);
  r.finish();
  return discord;
}
