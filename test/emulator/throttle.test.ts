import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../emulator/helpers.js';
import { DEFAULT_CLIENT, startEmulator, type Emulator, type EmulatorOptions } from '../../emulator/server.js';

const T0 = Date.UTC(2025, 4, 10, 12);
const OTHER = { id: 'amls-emulator-other-client-id-000', redirectUris: ['http://127.0.0.1:3001/cb'] };
/** The real service's throttling answer (test/fixtures/real/ankai__error-403_missing-client-id-header.json). */
const FORBIDDEN = '{"message":"","error":"forbidden"}';

let clock = T0;
let emu: Emulator | undefined;

async function start(options: EmulatorOptions = {}): Promise<Emulator> {
  clock = T0;
  emu = await startEmulator({ now: () => clock, clients: [DEFAULT_CLIENT, OTHER], ...options });
  return emu;
}

afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

async function statuses(e: Emulator, n: number, opts: Parameters<typeof call>[2] = {}): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call(e, '/forum/boards', opts)).status);
  return out;
}

function expectThrottled(res: Awaited<ReturnType<typeof call>>): void {
  expect(res.status).toBe(403);
  expect(res.text).toBe(FORBIDDEN);
  expect(res.headers.get('retry-after')).toBeNull();
  expect([...res.headers.keys()].filter((k) => /rate|retry/i.test(k))).toEqual([]);
}

