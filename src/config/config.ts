// Environment → typed, validated configuration. Every problem is collected so the admin sees
// all of them at once, each with a hint on where the value comes from.

import { DEFAULT_AUTOCOMPLETE_BUDGET_MS, DEFAULT_DEFERRED_LINE_WAIT_MS, MAX_DEFERRED_LINE_WAIT_MS, DEFAULT_CACHE_MAX_BYTES, DEFAULT_CLIENT_ID_HEADER, DEFAULT_COMMAND_BUDGET_MS, DEFAULT_COMPONENT_BUDGET_MS, DEFAULT_COOL_OFF_MAX_MS, DEFAULT_COOL_OFF_MS, DEFAULT_FEED_BATCH_SECONDS, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_CONNECTIONS, DEFAULT_REQUESTS_BURST, DEFAULT_STORE_STEP_TIMEOUT_MS, DEFAULT_REQUESTS_PER_SECOND, DEFAULT_SOCIAL_LIST_SYNC_MINUTES, DEFAULT_TIMEOUT_MS } from './defaults.js';
import { COVER_CACHE_ENTRY_BYTES, DEFAULT_ATTACHMENT_HOSTS, DEFAULT_COVER_CACHE_MAX_BYTES, DEFAULT_COVER_HOSTS } from './defaults.js';
import { isCoverHost, isPublicKeyHex } from './keys.js';
import { readMetricsConfig } from './metrics-config.js';
import { EnvReader, HINTS } from './env-reader.js';
import type { BotConfig, CoversConfig, DiscordConfig, ImportsConfig, Env, FeedConfig, LimitsConfig, RemindersConfig, ServiceConfig, SocialConfig, StoreConfig, TransportConfig, UserRateConfig, WebConfig } from './types.js';

export const DEFAULT_USER_RATE = {
  commands: { burst: 8, perMinute: 12 },
  autocomplete: { burst: 20, perMinute: 60 },
} as const;

export const DEFAULT_LIMITS: LimitsConfig = {
  commandBudgetMs: DEFAULT_COMMAND_BUDGET_MS,
  componentBudgetMs: DEFAULT_COMPONENT_BUDGET_MS,
  autocompleteBudgetMs: DEFAULT_AUTOCOMPLETE_BUDGET_MS,
  deferredLineWaitMs: DEFAULT_DEFERRED_LINE_WAIT_MS,
  serviceTimeoutMs: DEFAULT_TIMEOUT_MS,
  serviceMaxBodyBytes: DEFAULT_MAX_BODY_BYTES,
  serviceMaxConcurrent: DEFAULT_MAX_CONNECTIONS,
  serviceCacheMaxBytes: DEFAULT_CACHE_MAX_BYTES,
  serviceCoolOffMs: DEFAULT_COOL_OFF_MS,
  serviceCoolOffMaxMs: DEFAULT_COOL_OFF_MAX_MS,
  serviceRequestsPerSecond: DEFAULT_REQUESTS_PER_SECOND,
  serviceRequestsBurst: DEFAULT_REQUESTS_BURST,
};


export const DEFAULT_DISCORD_API_URL = 'https://discord.com/api';
export const DEFAULT_DISCORD_CDN_URL = 'https://cdn.discordapp.com';
export const DEFAULT_USER_AGENT = 'amls-discord-bot/0.1 (self-hosted Discord bot; +https://github.com/amls-discord-bot)';
export const DEFAULT_STORE_URL = 'sqlite://data/bot.sqlite';
export const DEFAULT_PORT = 3000;
export const DEFAULT_SHUTDOWN_GRACE_MS = 8_000;

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
    stepTimeoutMs: r.int('STORE_STEP_TIMEOUT_MS', DEFAULT_STORE_STEP_TIMEOUT_MS, 10, 5_000),
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
    deferredLineWaitMs: r.int('DEFERRED_LINE_WAIT_MS', d.deferredLineWaitMs, 1_000, MAX_DEFERRED_LINE_WAIT_MS),
    serviceTimeoutMs: r.int('SERVICE_TIMEOUT_MS', d.serviceTimeoutMs, 100, 14 * 60_000),
    serviceMaxBodyBytes: r.int('SERVICE_MAX_BODY_BYTES', d.serviceMaxBodyBytes, 64 * 1024, 1024 * 1024 * 1024),
    serviceMaxConcurrent: r.int('SERVICE_MAX_CONCURRENT', d.serviceMaxConcurrent, 1, 1024),
    serviceCacheMaxBytes: r.int('SERVICE_CACHE_MAX_BYTES', d.serviceCacheMaxBytes, 1024, 16 * 1024 * 1024 * 1024),
    serviceCoolOffMs: r.int('SERVICE_COOL_OFF_MS', d.serviceCoolOffMs, 100, 60 * 60_000),
    serviceCoolOffMaxMs: r.int('SERVICE_COOL_OFF_MAX_MS', d.serviceCoolOffMaxMs, 100, 24 * 60 * 60_000),
    serviceRequestsPerSecond: r.int('SERVICE_REQUESTS_PER_SECOND', d.serviceRequestsPerSecond, 1, 1_000),
    serviceRequestsBurst: r.int('SERVICE_REQUESTS_BURST', d.serviceRequestsBurst, 0, 1_000),
  };
  const processCount = r.positiveInt('SERVICE_PROCESS_COUNT', 1_000);
  if (processCount !== undefined) limits.serviceProcessCount = processCount;
  if (limits.serviceCoolOffMaxMs < limits.serviceCoolOffMs) r.problems.push('SERVICE_COOL_OFF_MAX_MS must not be below SERVICE_COOL_OFF_MS');
  return limits;
}

