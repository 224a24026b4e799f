// Per-user access tokens: refresh ahead of expiry, single-flight per key, rotate refresh tokens.

import { fallbackLogger } from '../log/log.js';
import { ReauthRequiredError, UpstreamUnavailableError } from './errors.js';
import { OAuthError, type OAuthClient } from './oauth.js';
import type { TokenResponse } from './common-types.js';

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
  /** When the token was obtained (epoch ms); with `expiresAt` it gives the token's lifetime. Absent in older records. */
  obtainedAt?: number;
}

/**
 * Where the manager keeps tokens. Both writes are conditional on the refresh token the refresh used, checked and
 * applied atomically per key: if the user re-linked (or logged out) while a refresh was running, the record now
 * belongs to another link and the outcome of the old refresh must not touch it.
 */
export interface TokenStorage {
  get(key: string): Promise<StoredTokens | undefined>;
  /** Stores `next` only if the record still holds `expectedRefreshToken`; never creates a record. Returns whether it wrote. */
  replace(key: string, expectedRefreshToken: string, next: StoredTokens): Promise<boolean>;
  /** Deletes the record only if it still holds `expectedRefreshToken`. Returns whether it deleted. */
  remove(key: string, expectedRefreshToken: string): Promise<boolean>;
  /**
   * Runs `fn` as the only refresh of this key across every process sharing the storage; rejects with an
   * UpstreamUnavailableError when the lock cannot be had in time.
   */
  withRefreshLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

/** The part of OAuthClient the manager needs (lets tests count refreshes without a server). */
export type TokenRefresher = Pick<OAuthClient, 'refresh'>;

export interface TokenManagerOptions {
  oauth: TokenRefresher;
  storage: TokenStorage;
  now?: () => number;
  refreshSkewMs?: number;
  /**
   * Told when the token endpoint refused the bot's client credentials (operator log; the error holds no secret).
   * Default: an error line in the redacting logger (src/log).
   */
  onClientRejected?: (error: ClientCredentialsRejectedError) => void;
  /**
   * Told after every request to the token endpoint (metrics, audit log). Awaited before a rejected login is
   * removed, so the listener can still read who it belonged to; its failures are ignored.
   */
  onRefresh?: (event: RefreshEvent) => void | Promise<void>;
  /**
   * Told when a refresh made for work the user did not start themselves (a background job) found the
   * login rejected, so the user can be asked to log in again somewhere they will see it (a DM). Work the
   * user started tells them in its own answer instead.
   */
  onLoginLost?: (key: string) => Promise<void> | void;
}

/** ok; rejected: the grant is dead and the login is removed; client_rejected: the bot's credentials were refused; failed: transient. */
export type RefreshOutcome = 'ok' | 'rejected' | 'client_rejected' | 'failed';

export interface RefreshEvent {
  /** The storage key: the Discord user id. */
  key: string;
  outcome: RefreshOutcome;
  durationMs: number;
}

export interface TokenSourceOptions {
  /** The calls are not made on the user's own request: a lost login is reported through `onLoginLost`. */
  background?: boolean;
}

/**
 * The token endpoint refused the bot's own client credentials (`invalid_client`): the bot is misconfigured
 * (wrong or rotated SERVICE_CLIENT_SECRET, wrong SERVICE_CLIENT_ID). The user's link is kept; to users it is an
 * outage (an UpstreamUnavailableError), to the operator it is named by its class and message.
 */
export class ClientCredentialsRejectedError extends UpstreamUnavailableError {
  readonly code?: string;
  readonly hint?: string;

  constructor(cause: OAuthError) {
    super(
      `The service refused the bot's client credentials (HTTP ${cause.status} ${cause.code ?? 'no error code'}` +
        `${cause.hint ? `: ${cause.hint}` : ''}); check SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET`,
      { status: cause.status, cause },
    );
    if (cause.code !== undefined) this.code = cause.code;
    if (cause.hint !== undefined) this.hint = cause.hint;
  }
}

export const DEFAULT_REFRESH_SKEW_MS = 60_000;
/** A token another process has just obtained is used if it stays valid at least this long (the call's own deadline). */
const MIN_USABLE_MS = 10_000;

/** Converts a token response into the stored record, with expiry from the `expires_in` the server sent. */
export function storedTokensFrom(t: TokenResponse, now: number): StoredTokens {
  return { accessToken: t.access_token, refreshToken: t.refresh_token, expiresAt: now + t.expires_in * 1000, obtainedAt: now };
}

export class TokenManager {
  /** Number of refresh requests sent to the token endpoint (exposed for tests). */
  refreshCount = 0;

  private readonly oauth: TokenRefresher;
  private readonly storage: TokenStorage;
  private readonly now: () => number;
  private readonly skewMs: number;
  private readonly inFlight = new Map<string, Promise<string>>();
  private readonly onClientRejected: (error: ClientCredentialsRejectedError) => void;
  private readonly onRefresh: TokenManagerOptions['onRefresh'];
  private readonly onLoginLost: ((key: string) => Promise<void> | void) | undefined;

