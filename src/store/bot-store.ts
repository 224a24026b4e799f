import type { StoredTokens, TokenStorage } from '../service/token-source.js';
import type { StoreEngine } from './engine.js';
import { openEngine } from './engines/index.js';
import { deriveKey } from './crypto.js';
import { LockTimeoutError, withLock } from './locks.js';
import { UpstreamUnavailableError } from '../service/errors.js';
import { DEFAULT_TOKEN_TIMEOUT_MS } from '../service/oauth.js';
import { PENDING_LINKS, PendingLinks } from './pending-links.js';
import { PendingLogins } from './pending-logins.js';
import { SealedRecords } from './sealed.js';
import { isRecord } from '../util/is-record.js';

export interface LinkedAccount {
  serviceUserName: string;
  tokens: StoredTokens;
  /** Epoch ms. */
  linkedAt: number;
}

export interface AccountStore {
  get(discordUserId: string): Promise<LinkedAccount | undefined>;
  set(discordUserId: string, account: LinkedAccount): Promise<void>;
  /** Returns whether an account was stored. */
  delete(discordUserId: string): Promise<boolean>;
}

export interface StoreOptions {
  /** Clock for pending-login expiry (epoch ms). */
  now?: () => number;
  pendingLoginTtlMs?: number;
  /** Told (with the namespace only) when a stored record cannot be decrypted or parsed and is treated as absent. */
  onUnreadableRecord?: (namespace: string) => void;
  /**
   * The deadline of one token refresh (the OAuth client's timeout; default DEFAULT_TOKEN_TIMEOUT_MS). The refresh
   * lock is leased for it: a process that dies holding it blocks the user's other refreshes no longer than that.
   */
  refreshDeadlineMs?: number;
}

/** What `forgetUser` deleted. */
export interface ForgetResult {
  account: boolean;
  pendingLogins: number;
  /** Records per other user namespace (see USER_NAMESPACES). */
  other: Record<string, number>;
}

const ACCOUNTS = 'accounts';
/** Marks a user told by DM that their login was lost, so every process together sends one such DM. */
const LOGIN_LOST_NOTICES = 'login-lost-notices';
/** A lost login's notice is claimed at most once in this long, unless the user links again. */
export const LOGIN_LOST_NOTICE_TTL_MS = 30 * 24 * 3600_000;
/** The per-user index the Keyv-based store kept; may still be in a taken-over file. */
const LEGACY_LOGIN_INDEX = 'login-index';

/**
 * Namespaces holding records about one Discord user under `<namespace>:<discord id>` or
 * `<namespace>:<discord id>:…`; `forgetUser` deletes them. A feature that stores per-user records adds its
 * namespace here.
 */
export const USER_NAMESPACES: readonly string[] = [LEGACY_LOGIN_INDEX, PENDING_LINKS, LOGIN_LOST_NOTICES];

/**
 * How long a refresh waits for the lock beyond one refresh deadline: a live holder finishes within its deadline, a
 * dead holder's lease ends with it.
 */
export const REFRESH_LOCK_WAIT_MARGIN_MS = 1_000;

/**
 * The bot's persistent state on one engine: linked accounts (per Discord user id) and pending logins, every
 * value sealed. Also the `TokenStorage` the TokenManager uses, with compare-and-set writes and a per-user
 * refresh lock that hold across every process sharing the engine.
 */
export class BotStore implements TokenStorage {
  readonly accounts: AccountStore;
  readonly pendingLogins: PendingLogins;
  /** Links awaiting the person's confirmation (under `link-confirmations:<discord id>`, a user namespace). */
  readonly pendingLinks: PendingLinks;
  private readonly records: SealedRecords;
  private readonly refreshDeadlineMs: number;

  constructor(
    readonly engine: StoreEngine,
    key: Buffer,
    options: StoreOptions = {},
  ) {
    this.records = new SealedRecords(engine, deriveKey(key, 'record-encryption'), options.onUnreadableRecord);
    this.refreshDeadlineMs = options.refreshDeadlineMs ?? DEFAULT_TOKEN_TIMEOUT_MS;
    this.pendingLogins = new PendingLogins(this.records, deriveKey(key, 'pending-login-state-hash'), {
      ...(options.now ? { now: options.now } : {}),
      ...(options.pendingLoginTtlMs !== undefined ? { ttlMs: options.pendingLoginTtlMs } : {}),
    });
    this.pendingLinks = new PendingLinks(this.records, deriveKey(key, 'link-confirmation-hash'), {
      ...(options.now ? { now: options.now } : {}),
    });
    this.accounts = {
      get: (id) => this.records.get(ACCOUNTS, id, parseLinkedAccount),
      set: (id, account) => this.records.set(ACCOUNTS, id, copyAccount(account)),
      delete: (id) => this.records.delete(ACCOUNTS, id),
    };
  }

  async get(discordUserId: string): Promise<StoredTokens | undefined> {
    return (await this.accounts.get(discordUserId))?.tokens;
  }

