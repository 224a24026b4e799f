// What pending logins and pending links share: sealed records that live a bounded time, are looked up
// by a keyed hash of a secret that is never stored, and carry who started the login (as Discord
// showed them) and where the bot edits the /login reply once it ends.

import { keyedHash } from './crypto.js';
import type { SealedRecords } from './sealed.js';
import { isRecord } from '../util/is-record.js';
import { isLocale, type Locale } from '../i18n/index.js';

/** Where the bot edits the ephemeral /login reply once the login ends, and in whose language. */
export interface LoginReplyTarget {
  applicationId: string;
  interactionToken: string;
  /** The Discord locale of the person who ran /login (the reply's edits are in it); none from older versions. */
  locale?: Locale;
}

/** Who ran /login, as Discord showed them then; the confirmation page names this account. */
export interface DiscordProfile {
  username: string;
  displayName: string;
  avatarUrl?: string;
}

/** The reply target as stored: a locale that is not one of the catalogue's is dropped (English). */
export function copyReply(reply: LoginReplyTarget): LoginReplyTarget {
  return { applicationId: reply.applicationId, interactionToken: reply.interactionToken, ...(isLocale(reply.locale) ? { locale: reply.locale } : {}) };
}

export function parseReply(value: unknown): LoginReplyTarget | undefined {
  if (!isRecord(value)) return undefined;
  const { applicationId, interactionToken, locale } = value;
  if (typeof applicationId !== 'string' || typeof interactionToken !== 'string') return undefined;
  return { applicationId, interactionToken, ...(isLocale(locale) ? { locale } : {}) };
}

export function copyProfile(p: DiscordProfile): DiscordProfile {
  return { username: p.username, displayName: p.displayName, ...(p.avatarUrl !== undefined ? { avatarUrl: p.avatarUrl } : {}) };
}

export function parseProfile(value: unknown): DiscordProfile | undefined {
  if (!isRecord(value)) return undefined;
  const { username, displayName, avatarUrl } = value;
  if (typeof username !== 'string' || typeof displayName !== 'string') return undefined;
  if (avatarUrl !== undefined && typeof avatarUrl !== 'string') return undefined;
  return copyProfile({ username, displayName, ...(avatarUrl !== undefined ? { avatarUrl } : {}) });
}

/** One kind of pending record: its clock, its lifetime (never above the kind's maximum) and its keyed hash. */
export abstract class PendingRecords {
  readonly ttlMs: number;
  protected readonly now: () => number;

  protected constructor(
    protected readonly records: SealedRecords,
    private readonly hashKey: Buffer,
    maxTtlMs: number,
    o: { now?: () => number; ttlMs?: number },
  ) {
    this.now = o.now ?? Date.now;
    this.ttlMs = Math.min(o.ttlMs ?? maxTtlMs, maxTtlMs);
  }

  /** The keyed hash a secret is looked up or checked by. */
  protected hash(secret: string): string {
    return keyedHash(this.hashKey, secret);
  }

  protected expired(record: { expiresAt: number }): boolean {
    return record.expiresAt <= this.now();
  }
}
