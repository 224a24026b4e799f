// Per-user access tokens: refresh ahead of expiry, single-flight per key, rotate refresh tokens.

import { ReauthRequiredError, UpstreamUnavailableError } from './errors.js';
import { OAuthError, type OAuthClient } from './oauth.js';
import { type TokenResponse } from './types.js';

export interface TokenSource {
  /** A valid access token; refreshes first if it expires within the skew (60 s). Throws ReauthRequiredError. */
  getAccessToken(): Promise<string>;
  /** Called by the client after a 401 invalid_token with the token that was rejected. Refreshes unless the stored token already differs (someone else refreshed). */
  refreshAfterRejection(rejectedAccessToken: string): Promise<string>;
}

export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  /** epoch ms */
  expiresAt: number;
}

export interface TokenStorage {
  get(key: string): Promise<StoredTokens | undefined>;
  set(key: string, t: StoredTokens): Promise<void>;
  delete(key: string): Promise<void>;
}

/** The part of OAuthClient the manager needs (lets tests count refreshes without a server). */
export type TokenRefresher = Pick<OAuthClient, 'refresh'>;

export interface TokenManagerOptions {
  oauth: TokenRefresher;
  storage: TokenStorage;
  now?: () => number;
  refreshSkewMs?: number;
}

export const DEFAULT_REFRESH_SKEW_MS = 60_000;

/** Converts a token response into the stored record, with expiry from the `expires_in` the server sent. */
export function storedTokensFrom(t: TokenResponse, now: number): StoredTokens {
  return { accessToken: t.access_token, refreshToken: t.refresh_token, expiresAt: now + t.expires_in * 1000 };
}

export class TokenManager {
  /** Number of refresh requests sent to the token endpoint (exposed for tests). */
  refreshCount = 0;

  private readonly oauth: TokenRefresher;
  private readonly storage: TokenStorage;
  private readonly now: () => number;
  private readonly skewMs: number;
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(opts: TokenManagerOptions) {
    this.oauth = opts.oauth;
    this.storage = opts.storage;
    this.now = opts.now ?? Date.now;
    this.skewMs = opts.refreshSkewMs ?? DEFAULT_REFRESH_SKEW_MS;
  }

  sourceFor(key: string): TokenSource {
    return {
      getAccessToken: () => this.getAccessToken(key),
      refreshAfterRejection: (rejected) => this.refreshAfterRejection(key, rejected),
    };
  }

  async getAccessToken(key: string): Promise<string> {
    const stored = await this.load(key);
    if (!this.expiresSoon(stored)) return stored.accessToken;
    return this.refreshOnce(key, stored.accessToken);
  }

  async refreshAfterRejection(key: string, rejectedAccessToken: string): Promise<string> {
    const stored = await this.load(key);
    if (stored.accessToken !== rejectedAccessToken) return stored.accessToken;
    return this.refreshOnce(key, rejectedAccessToken);
  }

  private async load(key: string): Promise<StoredTokens> {
    const stored = await this.storage.get(key);
    if (!stored) throw new ReauthRequiredError('not_logged_in');
    return stored;
  }

  private expiresSoon(t: StoredTokens): boolean {
    return !Number.isFinite(t.expiresAt) || t.expiresAt - this.now() <= this.skewMs;
  }

  /** Joins the refresh already running for this key, or starts one. */
  private refreshOnce(key: string, staleAccessToken: string): Promise<string> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const p = this.refresh(key, staleAccessToken).finally(() => {
      this.inFlight.delete(key);
    });
    this.inFlight.set(key, p);
    return p;
  }

  private async refresh(key: string, staleAccessToken: string): Promise<string> {
    // Re-read: a refresh that finished between the caller's read and now already replaced the token.
    const current = await this.load(key);
    if (current.accessToken !== staleAccessToken && !this.expiresSoon(current)) {
      return current.accessToken;
    }

    this.refreshCount++;
    let response: TokenResponse;
    try {
      response = await this.oauth.refresh(current.refreshToken);
    } catch (e) {
      if (e instanceof OAuthError && e.permanent) {
        // Remove only the record whose refresh token was rejected: the user may have linked again meanwhile.
        const latest = await this.storage.get(key);
        if (latest && latest.refreshToken !== current.refreshToken) return latest.accessToken;
        if (latest) await this.storage.delete(key);
        throw new ReauthRequiredError('refresh_rejected');
      }
      throw new UpstreamUnavailableError('Could not refresh the login right now; try again later', {
        cause: e,
        ...(e instanceof OAuthError && e.status > 0 ? { status: e.status } : {}),
      });
    }
    const next = storedTokensFrom(response, this.now());
    await this.storage.set(key, next);
    return next.accessToken;
  }
}