describe('throttling', () => {
  it('is off by default; the counters run anyway', async () => {
    const e = await start();
    expect(e.throttle.settings).toBeNull();
    expect(await statuses(e, 40)).toEqual(Array<number>(40).fill(200));
    expect(e.throttle.traffic()).toEqual({ requests: 40, throttled: 0, peakPerSecond: 40 });
    expect(e.throttle.traffic(OTHER.id)).toEqual({ requests: 0, throttled: 0, peakPerSecond: 0 });
  });

  it('answers a burst above the rate with 403 forbidden, no Retry-After, for the whole cool-off, then serves again', async () => {
    const e = await start({ throttle: { requestsPerSecond: 5, coolOffMs: 3000 } });
    expect(e.throttle.settings).toEqual({ requestsPerSecond: 5, coolOffMs: 3000 });
    expect(await statuses(e, 5)).toEqual([200, 200, 200, 200, 200]);
    expectThrottled(await call(e, '/forum/boards'));

    // The cool-off holds although the sliding second has long passed, for every endpoint and the user's token too.
    clock = T0 + 2999;
    expectThrottled(await call(e, '/anime?q=naruto&limit=1'));
    expectThrottled(await call(e, '/users/@me', { token: e.issueTokensFor('alice').access_token }));
    // Another client ID is not affected.
    expect((await call(e, '/forum/boards', { client: OTHER.id })).status).toBe(200);

    clock = T0 + 3000;
    expect(await statuses(e, 5)).toEqual([200, 200, 200, 200, 200]);
    expectThrottled(await call(e, '/forum/boards'));
    // Peak: the 2 requests at +2999 ms and the 6 at +3000 ms fall within one second.
    expect(e.throttle.traffic()).toEqual({ requests: 14, throttled: 4, peakPerSecond: 8 });
    expect(e.throttle.allTraffic()).toEqual({
      [DEFAULT_CLIENT.id]: { requests: 14, throttled: 4, peakPerSecond: 8 },
      [OTHER.id]: { requests: 1, throttled: 0, peakPerSecond: 1 },
    });
    // The request log shows the 403s like any other answer.
    expect(e.requestLog.filter((r) => r.status === 403)).toHaveLength(4);
  });

  it('counts the client-ID header and the tokens issued for that client alike', async () => {
    const e = await start({ throttle: { requestsPerSecond: 4, coolOffMs: 1000 } });
    const alice = e.issueTokensFor('alice').access_token;
    const bobOther = e.issueTokensFor('bob', OTHER.id).access_token;
    expect(await statuses(e, 2)).toEqual([200, 200]);
    expect(await statuses(e, 2, { token: alice })).toEqual([200, 200]);
    expect(await statuses(e, 3, { token: bobOther })).toEqual([200, 200, 200]);
    expectThrottled(await call(e, '/users/@me', { token: alice }));
    expect(e.throttle.traffic(DEFAULT_CLIENT.id)).toEqual({ requests: 5, throttled: 1, peakPerSecond: 5 });
    expect(e.throttle.traffic(OTHER.id)).toEqual({ requests: 3, throttled: 0, peakPerSecond: 3 });
  });

  it('never throttles a client that stays at or below the rate in every sliding second', async () => {
    const e = await start({ throttle: { requestsPerSecond: 5, coolOffMs: 60_000 } });
    // Exactly 5 per second, evenly spaced: any sliding second holds at most 5.
    for (let i = 0; i < 30; i++) {
      clock = T0 + i * 200;
      expect((await call(e, '/forum/boards')).status).toBe(200);
    }
    // Bursts of 5 a little more than a second apart.
    for (let burst = 0; burst < 4; burst++) {
      clock = T0 + 10_000 + burst * 1001;
      expect(await statuses(e, 5)).toEqual([200, 200, 200, 200, 200]);
    }
    expect(e.throttle.traffic()).toEqual({ requests: 50, throttled: 0, peakPerSecond: 5 });
  });

  it('uses a sliding second, not fixed ones: 5 late in one second and 1 early in the next is too many', async () => {
    const e = await start({ throttle: { requestsPerSecond: 5, coolOffMs: 500 } });
    clock = T0 + 900;
    expect(await statuses(e, 5)).toEqual([200, 200, 200, 200, 200]);
    clock = T0 + 1100;
    expectThrottled(await call(e, '/forum/boards'));
    clock = T0 + 2000; // cool-off over at +1600
    expect((await call(e, '/forum/boards')).status).toBe(200);
    expect(e.throttle.traffic()).toEqual({ requests: 7, throttled: 1, peakPerSecond: 6 });
  });

  it('the peak counts throttled requests too and slides with the clock', async () => {
    const e = await start({ throttle: { requestsPerSecond: 2, coolOffMs: 10_000 } });
    expect(await statuses(e, 7)).toEqual([200, 200, 403, 403, 403, 403, 403]);
    clock = T0 + 1000;
    expect(await statuses(e, 3)).toEqual([403, 403, 403]);
    expect(e.throttle.traffic()).toEqual({ requests: 10, throttled: 8, peakPerSecond: 7 });
    e.throttle.reset();
    expect(e.throttle.traffic()).toEqual({ requests: 0, throttled: 0, peakPerSecond: 0 });
    expect(await statuses(e, 2)).toEqual([200, 200]);
  });

  it('does not attribute requests that fail authentication', async () => {
    const e = await start({ throttle: { requestsPerSecond: 1, coolOffMs: 10_000 } });
    expect((await call(e, '/forum/boards', { client: 'unknown-client' })).status).toBe(400);
    expect((await call(e, '/forum/boards', { client: false })).status).toBe(403);
    expect((await call(e, '/forum/boards', { token: 'not-a-token' })).status).toBe(401);
    expect(e.throttle.allTraffic()).toEqual({});
    expect((await call(e, '/forum/boards')).status).toBe(200);
  });

  it('does not throttle the OAuth endpoints', async () => {
    const e = await start({ throttle: { requestsPerSecond: 1, coolOffMs: 10_000 } });
    expect(await statuses(e, 2)).toEqual([200, 403]);
    const res = await fetch(`${e.url}/v1/oauth2/token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: e.issueTokensFor('alice').refresh_token, client_id: DEFAULT_CLIENT.id, client_secret: DEFAULT_CLIENT.secret ?? '' }).toString(),
    });
    expect(res.status).toBe(200);
  });

  it('rejects bad settings', async () => {
    await expect(startEmulator({ throttle: { requestsPerSecond: 0 } })).rejects.toThrow(/requestsPerSecond/);
    await expect(startEmulator({ throttle: { requestsPerSecond: 1.5 } })).rejects.toThrow(/requestsPerSecond/);
    await expect(startEmulator({ throttle: { requestsPerSecond: 5, coolOffMs: -1 } })).rejects.toThrow(/coolOffMs/);
    const e = await start({ throttle: { requestsPerSecond: 5 } });
    expect(e.throttle.settings).toEqual({ requestsPerSecond: 5, coolOffMs: 10_000 });
  });
});
