import pkceChallenge from 'pkce-challenge';
import { isServiceError } from '../service/errors.js';
import { buildAuthorizeUrl, OAuthError, type OAuthClient } from '../service/oauth.js';
import type { ServiceClient } from '../service/client.js';
import type { CallScope } from '../service/call-context.js';
import type { TokenSource } from '../service/token-source.js';
import { LoginTokens } from './login-tokens.js';
import type { PendingLogin } from '../store/pending-logins.js';
import type { DiscordProfile, LoginReplyTarget } from '../store/pending-records.js';
import type { BotStore } from '../store/bot-store.js';

/** PKCE verifier length; the service accepts 43-128 characters of A-Z a-z 0-9 - . _ ~ (pkce-challenge's alphabet). */
const VERIFIER_LENGTH = 128;
/** Authorization codes are normally nearly 1,000 bytes; anything far beyond is not a code. */
const MAX_CODE_LENGTH = 8192;
const MAX_REFLECTED_ERROR_LENGTH = 100;

export type FinishFailureReason =
  | 'invalid_state'
  | 'denied'
  | 'authorization_error'
  | 'missing_code'
  | 'exchange_rejected'
  | 'upstream_unavailable'
  | 'bot_misconfigured'
  | 'profile_unavailable';

/** The service authorized the login; the person in the browser must now confirm (or cancel) the link. */
export interface FinishSuccess {
  ok: true;
  discordUserId: string;
  discordUser: DiscordProfile;
  serviceUserName: string;
  /** Single-use token for the confirmation form (secret: put only in the page body, never in a URL or log). */
  confirmToken: string;
  /** When the confirmation expires (epoch ms). */
  expiresAt: number;
  reply: LoginReplyTarget;
}

/** A confirmed (linked) or cancelled pending link. */
export interface LinkDecision {
  discordUserId: string;
  serviceUserName: string;
  reply: LoginReplyTarget;
}

export interface FinishFailure {
  ok: false;
  reason: FinishFailureReason;
  /** HTTP status for the callback page. */
  status: number;
  /**
   * Plain-text explanation in English (logs; not HTML-escaped; never contains secrets). What the user reads
   * comes from the catalogue by `reason`: `lists.web.failed.<reason>.title` and `.text`.
   */
  message: string;
  /** The `error` value the authorization server sent back (untrusted, truncated), for 'authorization_error'. */
  providerError?: string;
  /** Present when the state was valid: who started the login and which reply to edit. */
  pending?: { discordUserId: string; reply: LoginReplyTarget };
}

export type FinishResult = FinishSuccess | FinishFailure;

export interface FinishLoginInput {
  state?: string | undefined;
  code?: string | undefined;
  error?: string | undefined;
}

export interface LoginServiceOptions {
  store: BotStore;
  oauth: Pick<OAuthClient, 'exchangeCode' | 'refresh'>;
  /** `scoped` views of the service client (the real client's `scoped`), for the profile read. */
  service: ProfileReader;
  authUrl: string;
  clientId: string;
  redirectUri: string;
  /** How long the profile read after the code exchange may wait its turn in the deployment's line; default 30 s. */
  profileWaitMs?: number;
  now?: () => number;
}

/**
 * The callback page's wait for the profile read: a person's browser waits longer than Discord's 3 s,
 * and a burst of logins (the day a server announces the bot) queues in the deployment's line.
 */
export const DEFAULT_PROFILE_WAIT_MS = 30_000;

export interface ProfileReader {
  scoped(scope: CallScope): Pick<ServiceClient, 'me'>;
}

/**
 * Per-user OAuth login (authorization code + plain PKCE).
 *
 * State binding: the pending record behind a state holds the id of the Discord user who ran /login, and
 * the tokens are stored for that user only, whoever opens the link in a browser (the browser user has no
 * Discord identity). The reply edited afterwards is the initiator's own ephemeral interaction. So another
 * Discord user completing someone's link can never get the account linked to themselves.
 *
 * Confirmation: someone could send their /login link to a victim, who would log in and link the victim's
 * service account to the sender's Discord account. So after the exchange nothing is linked: the browser gets
 * a page naming both accounts and only its Confirm (a POST with a single-use token) stores the link.
 */
export class LoginService {
  private readonly store: BotStore;
  private readonly oauth: Pick<OAuthClient, 'exchangeCode' | 'refresh'>;
  private readonly service: ProfileReader;
  private readonly profileWaitMs: number;
  private readonly authUrl: string;
  private readonly clientId: string;
  private readonly redirectUri: string;
  private readonly now: () => number;

  constructor(o: LoginServiceOptions) {
    this.store = o.store;
    this.oauth = o.oauth;
    this.service = o.service;
    this.profileWaitMs = o.profileWaitMs ?? DEFAULT_PROFILE_WAIT_MS;
    this.authUrl = o.authUrl;
    this.clientId = o.clientId;
    this.redirectUri = o.redirectUri;
    this.now = o.now ?? Date.now;
  }

  async startLogin(o: {
    discordUserId: string;
    discordUser: DiscordProfile;
    reply: LoginReplyTarget;
  }): Promise<{ url: string; expiresAt: number }> {
    const { code_verifier: codeVerifier } = await pkceChallenge(VERIFIER_LENGTH);
    const { state, expiresAt } = await this.store.pendingLogins.create({
      discordUserId: o.discordUserId,
      discordUser: o.discordUser,
      codeVerifier,
      redirectUri: this.redirectUri,
      reply: o.reply,
    });
    const url = buildAuthorizeUrl({
      authUrl: this.authUrl,
      clientId: this.clientId,
      state,
      redirectUri: this.redirectUri,
      // The service supports only the `plain` method: the challenge is the verifier itself.
      codeChallenge: codeVerifier,
    });
    return { url, expiresAt };
  }

