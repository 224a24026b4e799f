import { randomBytes } from 'node:crypto';
import { type SealedRecords } from './sealed.js';
import { isRecord } from '../util/is-record.js';
import { copyProfile, copyReply, parseProfile, parseReply, PendingRecords, type DiscordProfile, type LoginReplyTarget } from './pending-records.js';

export interface PendingLogin {
  discordUserId: string;
  /** Absent only in records made without one (the login service always gives it). */
  discordUser?: DiscordProfile;
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
/** One marker per pending login under `login-user:<discord id>:<state hash>`, to find a user's logins. */
const USER_LOGINS = 'login-user';

interface Marker {
  createdAt: number;
  /** Real wall-clock time in fractional ms: orders logins created within one tick of the injected clock. */
  order: number;
}

/**
 * Pending logins, keyed by a keyed hash of the OAuth state (the raw state is never a key or stored). `take` is
 * the engine's atomic take, so of concurrent takes of one state — in any number of processes — exactly one gets
 * the record. Records expire in the engine after their lifetime; an expired one also reads as absent.
 */
export class PendingLogins extends PendingRecords {
  constructor(records: SealedRecords, hashKey: Buffer, o: { now?: () => number; ttlMs?: number } = {}) {
    super(records, hashKey, PENDING_LOGIN_TTL_MS, o);
  }

  async create(p: NewPendingLogin): Promise<{ state: string; expiresAt: number }> {
    const state = randomBytes(32).toString('base64url');
    const hash = this.hash(state);
    const createdAt = this.now();
    const expiresAt = createdAt + this.ttlMs;
    const record: PendingLogin = {
      discordUserId: p.discordUserId,
      ...(p.discordUser ? { discordUser: copyProfile(p.discordUser) } : {}),
      codeVerifier: p.codeVerifier,
      redirectUri: p.redirectUri,
      createdAt,
      expiresAt,
      reply: copyReply(p.reply),
    };
    await this.records.set(LOGINS, hash, record, this.ttlMs);
    await this.records.set(USER_LOGINS, `${p.discordUserId}:${hash}`, { createdAt, order: performance.timeOrigin + performance.now() } satisfies Marker, this.ttlMs);
    await this.dropBeyondLimit(p.discordUserId);
    return { state, expiresAt };
  }

  /** The pending login for this state, removed; undefined if unknown, expired or already taken. */
  async take(state: string): Promise<PendingLogin | undefined> {
    if (!STATE_PATTERN.test(state)) return undefined;
    const hash = this.hash(state);
    const record = await this.records.take(LOGINS, hash, parsePendingLogin);
    if (record === undefined) return undefined;
    await this.records.delete(USER_LOGINS, `${record.discordUserId}:${hash}`);
    if (this.expired(record)) return undefined;
    return record;
  }

  /** Removes every pending login the user started; returns how many were removed. */
  async deleteForUser(discordUserId: string): Promise<number> {
    let removed = 0;
    for (const id of await this.records.ids(USER_LOGINS, `${discordUserId}:`)) {
      const hash = id.slice(discordUserId.length + 1);
      if (await this.records.delete(LOGINS, hash)) removed++;
      await this.records.delete(USER_LOGINS, id);
    }
    return removed;
  }

  /** Keeps the user's newest MAX_PENDING_LOGINS_PER_USER logins (a race may briefly leave one more). */
  private async dropBeyondLimit(discordUserId: string): Promise<void> {
    const ids = await this.records.ids(USER_LOGINS, `${discordUserId}:`);
    if (ids.length <= MAX_PENDING_LOGINS_PER_USER) return;
    const dated = await Promise.all(
      ids.map(async (id) => ({ id, marker: (await this.records.get(USER_LOGINS, id, parseMarker)) ?? { createdAt: 0, order: 0 } })),
    );
    dated.sort((a, b) => a.marker.createdAt - b.marker.createdAt || a.marker.order - b.marker.order);
    for (const { id } of dated.slice(0, dated.length - MAX_PENDING_LOGINS_PER_USER)) {
      await this.records.delete(LOGINS, id.slice(discordUserId.length + 1));
      await this.records.delete(USER_LOGINS, id);
    }
  }
}

function parseMarker(value: unknown): Marker | undefined {
  return isRecord(value) && typeof value.createdAt === 'number' && typeof value.order === 'number'
    ? { createdAt: value.createdAt, order: value.order }
    : undefined;
}

function parsePendingLogin(value: unknown): PendingLogin | undefined {
  if (!isRecord(value)) return undefined;
  const reply = parseReply(value.reply);
  const discordUser = value.discordUser === undefined ? undefined : parseProfile(value.discordUser);
  if (value.discordUser !== undefined && discordUser === undefined) return undefined;
  const { discordUserId, codeVerifier, redirectUri, createdAt, expiresAt } = value;
  if (
    reply === undefined ||
    typeof discordUserId !== 'string' ||
    typeof codeVerifier !== 'string' ||
    typeof redirectUri !== 'string' ||
    typeof createdAt !== 'number' ||
    typeof expiresAt !== 'number'
  ) {
    return undefined;
  }
  return {
    discordUserId,
    ...(discordUser ? { discordUser } : {}),
    codeVerifier,
    redirectUri,
    createdAt,
    expiresAt,
    reply,
  };
}
