// Reads environment variables one by one, remembering every problem instead of stopping at the
// first, so the admin sees all of them at once, each with a hint on where the value comes from.

import { isIP } from 'node:net';
import { parseEncryptionKey } from './keys.js';
import { parseStoreUrl } from './store-url.js';
import { discordTokenProblem } from './token-shape.js';
import type { Env } from './types.js';

export const HINTS: Record<string, string> = {
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
export class EnvReader {
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
