// The bot's view of account linking; wired in bot.ts to the auth module.

import type { TokenSource } from '../service/token-source.js';
import type { Locale } from '../i18n/index.js';

export interface LoginReplyHandle {
  applicationId: string;
  interactionToken: string;
  /** The language of the person who ran /login: the reply's later edits are in it. */
  locale?: Locale;
}

/** The Discord account that ran /login, as shown on the confirmation page. */
export interface LoginProfile {
  username: string;
  displayName: string;
  avatarUrl?: string;
}

/** The kinds of record "forget me" names in the user's language (catalogue `lists.forget.kind.<kind>`). */
export type ForgottenKind = 'account' | 'pendingLogins' | 'linkConfirmations' | 'loginIndex' | 'loginLostNotices' | 'reminders' | 'social' | 'settings' | 'imports';

/** What "forget me" deleted, per kind of record; `label` is English (logs), `kind` names it to the user when known. */
export type ForgottenRecords = ReadonlyArray<{ label: string; deleted: number; kind?: ForgottenKind }>;

export interface AccountLinks {
  /** The service user name the Discord user is linked to, if any. */
  linkedAs(discordUserId: string): Promise<string | undefined>;
  tokenSource(discordUserId: string): TokenSource;
  startLogin(discordUserId: string, profile: LoginProfile, reply: LoginReplyHandle): Promise<{ url: string; expiresAt: number }>;
  /** Deletes the user's tokens, pending logins and links awaiting confirmation; true when an account was linked. */
  logout(discordUserId: string): Promise<boolean>;
  /** Deletes everything stored about the user, in every kind of record. */
  forget(discordUserId: string): Promise<ForgottenRecords>;
}
