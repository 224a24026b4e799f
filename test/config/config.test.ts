import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_ID_HEADER, DEFAULT_FEED_BATCH_SECONDS } from '../../src/config/defaults.js';
import { DEFAULT_LIMITS, DEFAULT_STORE_URL, DEFAULT_USER_RATE, loadConfig, loadDiscordConfig } from '../../src/config/config.js';
import { ConfigError } from '../../src/config/env-reader.js';

const KEY = Buffer.alloc(32, 7).toString('base64');
const VALID = {
  DISCORD_TOKEN: 'MTEwMDAwMDAwMDAwMDAwMDAwMQ.GaBcDe.0123456789abcdefghijklmnopqrstuvwxyzAB',
  DISCORD_APPLICATION_ID: '1100000000000000001',
  SERVICE_API_URL: 'https://api.example.net/',
  SERVICE_AUTH_URL: 'https://auth.example.net',
  SERVICE_CLIENT_ID: 'client',
  PUBLIC_URL: 'https://bot.example.net/',
  TOKEN_ENCRYPTION_KEY: KEY,
};

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('config', () => {
  it('reads a complete environment with defaults', () => {
    const config = loadConfig(VALID);
    expect(config.service.apiUrl).toBe('https://api.example.net');
    expect(config.service.clientIdHeader).toBe(DEFAULT_CLIENT_ID_HEADER);
    expect(config.service.clientSecret).toBeUndefined();
    expect(config.service.userAgent).toMatch(/amls-discord-bot/);
    expect(config.web).toEqual({
      port: 3000,
      publicUrl: 'https://bot.example.net',
      redirectUri: 'https://bot.example.net/oauth/callback',
      trustProxy: false,
    });
    expect(config.metrics).toEqual({ enabled: false, port: 9464, host: '127.0.0.1' });
    expect(config.store.url).toBe(DEFAULT_STORE_URL);
    expect(config.discord.apiUrl).toBe('https://discord.com/api');
  });

  it('reads METRICS, METRICS_TOKEN and TRUST_PROXY', () => {
    const token = 'scrape-token-0123456789';
    const config = loadConfig({ ...VALID, METRICS: 'on', METRICS_TOKEN: token, TRUST_PROXY: 'loopback, 10.0.0.0/8' });
    expect(config.metrics).toEqual({ enabled: true, token, port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ ...VALID, METRICS: 'on', METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ enabled: true, port: 9100, host: '0.0.0.0' });
    expect(problems({ ...VALID, METRICS: 'on', PORT: '3000', METRICS_PORT: '3000' }).join('\n')).toContain('METRICS_PORT must differ from PORT');
    expect(problems({ ...VALID, METRICS_HOST: 'not a host!' }).join('\n')).toContain('METRICS_HOST');
    expect(problems({ ...VALID, METRICS_PORT: '70000' }).join('\n')).toContain('METRICS_PORT');
    expect(config.web.trustProxy).toBe('loopback,10.0.0.0/8');
    expect(loadConfig({ ...VALID, TRUST_PROXY: '1' }).web.trustProxy).toBe(1);
    expect(loadConfig({ ...VALID, TRUST_PROXY: 'true' }).web.trustProxy).toBe(true);
    const found = problems({ ...VALID, METRICS: 'maybe', METRICS_TOKEN: 'short', TRUST_PROXY: 'proxy.example, 10.0.0.0/33' });
    expect(found).toHaveLength(3);
    expect(found.join('\n')).toContain('proxy.example, 10.0.0.0/33');
    expect(found.join('\n')).not.toContain('short');
  });

  it('SOCIAL_LIST_SYNC_MINUTES: default 30 minutes, read in minutes, refused outside 2 to 1440', () => {
    expect(loadConfig(VALID).social).toEqual({ listSyncMs: 30 * 60_000 });
    expect(loadConfig({ ...VALID, SOCIAL_LIST_SYNC_MINUTES: '90' }).social).toEqual({ listSyncMs: 90 * 60_000 });
    expect(problems({ ...VALID, SOCIAL_LIST_SYNC_MINUTES: '1' })).toEqual(['SOCIAL_LIST_SYNC_MINUTES must be a number from 2 to 1440, got "1"']);
    expect(problems({ ...VALID, SOCIAL_LIST_SYNC_MINUTES: 'often' })).toEqual(['SOCIAL_LIST_SYNC_MINUTES must be a number from 2 to 1440, got "often"']);
  });

  it('COVER_HOSTS: the service\'s picture hosts by default; host names or origins; COVER_CACHE_MAX_BYTES bounded', () => {
    expect(loadConfig(VALID).covers).toEqual({ hosts: ['api-cdn.myanimelist.net', 'cdn.myanimelist.net'], cacheMaxBytes: 64 * 1024 * 1024 });
    expect(loadConfig({ ...VALID, COVER_HOSTS: ' pics.example.net , http://127.0.0.1:8788 ', COVER_CACHE_MAX_BYTES: '1048576' }).covers).toEqual({
      hosts: ['pics.example.net', 'http://127.0.0.1:8788'],
      cacheMaxBytes: 1048576,
    });
    expect(problems({ ...VALID, COVER_HOSTS: 'pics.example.net/path,http://127.0.0.1:8788/x,https://u:p@h.example' }).join('\n')).toContain('not: pics.example.net/path, http://127.0.0.1:8788/x, https://u:p@h.example');
    expect(problems({ ...VALID, COVER_HOSTS: ' , ' })).toHaveLength(1);
    expect(problems({ ...VALID, COVER_CACHE_MAX_BYTES: '100' })).toHaveLength(1);
  });

  it('reads budgets and service bounds, with defaults, and refuses values that would break them', () => {
    expect(loadConfig(VALID).limits).toEqual(DEFAULT_LIMITS);
    const set = loadConfig({ ...VALID, COMMAND_BUDGET_MS: '5000', AUTOCOMPLETE_BUDGET_MS: '900', SERVICE_MAX_BODY_BYTES: '2097152', SERVICE_COOL_OFF_MS: '500', SERVICE_REQUESTS_BURST: '0' });
    expect(set.limits).toMatchObject({ commandBudgetMs: 5000, autocompleteBudgetMs: 900, serviceMaxBodyBytes: 2097152, serviceCoolOffMs: 500, serviceRequestsBurst: 0 });
    expect(DEFAULT_LIMITS.serviceRequestsBurst).toBe(2);
    const error = (() => {
      try {
        loadConfig({ ...VALID, AUTOCOMPLETE_BUDGET_MS: '3000', SERVICE_TIMEOUT_MS: 'soon', SERVICE_COOL_OFF_MS: '5000', SERVICE_COOL_OFF_MAX_MS: '1000', SERVICE_REQUESTS_BURST: '-1' });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/AUTOCOMPLETE_BUDGET_MS must be a whole number from 100 to 2500/);
    expect(problems).toMatch(/SERVICE_TIMEOUT_MS must be a whole number/);
    expect(problems).toMatch(/SERVICE_COOL_OFF_MAX_MS must not be below SERVICE_COOL_OFF_MS/);
    expect(problems).toMatch(/SERVICE_REQUESTS_BURST must be a whole number from 0/);
  });

  it('reads SERVICE_PROCESS_COUNT (the processes sharing the rate while the store is slow): none by default, a positive whole number', () => {
    expect(loadConfig(VALID).limits?.serviceProcessCount).toBeUndefined();
    expect(loadConfig({ ...VALID, SERVICE_PROCESS_COUNT: '4' }).limits?.serviceProcessCount).toBe(4);
    for (const bad of ['0', '-2', '2.5', 'four', '1001']) expect(problems({ ...VALID, SERVICE_PROCESS_COUNT: bad }).join('\n')).toContain('SERVICE_PROCESS_COUNT must be a whole number 1–1000');
  });

  it('lists every missing variable at once', () => {
    const found = problems({});
    for (const name of ['DISCORD_TOKEN', 'DISCORD_APPLICATION_ID', 'SERVICE_API_URL', 'SERVICE_AUTH_URL', 'SERVICE_CLIENT_ID', 'PUBLIC_URL', 'TOKEN_ENCRYPTION_KEY']) {
      expect(found.some((p) => p.startsWith(`${name} is missing`))).toBe(true);
    }
  });

  it('explains malformed values', () => {
    const found = problems({
      ...VALID,
      SERVICE_API_URL: 'not a url',
      PORT: '70000',
      DISCORD_APPLICATION_ID: 'abc',
      TOKEN_ENCRYPTION_KEY: 'c2hvcnQ=',
      SERVICE_CLIENT_ID_HEADER: 'bad header',
      STORE_URL: 'mysql://x/db',
    });
    expect(found).toHaveLength(6);
    expect(found.join('\n')).toMatch(/randomBytes\(32\)/);
  });

  it('accepts every STORE_URL form and hides a store password', () => {
    for (const url of ['sqlite://data/bot.sqlite', 'postgres://u:p@db:5432/bot', 'postgresql://db/bot?table=amls_x', 'redis://:p@cache:6379/0', 'rediss://cache:6380?prefix=bot1:']) {
      expect(problems({ ...VALID, STORE_URL: url }), url).toEqual([]);
    }
    const message = problems({ ...VALID, STORE_URL: 'postgres://user:hunter2secret@db' }).join('\n');
    expect(message).toMatch(/STORE_URL/);
    expect(message).not.toContain('hunter2secret');
    expect(problems({ ...VALID, STORE_URL: 'data/bot.sqlite' }).join('\n')).toMatch(/sqlite:\/\/PATH/);
  });

  it('never echoes the token or key in its messages', () => {
    const message = problems({ ...VALID, TOKEN_ENCRYPTION_KEY: 'c2VjcmV0LWtleS12YWx1ZQ==' }).join('\n');
    expect(message).not.toContain('c2VjcmV0LWtleS12YWx1ZQ==');
  });

  it('needs only the Discord part to register commands', () => {
    expect(loadDiscordConfig({ DISCORD_TOKEN: VALID.DISCORD_TOKEN, DISCORD_APPLICATION_ID: '1100000000000000001' }).applicationId).toBe('1100000000000000001');
    expect(() => loadDiscordConfig({})).toThrow(ConfigError);
  });

  it('per-user rate limits: defaults, overrides, 0 turns one off, owner ids checked', () => {
    expect(loadConfig(VALID).userRate).toEqual({ ...DEFAULT_USER_RATE, ownerIds: [] });
    const tuned = loadConfig({
      ...VALID,
      USER_RATE_BURST: '3',
      USER_RATE_PER_MINUTE: '30',
      USER_RATE_AUTOCOMPLETE_PER_MINUTE: '0',
      BOT_OWNER_IDS: '1100000000000000009, 1100000000000000010',
    }).userRate;
    expect(tuned).toEqual({ commands: { burst: 3, perMinute: 30 }, autocomplete: undefined, ownerIds: ['1100000000000000009', '1100000000000000010'] });
    const found = problems({ ...VALID, USER_RATE_BURST: 'many', BOT_OWNER_IDS: '12, 1100000000000000009' });
    expect(found).toHaveLength(2);
    expect(found.join('\n')).toMatch(/USER_RATE_BURST/);
    expect(found.join('\n')).toMatch(/BOT_OWNER_IDS.*"12"/);
  });

  it('FEED_BATCH_SECONDS: 120 by default, read in seconds, refused outside 1–3600', () => {
    expect(loadConfig(VALID).feed).toEqual({ batchMs: DEFAULT_FEED_BATCH_SECONDS * 1000 });
    expect(DEFAULT_FEED_BATCH_SECONDS).toBe(120);
    expect(loadConfig({ ...VALID, FEED_BATCH_SECONDS: '30' }).feed).toEqual({ batchMs: 30_000 });
    expect(problems({ ...VALID, FEED_BATCH_SECONDS: '0' })).toEqual(['FEED_BATCH_SECONDS must be a number from 1 to 3600, got "0"']);
    expect(problems({ ...VALID, FEED_BATCH_SECONDS: 'soon' })).toHaveLength(1);
  });

  it('IMPORT_SLICE_SECONDS: 20 by default, read in seconds, refused outside 2–300', () => {
    expect(loadConfig(VALID).imports?.sliceMs).toBe(20_000);
    expect(loadConfig({ ...VALID, IMPORT_SLICE_SECONDS: '5' }).imports?.sliceMs).toBe(5_000);
    expect(problems({ ...VALID, IMPORT_SLICE_SECONDS: '1' })).toEqual(['IMPORT_SLICE_SECONDS must be a number from 2 to 300, got "1"']);
    expect(problems({ ...VALID, IMPORT_SLICE_SECONDS: 'long' })).toHaveLength(1);
  });

  it('defaults to the gateway transport and one process', () => {
    expect(loadConfig(VALID).transport).toEqual({ kind: 'gateway', publicKey: undefined, shards: undefined, shutdownGraceMs: 8_000 });
  });

  it('HTTP transport needs DISCORD_PUBLIC_KEY as 64 hex characters', () => {
    const key = 'a'.repeat(64);
    expect(loadConfig({ ...VALID, DISCORD_TRANSPORT: 'http', DISCORD_PUBLIC_KEY: key }).transport).toMatchObject({ kind: 'http', publicKey: key });
    expect(problems({ ...VALID, DISCORD_TRANSPORT: 'http' })).toEqual([expect.stringMatching(/^DISCORD_PUBLIC_KEY is missing: .*Public Key/)]);
    expect(problems({ ...VALID, DISCORD_TRANSPORT: 'http', DISCORD_PUBLIC_KEY: 'xyz' })).toEqual([expect.stringMatching(/DISCORD_PUBLIC_KEY must be 64 hexadecimal/)]);
    expect(problems({ ...VALID, DISCORD_TRANSPORT: 'websocket' })).toEqual([expect.stringMatching(/DISCORD_TRANSPORT must be one of gateway, http/)]);
  });

  it('SHARD_COUNT is auto or a number, for the gateway only; SHUTDOWN_GRACE_MS a positive number', () => {
    expect(loadConfig({ ...VALID, SHARD_COUNT: 'auto' }).transport.shards).toBe('auto');
    expect(loadConfig({ ...VALID, SHARD_COUNT: '4', SHUTDOWN_GRACE_MS: '3000' }).transport).toMatchObject({ shards: 4, shutdownGraceMs: 3000 });
    expect(problems({ ...VALID, SHARD_COUNT: '0' })).toEqual([expect.stringMatching(/SHARD_COUNT must be auto .* or a whole number 1–4096, got "0"/)]);
    expect(problems({ ...VALID, SHARD_COUNT: 'many' })).toEqual([expect.stringMatching(/SHARD_COUNT must be auto/)]);
    expect(problems({ ...VALID, SHARD_COUNT: '2', DISCORD_TRANSPORT: 'http', DISCORD_PUBLIC_KEY: 'a'.repeat(64) })).toEqual([
      expect.stringMatching(/SHARD_COUNT applies to the gateway transport only/),
    ]);
    expect(problems({ ...VALID, SHUTDOWN_GRACE_MS: '-1' })).toEqual([expect.stringMatching(/SHUTDOWN_GRACE_MS/)]);
  });

  it('LOG_LEVEL and LOG_FORMAT: read, and anything else reported with the other problems (no silent default)', () => {
    expect(loadConfig(VALID).log).toEqual({ level: 'info', format: undefined });
    expect(loadConfig({ ...VALID, LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty' }).log).toEqual({ level: 'debug', format: 'pretty' });
    expect(loadConfig({ ...VALID, LOG_FORMAT: 'json' }).log).toEqual({ level: 'info', format: 'json' });
    const found = problems({ ...VALID, LOG_LEVEL: 'verbose', LOG_FORMAT: 'text', SHARD_COUNT: 'x' });
    expect(found).toEqual([
      expect.stringMatching(/SHARD_COUNT must be auto/),
      'LOG_LEVEL must be one of debug, info, warn, error, got "verbose"',
      'LOG_FORMAT must be one of json, pretty, got "text"',
    ]);
    expect(problems({ ...VALID, LOG_LEVEL: 'DEBUG' })).toEqual(['LOG_LEVEL must be one of debug, info, warn, error, got "DEBUG"']);
  });

  it('DISCORD_TOKEN must have a bot token\'s shape: three dot-separated base64url parts', () => {
    for (const bad of ['abc', 'a.b', 'a.b.c.d', 'a..c', `Bot ${VALID.DISCORD_TOKEN}`, 'a b.c.d', 'ab+/.cd.ef']) {
      expect(problems({ ...VALID, DISCORD_TOKEN: bad }), bad).toEqual([expect.stringMatching(/^DISCORD_TOKEN .*Reset Token/)]);
    }
    expect(problems({ ...VALID, DISCORD_TOKEN: 'abc' })[0]).toContain('does not look like a bot token');
    expect(() => loadDiscordConfig({ DISCORD_TOKEN: 'abc', DISCORD_APPLICATION_ID: '1100000000000000001' })).toThrow(/DISCORD_TOKEN does not look like a bot token/);
    // The fake Discord's tokens (what tests, the sandbox and the image check use) have the shape.
    expect(problems({ ...VALID, DISCORD_TOKEN: 'fake.MTEwMDAwMDAwMDAwMDAwMDAwMg.1100000000000000123' })).toEqual([]);
  });
});
