import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { StoredTokens } from '../service/token-source.js';
import { copyProfile, copyReply, parseProfile, parseReply, PendingRecords, type DiscordProfile, type LoginReplyTarget } from './pending-records.js';
import { type SealedRecords } from './sealed.js';
import { isRecord } from '../util/is-record.js';

/**
 * A link the service already authorized (code exchanged, tokens in hand) that waits for the person in the
 * browser to confirm which Discord account it goes to. Nothing is linked until then.
 */
export interface PendingLink {
  discordUserId: string;
  discordUser: DiscordProfile;
  serviceUserName: string;
  tokens: StoredTokens;
  /** When the tokens were received (epoch ms); becomes the link time. */
  receivedAt: number;
  expiresAt: number;
  reply: LoginReplyTarget;
}

export type NewPendingLink = Omit<PendingLink, 'expiresAt'>;

/** How long the confirmation page stays usable. */
export const PENDING_LINK_TTL_MS = 5 * 60 * 1000;

/** Records under `link-confirmations:<discord id>`: a per-user namespace, so `forgetUser` deletes them. */
export const PENDING_LINKS = 'link-confirmations';
/** `<discord user id>.<32 random bytes base64url>` */
const TOKEN_PATTERN = /^(\d{1,25})\.([A-Za-z0-9_-]{43})$/;

interface StoredPendingLink extends PendingLink {
  /** Keyed hash of the secret half of the confirmation token; the token itself is never stored. */
  secretHash: string;
}

/**
 * At most one pending link per Discord user, stored sealed under the user's id (a newer one replaces it), with
 * an expiry in the engine. The confirmation token names the user and carries a secret; `take` removes and
 * returns the link only when the secret matches — a compare-and-delete on the record read, so a token is
 * single-use across every process, and a token of one pending login cannot confirm another. A wrong secret
 * leaves the record in place (nobody can cancel someone else's link by guessing).
 */
export class PendingLinks extends PendingRecords {
  constructor(records: SealedRecords, hashKey: Buffer, o: { now?: () => number; ttlMs?: number } = {}) {
    super(records, hashKey, PENDING_LINK_TTL_MS, o);
  }

  async create(p: NewPendingLink): Promise<{ token: string; expiresAt: number }> {
    const secret = randomBytes(32).toString('base64url');
    const expiresAt = this.now() + this.ttlMs;
    const record: StoredPendingLink = {
      discordUserId: p.discordUserId,
      discordUser: copyProfile(p.discordUser),
      serviceUserName: p.serviceUserName,
      tokens: {
        accessToken: p.tokens.accessToken,
        refreshToken: p.tokens.refreshToken,
        expiresAt: p.tokens.expiresAt,
        ...(p.tokens.obtainedAt !== undefined ? { obtainedAt: p.tokens.obtainedAt } : {}),
      },
      receivedAt: p.receivedAt,
      expiresAt,
      reply: copyReply(p.reply),
      secretHash: this.hash(secret),
    };
    await this.records.set(PENDING_LINKS, p.discordUserId, record, this.ttlMs);
    return { token: `${p.discordUserId}.${secret}`, expiresAt };
  }

  /** The pending link this token confirms, removed; undefined when unknown, expired, used or not this token's. */
  async take(token: string): Promise<PendingLink | undefined> {
    const match = TOKEN_PATTERN.exec(token);
    if (!match?.[1] || !match[2]) return undefined;
    const discordUserId = match[1];
    const secretHash = Buffer.from(this.hash(match[2]));
    const read = await this.records.read(PENDING_LINKS, discordUserId, parseStored);
    if (read === undefined) return undefined;
    const stored = Buffer.from(read.record.secretHash);
    if (stored.length !== secretHash.length || !timingSafeEqual(stored, secretHash)) return undefined;
    // Of concurrent takes (in any process) only the one that deletes this very record gets it.
    if (!(await this.records.compareAndDelete(PENDING_LINKS, discordUserId, read))) return undefined;
    if (this.expired(read.record) || read.record.discordUserId !== discordUserId) return undefined;
    const { secretHash: _, ...link } = read.record;
    return link;
  }

  /** Drops the user's pending link; returns how many were removed (0 or 1). */
  async deleteForUser(discordUserId: string): Promise<number> {
    return (await this.records.delete(PENDING_LINKS, discordUserId)) ? 1 : 0;
  }
}

function parseStored(value: unknown): StoredPendingLink | undefined {
  if (!isRecord(value) || !isRecord(value.tokens)) return undefined;
  const discordUser = parseProfile(value.discordUser);
  const reply = parseReply(value.reply);
  const { discordUserId, serviceUserName, receivedAt, expiresAt, secretHash } = value;
  const { accessToken, refreshToken, expiresAt: tokenExpiresAt, obtainedAt } = value.tokens;
  if (
    discordUser === undefined ||
    reply === undefined ||
    typeof discordUserId !== 'string' ||
    typeof serviceUserName !== 'string' ||
    typeof receivedAt !== 'number' ||
    typeof expiresAt !== 'number' ||
    typeof secretHash !== 'string' ||
    typeof accessToken !== 'string' ||
    typeof refreshToken !== 'string' ||
    typeof tokenExpiresAt !== 'number'
  ) {
    return undefined;
  }
  return {
    discordUserId,
    discordUser,
    serviceUserName,
    tokens: { accessToken, refreshToken, expiresAt: tokenExpiresAt, ...(typeof obtainedAt === 'number' ? { obtainedAt } : {}) },
    receivedAt,
    expiresAt,
    reply,
    secretHash,
  };
}