const HOUR_MS = 3_600_000;

function readReminders(r: EnvReader): RemindersConfig {
  return {
    tickMs: r.duration('REMINDER_TICK_SECONDS', 30, 1000, 1, 600),
    titleRefreshMs: r.duration('REMINDER_TITLE_REFRESH_HOURS', 6, HOUR_MS, 0.25, 48),
    listSyncMs: r.duration('REMINDER_LIST_SYNC_HOURS', 6, HOUR_MS, 0.25, 48),
    catchUpMs: r.duration('REMINDER_CATCH_UP_HOURS', 6, HOUR_MS, 0, 72),
    leaseMs: r.duration('REMINDER_LEASE_SECONDS', 120, 1000, 10, 900),
    retryBaseMs: r.duration('REMINDER_RETRY_SECONDS', 30, 1000, 1, 600),
  };
}

function readFeed(r: EnvReader): FeedConfig {
  return { batchMs: r.duration('FEED_BATCH_SECONDS', DEFAULT_FEED_BATCH_SECONDS, 1000, 1, 3600) };
}

function readSocial(r: EnvReader): SocialConfig {
  return { listSyncMs: r.duration('SOCIAL_LIST_SYNC_MINUTES', DEFAULT_SOCIAL_LIST_SYNC_MINUTES, 60_000, 2, 24 * 60) };
}

function readCovers(r: EnvReader): CoversConfig {
  const raw = r.optional('COVER_HOSTS');
  const hosts = raw === undefined ? [...DEFAULT_COVER_HOSTS] : raw.split(',').map((h) => h.trim()).filter((h) => h !== '');
  const bad = hosts.filter((h) => !isCoverHost(h));
  if (bad.length > 0) r.problems.push(`COVER_HOSTS must list host names (cdn.example.net) or origins (http://127.0.0.1:8788), comma-separated; not: ${bad.join(', ')}`);
  if (raw !== undefined && hosts.length === 0) r.problems.push('COVER_HOSTS must name at least one host (leave it unset for the service\'s own picture hosts)');
  return {
    hosts,
    cacheMaxBytes: r.int('COVER_CACHE_MAX_BYTES', DEFAULT_COVER_CACHE_MAX_BYTES, 2 * COVER_CACHE_ENTRY_BYTES, 16 * 1024 * 1024 * 1024),
  };
}

function readImports(r: EnvReader): ImportsConfig {
  const raw = r.optional('ATTACHMENT_HOSTS');
  const hosts = raw === undefined ? [...DEFAULT_ATTACHMENT_HOSTS] : raw.split(',').map((h) => h.trim()).filter((h) => h !== '');
  const bad = hosts.filter((h) => !isCoverHost(h));
  if (bad.length > 0) r.problems.push(`ATTACHMENT_HOSTS must list host names (cdn.discordapp.com) or origins (http://127.0.0.1:8790), comma-separated; not: ${bad.join(', ')}`);
  if (raw !== undefined && hosts.length === 0) r.problems.push('ATTACHMENT_HOSTS must name at least one host (leave it unset for Discord\'s own attachment hosts)');
  return { attachmentHosts: hosts, sliceMs: r.duration('IMPORT_SLICE_SECONDS', 20, 1000, 2, 300) };
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
    feed: readFeed(r),
    social: readSocial(r),
    covers: readCovers(r),
    imports: readImports(r),
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