  constructor(opts: TokenManagerOptions) {
    this.oauth = opts.oauth;
    this.storage = opts.storage;
    this.now = opts.now ?? Date.now;
    this.skewMs = opts.refreshSkewMs ?? DEFAULT_REFRESH_SKEW_MS;
    this.onClientRejected = opts.onClientRejected ?? ((error) => fallbackLogger().error(`${error.name}: ${error.message}`));
    this.onRefresh = opts.onRefresh;
    this.onLoginLost = opts.onLoginLost;
  }

  private async report(key: string, outcome: RefreshOutcome, started: number): Promise<void> {
    try {
      await this.onRefresh?.({ key, outcome, durationMs: performance.now() - started });
    } catch {
      // A listener's failure must not change the refresh's outcome.
    }
  }

  sourceFor(key: string, o: TokenSourceOptions = {}): TokenSource {
    if (!o.background) {
      return {
        getAccessToken: () => this.getAccessToken(key),
        refreshAfterRejection: (rejected) => this.refreshAfterRejection(key, rejected),
      };
    }
    return {
      getAccessToken: () => this.reportingLoss(key, this.getAccessToken(key)),
      refreshAfterRejection: (rejected) => this.reportingLoss(key, this.refreshAfterRejection(key, rejected)),
    };
  }

  private async reportingLoss(key: string, work: Promise<string>): Promise<string> {
    try {
      return await work;
    } catch (error) {
      if (error instanceof ReauthRequiredError && error.reason === 'refresh_rejected' && this.onLoginLost) {
        // The notification is best effort and must not replace the error the job gets.
        await Promise.resolve()
          .then(() => this.onLoginLost?.(key))
          .catch(() => undefined);
      }
      throw error;
    }
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

  /**
   * Inside the refresh-ahead window: the last `skew` of the token's life, or the last half of it when the token
   * lives shorter than twice the skew (a token issued for 30 s is used for 15 s, not refreshed on every command).
   */
  private expiresSoon(t: StoredTokens): boolean {
    if (!Number.isFinite(t.expiresAt)) return true;
    const lifetime = t.obtainedAt !== undefined && t.obtainedAt < t.expiresAt ? t.expiresAt - t.obtainedAt : Infinity;
    return t.expiresAt - this.now() <= Math.min(this.skewMs, lifetime / 2);
  }

  /** Still accepted by the service for a moment: good enough to use a token someone else has just obtained. */
  private usable(t: StoredTokens): boolean {
    return Number.isFinite(t.expiresAt) && t.expiresAt - this.now() > MIN_USABLE_MS;
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

  private refresh(key: string, staleAccessToken: string): Promise<string> {
    return this.storage.withRefreshLock(key, () => this.refreshHoldingLock(key, staleAccessToken));
  }

  /** Runs as the only refresh of this user across processes. */
  private async refreshHoldingLock(key: string, staleAccessToken: string): Promise<string> {
    // Re-read: a refresh that finished (here or in another process) since the caller's read already replaced the
    // token; using it avoids refreshing again with a spent refresh token. It is used even inside the
    // refresh-ahead window: it was obtained a moment ago, and a short-lived token would otherwise be refreshed by
    // every process in turn.
    const current = await this.load(key);
    if (current.accessToken !== staleAccessToken && (this.usable(current) || !this.expiresSoon(current))) {
      return current.accessToken;
    }

    this.refreshCount++;
    const started = performance.now();
    let response: TokenResponse;
    try {
      response = await this.oauth.refresh(current.refreshToken);
    } catch (e) {
      const outcome: RefreshOutcome =
        e instanceof OAuthError && e.clientRejected ? 'client_rejected' : e instanceof OAuthError && e.permanent ? 'rejected' : 'failed';
      await this.report(key, outcome, started);
      if (e instanceof OAuthError && e.clientRejected) {
        const error = new ClientCredentialsRejectedError(e);
        this.onClientRejected(error);
        throw error;
      }
      if (e instanceof OAuthError && e.permanent) {
        // Remove only the record whose refresh token was rejected: the user may have linked again meanwhile.
        if (await this.storage.remove(key, current.refreshToken)) throw new ReauthRequiredError('refresh_rejected');
        const latest = await this.storage.get(key);
        if (latest) return latest.accessToken;
        throw new ReauthRequiredError('refresh_rejected');
      }
      throw new UpstreamUnavailableError('Could not refresh the login right now; try again later', {
        cause: e,
        ...(e instanceof OAuthError && e.status > 0 ? { status: e.status } : {}),
      });
    }
    void this.report(key, 'ok', started);
    const next = storedTokensFrom(response, this.now());
    if (await this.storage.replace(key, current.refreshToken, next)) return next.accessToken;
    // The user re-linked or logged out while the refresh ran: these tokens belong to the old link and are dropped.
    return (await this.load(key)).accessToken;
  }
}
