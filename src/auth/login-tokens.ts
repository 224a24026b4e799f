// The tokens a login has just received, as the profile read after the exchange uses them. That read
// waits its turn in the deployment's line (up to the login's profile wait), and a service with
// short-lived access tokens may let the new access token expire meanwhile: the read then refreshes
// with the refresh token it just received (once, single-flight) instead of failing the login, and
// the login stores the tokens the refresh returned (the old refresh token is rotated away).

import { ReauthRequiredError } from '../service/errors.js';
import type { OAuthClient } from '../service/oauth.js';
import { storedTokensFrom, type StoredTokens, type TokenSource } from '../service/token-source.js';
import type { TokenResponse } from '../service/common-types.js';

export class LoginTokens implements TokenSource {
  private current: StoredTokens;
  private refreshing: Promise<string> | undefined;
  private refreshed = false;

  constructor(
    received: TokenResponse,
    private readonly oauth: Pick<OAuthClient, 'refresh'>,
    private readonly now: () => number,
  ) {
    this.current = storedTokensFrom(received, now());
  }

  /** The newest tokens: the ones received, or those a refresh returned. */
  get tokens(): StoredTokens {
    return this.current;
  }

  /** The access token, refreshed first when it has already expired (the exchange took its whole lifetime). */
  async getAccessToken(): Promise<string> {
    if (this.current.expiresAt <= this.now() && !this.refreshed) return this.refresh();
    return this.current.accessToken;
  }

  /** The service refused the token (it expired while the read waited): refresh once, with the refresh token just received. */
  async refreshAfterRejection(rejected: string): Promise<string> {
    if (rejected !== this.current.accessToken) return this.current.accessToken;
    if (this.refreshed && !this.refreshing) throw new ReauthRequiredError('token_rejected');
    return this.refresh();
  }

  private refresh(): Promise<string> {
    this.refreshed = true;
    this.refreshing ??= this.oauth.refresh(this.current.refreshToken).then(
      (next) => {
        this.current = storedTokensFrom(next, this.now());
        this.refreshing = undefined;
        return this.current.accessToken;
      },
      (error: unknown) => {
        this.refreshing = undefined;
        throw error;
      },
    );
    return this.refreshing;
  }
}
