import { randomBytes } from 'node:crypto';
import { keyedHash } from './crypto.js';
import { KeyedLock } from './keyed-lock.js';
import { isObject, type SealedKv } from './sealed-kv.js';

/** Where the bot edits the ephemeral /login reply once the login ends. */
export interface LoginReplyTarget {
  applicationId: string;
  interactionToken: string;
}

/** Who ran /login, as Discord showed them then; the confirmation page names this account. */
export interface DiscordProfile {
  username: string;
  displayName: string;
  avatarUrl?: string;
}

export interface PendingLogin {
  discordUserId: string;
  discordUser: DiscordProfile;
  codeVerifier: string;
  redirectUri: string;
  createdAt: number;
  expiresAt: number;
  reply: LoginReplyTarget;
}

export type NewPendingLogin = Omit<PendingLogin, 'createdAt' | 'expiresAt'>;

export const PENDING_LOGIN_TTL_MS = 10 * 60 * 1000;
/** Older pending logins of one user are dropped beyond this many. */
export const MAX_PENDING_LOGINS_PER_USER = 5;

/** 32 random bytes in base64url. */
const STATE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const LOGINS = 'logins';
const LOGIN_INDEX = 'login-index';

interface IndexEntry {
  hash: string;
  expiresAt: number;
}

/**
 * Pending logins, keyed by a keyed hash of the OAuth state (the raw state is never a key or stored).
 * `take` is single-use: get and delete run under a per-state lock, so of concurrent takes of one state
 * exactly one gets the record. That atomicity holds within one process only.
 */
export class PendingLogins {
  private readonly kv: SealedKv;
  private readonly hashKey: Buffer;
  private readonly now: () => number;
  readonly ttlMs: number;
  private readonly lock = new KeyedLock();

  constructor(o: { kv: SealedKv; hashKey: Buffer; now?: () => number; ttlMs?: number }) {
    this.kv = o.kv;
    this.hashKey = o.hashKey;
    this.now = o.now ?? Date.now;
    this.ttlMs = Math.min(o.ttlMs ?? PENDING_LOGIN_TTL_MS, PENDING_LOGIN_TTL_MS);
  }

  async create(p: NewPendingLogin): Promise<{ state: string; expiresAt: number }> {
    const state = randomBytes(32).toString('base64url');
    const hash = this.hash(state);
    const createdAt = this.now();
    const expiresAt = createdAt + this.ttlMs;
    const record: PendingLogin = {
      discordUserId: p.discordUserId,
      discordUser: copyProfile(p.discordUser),
      codeVerifier: p.codeVerifier,
      redirectUri: p.redirectUri,
      createdAt,
      expiresAt,
      reply: { applicationId: p.reply.applicationId, interactionToken: p.reply.interactionToken },
    };
    await this.lock.run(`index:${p.discordUserId}`, async () => {
      const entries: IndexEntry[] = [];
      for (const entry of await this.readIndex(p.discordUserId)) {
        if (entry.expiresAt > createdAt) entries.push(entry);
        else await this.kv.delete(LOGINS, entry.hash);
      }
      await this.kv.set(LOGINS, hash, record, this.ttlMs);
      entries.push({ hash, expiresAt });
      while (entries.length > MAX_PENDING_LOGINS_PER_USER) {
        const oldest = entries.shift();
        if (oldest) await this.kv.delete(LOGINS, oldest.hash);
      }
      await this.kv.set(LOGIN_INDEX, p.discordUserId, { entries }, this.ttlMs);
    });
    return { state, expiresAt };
  }

  /** The pending login for this state, removed; undefined if unknown, expired or already taken. */
  async take(state: string): Promise<PendingLogin | undefined> {
    if (!STATE_PATTERN.test(state)) return undefined;
    const hash = this.hash(state);
    return this.lock.run(`login:${hash}`, async () => {
      const record = await this.kv.get(LOGINS, hash, parsePendingLogin);
      await this.kv.delete(LOGINS, hash);
      if (record === undefined) return undefined;
      await this.removeFromIndex(record.discordUserId, hash);
      if (record.expiresAt <= this.now()) return undefined;
      return record;
    });
  }

  /** Removes every pending login the user started; returns how many were removed. */
  async deleteForUser(discordUserId: string): Promise<number> {
    return this.lock.run(`index:${discordUserId}`, async () => {
      const entries = await this.readIndex(discordUserId);
      for (const entry of entries) await this.kv.delete(LOGINS, entry.hash);
      await this.kv.delete(LOGIN_INDEX, discordUserId);
      return entries.length;
    });
  }

  private hash(state: string): string {
    return keyedHash(this.hashKey, state);
  }

  private async readIndex(discordUserId: string): Promise<IndexEntry[]> {
    return (await this.kv.get(LOGIN_INDEX, discordUserId, parseIndex)) ?? [];
  }

  private async removeFromIndex(discordUserId: string, hash: string): Promise<void> {
    await this.lock.run(`index:${discordUserId}`, async () => {
      const entries = await this.readIndex(discordUserId);
      const now = this.now();
      const kept: IndexEntry[] = [];
      for (const entry of entries) {
        if (entry.hash === hash) continue;
        if (entry.expiresAt > now) kept.push(entry);
        else await this.kv.delete(LOGINS, entry.hash);
      }
      if (kept.length === 0) await this.kv.delete(LOGIN_INDEX, discordUserId);
      else if (kept.length !== entries.length) await this.kv.set(LOGIN_INDEX, discordUserId, { entries: kept }, this.ttlMs);
    });
  }
}

export function copyProfile(p: DiscordProfile): DiscordProfile {
  return { username: p.username, displayName: p.displayName, ...(p.avatarUrl !== undefined ? { avatarUrl: p.avatarUrl } : {}) };
}

export function parseProfile(value: unknown): DiscordProfile | undefined {
  if (!isObject(value)) return undefined;
  const { username, displayName, avatarUrl } = value;
  if (typeof username !== 'string' || typeof displayName !== 'string') return undefined;
  if (avatarUrl !== undefined && typeof avatarUrl !== 'string') return undefined;
  return copyProfile({ username, displayName, ...(avatarUrl !== undefined ? { avatarUrl } : {}) });
}

function parsePendingLogin(value: unknown): PendingLogin | undefined {
  if (!isObject(value) || !isObject(value.reply)) return undefined;
  const discordUser = parseProfile(value.discordUser);
  if (discordUser === undefined) return undefined;
  const { discordUserId, codeVerifier, redirectUri, createdAt, expiresAt } = value;
  const { applicationId, interactionToken } = value.reply;
  if (
    typeof discordUserId !== 'string' ||
    typeof codeVerifier !== 'string' ||
    typeof redirectUri !== 'string' ||
    typeof createdAt !== 'number' ||
    typeof expiresAt !== 'number' ||
    typeof applicationId !== 'string' ||
    typeof interactionToken !== 'string'
  ) {
    return undefined;
  }
  return { discordUserId, discordUser, codeVerifier, redirectUri, createdAt, expiresAt, reply: { applicationId, interactionToken } };
}

function parseIndex(value: unknown): IndexEntry[] | undefined {
  if (!isObject(value) || !Array.isArray(value.entries)) return undefined;
  const entries: IndexEntry[] = [];
  for (const e of value.entries as unknown[]) {
    if (isObject(e) && typeof e.hash === 'string' && typeof e.expiresAt === 'number') {
      entries.push({ hash: e.hash, expiresAt: e.expiresAt });
    }
  }
  return entries;
}
