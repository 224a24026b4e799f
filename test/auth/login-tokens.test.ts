// The tokens a login has just received: the profile read refreshes them once when the service refuses
// the new access token (it expired while the read waited in the line), and the login keeps the new ones.

import { describe, expect, it } from 'vitest';
import { LoginTokens } from '../../src/auth/login-tokens.js';
import { ReauthRequiredError } from '../../src/service/errors.js';
import { FakeOAuth } from './fakes.js';

const received = { token_type: 'Bearer', expires_in: 5, access_token: 'access-1', refresh_token: 'refresh-1' };

describe('LoginTokens', () => {
  it('refreshes with the refresh token just received when the access token is refused, and keeps the new tokens', async () => {
    const oauth = new FakeOAuth();
    const tokens = new LoginTokens(received, oauth, () => 1_000);
    expect(await tokens.getAccessToken()).toBe('access-1');
    const next = await tokens.refreshAfterRejection('access-1');
    expect(oauth.refreshes).toEqual(['refresh-1']);
    expect(next).toBe(oauth.lastIssued?.access_token);
    expect(tokens.tokens.refreshToken).toBe(oauth.lastIssued?.refresh_token);
    // A second refusal of the refreshed token ends the read (the login fails clearly): no loop of refreshes.
    await expect(tokens.refreshAfterRejection(next)).rejects.toBeInstanceOf(ReauthRequiredError);
    expect(oauth.refreshes).toHaveLength(1);
  });

  it('refreshes before the read when the access token has already expired', async () => {
    const oauth = new FakeOAuth();
    let now = 1_000;
    const tokens = new LoginTokens(received, oauth, () => now);
    now += 5_000;
    expect(await tokens.getAccessToken()).toBe(oauth.lastIssued?.access_token);
    expect(oauth.refreshes).toEqual(['refresh-1']);
  });
});