  /**
   * Exchanges the code from the callback's query (single-use: the state is taken first) and holds the tokens,
   * sealed and short-lived, as a link awaiting confirmation. Nothing is linked yet.
   */
  async finishLogin(input: FinishLoginInput): Promise<FinishResult> {
    const login = input.state ? await this.store.pendingLogins.take(input.state) : undefined;
    if (login === undefined) {
      return failure(
        'invalid_state',
        400,
        'This login link is unknown, expired or was already used. Run /login in Discord again.',
      );
    }
    const pending = { discordUserId: login.discordUserId, reply: login.reply };
    if (input.error !== undefined) {
      if (input.error === 'access_denied') {
        return failure('denied', 403, 'You declined the authorization; nothing was linked.', pending);
      }
      return {
        ...failure('authorization_error', 400, 'The service did not authorize the login; nothing was linked.', pending),
        providerError: input.error.slice(0, MAX_REFLECTED_ERROR_LENGTH),
      };
    }
    if (!input.code || input.code.length > MAX_CODE_LENGTH) {
      return failure('missing_code', 400, 'The service sent no valid authorization code. Run /login again.', pending);
    }
    return this.complete(login, input.code, pending);
  }

  /** Links the account awaiting this confirmation token; undefined when the token is unknown, expired or used. */
  async confirmLink(token: string): Promise<LinkDecision | undefined> {
    const link = await this.store.pendingLinks.take(token);
    if (link === undefined) return undefined;
    await this.store.accounts.set(link.discordUserId, {
      serviceUserName: link.serviceUserName,
      tokens: link.tokens,
      linkedAt: link.receivedAt,
    });
    // A new login: if it is lost in turn, the user is told again.
    await this.store.clearLoginLostNotice(link.discordUserId);
    return { discordUserId: link.discordUserId, serviceUserName: link.serviceUserName, reply: link.reply };
  }

  /** Drops the link awaiting this confirmation token and its tokens; undefined when unknown, expired or used. */
  async cancelLink(token: string): Promise<LinkDecision | undefined> {
    const link = await this.store.pendingLinks.take(token);
    if (link === undefined) return undefined;
    return { discordUserId: link.discordUserId, serviceUserName: link.serviceUserName, reply: link.reply };
  }

  /** Unlinks the user and drops their pending logins and links. Returns whether an account was linked. */
  async logout(discordUserId: string): Promise<boolean> {
    await this.store.pendingLogins.deleteForUser(discordUserId);
    await this.store.pendingLinks.deleteForUser(discordUserId);
    return this.store.accounts.delete(discordUserId);
  }

  /** The service user name the Discord user is linked as, if any. */
  async linkedAs(discordUserId: string): Promise<string | undefined> {
    return (await this.store.accounts.get(discordUserId))?.serviceUserName;
  }

  /**
   * The profile after the exchange (the code is exchanged at once, outside the line: it is short-lived)
   * is a person's request: it waits its turn in the deployment's line with people's commands, up to
   * `profileWaitMs`, rather than as background work that goes only when the line is idle.
   */
  private async readProfile(auth: TokenSource, person: string): Promise<{ name?: string | undefined }> {
    const signal = AbortSignal.timeout(this.profileWaitMs);
    const service = this.service.scoped({ signal, deadlineAt: Date.now() + this.profileWaitMs, priority: 'interactive', person });
    return service.me({}, { auth });
  }

  private async complete(login: PendingLogin, code: string, pending: FinishFailure['pending']): Promise<FinishResult> {
    let tokens;
    try {
      tokens = await this.oauth.exchangeCode({ code, codeVerifier: login.codeVerifier, redirectUri: login.redirectUri });
    } catch (error) {
      if (!isServiceError(error)) throw error;
      if (error instanceof OAuthError && error.clientRejected) {
        return failure(
          'bot_misconfigured',
          502,
          "The service refused the bot's own credentials, so the bot cannot link accounts right now. Tell the bot's operator; nothing was linked.",
          pending,
        );
      }
      const transient =
        error instanceof OAuthError ? !error.permanent : error.kind === 'unavailable' || error.kind === 'throttled';
      return transient
        ? failure('upstream_unavailable', 502, 'The service is not answering right now. Try /login again later.', pending)
        : failure('exchange_rejected', 400, 'The service rejected the authorization code. Run /login again.', pending);
    }
    const receivedAt = this.now();
    // The new access token may expire while the profile read waits its turn: the read refreshes it then.
    const source = new LoginTokens(tokens, this.oauth, this.now);
    let name: string | undefined;
    try {
      name = (await this.readProfile(source, login.discordUserId)).name;
    } catch (error) {
      if (!isServiceError(error)) throw error;
      name = undefined;
    }
    if (typeof name !== 'string' || name === '') {
      return failure('profile_unavailable', 502, 'Could not read your profile from the service. Try /login again later.', pending);
    }
    const discordUser = login.discordUser ?? { username: `user ${login.discordUserId}`, displayName: `Discord user ${login.discordUserId}` };
    const { token: confirmToken, expiresAt } = await this.store.pendingLinks.create({
      discordUserId: login.discordUserId,
      discordUser,
      serviceUserName: name,
      tokens: source.tokens,
      receivedAt,
      reply: login.reply,
    });
    return {
      ok: true,
      discordUserId: login.discordUserId,
      discordUser,
      serviceUserName: name,
      confirmToken,
      expiresAt,
      reply: login.reply,
    };
  }
}

function failure(
  reason: FinishFailureReason,
  status: number,
  message: string,
  pending?: FinishFailure['pending'],
): FinishFailure {
  return pending ? { ok: false, reason, status, message, pending } : { ok: false, reason, status, message };
}
