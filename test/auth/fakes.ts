import type { OAuthClient } from '../../src/service/oauth.js';
import type { ServiceClient } from '../../src/service/client.js';
import type { CallScope } from '../../src/service/call-context.js';
import type { TokenResponse } from '../../src/service/common-types.js';
import type { User } from '../../src/service/user-types.js';
import { secretLike } from './helpers.js';

export type ExchangeInput = Parameters<OAuthClient['exchangeCode']>[0];

/** Token endpoint stand-in: records each exchange; answers with `next` (a fresh token pair by default) or throws it. */
export class FakeOAuth implements Pick<OAuthClient, 'exchangeCode' | 'refresh'> {
  readonly calls: ExchangeInput[] = [];
  /** The refresh tokens refreshes were asked with. */
  readonly refreshes: string[] = [];
  next: (() => TokenResponse) | Error = () => ({
    token_type: 'Bearer',
    expires_in: 3600,
    access_token: secretLike('access'),
    refresh_token: secretLike('refresh'),
  });
  lastIssued: TokenResponse | undefined;

  async exchangeCode(o: ExchangeInput): Promise<TokenResponse> {
    this.calls.push(o);
    if (this.next instanceof Error) throw this.next;
    this.lastIssued = this.next();
    return this.lastIssued;
  }

  async refresh(refreshToken: string): Promise<TokenResponse> {
    this.refreshes.push(refreshToken);
    this.lastIssued = { token_type: 'Bearer', expires_in: 3600, access_token: secretLike('access'), refresh_token: secretLike('refresh') };
    return this.lastIssued;
  }
}

/** /users/@me stand-in: records the access token each call was made with. */
export class FakeService implements Pick<ServiceClient, 'me'> {
  readonly tokensSeen: string[] = [];
  /** The scopes the profile reads were made in. */
  readonly scopes: CallScope[] = [];
  next: User | Error = { id: 1, name: 'alice' };

  me: ServiceClient['me'] = async (_o, ctx) => {
    this.tokensSeen.push(await ctx.auth.getAccessToken());
    if (this.next instanceof Error) throw this.next;
    return this.next;
  };

  scoped = (scope: CallScope): Pick<ServiceClient, 'me'> => {
    this.scopes.push(scope);
    return this;
  };
}
