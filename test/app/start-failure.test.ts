import { describe, expect, it } from 'vitest';
import { describeStartFailure } from '../../src/app/start-failure.js';

const config = { discord: { token: 'a.b.c', applicationId: '1100000000000000001', apiUrl: 'https://discord.com/api' }, web: { port: 3000, publicUrl: 'http://x', redirectUri: 'http://x/oauth/callback' } };

function networkError(code: string, extra: Record<string, unknown>): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(`getaddrinfo ${code}`), { code, ...extra }) });
}

describe('describeStartFailure', () => {
  it('names DISCORD_TOKEN for a rejected token, from login or from a REST call', () => {
    expect(describeStartFailure(Object.assign(new Error('An invalid token was provided.'), { code: 'TokenInvalid' }), config)).toMatch(/^DISCORD_TOKEN was rejected by Discord/);
    expect(describeStartFailure(Object.assign(new Error('401: Unauthorized'), { status: 401, method: 'GET', url: 'https://discord.com/api/v10/gateway/bot' }), config)).toMatch(/^DISCORD_TOKEN/);
  });

  it('says Discord is unreachable only for errors about Discord’s host', () => {
    expect(describeStartFailure(networkError('ENOTFOUND', { hostname: 'discord.com' }), config)).toBe(
      'Could not reach Discord at https://discord.com/api (ENOTFOUND discord.com): check the network, or DISCORD_API_URL if you set it.',
    );
    // The store's host being down is not Discord's problem: left to the full log.
    expect(describeStartFailure(networkError('ECONNREFUSED', { address: '10.0.0.5', port: 5432 }), config)).toBeUndefined();
    expect(describeStartFailure(networkError('ECONNREFUSED', { address: '127.0.0.1', port: 9 }), { ...config, discord: { ...config.discord, apiUrl: 'http://127.0.0.1:9/api' } })).toMatch(/^Could not reach Discord/);
  });

  it('names PORT when the web port is taken, and leaves other errors alone', () => {
    expect(describeStartFailure(Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' }), config)).toMatch(/^PORT 3000 is already in use/);
    expect(describeStartFailure(new Error('something else'), config)).toBeUndefined();
  });
});
