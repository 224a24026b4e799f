// One contract for every store engine: the same tests on memory, SQLite, PostgreSQL and Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreEngine } from '../../src/store/engine.js';
import { BotStore, type LinkedAccount } from '../../src/store/bot-store.js';
import { tryLock, withLock } from '../../src/store/locks.js';
import { engineCases, prepareCase, type OpenedCase } from '../../local-stack/store-engines.js';
import { reply, secretLike, testKey } from '../auth/helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function account(name: string): LinkedAccount {
  return {
    serviceUserName: name,
    tokens: { accessToken: secretLike('access'), refreshToken: secretLike('refresh'), expiresAt: Date.now() + 3_600_000 },
    linkedAt: Date.now(),
  };
}

for (const engineCase of engineCases()) {
  const suite = engineCase.skipped ? describe.skip : describe;
  suite(`store contract: ${engineCase.kind}${engineCase.skipped ? ` (skipped: ${engineCase.skipped})` : ''}`, () => {
    let place: OpenedCase;
    let engine: StoreEngine;

    beforeAll(async () => {
      place = prepareCase(engineCase.kind);
      engine = await place.open();
    });
    afterAll(async () => {
      await engine?.close();
      await place?.cleanup();
    });

    it('gets, sets, overwrites and deletes', async () => {
      expect(await engine.get('a:1')).toBeUndefined();
      await engine.set('a:1', 'one');
      expect(await engine.get('a:1')).toBe('one');
      await engine.set('a:1', 'uno');
      expect(await engine.get('a:1')).toBe('uno');
      expect(await engine.delete('a:1')).toBe(true);
      expect(await engine.delete('a:1')).toBe(false);
      expect(await engine.get('a:1')).toBeUndefined();
      // Values are kept exactly, whatever they hold.
      const odd = `é"'\\ ${'x'.repeat(5000)}`;
      await engine.set('a:odd', odd);
      expect(await engine.get('a:odd')).toBe(odd);
    });

    it('setIfAbsent stores only when no live record has the key', async () => {
      expect(await engine.setIfAbsent('b:1', 'first')).toBe(true);
      expect(await engine.setIfAbsent('b:1', 'second')).toBe(false);
      expect(await engine.get('b:1')).toBe('first');
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => engine.setIfAbsent('b:race', `v${i}`)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('take returns the value once and deletes it; of concurrent takes exactly one wins', async () => {
      await engine.set('c:1', 'secret');
      expect(await engine.take('c:1')).toBe('secret');
      expect(await engine.take('c:1')).toBeUndefined();
      expect(await engine.get('c:1')).toBeUndefined();
      await engine.set('c:race', 'prize');
      const results = await Promise.all(Array.from({ length: 30 }, () => engine.take('c:race')));
      expect(results.filter((r) => r === 'prize')).toHaveLength(1);
    });

    it('compareAndSet and compareAndDelete act only on the expected value', async () => {
      expect(await engine.compareAndSet('d:1', 'x', 'y')).toBe(false);
      expect(await engine.get('d:1')).toBeUndefined();
      await engine.set('d:1', 'x');
      expect(await engine.compareAndSet('d:1', 'nope', 'y')).toBe(false);
      expect(await engine.compareAndSet('d:1', 'x', 'y')).toBe(true);
      expect(await engine.get('d:1')).toBe('y');
      expect(await engine.compareAndDelete('d:1', 'x')).toBe(false);
      expect(await engine.compareAndDelete('d:1', 'y')).toBe(true);
      expect(await engine.get('d:1')).toBeUndefined();
      await engine.set('d:race', 'v0');
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => engine.compareAndSet('d:race', 'v0', `v${i + 1}`)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('lists keys by prefix', async () => {
      await engine.set('e:u1:a', '1');
      await engine.set('e:u1:b', '2');
      await engine.set('e:u10:a', '3');
      await engine.set('e:u2:a', '4');
      expect((await engine.keys('e:u1:')).sort()).toEqual(['e:u1:a', 'e:u1:b']);
      expect((await engine.keys('e:u1')).sort()).toEqual(['e:u10:a', 'e:u1:a', 'e:u1:b']);
      expect(await engine.keys('e:nobody:')).toEqual([]);
      // Glob and LIKE characters in a prefix are literal.
      await engine.set('e:%_*?[x]:a', '5');
      expect(await engine.keys('e:%_*?[')).toEqual(['e:%_*?[x]:a']);
      expect(await engine.keys('e:%')).toEqual(['e:%_*?[x]:a']);
      // Code point order: keys after the prefix's last character (and beyond the BMP) are not under it.
      await engine.set('e:é:1', '6');
      await engine.set('e:ê', '7');
      await engine.set('e:é:😀', '8');
      await engine.set('e:\u{10FFFF}z', '9');
      expect((await engine.keys('e:é')).sort()).toEqual(['e:é:1', 'e:é:😀']);
      expect(await engine.keys('e:\u{10FFFF}')).toEqual(['e:\u{10FFFF}z']);
      expect((await engine.keys('e:u')).sort()).toEqual(['e:u10:a', 'e:u1:a', 'e:u1:b', 'e:u2:a']);
    });

    it('getMany reads values in order; writeMany sets and deletes a batch, the last write of a key winning', async () => {
      await engine.set('m:1', 'one');
      await engine.set('m:2', 'two', 60_000);
      await engine.set('m:gone', 'brief', 60_000);
      expect(await engine.getMany(['m:2', 'm:none', 'm:1', 'm:1'])).toEqual(['two', undefined, 'one', 'one']);
      expect(await engine.getMany([])).toEqual([]);
      await engine.writeMany([
        ['m:1', undefined],
        ['m:2', 'deux'],
        ['m:3', 'x'],
        ['m:3', 'trois'],
        ['m:4', 'quatre'],
        ['m:4', undefined],
        ['m:gone', undefined],
      ]);
      expect(await engine.getMany(['m:1', 'm:2', 'm:3', 'm:4', 'm:gone'])).toEqual([undefined, 'deux', 'trois', undefined, undefined]);
      expect((await engine.keys('m:')).sort()).toEqual(['m:2', 'm:3']);
      // A batch's set keeps no expiry.
      await engine.deleteExpired(Date.now() + 120_000);
      expect(await engine.get('m:2')).toBe('deux');
      await engine.writeMany([]);
      // Large batches, values kept exactly.
      const many = Array.from({ length: 1_200 }, (_, i) => [`m:big:${i}`, `é"'\\ ${i}`] as const);
      await engine.writeMany(many);
      expect(await engine.getMany(many.map(([k]) => k))).toEqual(many.map(([, v]) => v));
      await engine.writeMany(many.map(([k]) => [k, undefined] as const));
      expect(await engine.keys('m:big:')).toEqual([]);
    });

    it('a reader sees all of a batch or none of it', async () => {
      const keys = Array.from({ length: 400 }, (_, i) => `n:${i}`);
      const other = await place.open();
      try {
        await engine.writeMany(keys.map((k) => [k, 'v0']));
        let torn = 0;
        let writing = true;
        const reader = (async () => {
          while (writing) {
            const values = await other.getMany(keys);
            if (new Set(values).size !== 1) torn++;
          }
        })();
        for (let v = 1; v <= 15; v++) await engine.writeMany(keys.map((k) => [k, `v${v}`]));
        writing = false;
        await reader;
        expect(torn).toBe(0);
        expect(new Set(await other.getMany(keys))).toEqual(new Set(['v15']));
      } finally {
        await other.close();
      }
    });

    it('an expired record reads as absent everywhere and can be claimed again', async () => {
      await engine.set('f:1', 'short', 400);
      await engine.setIfAbsent('f:2', 'short', 400);
      await engine.set('f:3', 'short', 400);
      await engine.set('f:keep', 'long', 60_000);
      expect(await engine.get('f:1')).toBe('short');
      await sleep(450);
      expect(await engine.get('f:1')).toBeUndefined();
      expect(await engine.take('f:2')).toBeUndefined();
      expect(await engine.compareAndSet('f:3', 'short', 'new')).toBe(false);
      expect(await engine.compareAndDelete('f:3', 'short')).toBe(false);
      expect((await engine.keys('f:')).sort()).toEqual(['f:keep']);
      expect(await engine.setIfAbsent('f:3', 'again', 60_000)).toBe(true);
      expect(await engine.get('f:3')).toBe('again');
    });

    it('the sweep leaves no record older than its lifetime', async () => {
      for (let i = 0; i < 5; i++) await engine.set(`g:${i}`, 'brief', 30);
      await engine.set('g:stays', 'kept');
      await sleep(100);
      await engine.deleteExpired();
      const left = (await place.raw()).filter((r) => r.key.startsWith('g:')).map((r) => r.key);
      expect(left).toEqual(['g:stays']);
    });

    it('a lock has one holder at a time, frees itself after its expiry, and only its holder releases it', async () => {
      const a = await tryLock(engine, 'h', 80);
      expect(a).toBeDefined();
      expect(await tryLock(engine, 'h', 80)).toBeUndefined();
      await sleep(130);
      const b = await tryLock(engine, 'h', 10_000);
      expect(b).toBeDefined();
      await a!.release(); // a's lock expired: releasing it must not free b's
      expect(await tryLock(engine, 'h', 80)).toBeUndefined();
      await b!.release();
      expect(await tryLock(engine, 'h', 80)).toBeDefined();

      let inside = 0;
      let maxInside = 0;
      await Promise.all(
        Array.from({ length: 8 }, () =>
          withLock(engine, 'h2', { ttlMs: 5_000, waitMs: 10_000, retryMs: 5 }, async () => {
            inside++;
            maxInside = Math.max(maxInside, inside);
            await sleep(5);
            inside--;
          }),
        ),
      );
      expect(maxInside).toBe(1);
      await expect(withLock(engine, 'h3', { ttlMs: 5_000, waitMs: 10_000 }, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      expect(await tryLock(engine, 'h3', 80)).toBeDefined();
    });

    describe('sealed store on this engine', () => {
      let store: BotStore;
      beforeAll(() => {
        store = new BotStore(engine, testKey());
      });

      it('keeps tokens, verifiers, states and interaction tokens encrypted at rest', async () => {
        const acc = account('rest-user');
        await store.accounts.set('700000000000000001', acc);
        const verifier = secretLike('verifier') + 'x'.repeat(20);
        const interactionToken = secretLike('interaction');
        const { state } = await store.pendingLogins.create({
          discordUserId: '700000000000000001',
          codeVerifier: verifier,
          redirectUri: 'http://127.0.0.1/oauth/callback',
          reply: { applicationId: '99', interactionToken },
        });
        const rotated = { ...acc.tokens, accessToken: secretLike('access2'), refreshToken: secretLike('refresh2') };
        expect(await store.replace('700000000000000001', acc.tokens.refreshToken, rotated)).toBe(true);
        const dump = JSON.stringify(await place.raw());
        expect(dump).toContain('accounts:700000000000000001');
        for (const secret of [acc.tokens.accessToken, acc.tokens.refreshToken, rotated.accessToken, rotated.refreshToken, verifier, state, interactionToken, 'rest-user']) {
          expect(dump.includes(secret), `a secret is stored in the clear: ${secret.slice(0, 8)}…`).toBe(false);
          expect(dump.includes(Buffer.from(secret).toString('base64').slice(0, 24))).toBe(false);
        }
      });

      it('replace and remove are compare-and-set on the refresh token', async () => {
        const acc = account('cas-user');
        await store.accounts.set('700000000000000002', acc);
        const next = (n: number) => ({ accessToken: `a${n}`, refreshToken: `r${n}`, expiresAt: n });
        const results = await Promise.all(Array.from({ length: 10 }, (_, i) => store.replace('700000000000000002', acc.tokens.refreshToken, next(i))));
        expect(results.filter(Boolean)).toHaveLength(1);
        const winner = results.indexOf(true);
        expect((await store.get('700000000000000002'))?.refreshToken).toBe(`r${winner}`);
        expect(await store.remove('700000000000000002', acc.tokens.refreshToken)).toBe(false);
        expect(await store.remove('700000000000000002', `r${winner}`)).toBe(true);
        expect(await store.accounts.get('700000000000000002')).toBeUndefined();
      });

      it('a pending login is taken once', async () => {
        const { state } = await store.pendingLogins.create({ discordUserId: '700000000000000003', codeVerifier: 'v'.repeat(43), redirectUri: 'http://x/cb', reply });
        const results = await Promise.all(Array.from({ length: 20 }, () => store.pendingLogins.take(state)));
        expect(results.filter((r) => r !== undefined)).toHaveLength(1);
      });

      it('a link awaiting confirmation is taken once, only with its own token, and is sealed at rest', async () => {
        const user = '700000000000000007';
        const tokens = { accessToken: secretLike('waiting-access'), refreshToken: secretLike('waiting-refresh'), expiresAt: 1 };
        const { token } = await store.pendingLinks.create({
          discordUserId: user,
          discordUser: { username: 'waiting_user', displayName: 'Waiting' },
          serviceUserName: 'waiting-service-name',
          tokens,
          receivedAt: 1,
          reply,
        });
        const dump = JSON.stringify(await place.raw());
        for (const secret of [tokens.accessToken, tokens.refreshToken, token.split('.')[1] ?? token, 'waiting-service-name', 'waiting_user']) {
          expect(dump.includes(secret), `stored in the clear: ${secret.slice(0, 8)}…`).toBe(false);
        }
        // A token of another user's link (or a guess) neither takes nor removes it.
        expect(await store.pendingLinks.take(`700000000000000008.${token.split('.')[1]}`)).toBeUndefined();
        expect(await store.pendingLinks.take(`${user}.${'A'.repeat(43)}`)).toBeUndefined();
        const results = await Promise.all(Array.from({ length: 20 }, () => store.pendingLinks.take(token)));
        expect(results.filter((r) => r !== undefined)).toHaveLength(1);
        expect(results.find((r) => r !== undefined)?.tokens).toEqual(tokens);
      });

      it('forgetUser deletes everything stored about one user and nothing of anyone else', async () => {
        const victim = '700000000000000004';
        const other = '700000000000000005';
        await store.accounts.set(victim, account('forget-me'));
        await store.accounts.set(other, account('keep-me'));
        for (let i = 0; i < 3; i++) {
          await store.pendingLogins.create({ discordUserId: victim, codeVerifier: 'v'.repeat(43), redirectUri: 'http://x/cb', reply });
        }
        const kept = await store.pendingLogins.create({ discordUserId: other, codeVerifier: 'v'.repeat(43), redirectUri: 'http://x/cb', reply });
        // A link awaiting confirmation (sealed tokens) is a per-user record too.
        const waiting = { discordUser: { username: 'v', displayName: 'V' }, serviceUserName: 'forget-me', tokens: account('x').tokens, receivedAt: 1, reply };
        const { token: confirmation } = await store.pendingLinks.create({ discordUserId: victim, ...waiting });
        // Lock and lease records from other tests expire on their own; count user records only.
        const userRecords = async () => (await place.raw()).filter((r) => !r.key.startsWith('lock:') && !r.key.startsWith('lease:'));
        const before = (await userRecords()).length;
        const result = await store.forgetUser(victim);
        expect(result).toMatchObject({ account: true, pendingLogins: 3, other: { 'link-confirmations': 1 } });
        const after = await userRecords();
        expect(after.filter((r) => r.key.includes(victim))).toEqual([]);
        expect(after.length).toBe(before - 1 - 3 * 2 - 1);
        expect(await store.pendingLinks.take(confirmation)).toBeUndefined();
        expect((await store.accounts.get(other))?.serviceUserName).toBe('keep-me');
        expect((await store.pendingLogins.take(kept.state))?.discordUserId).toBe(other);
        expect(await store.forgetUser(victim)).toMatchObject({ account: false, pendingLogins: 0 });
      });

      it('pending logins expire in the engine: after their lifetime and a sweep none is left', async () => {
        const loginRecords = async () => (await place.raw()).filter((r) => r.key.startsWith('logins:') || r.key.startsWith('login-user:')).length;
        const before = await loginRecords();
        const short = new BotStore(engine, testKey(), { pendingLoginTtlMs: 400 });
        for (let i = 0; i < 4; i++) {
          await short.pendingLogins.create({ discordUserId: '700000000000000006', codeVerifier: 'v'.repeat(43), redirectUri: 'http://x/cb', reply });
        }
        expect(await loginRecords()).toBeGreaterThan(before);
        await sleep(500);
        await short.sweepExpired();
        expect(await loginRecords()).toBe(before);
      });
    });
  });
}
