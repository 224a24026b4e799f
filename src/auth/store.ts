import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Keyv, { type Deserialize, type DeserializedData, type KeyvStoreAdapter } from 'keyv';
import KeyvSqlite from '@keyv/sqlite';
import type { StoredTokens, TokenStorage } from '../service/token-source.js';
import { deriveKey } from './crypto.js';
import { KeyedLock } from './keyed-lock.js';
import { PendingLinks } from './pending-links.js';
import { PendingLogins } from './pending-logins.js';
import { isObject, SealedKv } from './sealed-kv.js';

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
}

const ACCOUNTS = 'accounts';

/** Something stored per Discord user that "forget me" deletes; later record kinds add themselves to the list. */
export interface UserRecords {
  /** Plural noun for the report, e.g. 'linked accounts'. */
  label: string;
  deleteForUser(discordUserId: string): Promise<number>;
}

/** What `forgetUser` deleted: label → count, for every kind of record (zeros included). */
export type ForgetReport = Array<{ label: string; deleted: number }>;

/**
 * The bot's persistent state: linked accounts (per Discord user id) and pending logins.
 * Every value is sealed; keys hold only Discord user ids or keyed hashes.
 * Also the `TokenStorage` the TokenManager uses (keyed by Discord user id).
 */
export class BotStore implements TokenStorage {
  readonly accounts: AccountStore;
  readonly pendingLogins: PendingLogins;
  readonly pendingLinks: PendingLinks;
  private readonly lock = new KeyedLock();
  private readonly userRecords: UserRecords[];

  constructor(
    private readonly keyv: Keyv<string>,
    private readonly kv: SealedKv,
    pendingLogins: PendingLogins,
    pendingLinks: PendingLinks,
  ) {
    this.pendingLogins = pendingLogins;
    this.pendingLinks = pendingLinks;
    this.accounts = {
      get: (id) => this.kv.get(ACCOUNTS, id, parseLinkedAccount),
      set: (id, account) => this.lock.run(id, () => this.kv.set(ACCOUNTS, id, copyAccount(account))),
      delete: (id) =>
        this.lock.run(id, async () => {
          const existed = (await this.kv.get(ACCOUNTS, id, parseLinkedAccount)) !== undefined;
          await this.kv.delete(ACCOUNTS, id);
          return existed;
        }),
    };
    this.userRecords = [
      { label: 'linked accounts (with their tokens)', deleteForUser: async (id) => ((await this.accounts.delete(id)) ? 1 : 0) },
      { label: 'pending logins', deleteForUser: (id) => this.pendingLogins.deleteForUser(id) },
      { label: 'links awaiting confirmation (with their tokens)', deleteForUser: (id) => this.pendingLinks.deleteForUser(id) },
    ];
  }

  /** Lets another kind of per-user record (e.g. reminders) join `forgetUser`. */
  addUserRecords(records: UserRecords): void {
    this.userRecords.push(records);
  }

  /** Deletes everything stored about one Discord user, in every kind of record; reports what each held. */
  async forgetUser(discordUserId: string): Promise<ForgetReport> {
    const report: ForgetReport = [];
    for (const records of this.userRecords) report.push({ label: records.label, deleted: await records.deleteForUser(discordUserId) });
    return report;
  }

  async get(discordUserId: string): Promise<StoredTokens | undefined> {
    return (await this.accounts.get(discordUserId))?.tokens;
  }

  /**
   * Replaces the tokens of the account only while it still holds `expectedRefreshToken` (the one the refresh
   * used), keeping its name and link time. A refresh that finishes after /logout or after the user linked again
   * (maybe as another service user) writes nothing, so one account's tokens never end up under another's name.
   */
  async replace(discordUserId: string, expectedRefreshToken: string, tokens: StoredTokens): Promise<boolean> {
    return this.lock.run(discordUserId, async () => {
      const account = await this.kv.get(ACCOUNTS, discordUserId, parseLinkedAccount);
      if (account?.tokens.refreshToken !== expectedRefreshToken) return false;
      await this.kv.set(ACCOUNTS, discordUserId, copyAccount({ ...account, tokens }));
      return true;
    });
  }

  /** Unlinks the account only while it still holds `expectedRefreshToken` (its refresh was rejected for good). */
  async remove(discordUserId: string, expectedRefreshToken: string): Promise<boolean> {
    return this.lock.run(discordUserId, async () => {
      const account = await this.kv.get(ACCOUNTS, discordUserId, parseLinkedAccount);
      if (account?.tokens.refreshToken !== expectedRefreshToken) return false;
      await this.kv.delete(ACCOUNTS, discordUserId);
      return true;
    });
  }

