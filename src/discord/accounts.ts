// The bot's view of account linking; wired in bot.ts to the auth module.

import type { TokenSource } from '../service/token-source.js';

export interface LoginReplyHandle {
  applicationId: string;
  interactionToken: string;
}

export interface AccountLinks {
  /** The service user name the Discord user is linked to, if any. */
  linkedAs(discordUserId: string): Promise<string | undefined>;
  tokenSource(discordUserId: string): TokenSource;
  startLogin(discordUserId: string, reply: LoginReplyHandle): Promise<{ url: string; expiresAt: number }>;
  /** Deletes the user's tokens and pending logins; true when an account was linked. */
  logout(discordUserId: string): Promise<boolean>;
}