  /**
   * Replaces the tokens of the account only while it still holds `expectedRefreshToken` (the one the refresh
   * used), keeping its name and link time: a compare-and-set on the stored record, so a refresh that finishes
   * after /logout or after the user linked again (maybe as another service user) writes nothing.
   */
  async replace(discordUserId: string, expectedRefreshToken: string, tokens: StoredTokens): Promise<boolean> {
    return this.records.modify(ACCOUNTS, discordUserId, parseLinkedAccount, (current) =>
      current?.tokens.refreshToken === expectedRefreshToken ? { record: copyAccount({ ...current, tokens }), result: true } : { keep: true, result: false },
    );
  }

  /** Unlinks the account only while it still holds `expectedRefreshToken` (its refresh was rejected for good). */
  async remove(discordUserId: string, expectedRefreshToken: string): Promise<boolean> {
    return this.records.modify(ACCOUNTS, discordUserId, parseLinkedAccount, (current) =>
      current?.tokens.refreshToken === expectedRefreshToken ? { record: undefined, result: true } : { keep: true, result: false },
    );
  }

  /**
   * Runs `fn` as the only token refresh of this user across all processes: a lock in the engine (Redis `SET NX PX`,
   * a PostgreSQL or SQLite row with its expiry) leased for one refresh deadline, so a holder that died blocks no
   * one past it. The writes `fn` makes are compare-and-set, so a holder that outlives its lease cannot overwrite a
   * newer link.
   */
  async withRefreshLock<T>(discordUserId: string, fn: () => Promise<T>): Promise<T> {
    const lease = this.refreshDeadlineMs;
    try {
      return await withLock(this.engine, `refresh:${discordUserId}`, { ttlMs: lease, waitMs: lease + REFRESH_LOCK_WAIT_MARGIN_MS }, fn);
    } catch (error) {
      if (!(error instanceof LockTimeoutError)) throw error;
      throw new UpstreamUnavailableError('Another refresh of this login is taking too long; try again later', { cause: error });
    }
  }

  /**
   * Claims the one "log in again" DM about this user's lost login, across every process sharing the store (a
   * set-if-absent marker): false when it was already claimed. Cleared when the user links again.
   */
  claimLoginLostNotice(discordUserId: string): Promise<boolean> {
    return this.records.setIfAbsent(LOGIN_LOST_NOTICES, discordUserId, { claimedAt: Date.now() }, LOGIN_LOST_NOTICE_TTL_MS);
  }

  /** Lets the next lost login be told again (the user linked again, or the DM could not be sent). */
  async clearLoginLostNotice(discordUserId: string): Promise<void> {
    await this.records.delete(LOGIN_LOST_NOTICES, discordUserId);
  }

  /** Deletes everything stored about one Discord user: the link with its tokens, pending logins, other user records. */
  async forgetUser(discordUserId: string): Promise<ForgetResult> {
    if (!/^\d{1,25}$/.test(discordUserId)) throw new Error('invalid Discord user id');
    const pendingLogins = await this.pendingLogins.deleteForUser(discordUserId);
    const account = await this.accounts.delete(discordUserId);
    const other: Record<string, number> = {};
    for (const namespace of USER_NAMESPACES) {
      let removed = (await this.records.delete(namespace, discordUserId)) ? 1 : 0;
      for (const id of await this.records.ids(namespace, `${discordUserId}:`)) {
        if (await this.records.delete(namespace, id)) removed++;
      }
      other[namespace] = removed;
    }
    return { account, pendingLogins, other };
  }

  /** Deletes every expired record (the periodic sweep); returns how many. */
  sweepExpired(): Promise<number> {
    return this.engine.deleteExpired();
  }

  /** True when the engine answers (for /healthz). */
  ping(): Promise<boolean> {
    return this.engine.ping();
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}

/**
 * Opens the store STORE_URL names (see src/store/url.ts). `key`: the 32-byte TOKEN_ENCRYPTION_KEY (see
 * parseEncryptionKey).
 */
export async function openStore(storeUrl: string, key: Buffer, options: StoreOptions = {}): Promise<BotStore> {
  deriveKey(key, 'record-encryption'); // checks the key before anything is opened
  return new BotStore(await openEngine(storeUrl), key, options);
}

function copyAccount(a: LinkedAccount): LinkedAccount {
  return {
    serviceUserName: a.serviceUserName,
    tokens: {
      accessToken: a.tokens.accessToken,
      refreshToken: a.tokens.refreshToken,
      expiresAt: a.tokens.expiresAt,
      ...(a.tokens.obtainedAt !== undefined ? { obtainedAt: a.tokens.obtainedAt } : {}),
    },
    linkedAt: a.linkedAt,
  };
}

function parseLinkedAccount(value: unknown): LinkedAccount | undefined {
  if (!isRecord(value) || !isRecord(value.tokens)) return undefined;
  const { serviceUserName, linkedAt } = value;
  const { accessToken, refreshToken, expiresAt, obtainedAt } = value.tokens;
  if (
    typeof serviceUserName !== 'string' ||
    typeof linkedAt !== 'number' ||
    typeof accessToken !== 'string' ||
    typeof refreshToken !== 'string' ||
    typeof expiresAt !== 'number'
  ) {
    return undefined;
  }
  return { serviceUserName, linkedAt, tokens: { accessToken, refreshToken, expiresAt, ...(typeof obtainedAt === 'number' ? { obtainedAt } : {}) } };
}