  /** True when the database answers (for /healthz). */
  async ping(): Promise<boolean> {
    try {
      await this.keyv.get('health:probe');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.keyv.disconnect();
  }
}

/**
 * Opens the store. `storeUrl`: `sqlite://<path>` (relative paths from the working directory; the folder is
 * created; `sqlite://:memory:` also works) or `memory://` (process memory, for tests).
 * `key`: the 32-byte TOKEN_ENCRYPTION_KEY (see parseEncryptionKey).
 */
export async function openStore(storeUrl: string, key: Buffer, options: StoreOptions = {}): Promise<BotStore> {
  const adapter = createAdapter(storeUrl);
  const keyv = new Keyv<string>({
    store: adapter,
    namespace: 'amls',
    throwOnErrors: true,
    serialize: (data) => JSON.stringify(data),
    deserialize: safeDeserialize,
  });
  // Errors are also thrown to the caller (throwOnErrors); the listener keeps emit('error') from crashing.
  keyv.on('error', () => undefined);
  try {
    await keyv.get('health:probe');
  } catch (error) {
    await keyv.disconnect().catch(() => undefined);
    throw new Error(`cannot open the store at ${describeUrl(storeUrl)}: ${(error as Error).message}`);
  }
  const kv = new SealedKv(keyv, deriveKey(key, 'record-encryption'), options.onUnreadableRecord);
  const pending = new PendingLogins({
    kv,
    hashKey: deriveKey(key, 'pending-login-state-hash'),
    ...(options.now ? { now: options.now } : {}),
    ...(options.pendingLoginTtlMs !== undefined ? { ttlMs: options.pendingLoginTtlMs } : {}),
  });
  const links = new PendingLinks({
    kv,
    hashKey: deriveKey(key, 'link-confirmation-hash'),
    ...(options.now ? { now: options.now } : {}),
  });
  return new BotStore(keyv, kv, pending, links);
}

function createAdapter(storeUrl: string): KeyvStoreAdapter | Map<unknown, unknown> {
  if (storeUrl === 'memory://' || storeUrl === 'memory:') return new Map();
  const match = /^sqlite:\/\/(.+)$/.exec(storeUrl);
  if (!match?.[1]) {
    throw new Error(`unsupported STORE_URL ${describeUrl(storeUrl)}: use sqlite://<path> (e.g. sqlite://data/bot.sqlite) or memory://`);
  }
  const path = match[1];
  if (path === ':memory:') return new KeyvSqlite({ uri: storeUrl, busyTimeout: 5000 });
  const file = resolve(path);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  // Create the file owner-only before sqlite does (sqlite would use the umask); an existing file keeps its mode.
  closeSync(openSync(file, 'a', 0o600));
  return new KeyvSqlite({ uri: `sqlite://${file}`, busyTimeout: 5000 });
}

function describeUrl(storeUrl: string): string {
  return JSON.stringify(storeUrl.slice(0, 200));
}

const safeDeserialize: Deserialize = <Value>(data: string) => {
  try {
    const parsed: unknown = JSON.parse(data);
    return isObject(parsed) ? (parsed as DeserializedData<Value>) : undefined;
  } catch {
    return undefined;
  }
};

function copyAccount(a: LinkedAccount): LinkedAccount {
  return {
    serviceUserName: a.serviceUserName,
    tokens: { accessToken: a.tokens.accessToken, refreshToken: a.tokens.refreshToken, expiresAt: a.tokens.expiresAt },
    linkedAt: a.linkedAt,
  };
}

function parseLinkedAccount(value: unknown): LinkedAccount | undefined {
  if (!isObject(value) || !isObject(value.tokens)) return undefined;
  const { serviceUserName, linkedAt } = value;
  const { accessToken, refreshToken, expiresAt } = value.tokens;
  if (
    typeof serviceUserName !== 'string' ||
    typeof linkedAt !== 'number' ||
    typeof accessToken !== 'string' ||
    typeof refreshToken !== 'string' ||
    typeof expiresAt !== 'number'
  ) {
    return undefined;
  }
  return { serviceUserName, linkedAt, tokens: { accessToken, refreshToken, expiresAt } };
}
