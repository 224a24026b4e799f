import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PENDING_LOGINS_PER_USER, PENDING_LOGIN_TTL_MS, type NewPendingLogin } from '../../src/store/pending-logins.js';
import { openStore, type BotStore } from '../../src/store/bot-store.js';
import { fakeClock, makeTempDir, reply, testKey } from '../auth/helpers.js';

const temp = makeTempDir();
const clock = fakeClock();
let store: BotStore;

beforeAll(async () => {
  store = await openStore(`sqlite://${join(temp.dir, 'p.sqlite')}`, testKey(), { now: clock.now });
});
afterAll(async () => {
  await store.close();
  temp.cleanup();
});

function login(discordUserId: string, verifier = 'v'.repeat(43)): NewPendingLogin {
  return { discordUserId, codeVerifier: verifier, redirectUri: 'http://127.0.0.1:1/oauth/callback', reply };
}

describe('pending logins', () => {
  it('creates a 43-char base64url state and takes it once', async () => {
    const created = await store.pendingLogins.create(login('1', 'a'.repeat(50)));
    expect(created.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.expiresAt).toBe(clock.now() + PENDING_LOGIN_TTL_MS);
    const taken = await store.pendingLogins.take(created.state);
    expect(taken).toEqual({
      discordUserId: '1',
      codeVerifier: 'a'.repeat(50),
      redirectUri: 'http://127.0.0.1:1/oauth/callback',
      createdAt: clock.now(),
      expiresAt: created.expiresAt,
      reply,
    });
    expect(await store.pendingLogins.take(created.state)).toBeUndefined();
  });

  it('states are unique per login', async () => {
    const a = await store.pendingLogins.create(login('1'));
    const b = await store.pendingLogins.create(login('1'));
    expect(a.state).not.toBe(b.state);
    await store.pendingLogins.deleteForUser('1');
  });

  it('unknown and malformed states give undefined', async () => {
    expect(await store.pendingLogins.take('A'.repeat(43))).toBeUndefined();
    expect(await store.pendingLogins.take('')).toBeUndefined();
    expect(await store.pendingLogins.take('../../etc')).toBeUndefined();
    expect(await store.pendingLogins.take('x'.repeat(5000))).toBeUndefined();
  });

  it('exactly one of 10 concurrent takes wins', async () => {
    for (let round = 0; round < 5; round++) {
      const { state } = await store.pendingLogins.create(login('2'));
      const results = await Promise.all(Array.from({ length: 10 }, () => store.pendingLogins.take(state)));
      expect(results.filter((r) => r !== undefined)).toHaveLength(1);
    }
  });

  it('expires after the TTL (injected clock)', async () => {
    const fresh = await store.pendingLogins.create(login('3'));
    const old = await store.pendingLogins.create(login('3'));
    clock.advance(PENDING_LOGIN_TTL_MS - 1000);
    expect(await store.pendingLogins.take(fresh.state)).toBeDefined();
    clock.advance(1000);
    expect(await store.pendingLogins.take(old.state)).toBeUndefined();
    // Expired and taken: also gone afterwards.
    expect(await store.pendingLogins.take(old.state)).toBeUndefined();
  });

  it('deleteForUser removes only that user’s pending logins', async () => {
    const a1 = await store.pendingLogins.create(login('4'));
    const a2 = await store.pendingLogins.create(login('4'));
    const b1 = await store.pendingLogins.create(login('5'));
    expect(await store.pendingLogins.deleteForUser('4')).toBe(2);
    expect(await store.pendingLogins.take(a1.state)).toBeUndefined();
    expect(await store.pendingLogins.take(a2.state)).toBeUndefined();
    expect((await store.pendingLogins.take(b1.state))?.discordUserId).toBe('5');
    expect(await store.pendingLogins.deleteForUser('4')).toBe(0);
  });

  it('keeps at most a few pending logins per user, dropping the oldest', async () => {
    const states: string[] = [];
    for (let i = 0; i <= MAX_PENDING_LOGINS_PER_USER; i++) states.push((await store.pendingLogins.create(login('6'))).state);
    expect(await store.pendingLogins.take(states[0]!)).toBeUndefined();
    for (const s of states.slice(1)) expect(await store.pendingLogins.take(s)).toBeDefined();
  });

  it('the store TTL also drops records (real time, short TTL)', async () => {
    const t = makeTempDir();
    const fixed = fakeClock();
    const s = await openStore(`sqlite://${join(t.dir, 'ttl.sqlite')}`, testKey(), { now: fixed.now, pendingLoginTtlMs: 30 });
    try {
      const { state } = await s.pendingLogins.create(login('7'));
      await new Promise((r) => setTimeout(r, 120));
      expect(await s.pendingLogins.take(state)).toBeUndefined();
    } finally {
      await s.close();
      t.cleanup();
    }
  });

  it('the TTL cannot be configured above 10 minutes', async () => {
    const s = await openStore('memory://', testKey(), { pendingLoginTtlMs: 60 * 60 * 1000 });
    expect(s.pendingLogins.ttlMs).toBe(PENDING_LOGIN_TTL_MS);
    await s.close();
  });
});
